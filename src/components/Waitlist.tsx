import type { ReactNode } from 'react';
import { useT } from '../i18n/hooks.ts';
import { ArrowRight } from './Icons.tsx';

/**
 * "Join the Waitlist": opens the waitlist dialog. Without JavaScript it is a link to the
 * no-script waitlist form (WaitlistNoscript) further down the page.
 */
export function WaitlistButton({ className = 'btn btn-primary btn-lg', children }: { className?: string; children?: ReactNode }) {
  const { t } = useT('common');
  return (
    <a href="#waitlist" className={className}>
      {children ?? (
        <>
          {t('buttons.joinWaitlist')}
          <ArrowRight width={18} height={18} />
        </>
      )}
    </a>
  );
}

/** The spec's no-script fallback: an invitation to join the waitlist, with a plain form. */
export function WaitlistNoscript() {
  const { t } = useT('common');
  return (
    <noscript>
      <section id="waitlist" className="section">
        <div className="container narrow center">
          <h2 className="section-title">{t('noscript.title')}</h2>
          <p className="section-lead">{t('noscript.text')}</p>
        </div>
      </section>
    </noscript>
  );
}
