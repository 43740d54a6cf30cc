import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { RecheckOutcomeKind } from './recheck-job.ts';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { FORM_ENDPOINTS, type FormType } from '../lib/form-limits.ts';
import type { VisitorProfile } from '../lib/visitor.ts';
import { splitLangPath } from '../site.ts';
import type { CacheStats } from './bounded-cache.ts';
import { PAGE_PATHS } from './page-paths.ts';

// Prometheus metrics (GET /metrics): requests by route and status, latency, crawler visits by
// agent and category, leads stored and failed, the in-memory caches' sizes, refused connections.
// Every label comes from a fixed set (never the raw path or any other request text), so a client
// walking random URLs cannot blow up the number of series (decision 020).

export interface Metrics {
  registry: Registry;
  middleware: RequestHandler;
  lead(form: FormType, outcome: 'stored' | 'duplicate' | 'failed' | 'rejected'): void;
  /** One page cache lookup, by audience (crawler, person). */
  pageCache(audience: 'crawler' | 'person', result: 'hit' | 'miss'): void;
  /** One audit outcome (`ok`, a failure reason, `busy`, `oneAtATime`, `restarting`, `cached`, `rateLimited`) and its run time. */
  audit(outcome: string, seconds: number | undefined): void;
  /** One monthly re-check's outcome (checked, failed, retry, lost). */
  recheck(outcome: RecheckOutcomeKind): void;
  /** Reports a cache's size under a fixed name. */
  watchCache(name: string, stats: () => CacheStats): void;
  /** One connection refused by a connection cap. */
  connectionRefused(reason: 'server' | 'address'): void;
  /** Reports whether the store takes writes (its last probe, decision 051), read at each scrape. */
  watchStore(kind: 'embedded' | 'supabase', writable: () => boolean | undefined): void;
}

/** The JSON endpoints by path: each its own label; any other /api path is `api_other`. */
const API_ROUTES: ReadonlySet<string> = new Set(['/api/visitor', '/api/audit', ...FORM_ENDPOINTS]);

const FILES = /^\/(robots\.txt|sitemap\.xml|llms(-full)?\.txt|ai\.txt|sw\.js)$/;

/**
 * The route family of a path: the label used in request metrics. Every label comes from a fixed set
 * (the site's routes, files and pages, and catch-alls such as `api_other` and `other`), never from
 * the request's own text: a client inventing addresses cannot add series (decision 020).
 */
export function routeLabel(path: string, status: number): string {
  if (path.startsWith('/assets/')) return 'asset';
  if (path.startsWith('/api/')) {
    if (path.startsWith('/api/blog/')) return '/api/blog';
    return API_ROUTES.has(path) ? path : 'api_other';
  }
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return path;
  if (FILES.test(path)) return path;
  if (path.endsWith('.md')) return 'markdown';
  if (path.endsWith('/feed.xml')) return 'feed';
  if (status === 404) return 'not-found';
  if (status >= 300 && status < 400) return 'redirect';
  const split = splitLangPath(path);
  if (!split) return 'other';
  if (/^\/blog\/[^/]+$/.test(split.rest)) return 'page:article';
  if (/^\/newsletter\/[^/]+$/.test(split.rest)) return 'page:newsletter';
  const page = /^\/([^/]*)$/.exec(split.rest)?.[1];
  if (page !== undefined && PAGE_PATHS.has(page)) return `page:${page || 'home'}`;
  return 'other';
}

