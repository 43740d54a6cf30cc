import { Link } from 'react-router-dom';
import { useEffect, type ReactNode } from 'react';
import { ArrowLeft } from '../components/Icons.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import { localePath } from '../site.ts';

/** The frame of every status screen: the status code if shown, the h1, the text and the buttons. */
function StatusScreen({
  code,
  title,
  text,
  children,
}: {
  code?: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section className="status-screen">
      {code ? (
        <p className="status-code" aria-hidden="true">
          {code}
        </p>
      ) : null}
      <h1>{title}</h1>
      <p className="hero-lead">{text}</p>
      <div className="hero-actions">{children}</div>
    </section>
  );
}

/** Reloads the current document: `href=""` works even when the app does not. */
function RefreshLink({ children }: { children: ReactNode }) {
  return (
    <a href="" className="btn btn-primary" data-action="refresh">
      {children}
    </a>
  );
}

/** The 404 screen: "Return home" goes to /, "Go back" steps back in history. */
export function NotFoundScreen() {
  const { t } = useT('common');
  useEffect(() => {
    console.warn('404: no page at', window.location.pathname);
  }, []);
  return (
    <StatusScreen code="404" title={t('notFound.title')} text={t('notFound.text')}>
      <Link to="/" reloadDocument className="btn btn-primary">
        {t('notFound.home')}
      </Link>
      <button type="button" className="btn btn-outline" onClick={() => window.history.back()}>
        <ArrowLeft width={18} height={18} />
        {t('notFound.back')}
      </button>
    </StatusScreen>
  );
}

/** The render-failure screen. Plain links and a button: it must work even when the app does not. */
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
    <StatusScreen title={title} text={text}>
      <RefreshLink>{refresh}</RefreshLink>
      <a href="/" className="btn btn-outline">
        {home}
      </a>
    </StatusScreen>
  );
}

/** Shown by the service worker for a page that was never visited, when the network is gone. */
export function OfflineScreen() {
  const { t } = useT('common');
  const lang = useLang();
  return (
    <StatusScreen title={t('offline.title')} text={t('offline.text')}>
      <RefreshLink>{t('offline.retry')}</RefreshLink>
      <Link to={localePath(lang)} className="btn btn-outline">
        {t('offline.home')}
      </Link>
    </StatusScreen>
  );
}
