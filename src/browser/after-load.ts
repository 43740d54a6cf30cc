import type { createBrowserRouter } from 'react-router-dom';
import type { PageView } from './analytics/index.ts';
import type { VisitorProfile } from '../lib/visitor.ts';
import { splitLangPath } from '../site.ts';
import { onEngaged, onIdle } from '../lib/idle.ts';
import { LAZY_LAYOUT_CLASS } from '../lib/lazy-layout.ts';

type Router = ReturnType<typeof createBrowserRouter>;

/** Runs work once the page is loaded and the main thread is idle: it never competes with first paint. */
function whenIdle(work: () => void) {
  const schedule = () => void onIdle(work, 4000, 1500);
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}

/**
 * After hydration, off the critical path: the service worker (offline pages) and the local-only
 * analytics (web-vitals, events) when the browser is idle, and the modules in `warm` (what client
 * navigations need) once the visitor starts using the page (decision 047), all loaded lazily so they
 * cost nothing in the initial bundle.
 * Page views of client-side navigations are noted from the start and handed over when analytics
 * starts, so a visitor who moves on quickly is still counted. Failures are silent: analytics must never
 * disturb the visit.
 */
export function afterLoad(router: Router, visitor: VisitorProfile, warm: (() => Promise<unknown>)[] = []) {
  let last = window.location.pathname;
  const seen: [PageView, ...PageView[]] = [{ path: last, since: performance.now() }];
  let track: ((path: string) => void) | null = null;
  router.subscribe((state) => {
    // The first client navigation ends the first page's lazy layout: what the app renders, and the
    // scroll positions it restores, are laid out in full.
    if (state.navigation.state !== 'idle' || state.location.pathname !== last) {
      document.documentElement.classList.remove(LAZY_LAYOUT_CLASS);
    }
    if (state.navigation.state !== 'idle' || state.location.pathname === last) return;
    last = state.location.pathname;
    if (track) track(last);
    else seen.push({ path: last, since: performance.now() });
  });
  // Modules the next client navigation will need, fetched once the visitor is using the page and
  // nothing else is waiting (a navigation that comes first fetches what it needs itself).
  onEngaged(() => whenIdle(() => warm.forEach((load) => load().catch(() => {}))));
  whenIdle(() => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
    }
    import('./analytics/index.ts')
      .then(({ startAnalytics }) =>
        // Loading the module and starting it are two idle tasks, not one long one.
        whenIdle(() => {
          const lang = splitLangPath(window.location.pathname)?.lang ?? 'en';
          track = startAnalytics({ lang, visitor, views: seen }).trackPageView;
        }),
      )
      .catch(() => {});
  });
}
