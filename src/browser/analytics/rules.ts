// The local analytics' rules (each metric's rating, the page's overall rating, alerts, and the caps
// on what is kept) as pure functions, so they can be tested without a browser and shared by the
// store and the collector.

export type Rating = 'good' | 'needs-improvement' | 'poor';
export type DeviceType = 'mobile' | 'tablet' | 'desktop';

/** Core Web Vitals the collector measures. INP replaces FID, which web-vitals no longer reports. */
export const RATED_METRICS = ['TTFB', 'FCP', 'LCP', 'INP', 'CLS'] as const;
export type RatedMetric = (typeof RATED_METRICS)[number];
export type MetricName = RatedMetric | 'FID';

/**
 * [good limit, poor above], in ms except CLS (unitless): Google's Core Web Vitals thresholds
 * (web.dev, "Web Vitals"), the ones the web-vitals library rates with. FID stays for readers of
 * older records.
 */
export const THRESHOLDS: Readonly<Record<MetricName, readonly [number, number]>> = {
  TTFB: [800, 1800],
  FCP: [1800, 3000],
  LCP: [2500, 4000],
  FID: [100, 300],
  INP: [200, 500],
  CLS: [0.1, 0.25],
};

// Caps on what is kept. The "log" and "interactions" lists live for one browser session, the "list"
// and "stored" ones in local storage across sessions (see store.ts).
export const EVENT_LOG_CAP = 500;
export const AI_INTERACTIONS_CAP = 1000;
export const EVENT_LIST_CAP = 1000;
export const STORED_AI_ANALYTICS_CAP = 100;
export const CRAWLER_VISITS_CAP = 100;
/** Performance records, one per page load: kept as small as the other stored lists. */
export const PERFORMANCE_RECORDS_CAP = 100;

/** Same boundaries as web-vitals: a value equal to a limit is still on the better side of it. */
export function rateMetric(name: MetricName, value: number): Rating {
  const [good, poor] = THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/**
 * Unmeasured metrics (undefined) do not count either way. With nothing measured there is nothing
 * to rate, so the result is null rather than a verdict that would raise a false "poor" alert.
 */
export function overallRating(ratings: readonly (Rating | undefined)[]): Rating | null {
  const measured = ratings.filter((r) => r !== undefined);
  if (measured.length === 0) return null;
  const good = measured.filter((r) => r === 'good').length;
  // Integer comparisons: 3 of 4 must be exactly 75%, with no floating-point doubt.
  if (good * 4 >= measured.length * 3) return 'good';
  return good * 2 >= measured.length ? 'needs-improvement' : 'poor';
}

export type MeasuredValues = Partial<Record<MetricName, number | null>>;

/** Alerts: LCP and CLS alert past their good limit, TTFB only past its poor limit. */
export function alertsFor(metrics: MeasuredValues, overall: Rating | null): string[] {
  const alerts: string[] = [];
  const over = (name: MetricName, limit: number, unit: string) => {
    const value = metrics[name];
    if (typeof value === 'number' && value > limit) {
      alerts.push(`${name} ${round(name, value)}${unit} is above ${limit}${unit}`);
    }
  };
  over('CLS', THRESHOLDS.CLS[0], '');
  over('LCP', THRESHOLDS.LCP[0], ' ms');
  over('TTFB', THRESHOLDS.TTFB[1], ' ms');
  if (overall === 'poor') alerts.push('Overall performance rating is poor');
  return alerts;
}

export function round(name: MetricName | 'TTI', value: number): number {
  return name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
}

// Android tablets omit "Mobile" from their user agent; iPads say "Mobile" but also "iPad", so the
// tablet test has to come first. iPadOS 13+ reports a desktop Mac user agent: the width rule is
// what catches those.
const TABLET_UA = /ipad|tablet|playbook|silk|kindle|android(?!.*mobi)/i;
const MOBILE_UA = /mobi|iphone|ipod|android|blackberry|opera mini|iemobile|windows phone/i;

export function deviceType(userAgent: string, width: number): DeviceType {
  if (TABLET_UA.test(userAgent)) return 'tablet';
  if (MOBILE_UA.test(userAgent)) return 'mobile';
  return width >= 768 && width <= 1024 ? 'tablet' : 'desktop';
}

/** A new array ending with item and holding at most cap entries, oldest dropped first. */
export function appendCapped<T>(list: readonly T[], item: T, cap: number): T[] {
  const next = [...list, item];
  return next.length > cap ? next.slice(next.length - cap) : next;
}
