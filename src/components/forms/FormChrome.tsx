import { useLang, useT } from '../../i18n/hooks.ts';
import { HONEYPOT_FIELD, type FormOutcome, type FormType } from '../../lib/form-limits.ts';
import { mailNotice } from './mail-notice.ts';
import type { FormMessages } from './useLeadForm.ts';

/** Hidden fields every lead form posts: language, the page to return to, and the honeypot. */
export function HiddenFields({ lang, returnTo }: { lang: string; returnTo: string }) {
  return (
    <>
      <input type="hidden" name="lang" value={lang} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="hp-field" aria-hidden="true">
        <label>
          Nickname
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}

/**
 * The outcome of a post made without JavaScript, announced at the top of the form, in the texts of
 * `forms:{form}` or the form's own `messages`.
 */
export function FormNotice({
  notice,
  form,
  messages,
}: {
  notice: FormOutcome | undefined;
  form: FormType;
  messages?: FormMessages;
}) {
  const { t } = useT('forms');
  const lang = useLang();
  if (!notice) return null;
  const text = (key: keyof FormMessages) => messages?.[key] ?? t(`${form}.${key}`);
  // A post without JavaScript: the page cannot know the visitor's time zone, so times are in UTC
  // and say so (the same on the server and after hydration).
  const said = notice.ok ? mailNotice(notice.mail, t, lang, { timeZone: 'UTC' }) : undefined;
  return notice.ok ? (
    <div role="status" className="form-status ok">
      <strong>{said?.title ?? text('successTitle')}</strong> {said?.text ?? text('successText')}
    </div>
  ) : (
    <div role="alert" className="form-status error">
      <strong>{text('failureTitle')}</strong> {notice.error ?? text('failureText')}
    </div>
  );
}
