import { useSearchParams } from 'react-router-dom';
import { FormNotice, HiddenFields } from '../components/forms/FormChrome.tsx';
import { bindField, ContactInput, SelectField, TextAreaField } from '../components/forms/Field.tsx';
import { useLeadForm } from '../components/forms/useLeadForm.ts';
import { CheckIcon, MailIcon } from '../components/Icons.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Point } from '../components/sections/Point.tsx';
import { useT } from '../i18n/hooks.ts';
import { useSite } from '../site-context.tsx';
import { LIMITS } from '../lib/form-limits.ts';
import { isWebsiteUrl } from '../lib/urls.ts';
import { CONTACT_TOPICS, SERVICE_IDS } from '../lib/services.ts';

function ContactForm() {
  const { t } = useT('forms');
  const { t: ts } = useT('services');
  const [params] = useSearchParams();
  const wanted = params.get('service') ?? '';
  const preselected = ([...SERVICE_IDS, ...CONTACT_TOPICS] as readonly string[]).includes(wanted)
    ? wanted
    : '';
  // "Ask our team to check it", from an audit that could not read a site (issue 38): the address and
  // a first message are filled in; the visitor sees and may change both before sending.
  const website = params.get('website') ?? '';
  const audited = website.length <= LIMITS.website && isWebsiteUrl(website) ? website : '';
  const fromAudit = audited !== '' && params.get('from') === 'audit';
  const form = useLeadForm({
    form: 'contact',
    fields: ['name', 'email', 'website', 'service', 'message'],
    required: ['name', 'email'],
    initial: {
      service: preselected,
      website: audited,
      ...(fromAudit ? { message: t('contact.fromAudit', { url: audited }) } : {}),
    },
  });
  const options = [
    { value: '', label: t('fields.service.none') },
    ...SERVICE_IDS.map((id) => ({ value: id, label: ts(`items.${id}.title`) })),
    ...CONTACT_TOPICS.map((id) => ({ value: id, label: t(`fields.service.${id}`) })),
  ];
  return (
    <form {...form.formProps} className="form" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="card-title">
        {t('contact.title')}
      </h2>
      <FormNotice notice={form.notice} form="contact" />
      <HiddenFields {...form.hidden} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactInput form={form} idPrefix="contact" name="name" required />
        <ContactInput form={form} idPrefix="contact" name="email" required />
      </div>
      <ContactInput form={form} idPrefix="contact" name="website" />
      <SelectField
        {...bindField(form, 'contact', 'service')}
        label={t('fields.service.label')}
        options={options}
      />
      <TextAreaField
        {...bindField(form, 'contact', 'message')}
        label={t('fields.message.label')}
        placeholder={t('fields.message.placeholder')}
        maxLength={LIMITS.message}
        rows={6}
      />
      <button type="submit" className="btn btn-primary btn-lg" disabled={form.submitting}>
        {form.submitting ? t('contact.submitting') : t('contact.submit')}
      </button>
    </form>
  );
}

export default function ContactPage() {
  const { t, copy } = useT('contact');
  const { contactEmail, aiCrawlers } = useSite();
  return (
    <>
      <PageHero title={t('hero.title')} subtitle={t('hero.subtitle')} />
      <div className="container grid gap-8 pb-8 lg:grid-cols-[3fr_2fr]">
        <div className="card">
          <ContactForm />
        </div>
        <aside aria-labelledby="contact-side-title" className="card bg-[var(--bg-soft)]">
          <h2 id="contact-side-title" className="card-title">
            {t('side.title')}
          </h2>
          <ul className="grid gap-4">
            {copy('side.points', { crawlers: aiCrawlers }).map((p) => (
              <Point key={p.title} marker={<CheckIcon />} title={p.title} text={p.text} />
            ))}
          </ul>
          <div className="mt-2 border-t border-border pt-4">
            <h3 className="font-semibold">{t('side.emailTitle')}</h3>
            <p className="muted">
              {t('side.emailText')}{' '}
              <a
                href={`mailto:${contactEmail}`}
                className="inline-flex items-center gap-1 font-semibold text-brand underline"
              >
                <MailIcon width={16} height={16} />
                {contactEmail}
              </a>
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
