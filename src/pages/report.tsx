import { Link, useLoaderData } from 'react-router-dom';
import { PageHero } from '../components/PageHero.tsx';
import { ReportBadge } from '../components/report/ReportBadge.tsx';
import { ReportChanges } from '../components/report/ReportChanges.tsx';
import { ReportLeadForm } from '../components/report/ReportLeadForm.tsx';
import { ReportShare } from '../components/report/ReportShare.tsx';
import { AuditResults, NextSteps } from '../components/tools/AuditResults.tsx';
import { WaitlistNoscript } from '../components/Waitlist.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import type { ReportData } from '../lib/audit.ts';
import { localePath } from '../site.ts';

/**
 * A saved report at its permanent address (/{lang}/tools/report/{id}): the same report in either
 * language, with its links, what changed since the address's earlier report, and every check. The
 * server renders it from the store; it needs no JavaScript, and prints as a clean A4 document.
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
        <ReportShare id={report.id!} />
        <ReportLeadForm id={report.id!} form="report" />
        {recheck ? <ReportLeadForm id={report.id!} form="recheck" /> : null}
        {report.changes ? <ReportChanges changes={report.changes} /> : null}
      </AuditResults>
      <div className="container pb-8">
        <ReportBadge id={report.id!} overall={report.overall} />
      </div>
      <div className="print:hidden">
        <NextSteps />
        {/* The report's "Get my full audit" opens the waitlist dialog, as on the Tools page. */}
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
