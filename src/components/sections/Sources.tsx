import { useT } from '../../i18n/hooks.ts';
import { SOURCES, type SourceId } from '../../lib/sources.ts';
import { Section } from '../Primitives.tsx';

/** A link to a cited document (in English: hreflang says so), titled in the page's language. */
export function SourceLink({ id }: { id: SourceId }) {
  const { t } = useT('common');
  return (
    <a
      href={SOURCES[id].url}
      rel="noopener"
      hrefLang="en"
      className="font-semibold text-brand underline underline-offset-2"
    >
      {t(`sources.titles.${id}`)}
    </a>
  );
}

/** The page's sources: each document's title, linked, and who publishes it. */
export function Sources({ ids }: { ids: readonly SourceId[] }) {
  const { t } = useT('common');
  return (
    <Section id="sources" title={t('sources.title')} lead={t('sources.lead')} narrow head="start">
      <ol className="grid gap-2 text-muted">
        {ids.map((id) => (
          <li key={id}>
            <cite className="not-italic">
              <SourceLink id={id} />
            </cite>
            , {SOURCES[id].publisher}
          </li>
        ))}
      </ol>
    </Section>
  );
}
