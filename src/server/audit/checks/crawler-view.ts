import type { ViewRole } from '../agents.ts';
import { kilobytes, list, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import { BLOCK_STATUSES, crawlerChallenge } from '../read/challenge.ts';
import type { ClosedToAgent, CrawlerView, FetchedResource, Message } from '../types.ts';

// Whether AI agents get the same page as a browser: a firewall, CDN or bot manager that answers
// them with an error, a challenge or an empty page hides the site from answers. The page is fetched
// as OAI-SearchBot and PerplexityBot (they fetch pages to answer), GPTBot and ClaudeBot (training,
// whose exclusion is the site's choice) and Googlebot, in parallel with the browser's fetch. The
// audit asks from its own address, not the operators': a firewall that verifies crawlers by their
// published address ranges may turn our "Googlebot" away and still let Google's in, so a refusal of
// Googlebot alone is a warning, with that said. A challenge the browser got too is no verdict at
// all: the audit then stops as inconclusive (run.ts). An agent that robots.txt closes the page to is
// not asked at all (views.ts, decision 064): its view is reported as not fetched, never judged, and
// what the closure means is the robots.txt checks' to say.

/** "Much shorter": under this share of the browser's page, when that page is not tiny itself. */
const SHORTER_RATIO = 0.3;
const SHORTER_MIN_BYTES = 4096;

type Outcome = 'same' | 'refused' | 'shorter' | 'closed';

export interface Seen {
  view: CrawlerView;
  outcome: Outcome;
  evidence: Message;
}

/** Why an agent's view was not fetched: the robots.txt line, or robots.txt itself out of reach. */
function notFetched(agent: string, closed: ClosedToAgent): Message {
  if (closed.why === 'unreachable') return msg('items.crawlerView.evidence.closedUnreachable', { agent });
  if (closed.why === 'unread') return msg('items.crawlerView.evidence.closedUnread', { agent });
  const values = { agent, line: closed.line ?? 0, rule: clip(closed.rule ?? '', 80) };
  if (closed.at === closed.url) return msg('items.crawlerView.evidence.closed', values);
  return msg('items.crawlerView.evidence.closedRedirect', { ...values, at: clip(closed.at, 100) });
}

/** What a crawler view got, compared with the browser's page. */
export function see(view: CrawlerView, page: FetchedResource): Seen {
  const { agent, outcome } = view;
  if ('closed' in outcome) return { view, outcome: 'closed', evidence: notFetched(agent, outcome) };
  if (!outcome.ok) {
    const detail = clip(outcome.detail, 100);
    return {
      view,
      outcome: 'refused',
      evidence: msg('items.crawlerView.evidence.failed', { agent, detail }),
    };
  }
  const status = outcome.status;
  if (BLOCK_STATUSES.has(status) || status !== page.status) {
    const values = { agent, status, pageStatus: page.status };
    return { view, outcome: 'refused', evidence: msg('items.crawlerView.evidence.status', values) };
  }
  const marker = crawlerChallenge(outcome.body, page.body);
  if (marker) {
    return {
      view,
      outcome: 'refused',
      evidence: msg('items.crawlerView.evidence.challenge', { agent, marker }),
    };
  }
  if (page.bytes >= SHORTER_MIN_BYTES && outcome.bytes < page.bytes * SHORTER_RATIO) {
    const values = { agent, crawlerKb: kilobytes(outcome.bytes), pageKb: kilobytes(page.bytes) };
    return { view, outcome: 'shorter', evidence: msg('items.crawlerView.evidence.shorter', values) };
  }
  const values = { agent, status, kb: kilobytes(outcome.bytes) };
  return { view, outcome: 'same', evidence: msg('items.crawlerView.evidence.same', values) };
}

export function crawlerView(ctx: AuditContext): Verdict {
  const seen = ctx.input.crawlerViews.map((view) => see(view, ctx.input.page));
  const closed = seen.filter((s) => s.outcome === 'closed');
  const same = seen.filter((s) => s.outcome === 'same');
  const troubled = seen.filter((s) => s.outcome === 'refused' || s.outcome === 'shorter');
  const evidence: Message[] = [...closed, ...troubled].map((s) => s.evidence);
  // robots.txt closes the page to every agent: no answer to judge, and robots.txt's own checks say
  // what that costs. Left out of the score rather than passed or failed on nothing.
  if (closed.length === seen.length && seen.length > 0) return { status: 'notApplicable', evidence };
  if (same.length > 0) {
    const ok = same[0]!.view.outcome as FetchedResource;
    evidence.push(
      msg('items.crawlerView.evidence.same', {
        agent: list(same.map((s) => s.view.agent)),
        status: ok.status,
        kb: kilobytes(ok.bytes),
      }),
    );
  }
  if (troubled.length === 0) return verdict('pass', evidence);
  evidence.push(msg('items.crawlerView.evidence.ourAddress'));
  const hit = (role: ViewRole) => troubled.filter((s) => s.view.role === role);
  const assistants = hit('assistant');
  if (assistants.length > 0) {
    const found = verdict('fail', evidence, msg('items.crawlerView.recommendation.firewall'));
    // Every AI agent refused (not only answered shorter), or closed by robots.txt: no assistant can
    // read the page.
    const ai = seen.filter((s) => s.view.role !== 'searchEngine');
    const allRefused = ai.every((s) => s.outcome === 'refused' || s.outcome === 'closed');
    return allRefused ? { ...found, blocks: true } : found;
  }
  // Only training crawlers or Googlebot turned away: the site's choice, or a fake-bot filter.
  const training = hit('training');
  if (training.length > 0) {
    const agents = list(training.map((s) => s.view.agent));
    return verdict('warning', evidence, msg('items.crawlerView.recommendation.training', { agents }));
  }
  return verdict('warning', evidence, msg('items.crawlerView.recommendation.searchEngine'));
}
