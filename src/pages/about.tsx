import { BookIcon, ClockIcon, GlobeIcon, TargetIcon } from '../components/home/HomeIcons.tsx';
import { LockIcon, ShieldIcon } from '../components/Icons.tsx';
import { PageHero } from '../components/PageHero.tsx';
import {
  CheckList,
  CopySections,
  CtaBand,
  IconCardGrid,
  StatGrid,
} from '../components/sections/PageBlocks.tsx';
import type { CopySection } from '../components/sections/PageBlocks.tsx';
import { Point } from '../components/sections/Point.tsx';
import { ActionLinks, ArrowLink } from '../components/sections/ActionLinks.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import { useSite } from '../site-context.tsx';
import { localePath } from '../site.ts';

const VALUE_ICONS = [TargetIcon, ShieldIcon, GlobeIcon, LockIcon, BookIcon, ClockIcon] as const;

function Mission() {
  const { t, copy } = useT('about');
  return (
    <section id="mission" aria-labelledby="mission-title" className="section">
      <div className="container grid items-start gap-10 lg:grid-cols-[3fr_2fr]">
        <div>
          <h2 id="mission-title" className="section-title">
            {t('mission.title')}
          </h2>
          <div className="mt-5 grid gap-4 text-lg leading-relaxed">
            {copy('mission.paragraphs').map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </div>
        <div className="card bg-[var(--bg-soft)]">
          <h3 className="card-title">{t('mission.howTitle')}</h3>
          <ol className="grid gap-4">
            {copy('mission.steps').map((step, i) => (
              <Point key={step.title} marker={i + 1} numbered title={step.title} text={step.text} />
            ))}
          </ol>
          <h3 className="mt-2 border-t border-border pt-4 font-semibold">{t('mission.expertiseTitle')}</h3>
          <ul className="flex flex-wrap gap-2">
            {copy('mission.expertise').map((item) => (
              <li key={item} className="badge badge-outline whitespace-normal">
                {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function Values() {
  const { copy } = useT('about');
  return (
    <IconCardGrid
      items={copy('values.items')}
      icons={VALUE_ICONS}
      className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
    />
  );
}

function Metrics() {
  const { copy } = useT('about');
  const { auditChecks, aiCrawlers } = useSite();
  return (
    <StatGrid
      items={copy('metrics.items', { checks: auditChecks, crawlers: aiCrawlers })}
      className="stats-grid md:grid-cols-3"
    />
  );
}

function Careers() {
  const { t, copy } = useT('about');
  const lang = useLang();
  return (
    <div className="card mx-auto max-w-4xl gap-6 md:grid md:grid-cols-2 md:gap-10 md:p-8">
      <div className="grid min-w-0 content-start gap-4">
        <p>{t('careers.text')}</p>
        <h3 className="font-semibold">{t('careers.howTitle')}</h3>
        <p className="muted">{t('careers.how')}</p>
        <p>
          <ArrowLink
            to={`${localePath(lang, 'contact')}?service=other`}
            className="btn btn-primary whitespace-normal"
          >
            {t('careers.apply')}
          </ArrowLink>
        </p>
      </div>
      <div className="grid min-w-0 content-start gap-4">
        <h3 className="font-semibold">{t('careers.profilesTitle')}</h3>
        <CheckList items={copy('careers.profiles')} iconSize={18} />
      </div>
    </div>
  );
}

function ClosingCta() {
  const { t } = useT('about');
  const lang = useLang();
  return (
    <CtaBand titleId="about-cta-title" title={t('cta.title')} text={t('cta.text')}>
      <ActionLinks
        links={[
          { to: localePath(lang, 'contact'), label: t('cta.contact') },
          { to: localePath(lang, 'tools'), label: t('cta.audit') },
        ]}
      />
    </CtaBand>
  );
}

const SECTIONS: readonly CopySection[] = [
  { id: 'values', key: 'values', alt: true, Content: Values },
  { id: 'figures', key: 'metrics', Content: Metrics },
  // The footer links here: the heading must clear the sticky header.
  { id: 'careers', key: 'careers', alt: true, className: 'scroll-mt-16', Content: Careers },
];

export default function AboutPage() {
  const { t } = useT('about');
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')} />
      <Mission />
      <CopySections ns="about" sections={SECTIONS} />
      <ClosingCta />
    </>
  );
}
