import { clip } from '../clip.ts';
import type { Finding, ItemStatus, Message } from '../types.ts';
import { category, type AuditContext } from './context.ts';
import { finding, kilobytes, list, msg } from './finding.ts';
import { metaByName } from './html.ts';
import { agentVerdict, type AgentVerdict } from './robots.ts';

// Can AI crawlers reach the page? Status and redirects, robots.txt (per agent), the page's own
// robots directives, whether a crawler's user agent gets the same page as a browser, and the sitemap.

/** AI search and user-triggered agents: they fetch pages to answer and cite. Blocking one fails. */
export const SEARCH_AGENTS = [
  'OAI-SearchBot',
  'ChatGPT-User',
  'Claude-SearchBot',
  'Claude-User',
  'PerplexityBot',
  'Perplexity-User',
  'Googlebot',
  'Bingbot',
  'Applebot',
] as const;

/** Training crawlers: whether to feed them is the site's choice, reported and never penalised. */
export const TRAINING_AGENTS = [
  'GPTBot',
  'ClaudeBot',
  'Google-Extended',
  'Applebot-Extended',
  'CCBot',
  'Meta-ExternalAgent',
  'Bytespider',
] as const;

/** More redirects than this before the page answers is a chain worth shortening. */
const MAX_REDIRECTS = 2;

function httpStatus(ctx: AuditContext): Finding {
  const { page } = ctx.input;
  const n = page.redirects.length;
  const evidence =
    n === 0
      ? msg('items.httpStatus.evidence.direct', { status: page.status })
      : msg('items.httpStatus.evidence.redirected', {
          status: page.status,
          count: n,
          url: clip(page.finalUrl, 100),
        });
  if (page.status < 200 || page.status >= 300) {
    return finding('httpStatus', 'fail', 2, [evidence], msg('items.httpStatus.recommendation.status'));
  }
  if (n > MAX_REDIRECTS) {
    return finding('httpStatus', 'warning', 2, [evidence], msg('items.httpStatus.recommendation.redirects'));
  }
  return finding('httpStatus', 'pass', 2, [evidence]);
}

/** Lines of the file as a reader counts them: a final line break does not start another line. */
function lineCount(lines: string[]): number {
  return lines.length - (lines.at(-1) === '' ? 1 : 0);
}

function robotsTxt(ctx: AuditContext): Finding {
  const { robots } = ctx;
  if (robots.kind === 'unavailable') {
    return finding('robotsTxt', 'pass', 1, [
      msg('items.robotsTxt.evidence.unavailable', { status: robots.status }),
    ]);
  }
  if (robots.kind === 'unreachable') {
    const evidence =
      robots.status === undefined
        ? msg('items.robotsTxt.evidence.unreachable', { detail: clip(robots.detail, 100) })
        : msg('items.robotsTxt.evidence.serverError', { status: robots.status });
    return finding('robotsTxt', 'fail', 1, [evidence], msg('items.robotsTxt.recommendation.unreachable'));
  }
  const evidence: Message[] = [
    msg('items.robotsTxt.evidence.found', { status: robots.status, count: lineCount(robots.lines) }),
  ];
  if (robots.sitemaps.length > 0) {
    evidence.push(msg('items.robotsTxt.evidence.sitemaps', { count: robots.sitemaps.length }));
  }
  if (robots.looksHtml) {
    evidence.push(msg('items.robotsTxt.evidence.html'));
    return finding('robotsTxt', 'warning', 1, evidence, msg('items.robotsTxt.recommendation.html'));
  }
  if (robots.cut) {
    evidence.push(msg('items.robotsTxt.evidence.cut'));
    return finding('robotsTxt', 'warning', 1, evidence, msg('items.robotsTxt.recommendation.cut'));
  }
  return finding('robotsTxt', 'pass', 1, evidence);
}

function verdicts(ctx: AuditContext, agents: readonly string[]): AgentVerdict[] {
  return agents.map((agent) => agentVerdict(ctx.robots, ctx.input.page.finalUrl, agent));
}