/** Methods as labels: the ones the site answers, every other as `other`. */
function methodLabel(method: string): string {
  return method === 'GET' || method === 'HEAD' || method === 'POST' ? method : 'other';
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const histogram = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: number[],
  ) => new Histogram({ name, help, labelNames, buckets, registers: [registry] });

  const requests = counter('http_requests_total', 'HTTP requests by route family, method and status', [
    'route',
    'method',
    'status',
  ]);
  const duration = histogram(
    'http_request_duration_seconds',
    'HTTP request latency by route family',
    ['route'],
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  );
  const crawlers = counter('crawler_visits_total', 'Requests from crawlers by agent and category', [
    'agent',
    'category',
    'ai',
  ]);
  const leads = counter(
    'leads_total',
    'Form submissions by form and outcome (stored, duplicate, failed, rejected)',
    ['form', 'outcome'],
  );
  const rechecks = counter(
    'rechecks_total',
    'Monthly re-checks by outcome (checked, failed: the site could not be audited, retry, lost: its lease was taken)',
    ['outcome'],
  );
  const cache = counter('page_cache_total', 'Page cache lookups by audience (crawler, person)', [
    'audience',
    'result',
  ]);
  const audits = counter(
    'audits_total',
    'Free audits by outcome (ok, refused, unreachable, timeout, httpError, notHtml, tooLarge, tooComplex, challenged, busy, oneAtATime, restarting, cached, rateLimited)',
    ['outcome'],
  );
  const auditDuration = histogram(
    'audit_duration_seconds',
    'Time to run one audit (fetches and checks), cache hits excluded',
    [],
    [0.1, 0.25, 0.5, 1, 2, 4, 6, 8, 10, 15, 30],
  );

  const caches = new Map<string, () => CacheStats>();
  const cacheGauge = (name: string, help: string, field: keyof CacheStats) =>
    new Gauge({
      name,
      help,
      labelNames: ['cache'],
      registers: [registry],
      collect() {
        for (const [cache, stats] of caches) this.set({ cache }, stats()[field]);
      },
    });
  cacheGauge('memory_cache_bytes', 'Bytes held by each in-memory cache (keys and values)', 'bytes');
  cacheGauge('memory_cache_entries', 'Entries in each in-memory cache', 'entries');
  const refused = counter(
    'http_connections_refused_total',
    'Connections closed at once by a cap (server: MAX_CONNECTIONS, address: MAX_CONNECTIONS_PER_ADDRESS)',
    ['reason'],
  );

  // One series per store kind (embedded, supabase): the label set is fixed. No value until the first
  // probe has answered, rather than a guess.
  const stores = new Map<string, () => boolean | undefined>();
  new Gauge({
    name: 'store_writable',
    help: 'Whether the lead store took a write at its last probe (1) or not (0); pages are served either way',
    labelNames: ['store'],
    registers: [registry],
    collect() {
      for (const [store, writable] of stores) {
        const value = writable();
        if (value !== undefined) this.set({ store }, value ? 1 : 0);
      }
    },
  });

  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const route = routeLabel(req.path, res.statusCode);
      requests.inc({ route, method: methodLabel(req.method), status: String(res.statusCode) });
      duration.observe({ route }, Number(process.hrtime.bigint() - started) / 1e9);
      const visitor = (req as { visitor?: VisitorProfile }).visitor;
      if (visitor?.isBot)
        crawlers.inc({ agent: visitor.name, category: visitor.category, ai: String(visitor.isAICrawler) });
    });
    next();
  };
  return {
    registry,
    middleware,
    lead: (form, outcome) => leads.inc({ form, outcome }),
    pageCache: (audience, result) => cache.inc({ audience, result }),
    recheck: (outcome) => rechecks.inc({ outcome }),
    audit: (outcome, seconds) => {
      audits.inc({ outcome });
      if (seconds !== undefined) auditDuration.observe(seconds);
    },
    watchCache: (name, stats) => caches.set(name, stats),
    connectionRefused: (reason) => refused.inc({ reason }),
    watchStore: (kind, writable) => stores.set(kind, writable),
  };
}

/**
 * Whether a request carries the metrics token (`Authorization: Bearer <METRICS_TOKEN>`). Both sides
 * are hashed first, so the comparison takes the same time whatever the guess, its length included.
 */
export function hasMetricsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}
