import type { ReactNode } from 'react';

/**
 * A short titled point after a marker in a tinted square: a step number (hidden from assistive
 * technology, the list's order says it) or an icon.
 */
export function Point({
  marker,
  numbered = false,
  title,
  text,
}: {
  marker: ReactNode;
  numbered?: boolean;
  title: string;
  text: string;
}) {
  return (
    <li className="flex gap-3">
      <span
        className={numbered ? 'card-icon shrink-0 font-bold' : 'card-icon shrink-0'}
        aria-hidden={numbered || undefined}
      >
        {marker}
      </span>
      <span>
        <strong className="block">{title}</strong>
        <span className="muted">{text}</span>
      </span>
    </li>
  );
}
