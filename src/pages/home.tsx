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
} from '../components/home/icons.tsx';
import { BotIcon, CheckIcon, SparkIcon } from '../components/Icons.tsx';
import { Section } from '../components/ui.tsx';
import { WaitlistButton, WaitlistNoscript } from '../components/Waitlist.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import { localePath } from '../site.ts';

interface Stat {
  value: string;
  label: string;
}
interface Explainer {
  id: string;
  abbr: string;
  name: string;
  text: string;
  target: string;
  relation: string;
}
interface Benefit {
  title: string;
  text: string;
}
interface Audience {
  role: string;
  text: string;
  gets: string[];
}
export interface GlossaryTerm {
  id: string;
  term: string;
  definition: string;
}

const BENEFIT_ICONS = [QuoteIcon, ChartIcon, BotIcon, CodeIcon, GaugeIcon, CalendarIcon];
const AUDIENCE_ICONS = [MegaphoneIcon, TrophyIcon, RocketIcon, UsersIcon];

function Hero() {
  const { t } = useT('home');
  const lang = useLang();
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <div className="container narrow center">
        <p className="eyebrow">
          <SparkIcon width={16} height={16} />
          {t('hero.eyebrow')}
        </p>
        <h1 id="home-title" className="hero-title display">
          {t('hero.title')}
        </h1>
        <p className="hero-lead">{t('hero.subtitle')}</p>
        <div className="hero-actions">
          <WaitlistButton />
          <Link to={localePath(lang, 'tools')} className="btn btn-outline btn-lg">
            {t('hero.secondary')}
          </Link>
        </div>
        <p className="muted small mt-4">{t('hero.note')}</p>
      </div>
    </section>
  );
}

function Stats() {
  const { t } = useT('home');
  const stats = t('stats.items', { returnObjects: true }) as Stat[];
  return (
    <section aria-label={t('stats.label')} className="pb-12">
      <ul className="container stats-grid">
        {stats.map((s) => (
          <li key={s.value} className="stat-card">
            <span className="stat-value">{s.value}</span>
            <span className="stat-label">{s.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Explainers() {
  const { t } = useT('home');
  const items = t('explainers.items', { returnObjects: true }) as Explainer[];
  return (
    <Section id="geo-seo-aeo" title={t('explainers.title')} lead={t('explainers.lead')} alt>
      <ul className="grid gap-5 lg:grid-cols-3">
        {items.map((item) => (
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
    </Section>
  );
}

function Benefits() {
  const { t } = useT('home');
  const items = t('benefits.items', { returnObjects: true }) as Benefit[];
  return (
    <Section id="benefits" title={t('benefits.title')} lead={t('benefits.lead')}>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, i) => {
          const Icon = BENEFIT_ICONS[i % BENEFIT_ICONS.length]!;
          return (
            <li key={item.title} className="card">
              <span className="card-icon">
                <Icon />
              </span>
              <h3 className="card-title">{item.title}</h3>
              <p className="muted">{item.text}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function WhoItsFor() {
  const { t } = useT('home');
  const items = t('audience.items', { returnObjects: true }) as Audience[];
  return (
    <Section id="who-its-for" title={t('audience.title')} lead={t('audience.lead')} alt>
      <ul className="grid gap-5 md:grid-cols-2">
        {items.map((item, i) => {
          const Icon = AUDIENCE_ICONS[i % AUDIENCE_ICONS.length]!;
          return (
            <li key={item.role} className="card">
              <div className="flex items-center gap-3">
                <span className="card-icon shrink-0">
                  <Icon />
                </span>
                <h3 className="card-title">{item.role}</h3>
              </div>
              <p className="muted">{item.text}</p>
              <p className="text-sm font-semibold uppercase tracking-wide text-brand">
                {t('audience.getsLabel')}
              </p>
              <ul className="check-list">
                {item.gets.map((g) => (
                  <li key={g}>
                    <CheckIcon width={18} height={18} />
                    <span>{g}</span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function Glossary() {
  const { t } = useT('home');
  const terms = t('glossary.terms', { returnObjects: true }) as GlossaryTerm[];
  // Own markup rather than <Section>: the footer links here, so the heading must clear the sticky header.
  return (
    <section id="glossary" aria-labelledby="glossary-title" className="section scroll-mt-16">
      <div className="container">
        <div className="section-head">
          <h2 id="glossary-title" className="section-title">
            {t('glossary.title')}
          </h2>
          <p className="section-lead">{t('glossary.lead')}</p>
        </div>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {terms.map((term) => (
            <div
              key={term.id}
              id={`term-${term.id}`}
              className="scroll-mt-20 rounded-2xl border border-border bg-surface p-5"
            >
              <dt className="font-bold text-fg">{term.term}</dt>
              <dd className="mt-2 text-muted">{term.definition}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function ClosingCta() {
  const { t } = useT('home');
  const lang = useLang();
  return (
    <section aria-labelledby="home-cta-title" className="section">
      <div className="container">
        <div className="cta-band">
          <h2 id="home-cta-title" className="section-title">
            {t('cta.title')}
          </h2>
          <p className="section-lead mx-auto max-w-2xl">{t('cta.text')}</p>
          <div className="hero-actions justify-center">
            <WaitlistButton />
            <Link to={localePath(lang, 'tools')} className="btn btn-outline btn-lg">
              {t('cta.audit')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

export default function HomePage() {
  return (
    <>
      <Hero />
      <Stats />
      <Explainers />
      <Benefits />
      <WhoItsFor />
      <Glossary />
      <ClosingCta />
      <WaitlistNoscript />
    </>
  );
}
