import { useT } from '../../i18n/hooks.ts';
import { LIMITS } from '../../lib/form-limits.ts';
import { FormNotice, HiddenFields } from '../forms/FormChrome.tsx';
import { useLeadForm, type FormMessages } from '../forms/useLeadForm.ts';
import { ReportCard } from './ReportCard.tsx';

const INPUT_ID = 'report-email-address';

/**
 * "Email me this report" (decision 030): one email field that posts to /api/report-email like every
 * lead form, with the report's id as a hidden field, with or without JavaScript. The outcome is
 * announced in the form (and by a toast once JavaScript runs); kept off paper.
 */
export function ReportEmailForm({ id }: { id: string }) {
  const { t } = useT('tools');
  const { t: tForms } = useT('forms');
  const messages: FormMessages = {
    successTitle: t('report.email.successTitle'),
    successText: t('report.email.successText'),
    failureTitle: t('report.email.failureTitle'),
    failureText: t('report.email.failureText'),
  };
  const form = useLeadForm({
    form: 'report',
    fields: ['email'],
    required: ['email'],
    fixed: { report: id },
    messages,
  });
  const error = form.errors.email;
  return (
    <ReportCard name="email" title={t('report.email.title')} lead={t('report.email.lead')} printed={false}>
      <form {...form.formProps} className="grid gap-2">
        <FormNotice notice={form.notice} form="report" messages={messages} />
        <HiddenFields {...form.hidden} />
        <input type="hidden" name="report" value={id} />
        <label htmlFor={INPUT_ID} className="font-semibold">
          {t('report.email.label')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={INPUT_ID}
            name="email"
            type="email"
            className="input grow"
            required
            autoComplete="email"
            placeholder={tForms('fields.email.placeholder')}
            maxLength={LIMITS.email}
            value={form.values.email ?? ''}
            disabled={form.submitting}
            onChange={(e) => form.setValue('email', e.target.value)}
            {...(error ? { 'aria-invalid': true, 'aria-describedby': `${INPUT_ID}-error` } : {})}
          />
          <button type="submit" className="btn btn-primary" disabled={form.submitting}>
            {form.submitting ? t('report.email.submitting') : t('report.email.submit')}
          </button>
        </div>
        {error ? (
          <p id={`${INPUT_ID}-error`} className="field-error">
            {error}
          </p>
        ) : null}
        <p className="muted small">{t('report.email.note')}</p>
      </form>
    </ReportCard>
  );
}
