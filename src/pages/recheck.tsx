import { Link, useLoaderData } from 'react-router-dom';
import { LinkOutcome } from '../components/LinkOutcome.tsx';
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
    <LinkOutcome
      name="recheck"
      result={result}
      title={t(`${key}.title`)}
      text={t(`${key}.text`, values)}
      confirm={
        result === 'askUnsubscribe' && outcome?.id
          ? { action: recheckPath(lang, 'unsubscribe', outcome.id), label: t('recheck.unsubscribeButton') }
          : undefined
      }
    >
      {outcome?.reportId ? (
        <Link to={localePath(lang, `tools/report/${outcome.reportId}`)} className="btn btn-outline">
          {t('recheck.openReport')}
        </Link>
      ) : null}
      <Link
        to={localePath(lang, 'tools')}
        className={outcome?.reportId ? 'btn btn-ghost' : 'btn btn-outline'}
      >
        {t('recheck.newAudit')}
      </Link>
    </LinkOutcome>
  );
}
