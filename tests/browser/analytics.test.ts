import { describe, expect, it } from 'vitest';
import {
  AI_INTERACTIONS_CAP,
  alertsFor,
  appendCapped,
  CRAWLER_VISITS_CAP,
  deviceType,
  EVENT_LIST_CAP,
  EVENT_LOG_CAP,
  overallRating,
  rateMetric,
  STORED_AI_ANALYTICS_CAP,
  THRESHOLDS,
  type MetricName,
  type Rating,
} from '../../src/browser/analytics/rules.ts';
import {
  createStore,
  KEY_PREFIX,
  type PerformanceRecord,
  type StorageLike,
} from '../../src/browser/analytics/store.ts';
import { classifyVisitor, HUMAN } from '../../src/lib/visitor.ts';

class MemoryStorage implements StorageLike {
  readonly data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value));
  }
}

/** Storage the browser has disabled: every access throws, as Safari's private mode once did. */
const brokenStorage: StorageLike = {
  getItem() {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem() {
    throw new DOMException('denied', 'SecurityError');
  },
};

/** Readable but full. */
class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('full', 'QuotaExceededError');
  }
}

const fresh = () => {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  return { local, session, store: createStore({ local, session, now: () => Date.UTC(2025, 5, 1) }) };
};

const GPTBOT = classifyVisitor(
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
);

describe('rateMetric', () => {
  const edges: [MetricName, number, number][] = [
    ['TTFB', 800, 1800],
    ['FCP', 1800, 3000],
    ['LCP', 2500, 4000],
    ['INP', 200, 500],
    ['FID', 100, 300],
    ['CLS', 0.1, 0.25],
  ];

  it.each(edges)('%s: good up to %d, poor above %d', (name, good, poor) => {
    expect(THRESHOLDS[name]).toEqual([good, poor]);
    const step = name === 'CLS' ? 0.001 : 1;
    expect(rateMetric(name, 0)).toBe('good');
    expect(rateMetric(name, good)).toBe('good');
    expect(rateMetric(name, good + step)).toBe('needs-improvement');
    expect(rateMetric(name, poor)).toBe('needs-improvement');
    expect(rateMetric(name, poor + step)).toBe('poor');
  });
});

describe('overallRating', () => {
  const of = (good: number, other: number, rest: Rating = 'poor'): Rating[] => [
    ...Array<Rating>(good).fill('good'),
    ...Array<Rating>(other).fill(rest),
  ];

  it('is good from 75% good, needs-improvement from 50%, else poor', () => {
    expect(overallRating(of(4, 0))).toBe('good');
    expect(overallRating(of(3, 1))).toBe('good');
    expect(overallRating(of(2, 2))).toBe('needs-improvement');
    expect(overallRating(of(1, 3, 'needs-improvement'))).toBe('poor');
    expect(overallRating(of(0, 4))).toBe('poor');
    // Five metrics: 4 of 5 is 80%, 3 of 5 is 60%, 2 of 5 is 40%.
    expect(overallRating(of(4, 1))).toBe('good');
    expect(overallRating(of(3, 2))).toBe('needs-improvement');
    expect(overallRating(of(2, 3))).toBe('poor');
  });

  it('counts only measured metrics, and rates nothing when nothing is measured', () => {
    expect(overallRating(['good', undefined, undefined, 'good', 'poor'])).toBe('needs-improvement');
    expect(overallRating(['good', undefined])).toBe('good');
    expect(overallRating([])).toBeNull();
    expect(overallRating([undefined, undefined])).toBeNull();
  });
});

describe('alertsFor', () => {
  it('flags CLS above 0.1, LCP above 2500, TTFB above 1800 and an overall poor rating', () => {
    expect(alertsFor({ CLS: 0.1, LCP: 2500, TTFB: 1800 }, 'good')).toEqual([]);
    const alerts = alertsFor({ CLS: 0.1004, LCP: 2501, TTFB: 1801, FCP: 9000 }, 'poor');
    expect(alerts).toHaveLength(4);
    expect(alerts[0]).toMatch(/^CLS .* above 0\.1$/);
    expect(alerts[1]).toMatch(/^LCP 2501 ms is above 2500 ms$/);
    expect(alerts[2]).toMatch(/^TTFB 1801 ms is above 1800 ms$/);
    expect(alerts[3]).toMatch(/poor/);
  });

  it('ignores unmeasured metrics and a missing overall rating', () => {
    expect(alertsFor({ CLS: null }, null)).toEqual([]);
    expect(alertsFor({ TTFB: 1000 }, 'needs-improvement')).toEqual([]);
  });
});

