// Browser-side, local-only analytics: page views, events and Web Vitals against fixed thresholds.
// Loaded lazily once the page is interactive; everything stays in this browser's storage.

import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricType } from 'web-vitals';
import type { VisitorProfile } from '../../lib/visitor.ts';
import { isLang, type Lang } from '../../site.ts';
import {
  alertsFor,
  deviceType,
  overallRating,
  RATED_METRICS,
  rateMetric,
  round,
  type RatedMetric,
  type Rating,
} from './rules.ts';
import {
  createStore,
  KEY_PREFIX,
  type AnalyticsStore,
  type EventProperties,
  type PerformanceRecord,
} from './store.ts';

const TTI_AFTER_LOAD_MS = 5000;
const LOG_AFTER_LOAD_MS = 2000;

interface View {
  lang: Lang;
  /** Whether this view already counts as a timed view in the language's mean time on page. */
  timed: boolean;
  /** performance.now() when the current visible stretch began; null while hidden. */
  start: number | null;
}

/** One page load's analytics, from startAnalytics to stop. */
interface Session {
  /** Opened on first use: see startAnalytics. */
  store: AnalyticsStore | null;
  visitor: VisitorProfile;
  lang: Lang;
  view: View | null;
  /** The path of the last recorded view: the same path twice in a row counts once. */
  lastPath: string | null;
  /** Views seen before the store was opened, oldest first, until they are recorded. */
  pending: PageView[];
  stopped: boolean;
}

/** A page shown at `since` (performance.now()). */
export interface PageView {
  path: string;
  since: number;
}

/** What startAnalytics gives its caller: the page load's analytics. */
export interface Analytics {
  /**
   * Records a page view for a client-side navigation. The language comes from the path's prefix.
   * The same path twice in a row counts once.
   */
  trackPageView(path: string): void;
  /** Records a custom event. */
  trackEvent(event: string, properties?: EventProperties): void;
  /** Detaches everything startAnalytics set up; later calls are ignored. */
  stop(): void;
}

const ENGAGEMENT = { high: 'high', medium: 'medium', low: 'low', none: 'low' } as const;

function langOf(path: string): Lang | null {
  const first = path.split('/')[1];
  return isLang(first) ? first : null;
}

function storeOf(session: Session): AnalyticsStore {
  return (session.store ??= createStore());
}

/** Records the views seen before the store was opened, if any; every other write comes after them. */
function recordPending(session: Session): void {
  const pending = session.pending.splice(0);
  for (const view of pending) recordView(session, view);
}

function pauseView(session: Session, at = performance.now()): void {
  recordPending(session);
  const view = session.view;
  if (view?.start == null) return;
  storeOf(session).addTimeOnPage(view.lang, at - view.start, !view.timed);
  view.timed = true;
  view.start = null;
}

function resumeView(session: Session, since = performance.now()): void {
  const view = session.view;
  if (view && view.start == null && document.visibilityState === 'visible') view.start = since;
}

function trackEvent(session: Session, event: string, properties: EventProperties = {}): void {
  if (session.stopped) return;
  recordPending(session);
  const store = storeOf(session);
  store.recordEvent(event, { ...properties, sessionId: store.sessionId() }, session.visitor);
}

function trackPageView(session: Session, path: string): void {
  if (session.stopped) return;
  recordPending(session);
  recordView(session, { path, since: performance.now() });
}

function recordView(session: Session, { path, since }: PageView): void {
  if (path === session.lastPath) {
    resumeView(session, since);
    return;
  }
  session.lastPath = path;
  pauseView(session, since);
  const lang = langOf(path) ?? session.lang;
  const { visitor } = session;
  const store = storeOf(session);
  session.lang = lang;
  trackEvent(session, 'page_view', {
    path,
    lang,
    device: deviceType(navigator.userAgent, window.innerWidth),
  });
  store.recordPageView(lang, visitor);
  if (visitor.isBot) store.recordCrawlerVisit(visitor, path, lang);
  if (visitor.isAICrawler) {
    // What a crawler reads is the only preference we observe; its priority stands for engagement.
    const section = path.split('/').filter(Boolean)[1] ?? 'home';
    store.recordAIInteraction({
      language: lang,
      engagement: ENGAGEMENT[visitor.priority],
      contentPreference: [section],
    });
  }
  session.view = { lang, timed: false, start: null };
  resumeView(session, since);
}

function debugEnabled(): boolean {
  if (import.meta.env.DEV) return true;
  try {
    return window.localStorage.getItem(`${KEY_PREFIX}debug`) === '1';
  } catch {
    return false;
  }
}

function navigationEntry(): PerformanceNavigationTiming | undefined {
  return performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
}

