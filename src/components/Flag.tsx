import type { Lang } from '../site.ts';

// Flags as tiny inline SVGs: emoji flags do not render on Windows and many Linux desktops.
export function Flag({ lang }: { lang: Lang }) {
  return (
    <svg width="20" height="14" viewBox="0 0 60 42" aria-hidden="true" focusable="false" className="flag">
      {lang === 'fr' ? (
        <>
          <rect width="20" height="42" fill="#002654" />
          <rect x="20" width="20" height="42" fill="#fff" />
          <rect x="40" width="20" height="42" fill="#ce1126" />
        </>
      ) : (
        <>
          <rect width="60" height="42" fill="#012169" />
          <path d="M0 0l60 42M60 0L0 42" stroke="#fff" strokeWidth="8" />
          <path d="M0 0l60 42M60 0L0 42" stroke="#c8102e" strokeWidth="3" />
          <path d="M30 0v42M0 21h60" stroke="#fff" strokeWidth="12" />
          <path d="M30 0v42M0 21h60" stroke="#c8102e" strokeWidth="7" />
        </>
      )}
    </svg>
  );
}
