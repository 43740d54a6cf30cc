import { CaseStudyCard } from './CaseStudyCard.tsx';
import { BotIcon, CheckIcon, SparkIcon } from '../Icons.tsx';
import { CheckList, CopySections, CtaBand, IconCardGrid, StatGrid } from '../sections/PageBlocks.tsx';
import type { CopySection } from '../sections/PageBlocks.tsx';
import { Badge, TableHead } from '../Primitives.tsx';
import { ActionLinks } from '../sections/ActionLinks.tsx';
import { useLang, useT } from '../../i18n/hooks.ts';
import { readCaseStudies } from '../../lib/case-studies.ts';
import { useSite } from '../../site-context.tsx';
import { localePath } from '../../site.ts';
import { Sources } from '../sections/Sources.tsx';

// The guide after its hero (src/pages/guide.tsx), hydrated after it: read-only sections, their links
// plain links until then. Each section is its own component, so that React hydrates the long guide
// in short slices (decision 012).

const PILLAR_ICONS = [BotIcon, SparkIcon, CheckIcon] as const;
const GUIDE_SOURCES = ['geoPaper', 'googleAiFeatures', 'robotsTxt', 'llmsTxt', 'schemaOrg'] as const;

const SECTIONS: readonly CopySection[] = [
  { id: 'what-is-geo', key: 'definition', lead: false, Content: Definition },
  { id: 'seo-vs-geo', key: 'comparison', alt: true, Content: Comparison },
  { id: 'phases', key: 'phases', Content: Phases },
  { id: 'best-practices', key: 'practices', alt: true, Content: Practices },
  { id: 'case-studies', key: 'caseStudies', Content: CaseStudies },
];

/** Everything the guide shows after its hero, in order. */
export function GuideSections() {
  return (
    <>
      <CopySections ns="guide" sections={SECTIONS} />
      <Sources ids={GUIDE_SOURCES} />
      <GuideCta />
    </>
  );
}

