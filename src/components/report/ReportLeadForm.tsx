import { useLang, useT } from '../../i18n/hooks.ts';
import { localePath } from '../../site.ts';
import { EmailInput, InputRow } from '../forms/Field.tsx';
import { FormNotice, HiddenFields } from '../forms/FormChrome.tsx';
import { useLeadForm, type FormMessages } from '../forms/useLeadForm.ts';
import { ReportCard } from './ReportCard.tsx';

/** The report page's two forms: each its texts (under `tools:report.…`) and its card's name. */
const FORMS = {
  /** "Email me this report" (decision 030). */
  report: { texts: 'report.email', card: 'email' },
  /** "Re-check this site every month and email me what changed" (decision 032). */
  recheck: { texts: 'report.recheck', card: 'recheck' },
} as const;

/**
 * A report page's email form: one email field that posts to the form's endpoint like every lead
 * form, with the report's id as a hidden field, with or without JavaScript. The outcome is announced
 * in the form (and by a toast once JavaScript runs); kept off paper.
 */
export function ReportLeadForm({ id, form: type }: { id: string; form: keyof typeof FORMS }) {
  const { t: tTools } = useT('tools');
  const lang = useLang();
  const { texts, card } = FORMS[type];
  const t = (key: string) => tTools(`${texts}.${key}`);
  const inputId = `report-${card}-address`;
  const messages: FormMessages = {
    successTitle: t('successTitle'),
    successText: t('successText'),
    failureTitle: t('failureTitle'),
    failureText: t('failureText'),
  };
  const form = useLeadForm({
    form: type,
    fields: ['email'],
    required: ['email'],
    fixed: { report: id },
    // Without JavaScript, the outcome is shown on the saved report (its address is the report's own).
    returnTo: localePath(lang, `tools/report/${id}`),
    messages,
  });
  const error = form.errors.email;
  return (
    <ReportCard name={card} title={t('title')} lead={t('lead')} printed={false}>
      <form {...form.formProps} className="grid gap-2">
        <FormNotice notice={form.notice} form={type} messages={messages} />
        <HiddenFields {...form.hidden} />
        <input type="hidden" name="report" value={id} />
        <InputRow id={inputId} label={t('label')} labelClassName="font-semibold">
          <EmailInput form={form} id={inputId} className="input grow" />
          <button type="submit" className="btn btn-primary" disabled={form.submitting}>
            {form.submitting ? t('submitting') : t('submit')}
          </button>
        </InputRow>
        {error ? (
          <p id={`${inputId}-error`} className="field-error">
            {error}
          </p>
        ) : null}
        <p className="muted small">{t('note')}</p>
      </form>
    </ReportCard>
  );
}
