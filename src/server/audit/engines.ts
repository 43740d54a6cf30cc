import { ANTHROPIC, OPENAI, PERPLEXITY } from '../../lib/crawler-catalogue.ts';
import type { EngineId, EngineStatus } from '../../lib/audit.ts';
import { clip } from '../../lib/text.ts';
import { list, msg } from './check.ts';
import { see } from './checks/crawler-view.ts';
import { SHELL_WORDS } from './checks/main-text.ts';
import { isBlocking, robotsDirectives, type Directive } from './checks/page-directives.ts';
import type { AuditContext } from './context.ts';
import { agentVerdict } from './read/robots.ts';
import type { Message } from './types.ts';

// Can each answer engine use the page? One table of the engines whose operators document their
// crawler and its controls, with the rules the verdict follows and where each comes from, checked
// on ENGINES_CHECKED_ON (src/lib/audit.ts, shown with the verdicts; issue 37). The verdict is the audit's reading of the operator's own words:
// robots.txt for the crawler that feeds the engine, the page directives the operator documents,
// what our fetch as that crawler got, and whether the HTML holds the text at all.

const BING_AI_CONTROLS =
  'https://blogs.bing.com/webmaster/september-2023/Announcing-new-options-for-webmasters-to-control-usage-of-their-content-in-Bing-Chat';
const GOOGLE_AI_FEATURES = 'https://developers.google.com/search/docs/appearance/ai-features';

/** What an operator writes about robots.txt for its fetcher that acts on a person's request. */
type UserFetcherRule =
  /** OpenAI: "robots.txt rules may not apply" to visits a person starts. */
  | 'mayNotApply'
  /** Perplexity: it generally ignores robots.txt, as a person asked for the page. */
  | 'ignores'
  /** Anthropic: its bots, Claude-User included, honour robots.txt. */
  | 'honors';

export interface AnswerEngine {
  id: EngineId;
  /** The product, as its operator names it (not translated). */
  name: string;
  /** The robots.txt product token of the crawler whose access decides the engine's use of the page. */
  crawler: string;
  /** The fetcher that acts on a person's request, and what its operator writes about robots.txt. */
  userFetcher?: { token: string; rule: UserFetcherRule };
  /**
   * The page directives the operator documents for its AI answers: Google's (noindex; nosnippet,
   * max-snippet and data-nosnippet limit what AI features show), Bing's (noindex; NOARCHIVE keeps a
   * page out of Copilot's answers, NOCACHE limits them to the title, address and snippet), or none.
   */
  directives: 'google' | 'bing' | 'none';
  /** The operator documents that its crawler renders JavaScript (later, and not always). */
  rendersJavaScript: boolean;
  /** The operator's documentation the rules come from. */
  docs: string;
}

export const ANSWER_ENGINES: readonly AnswerEngine[] = [
  {
    id: 'chatgpt',
    name: 'ChatGPT search',
    crawler: 'OAI-SearchBot',
    userFetcher: { token: 'ChatGPT-User', rule: 'mayNotApply' },
    directives: 'none',
    rendersJavaScript: false,
    docs: OPENAI,
  },
  {
    id: 'perplexity',
    name: 'Perplexity',
    crawler: 'PerplexityBot',
    userFetcher: { token: 'Perplexity-User', rule: 'ignores' },
    directives: 'none',
    rendersJavaScript: false,
    docs: PERPLEXITY,
  },
  {
    id: 'copilot',
    name: 'Microsoft Copilot (Bing)',
    crawler: 'Bingbot',
    directives: 'bing',
    rendersJavaScript: true,
    docs: BING_AI_CONTROLS,
  },
  {
    id: 'google',
    name: 'Google AI Overviews and AI Mode',
    crawler: 'Googlebot',
    directives: 'google',
    rendersJavaScript: true,
    docs: GOOGLE_AI_FEATURES,
  },
  {
    id: 'claude',
    name: 'Claude',
    crawler: 'Claude-SearchBot',
    userFetcher: { token: 'Claude-User', rule: 'honors' },
    directives: 'none',
    rendersJavaScript: false,
    docs: ANTHROPIC,
  },
];

/** One engine's verdict on the page, language-neutral: its status and the reasons for it. */
export interface EngineVerdict {
  id: EngineId;
  status: EngineStatus;
  /** Why, most serious first; the last may be a note on the engine's user-triggered fetcher. */
  reasons: Message[];
}

const SEVERITY: Record<EngineStatus, number> = { yes: 0, limited: 1, unknown: 2, no: 3 };

/** A `max-snippet` that limits snippets (0 or more characters; -1 means no limit). */
const LIMITED_SNIPPET = /^max-snippet:(\d+)$/;

