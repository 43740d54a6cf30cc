import { useMatches } from 'react-router-dom';
import { PageHero } from '../components/PageHero.tsx';
import type { RouteHandle } from '../route-handle.ts';
import { useT } from '../i18n/hooks.ts';
import { useSite } from '../site-context.tsx';
import { isLegalPage } from '../site.ts';

/** Privacy, terms, GDPR and cookie policy: one layout, the copy in the 'legal' namespace. */
export default function LegalPage() {
  const { t, copy } = useT('legal');
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const key = isLegalPage(handle?.page) ? handle.page : 'privacy';
  const { contactEmail } = useSite();
  const sections = copy(`${key}.sections`, { email: contactEmail });
  return (
    <>
      <PageHero title={t(`${key}.hero.title`)} subtitle={t(`${key}.hero.subtitle`)} />
      <div className="container narrow prose-block">
        <nav aria-labelledby="legal-toc" className="toc">
          <h2 id="legal-toc" className="toc-title">
            {t('onThisPage')}
          </h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`}>{s.title}</h2>
            {s.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            {s.items ? (
              <ul>
                {s.items.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </>
  );
}
