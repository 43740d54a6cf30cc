import type { AuditUserAgents } from './agents.ts';
import type { Analysis } from './analysis.ts';
import { Refusal } from './fetch-refusal.ts';
import { NOT_READ, type RequestBudget } from './politeness.ts';
import type { AgentVerdict } from './read/robots.ts';
import type { SafeFetchOptions } from './safe-fetch.ts';
import type { ClosedToAgent, CrawlerView, FetchOutcome } from './types.ts';

// The page as each crawler of VIEW_AGENTS gets it, asked for only where the site's robots.txt lets
// that crawler in (issue 37, item 4; decision 064). A request sent as GPTBot to a path robots.txt
// closes to GPTBot shows in the site's logs and bot dashboards as GPTBot breaking the rules: the
// audit would be doing what it tells sites to forbid. So robots.txt comes first, each view is asked
// for only when its agent's verdict on the address allows it (RFC 9309 matching, read/robots.ts, in
// the analysis pool like every file of the site), and every redirect of a view is checked the same
// way against the robots.txt of the origin it points to before it is followed.

type Gate = NonNullable<SafeFetchOptions['gate']>;

export interface ViewsOptions {
  /** The page's address, as asked for. */
  url: string;
  views: AuditUserAgents['views'];
  /** The robots.txt of an origin, fetched once per audit whoever asks. */
  robotsOf(origin: string): Promise<FetchOutcome>;
  verdicts: Analysis['verdicts'];
  /** Fetches the page with this User-Agent, asking `gate` before each request (redirects included). */
  fetchAs(userAgent: string, gate: Gate): Promise<FetchOutcome>;
  budget: RequestBudget;
  signal: AbortSignal;
}

/** What the audit reports for an agent robots.txt closes `at` to (the page or a redirect's target). */
function closedTo(url: string, at: string, verdict: AgentVerdict | undefined): ClosedToAgent {
  return {
    ok: false,
    closed: true,
    url,
    reason: 'refused',
    detail: 'closedByRobots',
    at,
    // No deciding line and not allowed: robots.txt could not be fetched (5xx or no answer), which
    // RFC 9309 §2.3.1.4 reads as a complete disallow; no verdict at all: it could not be read in time.
    why: verdict?.line !== undefined ? 'rule' : verdict ? 'unreachable' : 'unread',
    ...(verdict?.line !== undefined ? { line: verdict.line, rule: verdict.rule ?? '' } : {}),
  };
}

/** The verdicts of `agents` on `url` under the robots.txt of its origin; undefined when it cannot be read. */
async function verdictsOn(
  options: ViewsOptions,
  url: string,
  agents: readonly string[],
): Promise<(AgentVerdict | undefined)[] | Refusal> {
  const robots = await options.robotsOf(new URL(url).origin);
  // An origin the audit may not reach at all: the safe fetcher's own refusal says why, not robots.txt.
  if (!robots.ok && robots.reason === 'refused') return new Refusal('refused', robots.detail);
  return options
    .verdicts(
      robots,
      agents.map((agent) => ({ url, agent })),
      options.signal,
    )
    .catch(() => agents.map(() => undefined));
}

/** The page as each agent of `views` gets it, or why it was not asked for as that agent. */
export async function fetchViews(options: ViewsOptions): Promise<CrawlerView[]> {
  const { url } = options;
  const first = await verdictsOn(
    options,
    url,
    options.views.map((v) => v.agent),
  );
  return Promise.all(
    options.views.map(async (view, i): Promise<CrawlerView> => {
      const own = { agent: view.agent, role: view.role };
      if (first instanceof Refusal) {
        return { ...own, outcome: { ok: false, url, reason: first.reason, detail: first.detail } };
      }
      const verdict = first[i];
      if (!verdict?.allowed) return { ...own, outcome: closedTo(url, url, verdict) };
      let closed: ClosedToAgent | undefined;
      const gate: Gate = async (target, hop) => {
        if (hop > 0) {
          const there = await verdictsOn(options, target, [view.agent]);
          if (there instanceof Refusal) return there;
          if (!there[0]?.allowed) {
            closed = closedTo(url, target, there[0]);
            return new Refusal('refused', NOT_READ.disallowed);
          }
        }
        return options.budget.take();
      };
      const outcome = await options.fetchAs(view.userAgent, gate);
      return { ...own, outcome: closed ?? outcome };
    }),
  );
}
