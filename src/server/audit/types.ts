import type { CategoryId, ItemStatus } from '../../lib/audit.ts';
import type { ViewRole } from './agents.ts';

// Contracts between the audit's parts: the safe fetcher (safe-fetch.ts) produces FetchOutcome
// values, the orchestrator (run.ts) gathers them into an AuditInput, the checks (checks/*.ts) turn
// that into language-neutral findings, and localize.ts renders findings as text in one language.
// Everything that comes from the audited site is untrusted text: it travels as plain strings and is
// only ever shown escaped (React text nodes, JSON strings), shortened by `clip()`.

/** Why an address could not be audited (the `reason` of a 422, decision 017). */
export type AuditFailureReason =
  | 'refused'
  | 'unreachable'
  | 'timeout'
  | 'httpError'
  | 'notHtml'
  | 'tooLarge'
  /** The page could not be analysed within the audit's deadline or memory: hostile or broken markup. */
  | 'tooComplex'
  /** The audit's browser got a bot challenge: what AI crawlers get cannot be told (inconclusive). */
  | 'challenged'
  /** The server stopped the audit because it is shutting down (SIGTERM): ours, and it passes. */
  | 'restarting'
  /** The audit waited in line for memory (the body budget) longer than it may: ours, and it passes. */
  | 'busy';

/** A fetch that did not produce a response. `detail` is for logs and evidence, never shown as HTML. */
export interface FetchFailure {
  ok: false;
  url: string;
  reason: AuditFailureReason;
  /** Short, technical, untrusted-safe description (e.g. "resolves to a private or loopback address"). */
  detail: string;
}

export interface Redirect {
  url: string;
  status: number;
}

/** A response read within its limits. Any status is a response (a 404 robots.txt is a FetchedResource). */
export interface FetchedResource {
  ok: true;
  /** The address asked for. */
  url: string;
  /** The address that answered, after redirects. */
  finalUrl: string;
  status: number;
  /** Response headers of the final response, names lower-cased, repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Each redirect followed, in order (the address that answered with it and its status). */
  redirects: Redirect[];
  /**
   * The body decoded as text (charset from Content-Type, else UTF-8), at most the cap; only its
   * first `keepBytes` when the fetch asked to keep no more (an agent's view of the page).
   */
  body: string;
  /** Decoded body size in bytes (after Content-Encoding), up to the cap. */
  bytes: number;
  /** Bytes received on the wire for the final response (before decompression). */
  transferBytes: number;
  /** True when the body was cut at the cap (only with `overflow: 'truncate'`). */
  truncated: boolean;
  /** Milliseconds from sending the final request to its response headers. */
  ttfbMs: number;
  /** Milliseconds for the whole fetch, redirects included. */
  totalMs: number;
}

export type FetchOutcome = FetchedResource | FetchFailure;

/**
 * A view the audit did not fetch because robots.txt closes the address to that agent (RFC 9309), or
 * a redirect's target: asking anyway would show in the site's logs as that crawler ignoring its rules.
 */
export interface ClosedToAgent {
  ok: false;
  closed: true;
  url: string;
  reason: 'refused';
  detail: 'closedByRobots';
  /** The address robots.txt closes: the page itself, or where a redirect of it pointed. */
  at: string;
  /**
   * `rule`: a Disallow line decides; `unreachable`: robots.txt answered 5xx or not at all, a complete
   * disallow (RFC 9309 §2.3.1.4); `unread`: it could not be read within the audit's time or memory.
   */
  why: 'rule' | 'unreachable' | 'unread';
  /** The deciding line (1-based) and its text, clipped, when a rule decides. */
  line?: number;
  rule?: string;
}

/** The page as one agent got it, or why it was not asked for as that agent. */
export interface CrawlerView {
  /** The agent's robots.txt product token. */
  agent: string;
  role: ViewRole;
  outcome: FetchOutcome | ClosedToAgent;
}

/** Everything the checks look at; gathered by the orchestrator. */
export interface AuditInput {
  /** The page, fetched with the audit's own user agent. */
  page: FetchedResource;
  /** The same page fetched as each agent of VIEW_AGENTS (firewall, CDN and bot-manager check). */
  crawlerViews: CrawlerView[];
  /** The same page asked for with `Accept: text/markdown` (content negotiation for agents). */
  negotiated: FetchOutcome;
  /** `{origin}/robots.txt` of the final page address. */
  robots: FetchOutcome;
  /**
   * The llms.txt nearest the page (llmstxt.org allows one in a subpath): in the page's own folder or
   * the nearest parent that has one, else `{origin}/llms.txt` (found or not).
   */
  llms: FetchOutcome;
  /** The folders' llms.txt addresses looked at before the root's, nearest first (issue 37). */
  llmsTried?: string[];
  /** A few same-origin links of llms.txt's file lists, asked for (bodies kept short: Markdown or not). */
  llmsSample?: FetchOutcome[];
  /** `llms-ctx.txt` and `llms-ctx-full.txt` beside the llms.txt found (bodies kept short). */
  llmsCtx?: FetchOutcome[];
  /**
   * The page's Markdown sibling as llmstxt.org proposes it (`page.html.md`, `folder/index.html.md`,
   * `page.md`): the first address that answered Markdown, else the last one tried; absent when none
   * could be (a page whose address is itself a .md file).
   */
  sibling?: FetchOutcome;
  /** The sitemap: the first `Sitemap:` of robots.txt, else `{origin}/sitemap.xml`. */
  sitemap: FetchOutcome;
  /** Where the sitemap address came from. */
  sitemapSource: 'robots' | 'default';
  /** `{origin}/llms-full.txt`, or the page's markdown alternate when it declares one. */
  markdown: FetchOutcome | undefined;
  /** When the audit ran (freshness is judged against it). */
  now: Date;
}

/**
 * A translatable message: a key in the `audit` namespace and its values. Values that come from the
 * audited site are already shortened (clip) and stay plain text.
 */
export interface Message {
  key: string;
  values?: Record<string, string | number>;
}

/** One check's verdict, before translation. */
export interface Finding {
  /** Stable id (also the translation key of the check's title: `items.{id}.title`). */
  id: string;
  status: ItemStatus;
  /** Relative weight in the category score (1 normal, 0.5 minor, 2 major). */
  weight: number;
  /** What was found, one or more short messages (joined with a space when shown). */
  evidence: Message[];
  /** What to do; present when status is not 'pass'. */
  recommendation?: Message;
  /** This finding alone keeps AI assistants from using the page: the overall score is capped. */
  blocks?: true;
  /** The most its category may score, whatever its other checks say (decision 063). */
  cap?: number;
}

export interface CategoryFindings {
  id: CategoryId;
  findings: Finding[];
}
