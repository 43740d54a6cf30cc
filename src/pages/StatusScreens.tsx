import { Link } from 'react-router-dom';
import { useEffect } from 'react';
import { ArrowLeft } from '../components/Icons.tsx';
import { useT } from '../i18n/hooks.ts';

/** The spec's 404 screen: Return Home goes to /, Go Back steps back in history. */
export function NotFoundScreen() {
  const { t } = useT('common');
  useEffect(() => {
    console.warn('404: no page at', window.location.pathname);
  }, []);
  return (
    <section className="status-screen">
      <p className="status-code" aria-hidden="true">404</p>
      <h1>{t('notFound.title')}</h1>
      <p className="hero-lead">{t('notFound.text')}</p>
      <div className="hero-actions">
        <Link to="/" reloadDocument className="btn btn-primary">
          {t('notFound.home')}
        </Link>
        <button type="button" className="btn btn-outline" onClick={() => window.history.back()}>
          <ArrowLeft width={18} height={18} />
          {t('notFound.back')}
        </button>
      </div>
    </section>
  );
}

/** The spec's render-failure screen. Plain links and a button: it must work even when the app does not. */
export function ErrorScreen({ title, text, refresh, home }: { title: string; text: string; refresh: string; home: string }) {
  return (
    <section className="status-screen">
      <h1>{title}</h1>
      <p className="hero-lead">{text}</p>
      <div className="hero-actions">
        <a href="" className="btn btn-primary" data-action="refresh">
          {refresh}
        </a>
        <a href="/" className="btn btn-outline">
          {home}
        </a>
      </div>
    </section>
  );
}