/** Allowed agents, grouped by what allowed them: their own group, the `*` group, or nothing. */
function allowedEvidence(allowed: AgentVerdict[]): Message[] {
  const by = (group: AgentVerdict['group']) => allowed.filter((v) => v.group === group).map((v) => v.agent);
  const evidence: Message[] = [];
  const named = by('named');
  const star = by('star');
  const none = by('none');
  if (named.length > 0)
    evidence.push(msg('items.aiSearchAgents.evidence.allowedNamed', { agents: list(named) }));
  if (star.length > 0)
    evidence.push(msg('items.aiSearchAgents.evidence.allowedStar', { agents: list(star) }));
  if (none.length > 0)
    evidence.push(msg('items.aiSearchAgents.evidence.allowedNone', { agents: list(none) }));
  return evidence;
}

/**
 * Blocked agents, one message per deciding line: a `*` group blocking all nine reads as one sentence,
 * and each message says whether the agents' own group or the `*` group decided.
 */
function blockedEvidence(blocked: AgentVerdict[]): Message[] {
  const byRule = new Map<string, AgentVerdict[]>();
  for (const verdict of blocked) {
    const key = `${verdict.group} ${verdict.line ?? 0}`;
    byRule.set(key, [...(byRule.get(key) ?? []), verdict]);
  }
  return [...byRule.values()].map((verdicts) => {
    const first = verdicts[0]!;
    const values = {
      agents: list(verdicts.map((v) => v.agent)),
      count: verdicts.length,
      line: first.line ?? 0,
      rule: first.rule ?? '',
    };
    return first.group === 'named'
      ? msg('items.aiSearchAgents.evidence.blockedNamed', values)
      : msg('items.aiSearchAgents.evidence.blockedStar', values);
  });
}

function aiSearchAgents(ctx: AuditContext): Finding {
  if (ctx.robots.kind === 'unreachable') {
    return finding(
      'aiSearchAgents',
      'fail',
      2,
      [msg('items.aiSearchAgents.evidence.unreadable', { count: SEARCH_AGENTS.length })],
      msg('items.aiSearchAgents.recommendation.robots'),
    );
  }
  const all = verdicts(ctx, SEARCH_AGENTS);
  const blocked = all.filter((v) => !v.allowed);
  const evidence = [...blockedEvidence(blocked), ...allowedEvidence(all.filter((v) => v.allowed))];
  if (blocked.length === 0) return finding('aiSearchAgents', 'pass', 2, evidence);
  const agents = list(blocked.map((v) => v.agent));
  return finding(
    'aiSearchAgents',
    'fail',
    2,
    evidence,
    msg('items.aiSearchAgents.recommendation.unblock', { agents }),
  );
}

function trainingAgents(ctx: AuditContext): Finding {
  const note = msg('items.trainingAgents.evidence.choice');
  if (ctx.robots.kind === 'unreachable') {
    return finding('trainingAgents', 'pass', 0, [msg('items.trainingAgents.evidence.unreadable'), note]);
  }
  const all = verdicts(ctx, TRAINING_AGENTS);
  const blocked = all.filter((v) => !v.allowed).map((v) => v.agent);
  const allowed = all.filter((v) => v.allowed).map((v) => v.agent);
  const evidence: Message[] = [];
  if (blocked.length > 0)
    evidence.push(msg('items.trainingAgents.evidence.blocked', { agents: list(blocked) }));
  if (allowed.length > 0)
    evidence.push(msg('items.trainingAgents.evidence.allowed', { agents: list(allowed) }));
  // Weight 0: a stated choice about training says nothing about whether answers can cite the page.
  return finding('trainingAgents', 'pass', 0, [...evidence, note]);
}

/** Directives that take a value and so contain a colon without naming a user agent. */
const VALUED_DIRECTIVES = new Set([
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'unavailable_after',
]);
/** Robots meta names and X-Robots-Tag scopes that concern the agents this audit cares about. */
const OUR_SCOPES = new Set(['robots', ...SEARCH_AGENTS.map((a) => a.toLowerCase())]);
const BLOCKING = new Set(['noindex', 'none']);
const LIMITING = new Set(['nosnippet', 'noai', 'noimageai', 'max-snippet:0']);

interface Directive {
  scope: string | undefined;
  value: string;
}

