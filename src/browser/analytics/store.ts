// Local-only analytics storage ("Analytics stay in browser storage and are not sent
// anywhere"). Every call is best effort: storage may be disabled, full or hold corrupted JSON, and
// analytics must never break the page or show an error, so nothing here throws.
//
// Layout, all keys under KEY_PREFIX:
//   session storage  log        events of this session (EVENT_LOG_CAP)
//                    ai         AI interactions of this session (AI_INTERACTIONS_CAP)
//                    session    session id
//                    views, first  page views of this session and its first language (bounce rate)
//   local storage    events     events across sessions (EVENT_LIST_CAP)
//                    ai         AI interactions across sessions (STORED_AI_ANALYTICS_CAP)
//                    crawlers   crawler visits (CRAWLER_VISITS_CAP)
//                    perf       one record per page load (PERFORMANCE_RECORDS_CAP)
//                    lang.en, lang.fr  per-language analytics

import type { VisitorProfile } from '../../lib/visitor.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../../site.ts';
import {
  AI_INTERACTIONS_CAP,
  appendCapped,
  CRAWLER_VISITS_CAP,
  EVENT_LIST_CAP,
  EVENT_LOG_CAP,
  PERFORMANCE_RECORDS_CAP,
  STORED_AI_ANALYTICS_CAP,
  type RatedMetric,
  type Rating,
} from './rules.ts';

export const KEY_PREFIX = 'geo.analytics.';

export type EventProperties = Record<string, string | number | boolean | null>;
export type BotInfo = Pick<VisitorProfile, 'name' | 'category' | 'priority' | 'isAICrawler' | 'operator'>;

export interface AnalyticsEvent {
  event: string;
  properties: EventProperties;
  /** ISO 8601, like every timestamp here. */
  timestamp: string;
  isBot: boolean;
  botInfo: BotInfo | null;
}

export interface AIInteraction {
  language: Lang;
  engagement: 'high' | 'medium' | 'low';
  contentPreference: string[];
  timestamp: string;
}

/** Milliseconds, except CLS; null until measured (or when the browser cannot measure it). */
export interface PerformanceRecord extends Record<RatedMetric | 'TTI', number | null> {
  timestamp: string;
  pageUrl: string;
  userAgent: string;
  ratings: Partial<Record<RatedMetric, Rating>>;
  overall: Rating | null;
}

export interface CrawlerVisit extends BotInfo {
  path: string;
  language: Lang;
  timestamp: string;
}

export interface LanguageAnalytics {
  language: Lang;
  pageViews: number;
  /** Share (0 to 1) of this language's sessions that saw a single page. */
  bounceRate: number;
  /** Mean visible time per page view, in ms. */
  timeOnPage: number;
  aiCrawlerVisits: number;
  /** Nothing local can know a search ranking; kept empty rather than invented. */
  searchRankings: Record<string, number>;
  lastUpdated: string;
}

/** The raw counters the derived rates come from, stored alongside them. */
interface StoredLanguage extends LanguageAnalytics {
  sessions: number;
  bounces: number;
  timedViews: number;
  totalTime: number;
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export interface StoreOptions {
  /** Default: window.localStorage, when reachable. */
  local?: StorageLike | null;
  /** Default: window.sessionStorage, when reachable. */
  session?: StorageLike | null;
  now?: () => number;
}

// Merely reading window.localStorage throws a SecurityError when the browser blocks storage.
function reach(name: 'localStorage' | 'sessionStorage'): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null;
  }
}

