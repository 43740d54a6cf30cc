import type { createBrowserRouter } from 'react-router-dom';
import type { PageView } from './analytics/index.ts';
import type { VisitorProfile } from '../lib/visitor.ts';
import { splitLangPath } from '../site.ts';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * What starts with the app and is no part of the page: the service worker (offline pages), registered
 * once the page has loaded, as the service worker's own guidance has it, so that its download never
 * competes with the page's; and the local-only analytics (web-vitals, events), a chunk of its own.
 * Page views of client-side navigations are noted from the start and handed over when analytics
 * starts, so a visitor who moves on quickly is still counted. Failures are silent: analytics must
 * never disturb the visit.
 */
export function startServices(router: Router, visitor: VisitorProfile) {
  let last = window.location.pathname;
  const seen: [PageView, ...PageView[]] = [{ path: last, since: performance.now() }];
  let track: ((path: string) => void) | null = null;
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.pathname === last) return;
    last = state.location.pathname;
    if (track) track(last);
    else seen.push({ path: last, since: performance.now() });
  });
  const registerWorker = () => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
    }
  };
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
  import('./analytics/index.ts').then(
    ({ startAnalytics }) => {
      const lang = splitLangPath(window.location.pathname)?.lang ?? 'en';
      track = startAnalytics({ lang, visitor, views: seen }).trackPageView;
    },
    () => {},
  );
}
