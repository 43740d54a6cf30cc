import { useT } from '../../i18n/hooks.ts';
import { EmailInput } from '../forms/Field.tsx';
import { FormNotice, HiddenFields } from '../forms/FormChrome.tsx';
import { useLeadForm } from '../forms/useLeadForm.ts';
import { MailIcon } from '../Icons.tsx';
import { CardIcon } from '../Primitives.tsx';

/** The blog's newsletter block: stores the email through POST /api/newsletter like the other forms. */
export function NewsletterForm() {
  const { t } = useT('forms');
  const form = useLeadForm({ form: 'newsletter', fields: ['email'], required: ['email'] });
  const error = form.errors.email;
  return (
    <section id="newsletter" aria-labelledby="newsletter-title" className="section">
      <div className="container">
        <div className="card items-center text-center md:px-12 md:py-10">
          <CardIcon icon={MailIcon} />
          <h2 id="newsletter-title" className="section-title">
            {t('newsletter.title')}
          </h2>
          <p className="section-lead mt-0 max-w-2xl">{t('newsletter.text')}</p>
          <form {...form.formProps} className="w-full max-w-lg">
            <FormNotice notice={form.notice} form="newsletter" />
            <HiddenFields {...form.hidden} />
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <label htmlFor="newsletter-email" className="sr-only">
                {t('newsletter.label')}
              </label>
              <EmailInput form={form} id="newsletter-email" className="input" />
              <button type="submit" className="btn btn-primary" disabled={form.submitting}>
                {form.submitting ? t('newsletter.submitting') : t('newsletter.submit')}
              </button>
            </div>
            {error ? (
              <p id="newsletter-email-error" className="field-error mt-2 text-left">
                {error}
              </p>
            ) : null}
          </form>
          <p className="small muted">{t('newsletter.note')}</p>
        </div>
      </div>
    </section>
  );
}
