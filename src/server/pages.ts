import type { Request, RequestHandler, Response } from 'express';
import type { AiTrainingPolicy } from '../lib/ai-policy.ts';
import type { CompanyIdentity } from '../lib/company.ts';
import type { LeadStoreKind } from '../site-context.tsx';
import { robotsTagFor } from '../lib/ai-policy.ts';
import {
  AI_CRAWLERS_CLAIM,
  MAX_USER_AGENT_LENGTH,
  classifyVisitor,
  type VisitorProfile,
} from '../lib/visitor.ts';
import { pageQuery, splitLangPath, type Lang } from '../site.ts';
import type { AuditOutcome, ReportData } from '../lib/audit.ts';
import type { NewsletterAction, NewsletterOutcome } from '../lib/newsletter.ts';
import type { RecheckAction, RecheckOutcome } from '../lib/recheck.ts';
import type { PageAssets } from './assets.ts';
import { PageCache, etagOf, type CachedPage } from './page-cache.ts';
import { representation, type Compressions } from './compressed.ts';
import { remembered, type WatchCache } from './bounded-cache.ts';
import { mayCarryFlash, takeFlash } from './flash.ts';
import { detectLanguage } from './language.ts';
import type { RendererBundle } from '../renderer/contract.ts';
import type { ServerWork } from '../routes.tsx';
import { copyTarget } from './page-paths.ts';
import { vary } from './vary.ts';

declare module 'express-serve-static-core' {
  interface Request {
    visitor?: VisitorProfile;
  }
}

export interface PageDeps {
  renderer: () => Promise<RendererBundle>;
  assets: PageAssets;
  siteUrl: string;
  contactEmail: string;
  company: CompanyIdentity;
  policy: AiTrainingPolicy;
  /** How many checks the free audit runs (the registry's length). */
  auditChecks: number;
  /** How many days a saved report keeps its link (AUDIT_REPORT_DAYS). */
  reportDays: number;
  leadStore: LeadStoreKind;
  /** Rendered pages are cached this long (0 turns the caches off, as in development). */
  pageCacheMs: number;
  /** Counts page cache lookups, per audience. */
  onPageCache?: (audience: 'crawler' | 'person', result: 'hit' | 'miss') => void;
  /** Reports the page caches to /metrics. */
  watchCache?: WatchCache | undefined;
  /** Tracks the cached pages' compressions (server.ts: `app.locals.compressionsIdle()`). */
  compressions?: Compressions | undefined;
  /** The audit a Tools page with `?url=` shows (people only; crawlers get the plain page). */
  pageAudit?: (req: Request, res: Response, lang: Lang) => Promise<AuditOutcome | undefined>;
  /** Checks and records a newsletter link (/{lang}/newsletter/confirm|unsubscribe). */
  newsletterAction?: (req: Request, action: NewsletterAction) => Promise<NewsletterOutcome>;
  /** Checks and records a monthly re-check's link (/{lang}/tools/recheck/confirm|unsubscribe). */
  recheckAction?: (req: Request, action: RecheckAction) => Promise<RecheckOutcome>;
  /** A saved report's page data (/{lang}/tools/report/{id}), from the store. */
  savedReport?: (id: string, lang: Lang) => Promise<ReportData>;
}

/**
 * The path and the query string (with its `?`, or '') a request asked for, as sent: split by hand,
 * since an address such as `///` is no URL a parser accepts.
 */
function pathAndQuery(req: Request): { path: string; search: string } {
  const at = req.originalUrl.indexOf('?');
  return at === -1
    ? { path: req.originalUrl, search: '' }
    : { path: req.originalUrl.slice(0, at), search: req.originalUrl.slice(at) };
}

/** A public page's address: its path and only the query parameters it reads (pageQuery). */
function publicAddress(req: Request): string {
  const { path, search } = pathAndQuery(req);
  return `${path}${pageQuery(splitLangPath(path)?.rest ?? '', search)}`;
}

