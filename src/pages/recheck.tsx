import { Link, useLoaderData } from 'react-router-dom';
import { useLang, useT } from '../i18n/hooks.ts';
import { longDate } from '../lib/format.ts';
import { recheckPath, type RecheckOutcome } from '../lib/recheck.ts';
import { localePath } from '../site.ts';

/**
 * Where the monthly re-check's emails lead (decision 032): the outcome of a confirmation or of
 * stopping it, said in the page's language. Stopping asks for one click on a button, a plain form
 * post that works without JavaScript (and the same request a mail client's one-click sends).
 */
export default function RecheckPage() {
  const { t } = useT('tools');
  const lang = useLang();
  const outcome = useLoaderData() as RecheckOutcome | null;
  const result = outcome?.result ?? 'invalid';
  const key = `recheck.results.${result}`;
  const values = {
    address: outcome?.address ?? '',
    date: outcome?.nextCheckAt ? longDate(outcome.nextCheckAt, lang) : '',
  };
  return (
    <section
      className="section"
      aria-labelledby="recheck-title"
      data-testid="recheck-outcome"
      data-result={result}
    >
      <div className="container narrow grid gap-5">
        <h1 id="recheck-title" className="section-title">
          {t(`${key}.title`)}
        </h1>
        <p className="section-lead wrap-anywhere">{t(`${key}.text`, values)}</p>
        {result === 'askUnsubscribe' && outcome?.id ? (
          <form method="post" action={recheckPath(lang, 'unsubscribe', outcome.id)}>
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit" className="btn btn-primary">
              {t('recheck.unsubscribeButton')}
            </button>
          </form>
        ) : null}
        <p className="flex flex-wrap gap-3">
          {outcome?.reportId ? (
            <Link to={localePath(lang, `tools/report/${outcome.reportId}`)} className="btn btn-outline">
              {t('recheck.openReport')}
            </Link>
          ) : null}
          <Link to={localePath(lang, 'tools')} className="btn btn-ghost">
            {t('recheck.newAudit')}
          </Link>
        </p>
      </div>
    </section>
  );
}
