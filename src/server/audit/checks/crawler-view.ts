import type { ItemStatus } from '../../../lib/audit.ts';
import { defineCheck, kilobytes, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../clip.ts';
import { SEARCH_AGENTS, TRAINING_AGENTS } from './agents.ts';
import type { AuditContext } from '../context.ts';
import type { Message } from '../types.ts';

// Whether a crawler's user agent gets the same page as a browser: a firewall, CDN or bot manager
// that answers AI crawlers with an error, a challenge or an empty page hides the site from answers.

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

function crawlerView(ctx: AuditContext): Verdict {
  const { status, evidence } = crawlerViewEvidence(ctx);
  const found = verdict(status, [evidence], msg('items.crawlerView.recommendation.firewall'));
  // A refusal, an error or a challenge keeps the agent out; a shorter page may still hold the text.
  const refused = status === 'fail' && evidence.key !== 'items.crawlerView.evidence.shorter';
  return refused ? { ...found, blocks: true } : found;
}

export const crawlerViewCheck = defineCheck({
  id: 'crawlerView',
  category: 'crawlerAccess',
  weight: 2,
  needs: ['crawlerView'],
  gate: true,
  run: crawlerView,
});
