import type { Ref } from 'react';
import { useT } from '../../i18n/hooks.ts';
import type { AuditOutcome } from '../../lib/audit.ts';
import { useHydrated } from './useHydrated.ts';

/**
 * Why an address could not be audited, in the page's language, with what to check. The form above
 * keeps the address, so the visitor can correct it; with JavaScript a button tries again.
 */
export function AuditError({
  outcome,
  headingRef,
  onRetry,
}: {
  outcome: AuditOutcome & { ok: false };
  headingRef?: Ref<HTMLHeadingElement>;
  onRetry: () => void;
}) {
  const { t } = useT('tools');
  const hydrated = useHydrated();
  return (
    <section
      aria-labelledby="audit-error-title"
      className="card border-[var(--bad)]"
      data-testid="audit-error"
      data-reason={outcome.reason}
    >
      <h2 id="audit-error-title" ref={headingRef} tabIndex={-1} className="card-title scroll-mt-24">
        {t('errors.title')}
      </h2>
      {/* The server's message, in the reader's language, names what it found (a challenge's vendor);
          a failure of the browser's own (the network) has none and is told by its reason. */}
      <p className="wrap-anywhere">
        {outcome.message || t(`errors.${outcome.reason}`, { url: outcome.url })}
      </p>
      {hydrated ? (
        <button type="button" className="btn btn-outline w-fit" onClick={onRetry}>
          {t('errors.retry')}
        </button>
      ) : null}
    </section>
  );
}
