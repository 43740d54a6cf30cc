import { Refusal } from './fetch-refusal.ts';

// What keeps an audit polite to the site it reads (decision 049): a cap on the requests of one audit,
// every request counted (the page, the agents' views, robots.txt, llms.txt, the sitemap, each
// redirect); and for a site audit's further pages, each redirect's target checked against the
// audited origin and robots.txt before it is fetched, and robots.txt's Crawl-delay kept between
// requests, within the site audit's deadline. The safe fetcher asks its `gate` before every request.

/**
 * Requests of a page audit at most: the page, five agents' views, its Markdown and the site files take
 * 11 without redirects, and llms.txt as the proposal writes it up to 10 more (llms.ts: the llms.txt of
 * three folders, the Markdown sibling in two forms, three of its links, the two llms-ctx files).
 */
export const FIRST_PAGE_REQUESTS = 40;
/** Requests per further page of a site audit: the page and two redirects (http → https → www). */
export const PER_PAGE_REQUESTS = 3;

/** The most requests one audit of `pages` pages sends: 40 for a page, 112 for a 25-page site audit. */
export function requestCap(pages: number): number {
  return FIRST_PAGE_REQUESTS + PER_PAGE_REQUESTS * Math.max(0, pages - 1);
}

/**
 * A site audit's page is not read for the site's sake: the detail of the safe fetcher's refusal,
 * which the site audit's table shows as the page's note (`site.notes.*`).
 */
export const NOT_READ = {
  /** A redirect to another origin: not followed. */
  offSite: 'redirectOffSite',
  /** A redirect to an address robots.txt closes to the audit's agent: not followed. */
  disallowed: 'redirectDisallowed',
  /** Its turn under the site's Crawl-delay would come after the site audit's deadline. */
  crawlDelay: 'crawlDelay',
  /** The audit's requests are spent. */
  budget: 'requestBudget',
} as const;

const NOT_READ_DETAILS: ReadonlySet<string> = new Set(Object.values(NOT_READ));

/** Whether a fetch failure's detail says the page was left alone for the site's sake (NOT_READ). */
export function notRead(detail: string): boolean {
  return NOT_READ_DETAILS.has(detail);
}

/**
 * The time the audit's pace is measured by: `now` in milliseconds from any origin, and a wait that
 * ends early when `signal` aborts. Tests inject one that moves on at once.
 */
export interface Clock {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    }),
};

/** Counts an audit's requests: each one takes one, and none is sent once `cap` are. */
export function requestBudget(cap: number) {
  let used = 0;
  return {
    take(): Refusal | undefined {
      if (used >= cap) return new Refusal('refused', NOT_READ.budget);
      used += 1;
      return undefined;
    },
    get used() {
      return used;
    },
  };
}
export type RequestBudget = ReturnType<typeof requestBudget>;

/**
 * Keeps `delaySeconds` between the starts of two requests (Bing's reading of Crawl-delay: one fetch
 * per window of that many seconds; with one request at a time it also leaves Yandex's wait between
 * two fetches, less the fetch's own time), the first one `delaySeconds` after the pacer is made (the
 * first page's files were just fetched). A request whose turn would come after `endsAt` is refused:
 * the site audit lists its page as not read rather than run past its deadline.
 */
export function crawlPacer(delaySeconds: number | undefined, clock: Clock, endsAt: number) {
  const gapMs = (delaySeconds ?? 0) * 1000;
  let last = clock.now();
  return {
    async wait(signal: AbortSignal): Promise<Refusal | undefined> {
      if (gapMs <= 0) return undefined;
      const now = clock.now();
      const at = Math.max(now, last + gapMs);
      if (at > endsAt) return new Refusal('refused', NOT_READ.crawlDelay);
      // Taken before waiting, so that requests asking together are spaced one after the other.
      last = at;
      if (at > now) await clock.sleep(at - now, signal);
      return undefined;
    },
  };
}
export type CrawlPacer = ReturnType<typeof crawlPacer>;

export interface SitePageGateOptions {
  /** The origin a site audit stays on. */
  origin: string;
  /** robots.txt's verdict for the audit's own agent on an address (false when it cannot be read). */
  allowed(url: string): Promise<boolean>;
  budget: RequestBudget;
  pacer: CrawlPacer;
  signal: AbortSignal;
}

/**
 * The gate of a site audit's further pages: a redirect is followed only to the audited origin and
 * where robots.txt lets the audit's agent in, every request waits its turn under Crawl-delay, and
 * counts against the audit's cap.
 */
export function sitePageGate(options: SitePageGateOptions) {
  return async (target: string, hop: number): Promise<Refusal | undefined> => {
    if (hop > 0) {
      if (new URL(target).origin !== options.origin) return new Refusal('refused', NOT_READ.offSite);
      if (!(await options.allowed(target))) return new Refusal('refused', NOT_READ.disallowed);
    }
    return (await options.pacer.wait(options.signal)) ?? options.budget.take();
  };
}