/** The site-wide context of one render. */
export function siteFor(
  deps: Pick<
    PageDeps,
    'siteUrl' | 'contactEmail' | 'company' | 'assets' | 'policy' | 'auditChecks' | 'reportDays' | 'leadStore'
  >,
  visitor: VisitorProfile,
) {
  return {
    siteUrl: deps.siteUrl,
    contactEmail: deps.contactEmail,
    company: deps.company,
    visitor,
    // The footer's copyright year: the page is the same bytes all day (and all year) long.
    year: new Date().getUTCFullYear(),
    assets: { styles: deps.assets.styles, fonts: deps.assets.fonts },
    aiTrainingPolicy: deps.policy,
    auditChecks: deps.auditChecks,
    // The catalogue's AI agents, rounded down to ten: the copy's {{crawlers}}.
    aiCrawlers: AI_CRAWLERS_CLAIM,
    reportDays: deps.reportDays,
    hostedDatabase: deps.leadStore === 'supabase',
  };
}

/** The visitor profile of a request, computed once. */
export function visitorOf(req: Request): VisitorProfile {
  req.visitor ??= classifyVisitor(req.get('user-agent'));
  return req.visitor;
}

/**
 * Classifies each request's visitor once per distinct user agent: a cache of profiles by user agent
 * (classifyVisitor is a pure function of it), bounded in bytes like every cache of the process.
 * Browsers and crawlers send a few hundred distinct agents a day; the catalogue's and isbot's
 * patterns were run for every request (decision 073). A flood of made-up agents only turns the
 * oldest out. Sets `req.visitor`, which visitorOf() then returns.
 */
export function visitorClassifier(options: { watchCache?: WatchCache | undefined } = {}): RequestHandler {
  // A profile is a handful of short strings, shared by every request of that agent.
  const profileOf = remembered<VisitorProfile>({ ttlMs: 60 * 60_000, maxBytes: 512 * 1024, valueBytes: 256 });
  options.watchCache?.('visitors', () => profileOf.stats);
  return (req, _res, next) => {
    req.visitor = profileOf(
      (req.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT_LENGTH),
      classifyVisitor,
    );
    next();
  };
}

