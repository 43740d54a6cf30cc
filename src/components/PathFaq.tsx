import { useLocation } from 'react-router-dom';
import { useT } from '../i18n/hooks.ts';
import { faqSetFor, type FaqEntry } from '../lib/faq-sets.ts';
import { ChevronDown } from './Icons.tsx';

/** The FAQ set the spec assigns to this path, as an accordion; the same entries feed the JSON-LD. */
export function PathFaq() {
  const { t } = useT('faqsets');
  const { pathname } = useLocation();
  const set = faqSetFor(pathname);
  const entries = t(`sets.${set}`, { returnObjects: true }) as FaqEntry[];
  return (
    <section aria-labelledby="path-faq-title" className="section">
      <div className="container narrow">
        <h2 id="path-faq-title" className="section-title mb-6">
          {t('title')}
        </h2>
        <div className="accordion">
          {entries.map((entry) => (
            <details key={entry.q} name="path-faq">
              <summary>
                {entry.q}
                <ChevronDown />
              </summary>
              <p className="accordion-panel">{entry.a}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