/**
 * X-Robots-Tag: comma-separated directives, each optionally behind a user-agent prefix that holds
 * until the next one ("googlebot: noindex, nofollow, otherbot: noarchive").
 */
function headerDirectives(header: string): Directive[] {
  const found: Directive[] = [];
  let scope: string | undefined;
  for (const piece of header.split(',')) {
    let text = piece.trim().toLowerCase();
    const prefixed = /^([a-z0-9_.-]+)\s*:\s*(.*)$/.exec(text);
    if (prefixed && !VALUED_DIRECTIVES.has(prefixed[1]!)) {
      scope = prefixed[1];
      text = prefixed[2]!;
    }
    if (text) found.push({ scope, value: text.replace(/\s+/g, '') });
  }
  return found;
}

function metaDirectives(content: string): string[] {
  return content
    .toLowerCase()
    .split(',')
    .map((d) => d.replace(/\s+/g, ''))
    .filter(Boolean);
}

function pageDirectives(ctx: AuditContext): Finding {
  const evidence: Message[] = [];
  const directives: string[] = [];
  for (const name of OUR_SCOPES) {
    for (const content of metaByName(ctx.page, name)) {
      evidence.push(msg('items.pageDirectives.evidence.meta', { name, value: clip(content, 80) }));
      directives.push(...metaDirectives(content));
    }
  }
  const header = ctx.input.page.headers['x-robots-tag'];
  if (header !== undefined) {
    evidence.push(msg('items.pageDirectives.evidence.header', { value: clip(header, 80) }));
    const ours = headerDirectives(header).filter((d) => d.scope === undefined || OUR_SCOPES.has(d.scope));
    directives.push(...ours.map((d) => d.value));
  }
  const found = (kind: ReadonlySet<string>) => list([...new Set(directives.filter((d) => kind.has(d)))]);
  const [blocking, limiting] = [found(BLOCKING), found(LIMITING)];
  if (evidence.length === 0) evidence.push(msg('items.pageDirectives.evidence.none'));
  // Blocking directives fail the check; limiting ones (snippets, AI use) only warn.
  if (blocking || limiting) {
    const advice = blocking
      ? msg('items.pageDirectives.recommendation.noindex', { directives: blocking })
      : msg('items.pageDirectives.recommendation.snippet', { directives: limiting });
    return finding('pageDirectives', blocking ? 'fail' : 'warning', 2, evidence, advice);
  }
  return finding('pageDirectives', 'pass', 2, evidence);
}

/** Signs of a bot challenge or block page, with a neutral name for each. */
const CHALLENGE_MARKERS: readonly [RegExp, string][] = [
  [/<title>\s*just a moment/i, 'Cloudflare “Just a moment…”'],
  [/cf-chl|cf_chl_|\/cdn-cgi\/challenge-platform/i, 'Cloudflare challenge'],
  [/attention required!? \| cloudflare/i, 'Cloudflare block page'],
  [/cf-turnstile|challenges\.cloudflare\.com\/turnstile/i, 'Cloudflare Turnstile'],
  [/g-recaptcha|grecaptcha|google\.com\/recaptcha/i, 'reCAPTCHA'],
  [/h-captcha|hcaptcha\.com/i, 'hCaptcha'],
  [/captcha-delivery\.com|datadome/i, 'DataDome'],
  [/_incapsula_resource|incapsula incident/i, 'Imperva'],
  [/px-captcha|perimeterx/i, 'HUMAN (PerimeterX)'],
  [/sgcaptcha/i, 'SiteGround captcha'],
  [/\bcaptcha\b/i, 'CAPTCHA'],
];
/** Statuses a firewall, rate limiter or CDN answers bots with. */
const BLOCK_STATUSES = new Set([401, 403, 406, 429, 451, 503]);
/** "Much shorter": under this share of the browser's page, when that page is not tiny itself. */
const SHORTER_RATIO = 0.3;
const SHORTER_MIN_BYTES = 4096;

function challengeMarker(crawlerBody: string, pageBody: string): string | undefined {
  // A page with a captcha in its own contact form shows it to everyone: only the crawler's counts.
  return CHALLENGE_MARKERS.find(([pattern]) => pattern.test(crawlerBody) && !pattern.test(pageBody))?.[1];
}

