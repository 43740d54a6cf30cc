import { setMaxListeners } from 'node:events';
import type { BodyBudget } from './body-budget.ts';
import { AUDIT_STEPS, type AuditStep } from '../../lib/audit.ts';
import type { AuditUserAgents } from './agents.ts';
import { AnalysisFailed, type Analysis } from './analysis.ts';
import { deadline } from './deadline.ts';
import {
  crawlPacer,
  realClock,
  requestBudget,
  requestCap,
  sitePageGate,
  type Clock,
  type RequestBudget,
} from './politeness.ts';
import { isHtmlType } from './read/html.ts';
import { safeFetch, type SafeFetchOptions } from './safe-fetch.ts';
import type {
  AuditFailureReason,
  AuditInput,
  CategoryFindings,
  FetchedResource,
  FetchOutcome,
} from './types.ts';
import { auditSitePages, notFetchedForSitePage } from './site.ts';
import { fetchViews } from './views.ts';
import { readLlmsFiles, readSibling, SAMPLE_KEEP, type LlmsOptions } from './llms.ts';
import { reportUrl } from '../../lib/report-bounds.ts';
import { overallOf, type CandidateSource, type PageFacts } from './site-pages.ts';
import {
  siteSummary,
  siteVerdict,
  type SiteFinding,
  type SitePage,
  type SiteVerdict,
} from './site-summary.ts';
import type { EngineVerdict } from './engines.ts';
import type { CrawlerAccess, MarkupProperties } from './evidence-facts.ts';
import type { PageTypeReading } from './structured/page-type.ts';
import type { Analysed, Discovery } from './worker.ts';

// One audit, start to finish: fetch the page together with robots.txt, llms.txt and the sitemap of
// its origin, then the page as each AI crawler robots.txt lets in sees it and a markdown copy, then
// the checks. Every fetch goes through the safe fetcher; everything that parses the site's content
// runs in the analysis pool (analysis.ts). The whole audit has one deadline: fetching may use most of
// it, each request a share of that, and the analysis always keeps the rest.

const MB = 1024 * 1024;
/**
 * The most the audit reads of a body: 2 MB of an HTML page, 512 KB of a text file (robots.txt,
 * llms.txt, a sitemap); far above real pages and files, and what bounds one audit's memory.
 */
export const HTML_CAP = 2 * MB;
export const TEXT_CAP = 512 * 1024;
/**
 * What is kept of an agent's view of the page: enough for any challenge page, whose markers the
 * check looks for (read/challenge.ts); the rest is counted, not kept, so five views of a 2 MB page
 * do not hold five more copies of it (decision 049).
 */
export const VIEW_KEEP = 256 * 1024;
/**
 * What the first page's bodies can take at most, reserved before any is fetched: the page, the
 * agents' views as kept, up to 14 text files (the Markdown copy asked for, robots.txt, llms.txt,
 * llms-full.txt and the sitemap of the address asked for and of the one that answered, the page's
 * Markdown alternate, the sitemap robots.txt names and the llms.txt of up to three folders above the
 * page) and 7 files of which little is kept (the Markdown sibling in two forms, three links of
 * llms.txt, the two llms-ctx files).
 */
const firstPageBytes = (views: number) => HTML_CAP + views * VIEW_KEEP + 14 * TEXT_CAP + 7 * SAMPLE_KEEP;
/** A single request may use at most this much of the audit's time, so one slow file cannot eat it all. */
const REQUEST_SHARE = 0.8;
/** Fetching ends at this share of the audit's time: the rest is the analysis's, whatever happened. */
const FETCH_SHARE = 0.85;
/** A site audit, all pages together, ends within this time from its start (its first page included). */
export const SITE_DEADLINE_MS = 30_000;
/**
 * Under a Crawl-delay, a further page is taken only if its turn comes this long before the site
 * audit's deadline: the time to fetch and analyse it.
 */
export const PAGE_RESERVE_MS = 5_000;

const ACCEPT_HTML = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';
const ACCEPT_TEXT = 'text/plain,text/markdown;q=0.9,*/*;q=0.5';
const ACCEPT_XML = 'application/xml,text/xml;q=0.9,*/*;q=0.5';
/** What an agent that prefers Markdown sends (Cloudflare's "Markdown for Agents" and others). */
const ACCEPT_MARKDOWN = 'text/markdown,text/html;q=0.5';