function newId(): string {
  try {
    // randomUUID exists only in secure contexts (https or localhost).
    if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  } catch {
    /* fall through */
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function botInfoOf(visitor: VisitorProfile): BotInfo | null {
  if (!visitor.isBot) return null;
  const { name, category, priority, isAICrawler, operator } = visitor;
  return { name, category, priority, isAICrawler, operator };
}

export type AnalyticsStore = ReturnType<typeof createStore>;

type Tier = 'local' | 'session';

export function createStore(options: StoreOptions = {}) {
  const storages: Record<Tier, StorageLike | null> = {
    local: options.local === undefined ? reach('localStorage') : options.local,
    session: options.session === undefined ? reach('sessionStorage') : options.session,
  };
  const now = options.now ?? Date.now;
  const iso = () => new Date(now()).toISOString();
  // What could not be written stays usable for this page, e.g. a stable session id.
  const memory = new Map<string, string>();

  function read(tier: Tier, key: string): string | null {
    try {
      const value = storages[tier]?.getItem(KEY_PREFIX + key);
      if (value != null) return value;
    } catch {
      /* disabled */
    }
    return memory.get(`${tier}:${key}`) ?? null;
  }

  function write(tier: Tier, key: string, value: string): void {
    try {
      const storage = storages[tier];
      if (storage) {
        storage.setItem(KEY_PREFIX + key, value);
        return;
      }
    } catch {
      /* disabled or quota exceeded */
    }
    memory.set(`${tier}:${key}`, value);
  }

  function readJson<T>(tier: Tier, key: string, valid: (v: unknown) => boolean, fallback: T): T {
    try {
      const parsed: unknown = JSON.parse(read(tier, key) ?? 'null');
      return valid(parsed) ? (parsed as T) : fallback;
    } catch {
      return fallback;
    }
  }

  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

  // Every stored entry is an object; anything else in the array is damage and is dropped.
  const list = <T>(tier: Tier, key: string): T[] =>
    readJson<unknown[]>(tier, key, Array.isArray, []).filter(isObject) as T[];

  function append<T>(tier: Tier, key: string, item: T, cap: number): void {
    write(tier, key, JSON.stringify(appendCapped(list<T>(tier, key), item, cap)));
  }

  function language(lang: Lang): StoredLanguage {
    const stored = readJson<Partial<StoredLanguage>>('local', `lang.${lang}`, isObject, {});
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
    return {
      language: lang,
      pageViews: num(stored.pageViews),
      bounceRate: num(stored.bounceRate),
      timeOnPage: num(stored.timeOnPage),
      aiCrawlerVisits: num(stored.aiCrawlerVisits),
      searchRankings: {},
      lastUpdated: typeof stored.lastUpdated === 'string' ? stored.lastUpdated : iso(),
      sessions: num(stored.sessions),
      bounces: num(stored.bounces),
      timedViews: num(stored.timedViews),
      totalTime: num(stored.totalTime),
    };
  }

  function updateLanguage(lang: Lang, change: (l: StoredLanguage) => void): void {
    const l = language(lang);
    change(l);
    l.bounceRate = l.sessions ? l.bounces / l.sessions : 0;
    l.timeOnPage = l.timedViews ? Math.round(l.totalTime / l.timedViews) : 0;
    l.lastUpdated = iso();
    write('local', `lang.${lang}`, JSON.stringify(l));
  }

  return {
    sessionId(): string {
      let id = read('session', 'session');
      if (!id) {
        id = newId();
        write('session', 'session', id);
      }
      return id;
    },

    recordEvent(event: string, properties: EventProperties, visitor: VisitorProfile): AnalyticsEvent {
      const entry: AnalyticsEvent = {
        event,
        properties,
        timestamp: iso(),
        isBot: visitor.isBot,
        botInfo: botInfoOf(visitor),
      };
      append('session', 'log', entry, EVENT_LOG_CAP);
      append('local', 'events', entry, EVENT_LIST_CAP);
      return entry;
    },

    recordAIInteraction(interaction: Omit<AIInteraction, 'timestamp'>): void {
      const entry: AIInteraction = { ...interaction, timestamp: iso() };
      append('session', 'ai', entry, AI_INTERACTIONS_CAP);
      append('local', 'ai', entry, STORED_AI_ANALYTICS_CAP);
    },

    recordCrawlerVisit(visitor: VisitorProfile, path: string, lang: Lang): void {
      const info = botInfoOf(visitor);
      if (info)
        append('local', 'crawlers', { ...info, path, language: lang, timestamp: iso() }, CRAWLER_VISITS_CAP);
    },

    /** Replaces the record of the same page load (same timestamp and URL), so updates do not pile up. */
    savePerformance(record: PerformanceRecord): void {
      const others = list<PerformanceRecord>('local', 'perf').filter(
        (r) => r.timestamp !== record.timestamp || r.pageUrl !== record.pageUrl,
      );
      write('local', 'perf', JSON.stringify(appendCapped(others, record, PERFORMANCE_RECORDS_CAP)));
    },

    /** Counts a page view; a session is a bounce until its second page view. */
    recordPageView(lang: Lang, visitor: VisitorProfile): void {
      const views = Number(read('session', 'views')) || 0;
      const stored = read('session', 'first');
      const first = isLang(stored) ? stored : DEFAULT_LANG;
      write('session', 'views', String(views + 1));
      if (views === 0) write('session', 'first', lang);
      if (views === 1) updateLanguage(first, (l) => void (l.bounces = Math.max(0, l.bounces - 1)));
      updateLanguage(lang, (l) => {
        l.pageViews += 1;
        if (views === 0) {
          l.sessions += 1;
          l.bounces += 1;
        }
        if (visitor.isAICrawler) l.aiCrawlerVisits += 1;
      });
    },

    /** Adds visible time to a page view; firstSample counts the view once however many segments it has. */
    addTimeOnPage(lang: Lang, ms: number, firstSample: boolean): void {
      if (!(ms >= 0)) return;
      updateLanguage(lang, (l) => {
        l.totalTime += Math.round(ms);
        if (firstSample) l.timedViews += 1;
      });
    },

    events: () => list<AnalyticsEvent>('local', 'events'),
    eventLog: () => list<AnalyticsEvent>('session', 'log'),
    aiInteractions: () => list<AIInteraction>('session', 'ai'),
    storedAIAnalytics: () => list<AIInteraction>('local', 'ai'),
    crawlerVisits: () => list<CrawlerVisit>('local', 'crawlers'),
    performance: () => list<PerformanceRecord>('local', 'perf'),
    languageAnalytics(lang: Lang): LanguageAnalytics {
      const l = language(lang);
      return {
        language: l.language,
        pageViews: l.pageViews,
        bounceRate: l.bounceRate,
        timeOnPage: l.timeOnPage,
        aiCrawlerVisits: l.aiCrawlerVisits,
        searchRankings: l.searchRankings,
        lastUpdated: l.lastUpdated,
      };
    },
  };
}
