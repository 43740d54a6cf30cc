import type { Analysis } from './analysis.ts';
import { checkAuditUrl } from './address.ts';
import { notRead } from './politeness.ts';
import { isHtmlType } from './read/html.ts';
import type { Candidate, PageFacts } from './site-pages.ts';
import type { SitePage, SkippedCandidates } from './site-summary.ts';
import type { AuditInput, FetchOutcome } from './types.ts';
import { REPORT_BOUNDS, reportUrl } from '../../lib/report-bounds.ts';

// A site audit's other pages (decision 024), fetched politely after the first page's audit: pages
// of the audited origin only, robots.txt obeyed for the audit's own user agent (a disallowed page is
// listed, never fetched), at most two requests at a time, every address through the safe fetcher's
// checks (a sitemap entry on a private address is refused like any other), within the site audit's
// deadline, and each page analysed in the worker pool.

/** Requests to the audited site at once: a polite crawler's pace, well under what a browser opens. */
const PARALLEL = 2;

export interface SitePagesOptions {
  /** Pages to take besides the first. */
  more: number;
  candidates: readonly Candidate[];
  /** The first page's address after redirects: the origin a site audit stays on. */
  origin: string;
  allowedHosts: ReadonlySet<string>;
  /** The first page's input: its site files serve every page. */
  first: AuditInput;
  fetchPage(url: string): Promise<FetchOutcome>;
  analysis: Analysis;
  signal: AbortSignal;
  /** Requests at once (2 by default; 1 under a Crawl-delay). */
  parallel?: number;
  /**
   * Reserves a page's body from the process's budget before it is fetched (body-budget.ts): the
   * function returned gives it back once the page is analysed; undefined when the deadline passed.
   */
  reserve?: () => Promise<(() => void) | undefined>;
  /** Called as each page is done (fetched and analysed, or failed), in completion order. */
  onPage?: (url: string, done: number, total: number) => void;
}

export interface SitePagesResult {
  /**
   * The pages audited or failed, in the order found, and the first disallowed ones: every address
   * in it is clipped (REPORT_BOUNDS, decision 048).
   */
  table: SitePage[];
  facts: PageFacts[];
  /** Candidates counted, not listed one by one. */
  skipped: SkippedCandidates;
}

/**
 * The candidates to fetch and the table's rows before fetching, in the order found. Off-origin and
 * refused candidates are counted, not listed, and disallowed ones listed up to a bound: a hostile
 * sitemap can name 100 long addresses, and the report must stay small whatever it names.
 */
export function choose(options: Pick<SitePagesOptions, 'more' | 'candidates' | 'origin' | 'allowedHosts'>): {
  table: SitePage[];
  toFetch: string[];
  skipped: SkippedCandidates;
} {
  const table: SitePage[] = [];
  const toFetch: string[] = [];
  const skipped: SkippedCandidates = { otherSite: 0, refused: 0, disallowed: 0 };
  for (const candidate of options.candidates) {
    if (toFetch.length >= options.more) break;
    const url = candidate.url;
    if (new URL(url).origin !== options.origin) {
      // Off the audited origin: never fetched; an address the audit may not reach is told apart.
      skipped[checkAuditUrl(url, options.allowedHosts).ok ? 'otherSite' : 'refused'] += 1;
    } else if (candidate.disallowed) {
      skipped.disallowed += 1;
      if (skipped.disallowed <= REPORT_BOUNDS.listedDisallowed) {
        table.push({ url: reportUrl(url), outcome: 'disallowed' });
      }
    } else {
      // The row keeps the address fetched; it is clipped once the page is done (auditSitePages).
      table.push({ url, outcome: 'audited' });
      toFetch.push(url);
    }
  }
  return { table, toFetch, skipped };
}

/** What a site audit's further page is not fetched with (its Markdown copy asked for). */
export const notFetchedForSitePage = (url: string): FetchOutcome => ({
  ok: false,
  url,
  reason: 'refused',
  detail: 'not fetched for a site page',
});

async function onePage(
  url: string,
  options: SitePagesOptions,
): Promise<{ row: SitePage; facts?: PageFacts }> {
  const page = await options.fetchPage(url);
  // Left alone for the site's sake (a redirect off the origin or into robots.txt's closed paths, its
  // Crawl-delay, the audit's request cap): listed as not read, with why.
  if (!page.ok && notRead(page.detail)) return { row: { url, outcome: 'notTaken', detail: page.detail } };
  if (!page.ok) return { row: { url, outcome: 'failed', detail: page.reason } };
  if (page.status < 200 || page.status >= 300) {
    return { row: { url, outcome: 'failed', status: page.status, detail: 'httpError' } };
  }
  if (!isHtmlType(page.headers['content-type'])) {
    return { row: { url, outcome: 'failed', status: page.status, detail: 'notHtml' } };
  }
  const input: AuditInput = {
    ...options.first,
    page,
    crawlerViews: [],
    markdown: undefined,
    negotiated: notFetchedForSitePage(url),
  };
  try {
    const facts = await options.analysis.page(input, options.signal);
    return { row: { url, outcome: 'audited', status: page.status, score: facts.score }, facts };
  } catch {
    return { row: { url, outcome: 'failed', status: page.status, detail: 'tooComplex' } };
  }
}

/** Fetches and analyses the chosen pages, two at a time, until done or past the deadline. */
export async function auditSitePages(options: SitePagesOptions): Promise<SitePagesResult> {
  const { table, toFetch, skipped } = choose(options);
  const results = new Map<string, { row: SitePage; facts?: PageFacts }>();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < toFetch.length && !options.signal.aborted) {
      const release = options.reserve ? await options.reserve() : () => {};
      if (!release) break;
      const url = toFetch[next++];
      if (url === undefined) {
        release();
        break;
      }
      let result: Awaited<ReturnType<typeof onePage>>;
      try {
        result = await onePage(url, options);
      } finally {
        release();
      }
      results.set(url, result);
      options.onPage?.(url, ++done, toFetch.length);
    }
  };
  await Promise.all(Array.from({ length: options.parallel ?? PARALLEL }, worker));
  const rows = table.map((row) =>
    row.outcome !== 'audited'
      ? row
      : {
          ...(results.get(row.url)?.row ?? { outcome: 'failed' as const, detail: 'timeout' }),
          url: reportUrl(row.url),
        },
  );
  const facts = toFetch.flatMap((url) => results.get(url)?.facts ?? []);
  return { table: rows, facts, skipped };
}