export interface RunOptions extends AuditUserAgents {
  allowedHosts: ReadonlySet<string>;
  /** Where the analysis runs: the server's worker pool, or in process for trusted fixtures. */
  analysis: Analysis;
  /** Deadline of the whole audit. */
  timeoutMs: number;
  /** Called as each step completes, in order. */
  onStep?: (step: AuditStep, done: number, total: number) => void;
  /** Pages to audit, the first included (a site audit when more than 1; decision 024). */
  pages?: number;
  /** Called as each further page of a site audit is done. */
  onPage?: (url: string, done: number, total: number) => void;
  /** Replaces DNS resolution (tests). */
  resolve?: SafeFetchOptions['resolve'];
  now?: () => Date;
  /** The time Crawl-delay is kept by (tests move it on without waiting). */
  clock?: Clock;
  /** Stops the audit (the server shutting down): whatever is in flight is dropped. */
  signal?: AbortSignal;
  /** The process's byte budget on bodies held at once, shared by every audit (body-budget.ts). */
  bodies?: BodyBudget;
}

/** A site audit's pages and summary, beside the first page's findings. */
export interface SiteResult {
  /** Pages asked for, the first included. */
  requested: number;
  source: CandidateSource;
  /** Every page looked at, the first one first. */
  table: SitePage[];
  findings: SiteFinding[];
  /** The site as a whole: its score and its engines (results saved before issue 37 have none). */
  verdict?: SiteVerdict;
}

export type RunResult =
  | {
      ok: true;
      url: string;
      finalUrl: string;
      auditedAt: string;
      categories: CategoryFindings[];
      /** How the first page was read (results saved before issue 36 have none). */
      pageType?: PageTypeReading;
      /** Whether each answer engine can use the first page (results saved before issue 37 have none). */
      engines?: EngineVerdict[];
      /** Which crawlers robots.txt lets in, and the page's markup properties (for "what changed"). */
      crawlers?: CrawlerAccess[];
      markup?: MarkupProperties[];
      site?: SiteResult;
    }
  | { ok: false; url: string; reason: AuditFailureReason; detail: string };

/** Runs the audit of an address already checked by parseAuditUrl(). Never throws for the site's faults. */
export async function runAudit(url: string, options: RunOptions): Promise<RunResult> {
  // The first page's bodies are reserved before its deadlines start: a wait for memory is a wait in
  // line, not time taken from the audit. It lasts one audit's time at most, then the audit is busy.
  if (!options.bodies) return runReserved(url, options);
  const line = deadline(options.timeoutMs, options.signal);
  const release = await options.bodies.acquire(firstPageBytes(options.views.length), line.signal);
  line.clear();
  if (!release) {
    return options.signal?.aborted
      ? { ok: false, url, reason: 'restarting', detail: 'stopped while waiting in line' }
      : { ok: false, url, reason: 'busy', detail: 'no memory for its bodies in time' };
  }
  return runReserved(url, options, release);
}

async function runReserved(url: string, options: RunOptions, release?: () => void): Promise<RunResult> {
  // The audit's deadline, or sooner when the page itself fails and the other files are not needed.
  const stop = new AbortController();
  setMaxListeners(100, stop.signal);
  const whole = deadline(options.timeoutMs, stop.signal);
  const fetchPhase = deadline(options.timeoutMs * FETCH_SHARE, stop.signal);
  const site = deadline(SITE_DEADLINE_MS, stop.signal);
  const clock = options.clock ?? realClock;
  const cancel = () => stop.abort();
  if (options.signal?.aborted) stop.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const signals: Signals = {
      stop,
      analysis: whole.signal,
      fetching: fetchPhase.signal,
      site: site.signal,
      budget: requestBudget(requestCap(options.pages ?? 1)),
      clock,
      siteEndsAt: clock.now() + SITE_DEADLINE_MS - PAGE_RESERVE_MS,
    };
    let done: RunResult | SiteWork;
    try {
      done = await auditWithin(url, options, signals);
    } finally {
      release?.();
    }
    // The site phase runs once the first page's function has returned, so that the first page's
    // bodies (the page and its views, up to 2 MB each) are not held for the whole site audit.
    return 'ok' in done ? done : await auditSite(done, options, signals);
  } finally {
    // Whatever is still in flight (a view, a site file) is not needed any more.
    stop.abort();
    options.signal?.removeEventListener('abort', cancel);
    for (const d of [whole, fetchPhase, site]) d.clear();
  }
}

