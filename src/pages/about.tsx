import { Link } from 'react-router-dom';
import { BookIcon, ClockIcon, GlobeIcon, TargetIcon } from '../components/home/icons.tsx';
import { ArrowRight, CheckIcon, LockIcon, ShieldIcon } from '../components/Icons.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Section } from '../components/ui.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import { localePath } from '../site.ts';

interface Titled {
  title: string;
  text: string;
}
interface Metric {
  value: string;
  label: string;
}

const VALUE_ICONS = [TargetIcon, ShieldIcon, GlobeIcon, LockIcon, BookIcon, ClockIcon];

function Mission() {
  const { t } = useT('about');
  const paragraphs = t('mission.paragraphs', { returnObjects: true }) as string[];
  const steps = t('mission.steps', { returnObjects: true }) as Titled[];
  const expertise = t('mission.expertise', { returnObjects: true }) as string[];
  return (
    <section id="mission" aria-labelledby="mission-title" className="section">
      <div className="container grid items-start gap-10 lg:grid-cols-[3fr_2fr]">
        <div>
          <h2 id="mission-title" className="section-title">
            {t('mission.title')}
          </h2>
          <div className="mt-5 grid gap-4 text-lg leading-relaxed">
            {paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </div>
        <div className="card bg-[var(--bg-soft)]">
          <h3 className="card-title">{t('mission.howTitle')}</h3>
          <ol className="grid gap-4">
            {steps.map((step, i) => (
              <li key={step.title} className="flex gap-3">
                <span className="card-icon shrink-0 font-bold" aria-hidden="true">
                  {i + 1}
                </span>
                <span>
                  <strong className="block">{step.title}</strong>
                  <span className="muted">{step.text}</span>
                </span>
              </li>
            ))}
          </ol>
          <h3 className="mt-2 border-t border-border pt-4 font-semibold">{t('mission.expertiseTitle')}</h3>
          <ul className="flex flex-wrap gap-2">
            {expertise.map((item) => (
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
  const { t } = useT('about');
  const items = t('values.items', { returnObjects: true }) as Titled[];
  return (
    <Section id="values" title={t('values.title')} lead={t('values.lead')} alt>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, i) => {
          const Icon = VALUE_ICONS[i % VALUE_ICONS.length]!;
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

function Metrics() {
  const { t } = useT('about');
  const items = t('metrics.items', { returnObjects: true }) as Metric[];
  return (
    <Section id="figures" title={t('metrics.title')} lead={t('metrics.lead')}>
      <ul className="stats-grid md:grid-cols-3">
        {items.map((m) => (
          <li key={m.label} className="stat-card">
            <span className="stat-value">{m.value}</span>
            <span className="stat-label">{m.label}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Careers() {
  const { t } = useT('about');
  const lang = useLang();
  const profiles = t('careers.profiles', { returnObjects: true }) as string[];
  // Own markup rather than <Section>: the footer links here, so the heading must clear the sticky header.
  return (
    <section id="careers" aria-labelledby="careers-title" className="section section-alt scroll-mt-16">
      <div className="container">
        <div className="section-head">
          <h2 id="careers-title" className="section-title">
            {t('careers.title')}
          </h2>
          <p className="section-lead">{t('careers.lead')}</p>
        </div>
        <div className="card mx-auto max-w-4xl gap-6 md:grid md:grid-cols-2 md:gap-10 md:p-8">
          <div className="grid min-w-0 content-start gap-4">
            <p>{t('careers.text')}</p>
            <h3 className="font-semibold">{t('careers.howTitle')}</h3>
            <p className="muted">{t('careers.how')}</p>
            <p>
              <Link
                to={`${localePath(lang, 'contact')}?service=other`}
                className="btn btn-primary whitespace-normal"
              >
                {t('careers.apply')}
                <ArrowRight width={18} height={18} />
              </Link>
            </p>
          </div>
          <div className="grid min-w-0 content-start gap-4">
            <h3 className="font-semibold">{t('careers.profilesTitle')}</h3>
            <ul className="check-list">
              {profiles.map((p) => (
                <li key={p}>
                  <CheckIcon width={18} height={18} />
                  <span>{p}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

function ClosingCta() {
  const { t } = useT('about');
  const lang = useLang();
  return (
    <section aria-labelledby="about-cta-title" className="section">
      <div className="container">
        <div className="cta-band">
          <h2 id="about-cta-title" className="section-title">
            {t('cta.title')}
          </h2>
          <p className="section-lead mx-auto max-w-2xl">{t('cta.text')}</p>
          <div className="hero-actions justify-center">
            <Link to={localePath(lang, 'contact')} className="btn btn-primary btn-lg">
              {t('cta.contact')}
              <ArrowRight width={18} height={18} />
            </Link>
            <Link to={localePath(lang, 'tools')} className="btn btn-outline btn-lg">
              {t('cta.audit')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

export default function AboutPage() {
  const { t } = useT('about');
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')} />
      <Mission />
      <Values />
      <Metrics />
      <Careers />
      <ClosingCta />
    </>
  );
}
