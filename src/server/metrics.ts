import type { RequestHandler } from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FormType } from '../lib/form-limits.ts';
import type { VisitorProfile } from '../lib/visitor.ts';

// Prometheus metrics (GET /metrics): requests by route and status, latency, crawler visits by
// agent and category, leads stored and failed. Route labels are coarse on purpose (never the raw
// path), so a crawler walking random URLs cannot blow up the number of series.

export interface Metrics {
  registry: Registry;
  middleware: RequestHandler;
  lead(form: FormType, outcome: 'stored' | 'duplicate' | 'failed' | 'rejected'): void;
  crawlerCache(result: 'hit' | 'miss'): void;
  /** One audit outcome (`ok`, a failure reason, `busy`, `cached`, `rateLimited`) and its run time. */
  audit(outcome: string, seconds: number | undefined): void;
}

/** The route family of a path: the label used in request metrics. */
export function routeLabel(path: string, status: number): string {
  if (path.startsWith('/assets/')) return 'asset';
  if (path.startsWith('/api/')) return path.split('/').slice(0, 3).join('/');
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return path;
  if (/^\/(robots\.txt|sitemap\.xml|llms(-full)?\.txt|ai\.txt|sw\.js)$/.test(path)) return path;
  if (path.endsWith('.md')) return 'markdown';
  if (path.endsWith('/feed.xml')) return 'feed';
  if (status === 404) return 'not-found';
  if (status >= 300 && status < 400) return 'redirect';
  if (/^\/(en|fr)\/blog\/[^/]+$/.test(path)) return 'page:article';
  const page = /^\/(en|fr)\/([^/]*)$/.exec(path);
  if (page) return `page:${page[2] || 'home'}`;
  return 'other';
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route family, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route family',
    labelNames: ['route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const crawlers = new Counter({
    name: 'crawler_visits_total',
    help: 'Requests from crawlers by agent and category',
    labelNames: ['agent', 'category', 'ai'],
    registers: [registry],
  });
  const leads = new Counter({
    name: 'leads_total',
    help: 'Form submissions by form and outcome (stored, duplicate, failed, rejected)',
    labelNames: ['form', 'outcome'],
    registers: [registry],
  });
  const cache = new Counter({
    name: 'crawler_page_cache_total',
    help: 'Crawler page cache lookups',
    labelNames: ['result'],
    registers: [registry],
  });

  const audits = new Counter({
    name: 'audits_total',
    help: 'Free audits by outcome (ok, refused, unreachable, timeout, httpError, notHtml, tooLarge, busy, cached, rateLimited)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const auditDuration = new Histogram({
    name: 'audit_duration_seconds',
    help: 'Time to run one audit (fetches and checks), cache hits excluded',
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 6, 8, 10, 15, 30],
    registers: [registry],
  });

  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const route = routeLabel(req.path, res.statusCode);
      requests.inc({ route, method: req.method, status: String(res.statusCode) });
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
    crawlerCache: (result) => cache.inc({ result }),
    audit: (outcome, seconds) => {
      audits.inc({ outcome });
      if (seconds !== undefined) auditDuration.observe(seconds);
    },
  };
}

/**
 * Loopback and private-network addresses (IPv4, IPv6 and IPv4-mapped IPv6): who may read /metrics,
 * the operator's scraper inside the network.
 */
export function isPrivateAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return (
    ip === '::1' ||
    /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4) ||
    /^f[cd][0-9a-f]{2}:/i.test(ip)
  );
}