interface Signals {
  stop: AbortController;
  /** The whole audit's deadline (the analysis of the first page ends by it). */
  analysis: AbortSignal;
  /** When fetching the first page's files ends. */
  fetching: AbortSignal;
  /** A site audit's deadline, for its other pages. */
  site: AbortSignal;
  /** Every request of the audit counts against it. */
  budget: RequestBudget;
  clock: Clock;
  /** The clock's time after which a further page's turn comes too late (Crawl-delay). */
  siteEndsAt: number;
}

/** The audit's fetch: within its deadlines, through the safe fetcher, each request counted. */
function fetcherOf(options: RunOptions, signals: Signals) {
  const perRequest = Math.round(options.timeoutMs * REQUEST_SHARE);
  return (
    target: string,
    accept: string,
    maxBytes: number,
    overflow: 'error' | 'truncate',
    ua: string = options.userAgent,
    signal: AbortSignal = signals.fetching,
    gate: SafeFetchOptions['gate'] = () => Promise.resolve(signals.budget.take()),
    keepBytes?: number,
  ) =>
    safeFetch(target, {
      userAgent: ua,
      accept,
      maxBytes,
      overflow,
      timeoutMs: perRequest,
      signal,
      allowedHosts: options.allowedHosts,
      gate,
      ...(keepBytes !== undefined ? { keepBytes } : {}),
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
}

/** What a site audit's further pages need of the first page's audit: no body of the first page. */
interface SiteWork {
  result: Extract<RunResult, { ok: true }>;
  site: NonNullable<Analysed['site']>;
  firstRow: SitePage;
  firstFacts: PageFacts | undefined;
  /** The first page's input without its bodies: the site files serve every page. */
  shared: AuditInput;
  origin: string;
}

async function auditWithin(
  url: string,
  options: RunOptions,
  signals: Signals,
): Promise<RunResult | SiteWork> {
  const { stop, fetching } = signals;
  const fetchWith = fetcherOf(options, signals);
  const pages = options.pages ?? 1;

  let done = 0;
  const report = (step: AuditStep) => options.onStep?.(step, ++done, AUDIT_STEPS.length);
  const track = <T>(step: AuditStep, promise: Promise<T>) => promise.then((value) => (report(step), value));

  // What does not depend on the page's answer starts with it: the site files of the address as given
  // (fetched again below only when the page lives on another origin, after a redirect to www. or
  // https) and the page asked for as Markdown. The page as each AI agent waits for robots.txt, which
  // usually answers first: it is asked for only where robots.txt lets that agent in (views.ts).
  const origin = new URL(url).origin;
  // One robots.txt per origin for the whole audit: the page's, the final address's, a view's redirect.
  const robotsFiles = new Map<string, Promise<FetchOutcome>>();
  const robotsOf = (base: string) => {
    const known = robotsFiles.get(base);
    if (known) return known;
    const fetched = fetchWith(`${base}/robots.txt`, ACCEPT_TEXT, TEXT_CAP, 'truncate');
    robotsFiles.set(base, fetched);
    return fetched;
  };
  const siteFiles = (base: string) => ({
    robots: robotsOf(base),
    llms: fetchWith(`${base}/llms.txt`, ACCEPT_TEXT, TEXT_CAP, 'truncate'),
    llmsFull: fetchWith(`${base}/llms-full.txt`, ACCEPT_TEXT, TEXT_CAP, 'truncate'),
    sitemap: fetchWith(`${base}/sitemap.xml`, ACCEPT_XML, TEXT_CAP, 'truncate'),
  });
  const early = siteFiles(origin);
  const views = fetchViews({
    url,
    views: options.views,
    robotsOf,
    verdicts: options.analysis.verdicts,
    // Read whole (its size is compared with the page's), kept in part: a challenge is a short page.
    fetchAs: (userAgent, gate) =>
      fetchWith(url, ACCEPT_HTML, HTML_CAP, 'truncate', userAgent, fetching, gate, VIEW_KEEP),
    budget: signals.budget,
    signal: fetching,
  });
  const negotiated = fetchWith(url, ACCEPT_MARKDOWN, TEXT_CAP, 'truncate');

  const page = await fetchWith(url, ACCEPT_HTML, HTML_CAP, 'error');
  if (!page.ok) {
    stop.abort();
    return { ok: false, url, reason: page.reason, detail: page.detail };
  }
  let found: Discovery;
  try {
    found = await analysed(options.analysis.discover(page, fetching), stop);
  } catch (error) {
    return tooComplex(url, error);
  }
  if (found.challenge) {
    // The audit's browser was challenged too: what AI crawlers get cannot be told from here.
    stop.abort();
    return { ok: false, url, reason: 'challenged', detail: found.challenge };
  }
  const refusal = unauditable(url, page);
  if (refusal) {
    stop.abort();
    return refusal;
  }
  report('page');

  const finalOrigin = new URL(page.finalUrl).origin;
  const files = finalOrigin === origin ? early : siteFiles(finalOrigin);
  // The page's own Markdown alternate when it declares one, else the site's llms-full.txt and the
  // page's Markdown sibling (its address with .md, llmstxt.org); the llms.txt nearest the page, a few
  // of its links and the llms-ctx files, each where robots.txt lets the audit in (llms.ts).
  const markdownCopy = found.markdownAlternate
    ? fetchWith(found.markdownAlternate, ACCEPT_TEXT, TEXT_CAP, 'truncate')
    : files.llmsFull;
  const llmsOptions: LlmsOptions = {
    pageUrl: page.finalUrl,
    robots: files.robots,
    root: files.llms,
    analysis: options.analysis,
    fetchText: (target, gate, keep) =>
      fetchWith(target, ACCEPT_TEXT, TEXT_CAP, 'truncate', options.userAgent, fetching, gate, keep),
    budget: signals.budget,
    signal: fetching,
  };
  const sibling = found.markdownAlternate ? Promise.resolve(undefined) : readSibling(llmsOptions);
  const [robots, llmsFiles, defaultSitemap, crawlerViews, [markdown, asMarkdown, markdownSibling]] =
    await Promise.all([
      track('robots', files.robots),
      track('llms', readLlmsFiles(llmsOptions)),
      files.sitemap,
      track('crawlerView', views),
      track('markdown', Promise.all([markdownCopy, negotiated, sibling])),
    ]);

  // RFC 9309 lets robots.txt name the sitemaps; the first one named is the one judged.
  const named = robots.ok && robots.status < 400 ? sitemapFromRobots(robots.body, finalOrigin) : undefined;
  const sitemap: FetchOutcome =
    named && named !== `${finalOrigin}/sitemap.xml`
      ? await fetchWith(named, ACCEPT_XML, TEXT_CAP, 'truncate')
      : defaultSitemap;
  report('sitemap');

  const now = options.now?.() ?? new Date();
  const input: AuditInput = {
    page,
    crawlerViews,
    robots,
    ...llmsFiles,
    sitemap,
    sitemapSource: named ? 'robots' : 'default',
    markdown,
    ...(markdownSibling ? { sibling: markdownSibling } : {}),
    negotiated: asMarkdown,
    now,
  };
  let first: Analysed;
  try {
    first = await analysed(options.analysis.analyze(input, pages > 1, signals.analysis), stop);
  } catch (error) {
    return tooComplex(url, error);
  }
  report('analysis');
  const result = { ok: true as const, url, finalUrl: page.finalUrl, auditedAt: now.toISOString() };
  const read = {
    categories: first.categories,
    pageType: first.pageType,
    engines: first.engines,
    crawlers: first.crawlers,
    markup: first.markup,
  };
  if (!first.site) return { ...result, ...read };

  // A site audit: the first page's own facts now, its further pages once this function has returned.
  const firstFacts = await options.analysis.page(input, signals.site).catch(() => undefined);
  // The first page's row shows its report's own score, from every check it was given.
  const firstRow: SitePage = firstFacts
    ? {
        url: reportUrl(page.finalUrl),
        outcome: 'audited',
        status: page.status,
        score: overallOf(first.categories),
      }
    : { url: reportUrl(page.finalUrl), outcome: 'failed', status: page.status, detail: 'tooComplex' };
  return {
    result: { ...result, ...read },
    site: first.site,
    firstRow,
    firstFacts,
    // Only the site files serve the other pages (site.ts gives each its own page).
    shared: {
      ...input,
      page: { ...page, body: '' },
      crawlerViews: [],
      markdown: undefined,
      sibling: undefined,
      negotiated: notFetchedForSitePage(url),
    },
    origin: finalOrigin,
  };
}

/** A site audit's further pages, within what is left of its deadline. */
async function auditSite(work: SiteWork, options: RunOptions, signals: Signals): Promise<RunResult> {
  const fetchWith = fetcherOf(options, signals);
  const signal = signals.site;
  const { crawlDelay } = work.site;
  const gate = sitePageGate({
    origin: work.origin,
    allowed: (target) =>
      options.analysis.verdicts(work.shared.robots, [{ url: target }], signal).then(
        (verdicts) => verdicts[0]?.allowed === true,
        () => false,
      ),
    budget: signals.budget,
    pacer: crawlPacer(crawlDelay, signals.clock, signals.siteEndsAt),
    signal,
  });
  const pages = options.pages ?? 1;
  const more = await auditSitePages({
    more: pages - 1,
    candidates: work.site.candidates,
    origin: work.origin,
    allowedHosts: options.allowedHosts,
    first: work.shared,
    fetchPage: (target) => fetchWith(target, ACCEPT_HTML, HTML_CAP, 'error', options.userAgent, signal, gate),
    // Under a Crawl-delay, one request at a time: the delay is between two requests to the site.
    ...(crawlDelay ? { parallel: 1 } : {}),
    // Each page's body is reserved from fetch to analysis.
    ...(options.bodies ? { reserve: () => options.bodies!.acquire(HTML_CAP, signal) } : {}),
    analysis: options.analysis,
    signal,
    ...(options.onPage ? { onPage: options.onPage } : {}),
  });
  const table = [work.firstRow, ...more.table];
  const facts = work.firstFacts ? [work.firstFacts, ...more.facts] : more.facts;
  return {
    ...work.result,
    site: {
      requested: pages,
      source: work.site.source,
      table,
      findings: siteSummary(table, facts, more.skipped),
      ...withVerdict(siteVerdict(table, facts)),
    },
  };
}

const withVerdict = (verdict: SiteVerdict | undefined) => (verdict ? { verdict } : {});

/** A task of the analysis pool; when it fails, the fetches still running are not needed any more. */
function analysed<T>(work: Promise<T>, stop: AbortController): Promise<T> {
  return work.catch((error: unknown) => {
    stop.abort();
    throw error;
  });
}

/** The page could not be analysed in time or in memory (a fault of ours is rethrown). */
function tooComplex(url: string, error: unknown): RunResult & { ok: false } {
  if (!(error instanceof AnalysisFailed)) throw error;
  return { ok: false, url, reason: 'tooComplex', detail: error.message };
}

/** Why a page that answered cannot be audited, if it cannot: an error status, or not HTML. */
function unauditable(url: string, page: FetchedResource): (RunResult & { ok: false }) | undefined {
  if (page.status >= 400) return { ok: false, url, reason: 'httpError', detail: `HTTP ${page.status}` };
  if (!isHtmlType(page.headers['content-type'])) {
    return { ok: false, url, reason: 'notHtml', detail: page.headers['content-type'] ?? 'no content type' };
  }
  return undefined;
}

/** The first `Sitemap:` address of a robots.txt, resolved against the site (absolute http(s) only). */
export function sitemapFromRobots(robotsTxt: string, origin: string): string | undefined {
  for (const line of robotsTxt.split(/\r?\n/)) {
    const match = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    if (!match) continue;
    try {
      const address = new URL(match[1]!, origin);
      if (address.protocol === 'http:' || address.protocol === 'https:') return address.href;
    } catch {
      // Not an address: look at the next line.
    }
  }
  return undefined;
}