describe('deviceType', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const IPAD =
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const ANDROID_PHONE =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
  const ANDROID_TABLET =
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const DESKTOP =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

  it('tells phones and tablets apart by user agent, whatever the width', () => {
    expect(deviceType(IPHONE, 390)).toBe('mobile');
    expect(deviceType(IPHONE, 844)).toBe('mobile');
    expect(deviceType(ANDROID_PHONE, 412)).toBe('mobile');
    expect(deviceType(IPAD, 1366)).toBe('tablet');
    expect(deviceType(ANDROID_TABLET, 1280)).toBe('tablet');
  });

  it('counts a desktop user agent 768 to 1024 pixels wide as a tablet', () => {
    expect(deviceType(DESKTOP, 767)).toBe('desktop');
    expect(deviceType(DESKTOP, 768)).toBe('tablet');
    expect(deviceType(DESKTOP, 1024)).toBe('tablet');
    expect(deviceType(DESKTOP, 1025)).toBe('desktop');
  });
});

describe('appendCapped', () => {
  it('keeps the newest entries up to the cap without touching the input', () => {
    const list = [1, 2, 3];
    expect(appendCapped(list, 4, 3)).toEqual([2, 3, 4]);
    expect(appendCapped(list, 4, 10)).toEqual([1, 2, 3, 4]);
    expect(list).toEqual([1, 2, 3]);
  });

  it('uses the spec caps', () => {
    expect([
      EVENT_LOG_CAP,
      AI_INTERACTIONS_CAP,
      EVENT_LIST_CAP,
      STORED_AI_ANALYTICS_CAP,
      CRAWLER_VISITS_CAP,
    ]).toEqual([500, 1000, 1000, 100, 100]);
  });
});

