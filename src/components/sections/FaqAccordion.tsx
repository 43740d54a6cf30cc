import { ChevronDown } from '../Icons.tsx';

/** A question and its answer, as the translations write them. */
export interface FaqEntry {
  q: string;
  a: string;
}

/**
 * Questions as native <details> sharing one `name`: the browser keeps one open at a time, it works
 * without JavaScript and the answers are in the HTML for crawlers.
 */
export function FaqAccordion({ entries, name }: { entries: readonly FaqEntry[]; name: string }) {
  return (
    <div className="accordion">
      {entries.map((entry) => (
        <details key={entry.q} name={name}>
          <summary>
            {entry.q}
            <ChevronDown />
          </summary>
          <p className="accordion-panel">{entry.a}</p>
        </details>
      ))}
    </div>
  );
}
