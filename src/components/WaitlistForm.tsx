import { useT } from '../i18n/hooks.ts';
import { LIMITS } from '../lib/form-limits.ts';
import { FormNotice, HiddenFields } from './forms/FormChrome.tsx';
import { bindField, ContactInput, TextAreaField } from './forms/Field.tsx';
import { useLeadForm } from './forms/useLeadForm.ts';

// A module of its own, with the lead form's code: loaded by the dialog when a visitor opens it, and
// rendered by the server inside the no-script section, never before (src/components/Waitlist.tsx).

/** The waitlist form: email and website required, name and message optional. */
export default function WaitlistForm({
  idPrefix,
  website = '',
  onSuccess,
}: {
  idPrefix: string;
  /** The site the visitor came with (the one just audited), filled in. */
  website?: string;
  onSuccess?: () => void;
}) {
  const { t } = useT('forms');
  const form = useLeadForm({
    form: 'waitlist',
    fields: ['name', 'email', 'website', 'message'],
    required: ['email', 'website'],
    initial: { website },
    onSuccess,
  });
  return (
    <form {...form.formProps} className="form">
      <FormNotice notice={form.notice} form="waitlist" />
      <HiddenFields {...form.hidden} />
      <ContactInput form={form} idPrefix={idPrefix} name="name" />
      <ContactInput form={form} idPrefix={idPrefix} name="email" required />
      <ContactInput form={form} idPrefix={idPrefix} name="website" required />
      <TextAreaField
        {...bindField(form, idPrefix, 'message')}
        rows={3}
        label={t('fields.waitlistMessage.label')}
        placeholder={t('fields.waitlistMessage.placeholder')}
        maxLength={LIMITS.message}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={form.submitting}>
        {form.submitting ? t('waitlist.submitting') : t('waitlist.submit')}
      </button>
      <p className="muted small">{t('waitlist.privacy')}</p>
    </form>
  );
}