/** Sends the app's friendly status page (400, 404 outside the router, 405, 500…). */
export async function sendStatusPage(
  req: Request,
  res: Response,
  deps: Pick<PageDeps, 'renderer' | 'assets'>,
  status: number,
) {
  const lang: Lang = detectLanguage(req, res);
  let html: string;
  try {
    html = (await deps.renderer()).renderStatusPage({ status, lang, stylesheets: deps.assets.styles });
  } catch {
    html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><h1>Something went wrong</h1><p><a href="/">Go to the home page</a></p></body></html>`;
  }
  res.status(status).type('html').set('Cache-Control', 'no-store').send(html);
}

/**
 * The SSR catch-all: React renders the whole document for people and crawlers alike.
 * - A public page is the same bytes for everyone of its audience: for crawlers per agent (the Tools
 *   page shows the visitor's own profile), for people one page for all (no nonce, no theme: decision
 *   037). Each audience has its cache, whose entries are kept in brotli and gzip too (decision 034),
 *   with a strong ETag per encoding, so If-None-Match gets a 304.
 * - A public page is rendered and cached for its path and the query parameters it reads, whatever
 *   else its address carries (tracking parameters never make a new render, decision 033).
 * - Shared caches may keep a person's page briefly and must revalidate it; every page answer varies
 *   on the same headers, people's and crawlers', so no shared cache mixes the two (decision 036).
 * - Only GET and HEAD are answered from a cache, only successful pages are stored (a 404 for an
 *   address someone made up is rendered again, never kept), and private pages (PRIVATE_PAGES, a
 *   form's outcome) are always rendered fresh and sent `private, no-store`.
 */
export function pageHandler(deps: PageDeps): RequestHandler & {
  answersFromCache(req: Request): boolean;
} {
  const caches: Record<Audience, PageCache> = {
    crawler: new PageCache(deps.pageCacheMs, { compressions: deps.compressions }),
    person: new PageCache(deps.pageCacheMs, { compressions: deps.compressions }),
  };
  deps.watchCache?.('pages_crawler', () => caches.crawler.stats);
  deps.watchCache?.('pages_person', () => caches.person.stats);
  /**
   * Whether this request's page is in its cache now (a page under a language prefix, GET or HEAD, no
   * form outcome to show), without counting a lookup: server.ts then leaves out the compression
   * middleware, whose wrapper cost a cached answer, already compressed, about 40% of its CPU time
   * under wrk (decision 073).
   */
  // The entry answersFromCache found, for the handler that answers the same request (decision 075).
  const found = new WeakMap<Request, CachedPage>();
  const answersFromCache = (req: Request): boolean => {
    if (deps.pageCacheMs <= 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const visitor = visitorOf(req);
    if (!visitor.isBot && mayCarryFlash(req)) return false;
    const lang = splitLangPath(req.path)?.lang;
    if (!lang) return false;
    const entry = caches[visitor.isBot ? 'crawler' : 'person'].get(
      cacheKeyOf(visitor, lang, publicAddress(req)),
    );
    if (entry) found.set(req, entry);
    return entry !== undefined;
  };
  const handler: RequestHandler = async (req, res) => {
    const visitor = visitorOf(req);
    const audience: Audience = visitor.isBot ? 'crawler' : 'person';
    const policyTag = robotsTagFor(deps.policy, visitor.category);
    if (policyTag) res.setHeader('X-Robots-Tag', policyTag);
    // The page answersFromCache found (the early answer, decision 075): sent as it is, its lookup
    // counted here, without working out its key again.
    const early = found.get(req);
    if (early) {
      found.delete(req);
      vary(res, PAGE_VARY_SENT);
      deps.onPageCache?.(audience, 'hit');
      await sendCached(req, res, early, audience, deps);
      return;
    }
    // A page under a language prefix is in that language; only another address (a 404 outside the
    // site's paths) asks the cookie and Accept-Language, which costs a parse per request.
    const fallbackLang = splitLangPath(req.path)?.lang ?? detectLanguage(req, res);
    vary(res, PAGE_VARY);

    // Only public pages are ever stored (a route makes its page private, RouteHandle.private), so a
    // lookup can only find one. A page showing a no-JavaScript form's outcome is private too, and a
    // POST (an unsubscribe) acts: both must reach the renderer, never a stored page.
    const formOutcome = visitor.isBot ? undefined : takeFlash(req, res);
    const cacheable = deps.pageCacheMs > 0 && (req.method === 'GET' || req.method === 'HEAD') && !formOutcome;
    // A page is the same whatever other query parameters its address carries (utm_source, fbclid…):
    // it is rendered and cached for its path and the parameters it reads (pageQuery), so varying
    // them never makes a new render.
    const address = publicAddress(req);
    const cacheKey = cacheable ? cacheKeyOf(visitor, fallbackLang, address) : null;
    const cache = caches[audience];
    const cached = cacheKey ? cache.get(cacheKey) : undefined;
    if (cacheKey) deps.onPageCache?.(audience, cached ? 'hit' : 'miss');
    if (cached) {
      vary(res, 'Accept-Encoding');
      await sendCached(req, res, cached, audience, deps);
      return;
    }

    const renderer = await deps.renderer();
    const result = await renderer.renderPage({
      url: new URL(`${deps.siteUrl}${address}`).href,
      fallbackLang,
      scripts: deps.assets,
      site: { ...siteFor(deps, visitor), formOutcome },
      server: serverWork(req, res, deps, visitor),
    });
    if (result.kind === 'redirect') {
      // A redirect keeps the whole query string the visitor came with (decision 001), parameters the
      // page does not read included: they may mean something to the page it leads to.
      const { search } = pathAndQuery(req);
      const location = result.location.includes('?') ? result.location : `${result.location}${search}`;
      res.redirect(result.status, location);
      return;
    }
    // A page for one visitor (their report, their link) is never indexed either.
    if (result.private) res.set('X-Robots-Tag', policyTag ? `noindex, ${policyTag}` : 'noindex');
    const personal = result.private || Boolean(formOutcome);
    if (cacheKey && !personal && result.status === 200) {
      const entry = cache.set(cacheKey, result.status, result.html);
      vary(res, 'Accept-Encoding');
      await sendCached(req, res, entry, audience, deps);
      return;
    }
    // A private page carries one visitor's data (what they typed, their address, their report): no
    // cache may keep it (the browser's, a proxy's or the service worker's). A crawler's 404 or 410 is
    // kept briefly like its pages; a failure (5xx) is no answer to keep, and a person's other pages
    // are revalidated by the browser only.
    if (personal) sendPage(res, result.status, result.html, 'private');
    else if (visitor.isBot && result.status < 500)
      sendPage(res, result.status, result.html, 'crawler', etagOf(result.html));
    else sendPage(res, result.status, result.html, 'unstored');
  };
  return Object.assign(handler, { answersFromCache });
}

/** A page's key in its audience's cache: a crawler's per agent, a person's one for all. */
function cacheKeyOf(visitor: VisitorProfile, lang: Lang, address: string): string {
  return visitor.isBot
    ? `${lang}|${visitor.name}|${visitor.category}|${visitor.priority}|${address}`
    : `${lang}|${address}`;
}

/**
 * What the routes may ask of the server for this request (ServerWork, src/routes.tsx), bound to it:
 * each route's loader calls what its page needs, so the server never matches a route itself. A
 * crawler gets no audit (the plain Tools page); what this server does not offer answers nothing.
 */
function serverWork(req: Request, res: Response, deps: PageDeps, visitor: VisitorProfile): ServerWork {
  return {
    audit: async (lang) => (visitor.isBot ? undefined : deps.pageAudit?.(req, res, lang)),
    newsletter: async (action) => deps.newsletterAction?.(req, action),
    recheck: async (action) => deps.recheckAction?.(req, action),
    report: async (id, lang) => deps.savedReport?.(id, lang),
  };
}

type Audience = 'crawler' | 'person';

/**
 * Who may keep a page:
 * - a crawler's (a page, a 404), anyone, briefly;
 * - a person's public page, a shared cache for a minute (and a minute more while it fetches a fresh
 *   copy); a browser revalidates it every time (max-age=0; the strong ETag makes that a 304);
 * - a person's page that is no cache entry (an error status, or caching off in development), and a
 *   failure (5xx) for anyone, only the browser, revalidated;
 * - a private page, no one.
 */
const CACHE_CONTROL = {
  crawler: 'public, max-age=60',
  person: 'public, max-age=0, s-maxage=60, stale-while-revalidate=60',
  unstored: 'private, no-cache',
  private: 'private, no-store',
} as const;

// The same list on every page answer (decision 036): the class of visitor, and the cookie a
// no-JavaScript form's outcome arrives in; Accept-Encoding too when a kept body is sent (one call:
// each call parses the header again).
const PAGE_VARY = 'User-Agent, Cookie';
const PAGE_VARY_SENT = `${PAGE_VARY}, Accept-Encoding`;

/** A cache entry in the encoding the client takes (pre-compressed once ready), with its own ETag. */
async function sendCached(
  req: Request,
  res: Response,
  entry: CachedPage,
  audience: Audience,
  deps: Pick<PageDeps, 'renderer'>,
) {
  // Looked up on the entry's first answer, then kept with it (decision 075).
  entry.modified ??= { value: await modifiedOf(req, deps, audience) };
  // A new entry's first copies take a few milliseconds: the request that made it (and any other
  // that comes meanwhile) waits for them rather than go out compressed per response.
  if (!entry.encoded) await entry.ready;
  const { body, etag, encoding } = representation(req, entry.html, entry);
  if (encoding) res.set('Content-Encoding', encoding);
  sendPage(res, entry.status, body, audience, etag, entry.modified.value);
}

/**
 * When the content of the page a crawler asked for last changed, for its Last-Modified header.
 * People's pages carry none: their HTML holds the build's asset names, which change without the
 * content, so a 304 on If-Modified-Since could revive a stale document (their ETag covers the bytes).
 */
async function modifiedOf(
  req: Request,
  deps: Pick<PageDeps, 'renderer'>,
  audience: Audience,
): Promise<string | undefined> {
  const target = audience === 'crawler' ? copyTarget(req.path) : undefined;
  return target ? (await deps.renderer()).contentDates.page(target.lang, target.path) : undefined;
}

function sendPage(
  res: Response,
  status: number,
  html: string | Buffer,
  audience: keyof typeof CACHE_CONTROL,
  etag?: string,
  modified?: string,
) {
  if (etag) res.set('ETag', etag);
  setLastModified(res, modified);
  // Express answers 304 itself when the request's If-None-Match matches the ETag.
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', CACHE_CONTROL[audience]);
  res.status(status).send(html);
}

// The site's content dates are few: each is put in HTTP's form once (decision 075).
const httpDateOf = remembered<string>({ ttlMs: 60 * 60_000, maxBytes: 256 * 1024, valueBytes: 64 });

/**
 * Last-Modified from when the content last changed (RFC 9110 §8.8.2), so that a conditional request
 * for unchanged content gets a 304 (Express compares If-Modified-Since when the response is sent).
 */
export function setLastModified(res: Response, modified: string | undefined): void {
  if (modified)
    res.setHeader(
      'Last-Modified',
      httpDateOf(modified, (date) => new Date(date).toUTCString()),
    );
}
