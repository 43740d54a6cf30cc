import type { Ref } from 'react';
import { useT } from '../../i18n/hooks.ts';
import { AUDIT_STEPS, type AuditStep } from '../../lib/audit.ts';
import { CheckIcon } from '../Icons.tsx';

/**
 * An audit under way: the steps the server has reported done, as they arrive (the stream of
 * GET /api/audit), and a bar of the same count. Screen readers hear the start and the end through
 * the page's status region, not every step.
 */
export function AuditProgress({
  url,
  done,
  pages,
  headingRef,
}: {
  url: string;
  done: readonly AuditStep[];
  /** A site audit's further pages: how many are done of how many. */
  pages?: { done: number; total: number } | undefined;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useT('tools');
  const total = AUDIT_STEPS.length;
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
      <progress
        className="progress"
        aria-label={t('progress.label')}
        aria-valuetext={t('progress.count', { done: done.length, total })}
        value={done.length}
        max={total}
      />
      <ol className="grid gap-2 text-sm" data-testid="audit-steps">
        {AUDIT_STEPS.map((step) => {
          const finished = done.includes(step);
          return (
            <li key={step} className="flex items-center gap-2" data-step={step} data-done={finished}>
              <span
                aria-hidden="true"
                className={`grid size-5 shrink-0 place-items-center rounded-full border ${
                  finished ? 'border-[var(--ok)] text-[var(--ok)]' : 'border-border'
                }`}
              >
                {finished ? <CheckIcon width={12} height={12} /> : null}
              </span>
              <span className={finished ? '' : 'text-muted'}>{t(`progress.steps.${step}`)}</span>
              <span className="sr-only">({finished ? t('progress.done') : t('progress.pending')})</span>
            </li>
          );
        })}
      </ol>
      {pages ? (
        <p className="text-sm" data-testid="audit-pages-progress">
          {t('progress.pages', { done: pages.done, total: pages.total })}
        </p>
      ) : null}
    </section>
  );
}
