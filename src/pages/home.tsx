import { Link } from 'react-router-dom';
import { ArrowRight, SparkIcon } from '../components/Icons.tsx';
import { localePath } from '../site.ts';
import { useLang, useT } from '../i18n/hooks.ts';

interface Stat {
  value: string;
  label: string;
}

export default function HomePage() {
  const { t } = useT('home');
  const lang = useLang();
  const stats = t('stats.items', { returnObjects: true }) as Stat[];
  return (
    <>
      <section className="home-hero">
        <div className="container narrow center">
          <p className="eyebrow">
            <SparkIcon width={16} height={16} />
            {t('hero.eyebrow')}
          </p>
          <h1 className="hero-title display">{t('hero.title')}</h1>
          <p className="hero-lead">{t('hero.subtitle')}</p>
          <div className="hero-actions">
            <Link to={localePath(lang, 'contact')} className="btn btn-primary btn-lg">
              {t('common:buttons.joinWaitlist')}
              <ArrowRight width={18} height={18} />
            </Link>
            <Link to={localePath(lang, 'tools')} className="btn btn-outline btn-lg">
              {t('hero.secondary')}
            </Link>
          </div>
        </div>
      </section>
      <section aria-label={t('stats.label')} className="section">
        <ul className="container stats-grid">
          {stats.map((s) => (
            <li key={s.value} className="stat-card">
              <span className="stat-value">{s.value}</span>
              <span className="stat-label">{s.label}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
