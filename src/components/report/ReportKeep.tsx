import type { AuditReport } from '../../lib/audit.ts';
import { ReportBadge } from './ReportBadge.tsx';
import { ReportLeadForm } from './ReportLeadForm.tsx';
import { ReportShare } from './ReportShare.tsx';

/**
 * What follows a report on the Tools page and on its saved page alike (issue 38, decision 068): keep
 * it (its link and downloads), share it (the badge), have it emailed, and have the site re-checked
 * every month when the server runs re-checks (`recheck`). A report that was not kept says why.
 */
export function ReportKeep({ report, recheck }: { report: AuditReport; recheck: boolean }) {
  const { id } = report;
  if (!id) {
    return report.notKept ? (
      <p role="note" className="card muted" data-testid="report-not-kept">
        {report.notKept.message}
      </p>
    ) : null;
  }
  return (
    <>
      <ReportShare id={id} />
      <ReportBadge id={id} overall={report.overall} />
      <ReportLeadForm id={id} form="report" />
      {recheck ? <ReportLeadForm id={id} form="recheck" /> : null}
    </>
  );
}
