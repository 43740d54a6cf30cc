import type { ReactNode } from 'react';

/**
 * One block of a saved report's page (its links, its changes, its badge): a titled card. `printed`
 * false keeps it off paper (what only works on screen).
 */
export function ReportCard({
  name,
  title,
  lead,
  printed = true,
  children,
}: {
  name: string;
  title: string;
  lead: ReactNode;
  printed?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`report-${name}-title`}
      className={printed ? 'card gap-4' : 'card gap-4 print:hidden'}
      data-testid={`report-${name}`}
    >
      <h2 id={`report-${name}-title`} className="card-title">
        {title}
      </h2>
      <p className="muted">{lead}</p>
      {children}
    </section>
  );
}