describe('analytics store', () => {
  it('records events with bot information, under the key prefix only', () => {
    const { local, session, store } = fresh();
    const human = store.recordEvent('cta_click', { id: 'hero' }, HUMAN);
    expect(human).toEqual({
      event: 'cta_click',
      properties: { id: 'hero' },
      timestamp: '2025-06-01T00:00:00.000Z',
      isBot: false,
      botInfo: null,
    });
    const bot = store.recordEvent('page_view', { path: '/en' }, GPTBOT);
    expect(bot.isBot).toBe(true);
    expect(bot.botInfo).toEqual({
      name: 'GPTBot',
      category: 'training',
      priority: 'high',
      isAICrawler: true,
      operator: 'OpenAI',
    });
    expect(store.events()).toEqual([human, bot]);
    expect(store.eventLog()).toEqual([human, bot]);
    for (const key of [...local.data.keys(), ...session.data.keys()])
      expect(key.startsWith(KEY_PREFIX)).toBe(true);
  });

  it('keeps the last 500 events for the session and the last 1000 across sessions', () => {
    const { store } = fresh();
    for (let i = 0; i < 1001; i++) store.recordEvent(`e${i}`, {}, HUMAN);
    const log = store.eventLog();
    expect(log).toHaveLength(500);
    expect(log[0]?.event).toBe('e501');
    const events = store.events();
    expect(events).toHaveLength(1000);
    expect(events[0]?.event).toBe('e1');
    expect(events.at(-1)?.event).toBe('e1000');
  });

  it('keeps the last 1000 AI interactions for the session and stores the last 100', () => {
    const { store } = fresh();
    for (let i = 0; i < 1001; i++)
      store.recordAIInteraction({ language: 'en', engagement: 'high', contentPreference: [`p${i}`] });
    expect(store.aiInteractions()).toHaveLength(1000);
    expect(store.aiInteractions()[0]?.contentPreference).toEqual(['p1']);
    expect(store.storedAIAnalytics()).toHaveLength(100);
    expect(store.storedAIAnalytics()[0]?.contentPreference).toEqual(['p901']);
  });

  it('stores the last 100 crawler visits, and none for people', () => {
    const { store } = fresh();
    store.recordCrawlerVisit(HUMAN, '/en', 'en');
    expect(store.crawlerVisits()).toEqual([]);
    for (let i = 0; i < 101; i++) store.recordCrawlerVisit(GPTBOT, `/en/blog/${i}`, 'en');
    const visits = store.crawlerVisits();
    expect(visits).toHaveLength(100);
    expect(visits[0]).toMatchObject({ name: 'GPTBot', path: '/en/blog/1', language: 'en' });
  });

  it('replaces the performance record of the same page load', () => {
    const { store } = fresh();
    const record: PerformanceRecord = {
      TTFB: 120,
      FCP: null,
      LCP: null,
      INP: null,
      CLS: null,
      TTI: null,
      timestamp: '2025-06-01T00:00:00.000Z',
      pageUrl: 'https://example.com/en',
      userAgent: 'UA',
      ratings: { TTFB: 'good' },
      overall: 'good',
    };
    store.savePerformance(record);
    store.savePerformance({ ...record, LCP: 1500, ratings: { TTFB: 'good', LCP: 'good' } });
    store.savePerformance({ ...record, timestamp: '2025-06-02T00:00:00.000Z' });
    const saved = store.performance();
    expect(saved).toHaveLength(2);
    expect(saved[0]?.LCP).toBe(1500);
  });

  it('derives per-language page views, bounce rate, time on page and AI crawler visits', () => {
    const local = new MemoryStorage();
    const visit = (pages: ('en' | 'fr')[], visitor = HUMAN) => {
      const store = createStore({ local, session: new MemoryStorage() });
      for (const lang of pages) store.recordPageView(lang, visitor);
      return store;
    };
    visit(['en']); // a bounce
    visit(['en', 'fr', 'en']); // not a bounce; its session counts for English, where it began
    const store = visit(['fr'], GPTBOT);
    store.addTimeOnPage('fr', 3000, true);
    store.addTimeOnPage('fr', 1000, false); // the same view again after the tab came back
    store.addTimeOnPage('fr', 2000, true);

    const en = store.languageAnalytics('en');
    expect(en).toMatchObject({
      language: 'en',
      pageViews: 3,
      bounceRate: 0.5,
      timeOnPage: 0,
      aiCrawlerVisits: 0,
      searchRankings: {},
    });
    expect(Object.keys(en).sort()).toEqual([
      'aiCrawlerVisits',
      'bounceRate',
      'language',
      'lastUpdated',
      'pageViews',
      'searchRankings',
      'timeOnPage',
    ]);
    expect(store.languageAnalytics('fr')).toMatchObject({
      pageViews: 2,
      bounceRate: 1,
      timeOnPage: 3000,
      aiCrawlerVisits: 1,
    });
  });

  it('keeps the session id stable within a session and new for another', () => {
    const session = new MemoryStorage();
    const id = createStore({ local: new MemoryStorage(), session }).sessionId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(createStore({ local: new MemoryStorage(), session }).sessionId()).toBe(id);
    expect(createStore({ session: new MemoryStorage() }).sessionId()).not.toBe(id);
  });

  it('never throws when storage is disabled, full, corrupted or missing', () => {
    for (const [local, session] of [
      [brokenStorage, brokenStorage],
      [new FullStorage(), new FullStorage()],
      [null, null],
    ] as const) {
      const store = createStore({ local, session });
      const id = store.sessionId();
      expect(store.sessionId()).toBe(id); // kept in memory for the page instead
      expect(() => {
        store.recordEvent('page_view', { path: '/en' }, GPTBOT);
        store.recordAIInteraction({ language: 'fr', engagement: 'low', contentPreference: [] });
        store.recordCrawlerVisit(GPTBOT, '/fr', 'fr');
        store.recordPageView('en', GPTBOT);
        store.addTimeOnPage('en', 10, true);
        store.savePerformance({} as PerformanceRecord);
        store.events();
        store.languageAnalytics('fr');
      }).not.toThrow();
    }

    const local = new MemoryStorage();
    const session = new MemoryStorage();
    for (const key of ['events', 'ai', 'crawlers', 'perf', 'lang.en'])
      local.setItem(KEY_PREFIX + key, '{not json');
    session.setItem(`${KEY_PREFIX}log`, '{"an":"object"}');
    local.setItem(`${KEY_PREFIX}lang.fr`, '{"pageViews":"many","bounces":null}');
    const store = createStore({ local, session });
    expect(store.events()).toEqual([]);
    expect(store.eventLog()).toEqual([]);
    store.recordEvent('page_view', {}, HUMAN);
    expect(store.events()).toHaveLength(1);
    store.recordPageView('fr', HUMAN);
    expect(store.languageAnalytics('fr')).toMatchObject({ pageViews: 1, bounceRate: 1 });
    local.setItem(`${KEY_PREFIX}perf`, '[null, 3, "x"]');
    expect(() => store.savePerformance({ timestamp: 't', pageUrl: 'u' } as PerformanceRecord)).not.toThrow();
    expect(store.performance()).toHaveLength(1);
  });

  it('works without any browser storage when run outside a browser', () => {
    const store = createStore();
    store.recordEvent('x', {}, HUMAN);
    expect(store.events()).toHaveLength(1);
  });
});
