import { Link } from 'react-router-dom';
import { SparkIcon } from '../components/Icons.tsx';
import { hydrateLater } from '../components/hydrate-later.tsx';
import { WaitlistButton, WaitlistNoscript } from '../components/Waitlist.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import { localePath } from '../site.ts';

// The sections after the hero are read-only (their links and waitlist button work as plain links
// until then): hydrated later, so the page starts with less code.
const HomeSections = hydrateLater(
  '#key-figures',
  async () => (await import('../components/home/HomeSections.tsx')).HomeSections,
);

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

/** A client navigation here loads the sections' code before the page is shown. */
export const preload = HomeSections.preload;

export default function HomePage() {
  return (
    <>
      <Hero />
      <HomeSections />
      <WaitlistNoscript />
    </>
  );
}