/** What GEO is: the definition, figures and three pillars. */
function Definition() {
  const { t, copy } = useT('guide');
  const { aiCrawlers } = useSite();
  return (
    <>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="grid gap-5">
          <p className="text-lg leading-relaxed">
            <dfn className="font-bold text-brand not-italic">{t('definition.term')}</dfn>{' '}
            {t('definition.text')}
          </p>
          <p className="leading-relaxed text-muted">{t('definition.context')}</p>
        </div>
        <section
          aria-labelledby="geo-now-title"
          className="rounded-2xl border border-border bg-surface p-5 shadow-sm"
        >
          <h3 id="geo-now-title" className="mb-4 text-base font-bold">
            {t('definition.statsLabel')}
          </h3>
          <ul className="grid grid-cols-2 gap-4">
            {copy('definition.stats', { crawlers: aiCrawlers }).map((s) => (
              <li key={s.value} className="flex flex-col gap-1">
                <span className="stat-value">{s.value}</span>
                <span className="text-sm leading-snug text-muted">{s.label}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <IconCardGrid
        items={copy('definition.pillars')}
        icons={PILLAR_ICONS}
        iconSize={22}
        textClassName="text-muted"
        className="mt-10 grid gap-5 md:grid-cols-3"
      />
    </>
  );
}

/** SEO and GEO side by side. */
function Comparison() {
  const { t, copy } = useT('guide');
  const seo = t('comparison.seo');
  const geo = t('comparison.geo');
  return (
    <div className="table-wrap">
      {/* Below md, each row becomes a stacked block, with the column names from data-label. */}
      <table className="table max-md:block">
        <caption className="max-md:block">{t('comparison.caption')}</caption>
        <TableHead
          className="max-md:sr-only"
          columns={[
            { label: t('comparison.aspect'), className: 'w-[22%]' },
            { label: seo, className: 'w-[36%]' },
            { label: geo, className: 'w-[42%] text-brand' },
          ]}
        />
        <tbody className="max-md:block">
          {copy('comparison.rows').map((row) => (
            <tr
              key={row.aspect}
              className="max-md:block max-md:border-b max-md:border-border max-md:py-3 max-md:last:border-b-0"
            >
              <th scope="row" className="max-md:block max-md:border-b-0 max-md:py-1">
                {row.aspect}
              </th>
              <td
                data-label={seo}
                className="text-muted max-md:grid max-md:grid-cols-[3.25rem_1fr] max-md:border-b-0 max-md:py-1 max-md:before:font-bold max-md:before:content-[attr(data-label)]"
              >
                {row.seo}
              </td>
              <td
                data-label={geo}
                className="max-md:grid max-md:grid-cols-[3.25rem_1fr] max-md:border-b-0 max-md:py-1 max-md:before:font-bold max-md:before:text-brand max-md:before:content-[attr(data-label)]"
              >
                {row.geo}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The five implementation phases and the timeline. */
function Phases() {
  const { t, copy } = useT('guide');
  const { aiCrawlers } = useSite();
  return (
    <>
      <ol className="grid gap-5">
        {copy('phases.items', { crawlers: aiCrawlers }).map((phase, i) => (
          <li
            key={phase.title}
            id={`phase-${i + 1}`}
            className="card scroll-mt-24 md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-8"
          >
            <div className="flex flex-col gap-3">
              <div className="flex flex-wrap items-center gap-3">
                <span className="card-icon text-lg font-extrabold" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="text-sm font-semibold text-muted">
                  {t('phases.phase', { n: i + 1 })} · {phase.when}
                </span>
                <Badge variant="success">
                  <CheckIcon width={14} height={14} />
                  {t('phases.implemented')}
                </Badge>
              </div>
              <h3 className="card-title">{phase.title}</h3>
              <p>
                <strong className="font-semibold">{t('phases.goal')}</strong>{' '}
                <span className="text-muted">{phase.goal}</span>
              </p>
            </div>
            <div className="mt-2 md:mt-0">
              <h4 id={`phase-${i + 1}-tasks`} className="mb-2 text-sm font-bold">
                {t('phases.tasks')}
              </h4>
              <CheckList
                items={phase.tasks}
                iconSize={16}
                aria-labelledby={`phase-${i + 1}-tasks`}
                className="text-[0.95rem]"
              />
            </div>
          </li>
        ))}
      </ol>
      <section aria-labelledby="guide-timeline-title" className="mt-8">
        <h3 id="guide-timeline-title" className="mb-4 text-lg font-bold">
          {t('phases.timelineLabel')}
        </h3>
        <StatGrid items={copy('phases.timeline')} className="grid gap-4 sm:grid-cols-2" />
      </section>
    </>
  );
}

/** The best practices. */
function Practices() {
  const { copy } = useT('guide');
  return (
    <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {copy('practices.items').map((p, i) => (
        <li key={p.title} className="card">
          <span className="text-sm font-extrabold text-brand" aria-hidden="true">
            {String(i + 1).padStart(2, '0')}
          </span>
          <h3 className="text-lg font-bold">{p.title}</h3>
          <p className="text-sm text-muted">{p.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The six industry case studies. */
function CaseStudies() {
  const { t, copy } = useT('guide');
  const lang = useLang();
  const studies = readCaseStudies(copy, lang);
  return (
    <>
      <ul className="card-grid cols-2">
        {studies.map((study) => (
          <li key={study.id}>
            <CaseStudyCard study={study} />
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-6 max-w-3xl text-center text-sm text-muted">{t('caseStudies.note')}</p>
    </>
  );
}

/** The closing call to action. */
function GuideCta() {
  const { t } = useT('guide');
  const lang = useLang();
  return (
    <CtaBand titleId="guide-cta-title" title={t('cta.title')} text={t('cta.lead')} actions="row">
      <ActionLinks
        links={[
          { to: localePath(lang, 'tools'), label: t('cta.tools') },
          { to: localePath(lang, 'contact'), label: t('cta.contact') },
          { to: localePath(lang, 'services'), label: t('cta.services') },
        ]}
      />
    </CtaBand>
  );
}
