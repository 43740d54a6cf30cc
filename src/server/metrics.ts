import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FormType } from '../lib/form-limits.ts';
import type { VisitorProfile } from '../lib/visitor.ts';
import { classifyAddress } from './audit/address.ts';

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
  const cache = counter('crawler_page_cache_total', 'Crawler page cache lookups', ['result']);
  const audits = counter(
    'audits_total',
    'Free audits by outcome (ok, refused, unreachable, timeout, httpError, notHtml, tooLarge, busy, cached, rateLimited)',
    ['outcome'],
  );
  const auditDuration = histogram(
    'audit_duration_seconds',
    'Time to run one audit (fetches and checks), cache hits excluded',
    [],
    [0.1, 0.25, 0.5, 1, 2, 4, 6, 8, 10, 15, 30],
  );

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

/** The ranges of the operator's own network, as classifyAddress names them. */
const INTERNAL_RANGES: ReadonlySet<string> = new Set(['loopback', 'private', 'uniqueLocal']);

/**
 * Loopback and private-network addresses (IPv4 10/8, 172.16/12, 192.168/16, 127/8; IPv6 ::1 and
 * fc00::/7; IPv4-mapped IPv6 by the address inside): who may read /metrics, the operator's scraper
 * inside the network. Classified by the audit's address classifier, so both read addresses alike;
 * only an address as the socket or a proxy writes it counts (not the URL parser's other spellings).
 */
export function isPrivateAddress(ip: string | undefined): boolean {
  if (!ip || isIP(ip) === 0) return false;
  const verdict = classifyAddress(ip);
  return !verdict.allowed && INTERNAL_RANGES.has(verdict.range);
}
