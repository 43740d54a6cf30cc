import type { MouseEvent, Ref } from 'react';
import { Link } from 'react-router-dom';
import { useLang, useT } from '../../i18n/hooks.ts';
import { TRANSIENT_AUDIT_FAILURES, type AuditOutcome } from '../../lib/audit.ts';
import { localePath } from '../../site.ts';
import { useHydrated } from './useHydrated.ts';

/**
 * Why an address could not be audited, in the page's language, with what to check. The form above
 * keeps the address, so the visitor can correct it; with JavaScript a button tries again. When the
 * site itself kept the audit out (bot protection, errors, no answer), that is no dead end: the team
 * can look at it (the contact form, filled in with the address), or another page can be audited.
 */
export function AuditError({
  outcome,
  headingRef,
  onRetry,
  onAnother,
}: {
  outcome: AuditOutcome & { ok: false };
  headingRef?: Ref<HTMLHeadingElement>;
  onRetry: () => void;
  /** "Audit another page": the form's address field, focused (without JavaScript, scrolled to). */
  onAnother?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { t } = useT('tools');
  const lang = useLang();
  const hydrated = useHydrated();
  // A failure of ours passes with time; one of the site's is worth a person's look.
  const theSites = !TRANSIENT_AUDIT_FAILURES.has(outcome.reason) && outcome.reason !== 'refused';
  const contact = `${localePath(lang, 'contact')}?${new URLSearchParams({
    website: outcome.url,
    service: 'ai-visibility-audit',
    from: 'audit',
  }).toString()}`;
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
      <div className="flex flex-wrap gap-2">
        {theSites ? (
          <Link to={contact} className="btn btn-primary" data-testid="audit-error-contact">
            {t('errors.askTeam')}
          </Link>
        ) : null}
        {hydrated ? (
          <button type="button" className="btn btn-outline" onClick={onRetry}>
            {t('errors.retry')}
          </button>
        ) : null}
        {theSites || outcome.reason === 'refused' ? (
          <a href="#audit-url" className="btn btn-outline" onClick={onAnother}>
            {t('errors.another')}
          </a>
        ) : null}
      </div>
    </section>
  );
}
