import { Link, useLoaderData } from 'react-router-dom';
import { PageHero } from '../components/PageHero.tsx';
import { ReportKeep } from '../components/report/ReportKeep.tsx';
import { AuditResults, NextSteps } from '../components/tools/AuditResults.tsx';
import { WaitlistNoscript } from '../components/Waitlist.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import type { ReportData } from '../lib/audit.ts';
import { localePath } from '../site.ts';

/**
 * A saved report at its permanent address (/{lang}/tools/report/{id}): the same report in either
 * language, in the Tools page's order (the score first, its links and forms last), with what changed
 * since the address's earlier report. The server renders it from the store; it needs no JavaScript,
 * and prints as a clean A4 document.
 */
export default function ReportPage() {
  const { report, keptDays, recheck } = useLoaderData() as ReportData;
  const { t } = useT('tools');
  const lang = useLang();
  if (!report) return <ReportMissing days={keptDays} />;
  const tools = localePath(lang, 'tools');
  return (
    <>
      <div className="container pt-8">
        <p className="eyebrow">{t('report.eyebrow')}</p>
      </div>
      <AuditResults report={report} level={1} againTo={tools}>
        <ReportKeep report={report} recheck={recheck === true} />
      </AuditResults>
      <div className="print:hidden">
        <NextSteps />
        {/* The report's "Join the waitlist" opens the waitlist dialog, as on the Tools page. */}
        <WaitlistNoscript />
      </div>
    </>
  );
}

/** An id that leads nowhere (mistyped, or the report expired): why, and a way to a new report. */
function ReportMissing({ days }: { days: number }) {
  const { t } = useT('tools');
  const lang = useLang();
  return (
    <PageHero title={t('report.notFound.title')} subtitle={t('report.notFound.text', { days })}>
      <Link to={localePath(lang, 'tools')} className="btn btn-primary btn-lg">
        {t('report.notFound.action')}
      </Link>
    </PageHero>
  );
}