/** The agent the crawler view impersonated, by its catalogue token, else its clipped user agent. */
function crawlerName(userAgent: string): string {
  const known = [...SEARCH_AGENTS, ...TRAINING_AGENTS].find((token) =>
    new RegExp(`(^|[^a-z0-9])${token}([^a-z0-9]|$)`, 'i').test(userAgent),
  );
  return known ?? clip(userAgent, 60);
}

function crawlerViewEvidence(ctx: AuditContext): { status: ItemStatus; evidence: Message } {
  const { page, crawlerView } = ctx.input;
  const agent = crawlerName(ctx.input.crawlerUserAgent);
  if (!crawlerView.ok) {
    const detail = clip(crawlerView.detail, 100);
    return { status: 'fail', evidence: msg('items.crawlerView.evidence.failed', { agent, detail }) };
  }
  const status = crawlerView.status;
  if (BLOCK_STATUSES.has(status) || status !== page.status) {
    const values = { agent, status, pageStatus: page.status };
    return { status: 'fail', evidence: msg('items.crawlerView.evidence.status', values) };
  }
  const marker = challengeMarker(crawlerView.body, page.body);
  if (marker)
    return { status: 'fail', evidence: msg('items.crawlerView.evidence.challenge', { agent, marker }) };
  if (page.bytes >= SHORTER_MIN_BYTES && crawlerView.bytes < page.bytes * SHORTER_RATIO) {
    const values = { agent, crawlerKb: kilobytes(crawlerView.bytes), pageKb: kilobytes(page.bytes) };
    return { status: 'fail', evidence: msg('items.crawlerView.evidence.shorter', values) };
  }
  const values = { agent, status, kb: kilobytes(crawlerView.bytes) };
  return { status: 'pass', evidence: msg('items.crawlerView.evidence.same', values) };
}

function crawlerView(ctx: AuditContext): Finding {
  const { status, evidence } = crawlerViewEvidence(ctx);
  return finding('crawlerView', status, 2, [evidence], msg('items.crawlerView.recommendation.firewall'));
}

function sitemapReference(ctx: AuditContext): Message {
  return ctx.input.sitemapSource === 'robots'
    ? msg('items.sitemap.evidence.declared')
    : msg('items.sitemap.evidence.notDeclared');
}

function sitemap(ctx: AuditContext): Finding {
  const state = ctx.sitemap;
  const url = clip(state.url, 100);
  if (state.kind === 'missing') {
    const evidence = !state.status
      ? msg('items.sitemap.evidence.failed', { url, detail: clip(state.detail, 100) })
      : state.html
        ? msg('items.sitemap.evidence.missingHtml', { url })
        : msg('items.sitemap.evidence.missing', { url, status: state.status });
    return finding('sitemap', 'warning', 1, [evidence], msg('items.sitemap.recommendation.add'));
  }
  if (state.kind === 'invalid') {
    const evidence =
      state.problem === 'root'
        ? msg('items.sitemap.evidence.invalidRoot', { url, root: clip(state.root, 40) })
        : state.problem === 'empty'
          ? msg('items.sitemap.evidence.invalidEmpty', { url })
          : msg('items.sitemap.evidence.invalidXml', { url });
    return finding(
      'sitemap',
      'fail',
      1,
      [evidence, sitemapReference(ctx)],
      msg('items.sitemap.recommendation.fix'),
    );
  }
  const evidence: Message[] = [
    state.root === 'urlset'
      ? msg('items.sitemap.evidence.urlset', { url, count: state.locs })
      : msg('items.sitemap.evidence.index', { url, count: state.locs }),
    sitemapReference(ctx),
  ];
  if (state.root === 'urlset') {
    evidence.push(
      state.listsPage ? msg('items.sitemap.evidence.listsPage') : msg('items.sitemap.evidence.pageNotListed'),
    );
  }
  return finding('sitemap', 'pass', 1, evidence);
}

/** Crawler access checks, in report order. */
export const crawlerAccess = category('crawlerAccess', [
  httpStatus,
  robotsTxt,
  aiSearchAgents,
  trainingAgents,
  pageDirectives,
  crawlerView,
  sitemap,
]);
