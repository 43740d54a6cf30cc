import { analyze } from './analyze.ts';
import { buildContext } from './context.ts';
import { browserChallenge } from './read/challenge.ts';
import { markdownAlternateOf } from './read/html.ts';
import { llmsLinks } from './read/llms-txt.ts';
import { agentVerdict, crawlDelayOf, readRobots, type AgentVerdict } from './read/robots.ts';
import {
  AUDIT_AGENT,
  candidatesOf,
  pageFacts,
  type Candidate,
  type CandidateSource,
  type PageFacts,
} from './site-pages.ts';
import type { AuditInput, CategoryFindings, FetchOutcome } from './types.ts';
import type { EngineVerdict } from './engines.ts';
import {
  crawlerAccess,
  markupProperties,
  type CrawlerAccess,
  type MarkupProperties,
} from './evidence-facts.ts';
import type { PageTypeReading } from './structured/page-type.ts';

// The audit's CPU work, run in a worker thread of the analysis pool (analysis.ts): everything that
// parses what the audited site sent. A hostile page can make it slow or hungry, never the server's
// event loop: the pool ends a task that outlives its deadline or its memory by ending its thread.

export type AnalysisTask =
  | { kind: 'discover'; html: string; status: number; finalUrl: string }
  | { kind: 'analyze'; input: AuditInput; withCandidates: boolean }
  | { kind: 'page'; input: AuditInput }
  | { kind: 'verdicts'; robots: FetchOutcome; asks: RobotsAsk[] }
  | { kind: 'llmsLinks'; text: string; fileUrl: string; origin: string };

/** The first page's analysis: its findings, and for a site audit the other pages it may take. */
export interface Analysed {
  categories: CategoryFindings[];
  /** What kind of page it is, and what said so (issue 36). */
  pageType: PageTypeReading;
  /** Whether each answer engine can use the page (issue 37). */
  engines: EngineVerdict[];
  /** Which crawlers robots.txt lets in, and the page's markup properties ("what changed", issue 37). */
  crawlers: CrawlerAccess[];
  markup: MarkupProperties[];
  site?: {
    source: CandidateSource;
    candidates: Candidate[];
    /** robots.txt's Crawl-delay for the audit's own agent, in seconds, when it asks for one. */
    crawlDelay?: number;
  };
}

export function analyseFirst(input: AuditInput, withCandidates: boolean): Analysed {
  const ctx = buildContext(input);
  const categories = analyze(input, ctx);
  const read = {
    categories,
    pageType: ctx.pageType,
    engines: ctx.engines,
    crawlers: crawlerAccess(ctx),
    markup: markupProperties(ctx),
  };
  if (!withCandidates) return read;
  const crawlDelay = crawlDelayOf(ctx.robots, AUDIT_AGENT);
  return {
    ...read,
    site: { ...candidatesOf(ctx), ...(crawlDelay !== undefined ? { crawlDelay } : {}) },
  };
}

/** An address and the product token robots.txt is asked about (the audit's own by default). */
export interface RobotsAsk {
  url: string;
  agent?: string;
}

/**
 * robots.txt's verdict on each address for its agent, the file read once for them all: the agents'
 * views before they are fetched and at each redirect, a site page's redirect targets.
 */
export function robotsVerdicts(robots: FetchOutcome, asks: readonly RobotsAsk[]): AgentVerdict[] {
  const state = readRobots(robots);
  return asks.map(({ url, agent = AUDIT_AGENT }) => agentVerdict(state, url, agent));
}

/** What the page says before the rest is fetched: its Markdown alternate, or that it is a challenge. */
export interface Discovery {
  markdownAlternate: string | undefined;
  challenge: string | undefined;
}

export function discover(html: string, status: number, finalUrl: string): Discovery {
  const challenge = browserChallenge(status, html);
  return { challenge, markdownAlternate: challenge ? undefined : markdownAlternateOf(html, finalUrl) };
}

/** One task, as the pool's threads run it. */
export default function runTask(
  task: AnalysisTask,
): Discovery | Analysed | PageFacts | AgentVerdict[] | string[] {
  if (task.kind === 'discover') return discover(task.html, task.status, task.finalUrl);
  if (task.kind === 'verdicts') return robotsVerdicts(task.robots, task.asks);
  if (task.kind === 'llmsLinks') return llmsLinks(task.text, task.fileUrl, task.origin);
  if (task.kind === 'page') return pageFacts(task.input);
  return analyseFirst(task.input, task.withCandidates);
}
