import { Link } from 'react-router-dom';
import { useEffect } from 'react';
import { ArrowLeft } from '../components/Icons.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import { localePath } from '../site.ts';

/** The spec's 404 screen: Return Home goes to /, Go Back steps back in history. */
export function NotFoundScreen() {
  const { t } = useT('common');
  useEffect(() => {
    console.warn('404: no page at', window.location.pathname);
  }, []);
  return (
    <section className="status-screen">
      <p className="status-code" aria-hidden="true">
        404
      </p>
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
export function ErrorScreen({
  title,
  text,
  refresh,
  home,
}: {
  title: string;
  text: string;
  refresh: string;
  home: string;
}) {
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

/** Shown by the service worker for a page that was never visited, when the network is gone. */
export function OfflineScreen() {
  const { t } = useT('common');
  const lang = useLang();
  return (
    <section className="status-screen">
      <h1>{t('offline.title')}</h1>
      <p className="hero-lead">{t('offline.text')}</p>
      <div className="hero-actions">
        <a href="" className="btn btn-primary" data-action="refresh">
          {t('offline.retry')}
        </a>
        <Link to={localePath(lang)} className="btn btn-outline">
          {t('offline.home')}
        </Link>
      </div>
    </section>
  );
}
