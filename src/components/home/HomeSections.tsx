import { Link } from 'react-router-dom';
import {
  CalendarIcon,
  ChartIcon,
  CodeIcon,
  GaugeIcon,
  MegaphoneIcon,
  QuoteIcon,
  RocketIcon,
  TrophyIcon,
  UsersIcon,
} from './HomeIcons.tsx';
import { BotIcon } from '../Icons.tsx';
import { CheckList, CopySections, CtaBand, IconCardGrid, StatGrid } from '../sections/PageBlocks.tsx';
import type { CopySection } from '../sections/PageBlocks.tsx';
import { WaitlistButton } from '../Waitlist.tsx';
import { useLang, useT } from '../../i18n/hooks.ts';
import { useSite } from '../../site-context.tsx';
import { localePath } from '../../site.ts';
import { SourceLink } from '../sections/Sources.tsx';
import { CardIcon } from '../Primitives.tsx';
import type { SourceId } from '../../lib/sources.ts';

// The home page below its hero: read-only sections and the closing call to action, hydrated after
// the hero (src/pages/home.tsx).

const BENEFIT_ICONS = [QuoteIcon, ChartIcon, BotIcon, CodeIcon, GaugeIcon, CalendarIcon] as const;
const AUDIENCE_ICONS = [MegaphoneIcon, TrophyIcon, RocketIcon, UsersIcon] as const;

function Stats() {
  const { t, copy } = useT('home');
  const { auditChecks, aiCrawlers } = useSite();
  return (
    <section id="key-figures" aria-label={t('stats.label')} className="pb-12">
      <StatGrid
        items={copy('stats.items', { checks: auditChecks, crawlers: aiCrawlers })}
        className="container stats-grid"
      />
    </section>
  );
}

function Explainers() {
  const { t, copy } = useT('home');
  return (
    <ul className="grid gap-5 lg:grid-cols-3">
      {copy('explainers.items').map((item) => (
        <li key={item.id} className={item.id === 'geo' ? 'card highlight' : 'card'}>
          <span className={item.id === 'geo' ? 'badge' : 'badge badge-secondary'}>{item.abbr}</span>
          <h3 className="card-title">{item.name}</h3>
          <p className="muted">{item.text}</p>
          <dl className="mt-auto grid gap-3 border-t border-border pt-4">
            <div>
              <dt className="text-sm font-semibold text-brand">{t('explainers.targetLabel')}</dt>
              <dd>{item.target}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-brand">{t('explainers.relationLabel')}</dt>
              <dd>{item.relation}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Benefits() {
  const { copy } = useT('home');
  const { aiCrawlers } = useSite();
  return (
    <IconCardGrid
      items={copy('benefits.items', { crawlers: aiCrawlers })}
      icons={BENEFIT_ICONS}
      className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
    />
  );
}

function WhoItsFor() {
  const { t, copy } = useT('home');
  return (
    <ul className="grid gap-5 md:grid-cols-2">
      {copy('audience.items').map((item, i) => {
        const Icon = AUDIENCE_ICONS[i % AUDIENCE_ICONS.length]!;
        return (
          <li key={item.role} className="card">
            <div className="flex items-center gap-3">
              <CardIcon icon={Icon} className="shrink-0" />
              <h3 className="card-title">{item.role}</h3>
            </div>
            <p className="muted">{item.text}</p>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand">
              {t('audience.getsLabel')}
            </p>
            <CheckList items={item.gets} iconSize={18} />
          </li>
        );
      })}
    </ul>
  );
}

/** The published definition behind a glossary term, where there is one. */
const GLOSSARY_SOURCES: Partial<Record<string, SourceId>> = {
  geo: 'geoPaper',
  'ai-crawler': 'robotsTxt',
  'llms-txt': 'llmsTxt',
  'structured-data': 'schemaOrg',
};

function Glossary() {
  const { copy } = useT('home');
  const { t: tc } = useT('common');
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {copy('glossary.terms').map((term) => (
        <div
          key={term.id}
          id={`term-${term.id}`}
          className="scroll-mt-20 rounded-2xl border border-border bg-surface p-5"
        >
          <dt className="font-bold text-fg">{term.term}</dt>
          <dd className="mt-2 text-muted">{term.definition}</dd>
          {term.id in GLOSSARY_SOURCES ? (
            <dd className="mt-2 text-sm text-muted">
              {tc('sources.reference')} <SourceLink id={GLOSSARY_SOURCES[term.id]!} />
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}

const SECTIONS: readonly CopySection[] = [
  { id: 'geo-seo-aeo', key: 'explainers', alt: true, Content: Explainers },
  { id: 'benefits', key: 'benefits', Content: Benefits },
  { id: 'who-its-for', key: 'audience', alt: true, Content: WhoItsFor },
  // The footer links here: the heading must clear the sticky header.
  { id: 'glossary', key: 'glossary', className: 'scroll-mt-16', Content: Glossary },
];

/** Everything the home page shows after its hero, in order, down to the closing call to action. */
export function HomeSections() {
  const { t } = useT('home');
  const lang = useLang();
  return (
    <>
      <Stats />
      <CopySections ns="home" sections={SECTIONS} />
      <CtaBand titleId="home-cta-title" title={t('cta.title')} text={t('cta.text')}>
        <WaitlistButton />
        <Link to={localePath(lang, 'tools')} className="btn btn-outline btn-lg">
          {t('cta.audit')}
        </Link>
      </CtaBand>
    </>
  );
}
