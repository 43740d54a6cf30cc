import type { Ref } from 'react';
import { useT } from '../../i18n/hooks.ts';
import { ANALYSIS_PROGRESS } from '../../lib/audit.ts';

/**
 * The simulated analysis in progress. The spec holds the bar at 66 for the whole run; the width
 * class below is that value written out for Tailwind (it only sees literal class names).
 */
export function AuditProgress({ url, headingRef }: { url: string; headingRef?: Ref<HTMLHeadingElement> }) {
  const { t } = useT('tools');
  return (
    <section aria-labelledby="audit-progress-title" className="card" data-testid="audit-progress">
      <h2
        id="audit-progress-title"
        ref={headingRef}
        tabIndex={-1}
        className="card-title scroll-mt-24 wrap-anywhere"
      >
        {t('progress.title', { url })}
      </h2>
      <div
        role="progressbar"
        aria-label={t('progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={ANALYSIS_PROGRESS}
        className="progress"
      >
        <span className="w-[66%] motion-safe:animate-pulse" />
      </div>
      <p className="flex justify-between gap-4 text-sm text-muted">
        <span>{t('progress.text')}</span>
        <span aria-hidden="true" className="font-semibold text-fg tabular-nums">
          {ANALYSIS_PROGRESS}%
        </span>
      </p>
    </section>
  );
}
