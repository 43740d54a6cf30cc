import { useId } from 'react';
import { SITE_NAME } from '../site.ts';

/** The wordmark: a spark in a rounded square and the name. */
export function Logo() {
  // The logo appears in the header and the footer: each copy needs its own gradient id.
  const gradient = `logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <span className="logo">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#6366f1" />
            <stop offset="1" stopColor="#a855f7" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
        <path d="M16 6l2.6 7.4L26 16l-7.4 2.6L16 26l-2.6-7.4L6 16l7.4-2.6z" fill="#fff" />
      </svg>
      <span className="logo-text">{SITE_NAME}</span>
    </span>
  );
}
