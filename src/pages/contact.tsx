import { useSearchParams } from 'react-router-dom';
import { FormNotice, HiddenFields } from '../components/forms/FormChrome.tsx';
import { SelectField, TextAreaField, TextField } from '../components/forms/Field.tsx';
import { useLeadForm } from '../components/forms/useLeadForm.ts';
import { CheckIcon, MailIcon } from '../components/Icons.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { useT } from '../i18n/hooks.ts';
import { useSite } from '../site-context.tsx';
import { LIMITS } from '../lib/form-limits.ts';
import { CONTACT_TOPICS, SERVICE_IDS } from '../lib/services.ts';

interface Point {
  title: string;
  text: string;
}

function ContactForm() {
  const { t } = useT('forms');
  const { t: ts } = useT('services');
  const [params] = useSearchParams();
  const wanted = params.get('service') ?? '';
  const preselected = ([...SERVICE_IDS, ...CONTACT_TOPICS] as readonly string[]).includes(wanted)
    ? wanted
    : '';
  const form = useLeadForm({
    form: 'contact',
    fields: ['name', 'email', 'website', 'service', 'message'],
    required: ['name', 'email'],
    initial: { service: preselected },
  });
  const field = (name: 'name' | 'email' | 'website' | 'service' | 'message') => ({
    id: `contact-${name}`,
    name,
    value: form.values[name] ?? '',
    error: form.errors[name],
    disabled: form.submitting,
    onChange: form.setValue,
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
        <TextField
          {...field('name')}
          required
          label={t('fields.name.label')}
          placeholder={t('fields.name.placeholder')}
          autoComplete="name"
          maxLength={LIMITS.name}
        />
        <TextField
          {...field('email')}
          type="email"
          required
          label={t('fields.email.label')}
          placeholder={t('fields.email.placeholder')}
          autoComplete="email"
          maxLength={LIMITS.email}
        />
      </div>
      <TextField
        {...field('website')}
        type="url"
        label={t('fields.website.label')}
        placeholder={t('fields.website.placeholder')}
        autoComplete="url"
        maxLength={LIMITS.website}
      />
      <SelectField {...field('service')} label={t('fields.service.label')} options={options} />
      <TextAreaField
        {...field('message')}
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
  const { t } = useT('contact');
  const { contactEmail } = useSite();
  const points = t('side.points', { returnObjects: true }) as Point[];
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
            {points.map((p) => (
              <li key={p.title} className="flex gap-3">
                <span className="card-icon shrink-0">
                  <CheckIcon />
                </span>
                <span>
                  <strong className="block">{p.title}</strong>
                  <span className="muted">{p.text}</span>
                </span>
              </li>
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