/**
 * Starts collecting for this page load: page views (those the app saw before analytics started, in
 * order, the page loaded first), Core Web Vitals, an approximate TTI, and time on page.
 * Returns the load's Analytics: client navigations' page views, custom events, and stop().
 *
 * Only the observers start here. The first access to browser storage can hold the main thread for
 * tens of milliseconds (a synchronous round trip to the browser process on a cold profile), so the
 * store is opened when something is first written: the performance record due 2 s after load, or
 * earlier if the visitor acts, navigates or leaves. Views are then recorded with their own times.
 */
export function startAnalytics({
  lang,
  visitor,
  views,
}: {
  lang: Lang;
  visitor: VisitorProfile;
  views: [PageView, ...PageView[]];
}): Analytics {
  const pending = [...views];
  const session: Session = {
    store: null,
    visitor,
    lang,
    view: null,
    lastPath: null,
    pending,
    stopped: false,
  };
  // Production must stay silent: the end-to-end tests fail on any console warning.
  let debug: boolean | undefined;
  const values: Partial<Record<RatedMetric, number>> = {};
  let tti: number | null = null;
  let lastLongTaskEnd = 0;
  const timers: ReturnType<typeof setTimeout>[] = [];
  // The load this record belongs to; repeated saves replace the record instead of adding one.
  const timestamp = new Date(performance.timeOrigin || Date.now()).toISOString();
  // The page this load showed first, even if the visitor has moved on since.
  const pageUrl = location.origin + pending[0]!.path;

  const onMetric = (metric: MetricType) => {
    if (!session.stopped) values[metric.name] = metric.value;
  };
  // reportAllChanges keeps LCP, CLS and INP current for the 2 s summary, not only when hidden.
  for (const observe of [onTTFB, onFCP, onLCP, onINP, onCLS]) {
    try {
      observe(onMetric, { reportAllChanges: true });
    } catch {
      /* unsupported in this browser */
    }
  }

  let longTasks: PerformanceObserver | undefined;
  try {
    if (PerformanceObserver.supportedEntryTypes.includes('longtask')) {
      longTasks = new PerformanceObserver((list) => {
        for (const task of list.getEntries())
          lastLongTaskEnd = Math.max(lastLongTaskEnd, task.startTime + task.duration);
      });
      longTasks.observe({ type: 'longtask', buffered: true });
    } else if (debugEnabled())
      console.info('[analytics] long task observer not supported; TTI falls back to the load event');
  } catch {
    // A performance observer this browser does not support is skipped silently: analytics never
    // break the page or show an error.
  }

  function snapshot(): PerformanceRecord {
    const ratings: Partial<Record<RatedMetric, Rating>> = {};
    const measured = {} as Record<RatedMetric, number | null>;
    for (const name of RATED_METRICS) {
      const value = values[name];
      measured[name] = value === undefined ? null : round(name, value);
      if (value !== undefined) ratings[name] = rateMetric(name, value);
    }
    const overall = overallRating(Object.values(ratings));
    return { ...measured, TTI: tti, timestamp, pageUrl, userAgent: navigator.userAgent, ratings, overall };
  }

  function report(log: boolean): void {
    const record = snapshot();
    recordPending(session);
    storeOf(session).savePerformance(record);
    if (!log || !(debug ??= debugEnabled())) return;
    console.info('[analytics] performance', record);
    for (const alert of alertsFor(record, record.overall)) console.warn(`[analytics] ${alert}`);
  }

  // Delays count from the end of the load event, even when this module arrives later than that.
  function afterLoad(ms: number, run: () => void): void {
    const arm = () => {
      const loadEnd = navigationEntry()?.loadEventEnd || performance.now();
      timers.push(setTimeout(() => !session.stopped && run(), Math.max(0, loadEnd + ms - performance.now())));
    };
    if (document.readyState === 'complete') arm();
    else window.addEventListener('load', arm, { once: true });
  }

  afterLoad(LOG_AFTER_LOAD_MS, () => report(true));
  // A simple TTI: the later of the load event end and the end of the last long task so far.
  afterLoad(TTI_AFTER_LOAD_MS, () => {
    longTasks?.disconnect();
    tti = Math.round(Math.max(navigationEntry()?.loadEventEnd ?? 0, lastLongTaskEnd));
    report(false);
  });

  const onVisibility = () =>
    document.visibilityState === 'hidden' ? pauseView(session) : resumeView(session);
  // pagehide rather than unload: unload handlers keep the page out of the back/forward cache.
  const onPageHide = () => {
    pauseView(session);
    report(true);
  };
  const onPageShow = (event: PageTransitionEvent) => event.persisted && resumeView(session);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);

  return {
    trackPageView: (path) => trackPageView(session, path),
    trackEvent: (event, properties) => trackEvent(session, event, properties),
    stop() {
      if (session.stopped) return;
      pauseView(session);
      session.stopped = true;
      timers.forEach(clearTimeout);
      longTasks?.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    },
  };
}