function directivesFor(engine: AnswerEngine, directives: readonly Directive[]): Directive[] {
  const crawler = engine.crawler.toLowerCase();
  return directives.filter((d) => d.scope === undefined || d.scope === crawler);
}

const named = (found: readonly Directive[]) => list([...new Set(found.map((d) => clip(d.value, 40)))]);

/** The verdict of every engine of ANSWER_ENGINES on the page, in the table's order. */
export function engineVerdicts(ctx: Omit<AuditContext, 'engines'>): EngineVerdict[] {
  const page = ctx.input.page;
  const now = ctx.input.now;
  const { directives } = robotsDirectives(ctx);
  const noText = ctx.page.main.words < SHELL_WORDS;
  return ANSWER_ENGINES.map((engine) => {
    const found: { status: EngineStatus; reason: Message }[] = [];
    const add = (status: EngineStatus, reason: Message) => found.push({ status, reason });
    const crawler = engine.crawler;

    if (page.status < 200 || page.status >= 300)
      add('no', msg('engines.reason.status', { status: page.status }));

    if (ctx.robots.kind === 'unreachable') {
      // RFC 9309 §2.3.1.4: a robots.txt that cannot be read means the whole site is disallowed.
      add('no', msg('engines.reason.robotsUnreachable', { crawler }));
    } else {
      const verdict = agentVerdict(ctx.robots, page.finalUrl, crawler);
      if (!verdict.allowed) {
        add(
          'no',
          msg('engines.reason.robotsClosed', { crawler, line: verdict.line ?? 0, rule: verdict.rule ?? '' }),
        );
      }
    }

    const own = directivesFor(engine, directives);
    const out = own.filter((d) => isBlocking(d, now));
    if (out.length > 0) {
      // Google and Bing document noindex for their AI answers; the other operators document no
      // page directive, so what theirs do with it cannot be told.
      if (engine.directives === 'none')
        add('unknown', msg('engines.reason.noindexUndocumented', { directives: named(out) }));
      else add('no', msg('engines.reason.noindex', { directives: named(out) }));
    }
    if (engine.directives === 'bing') {
      const values = new Set(own.map((d) => d.value));
      // Bing: with both, NOCACHE applies.
      if (values.has('nocache')) add('limited', msg('engines.reason.nocache'));
      else if (values.has('noarchive')) add('no', msg('engines.reason.noarchive'));
    }
    if (engine.directives === 'google') {
      const snippets = own.filter((d) => d.value === 'nosnippet' || LIMITED_SNIPPET.test(d.value));
      if (snippets.length > 0)
        add('limited', msg('engines.reason.nosnippet', { directives: named(snippets) }));
      if (ctx.page.nosnippetElements > 0)
        add('limited', msg('engines.reason.dataNosnippet', { count: ctx.page.nosnippetElements }));
    }

    const view = ctx.input.crawlerViews.find((v) => v.agent === crawler);
    if (view && page.status >= 200 && page.status < 300) {
      const seen = see(view, page);
      // Asked from our address, not the operator's: a firewall that verifies Googlebot by its
      // published addresses turns ours away and may let Google's in.
      if (seen.outcome === 'refused')
        add(engine.id === 'google' ? 'unknown' : 'no', msg('engines.reason.refused', { crawler }));
      else if (seen.outcome === 'shorter') add('limited', msg('engines.reason.shorter', { crawler }));
    }

    if (noText && page.status >= 200 && page.status < 300) {
      if (engine.rendersJavaScript) add('limited', msg('engines.reason.rendersLater', { crawler }));
      else add('no', msg('engines.reason.noText', { crawler }));
    }

    const status = found.reduce<EngineStatus>(
      (worst, f) => (SEVERITY[f.status] > SEVERITY[worst] ? f.status : worst),
      'yes',
    );
    const reasons = [...found].sort((a, b) => SEVERITY[b.status] - SEVERITY[a.status]).map((f) => f.reason);
    if (status === 'yes') reasons.push(msg('engines.reason.open', { crawler }));
    if (engine.userFetcher && ctx.robots.kind !== 'unreachable') {
      const { token, rule } = engine.userFetcher;
      if (!agentVerdict(ctx.robots, page.finalUrl, token).allowed)
        reasons.push(msg(`engines.userFetcher.${rule}`, { fetcher: token }));
    }
    return { id: engine.id, status, reasons };
  });
}

/** An engine of the table by its id; none for an id a report saved by another version holds. */
export function engineOf(id: EngineId): AnswerEngine | undefined {
  return ANSWER_ENGINES.find((e) => e.id === id);
}
