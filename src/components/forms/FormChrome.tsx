import { useT } from '../../i18n/hooks.ts';
import { HONEYPOT_FIELD, type FormOutcome } from '../../lib/form-limits.ts';

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

/** The outcome of a post made without JavaScript, announced at the top of the form. */
export function FormNotice({
  notice,
  form,
}: {
  notice: FormOutcome | undefined;
  form: 'waitlist' | 'contact' | 'newsletter';
}) {
  const { t } = useT('forms');
  if (!notice) return null;
  return notice.ok ? (
    <div role="status" className="form-status ok">
      <strong>{t(`${form}.successTitle`)}</strong> {t(`${form}.successText`)}
    </div>
  ) : (
    <div role="alert" className="form-status error">
      <strong>{t(`${form}.failureTitle`)}</strong> {notice.error ?? t(`${form}.failureText`)}
    </div>
  );
}
