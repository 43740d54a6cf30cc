import { Link } from 'react-router-dom';
import { SparkIcon } from '../components/Icons.tsx';
import { HomeSections } from '../components/home/HomeSections.tsx';
import { WaitlistButton, WaitlistNoscript } from '../components/Waitlist.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import { localePath } from '../site.ts';

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

export default function HomePage() {
  return (
    <>
      <Hero />
      <HomeSections />
      <WaitlistNoscript />
    </>
  );
}
