import { list, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import { parseDate, parseHttpStyleDate } from '../read/dates.ts';
import { metaByName } from '../read/html.ts';
import type { Message } from '../types.ts';
import { SEARCH_AGENTS } from '../agents.ts';

// The page's own robots directives: `<meta name="robots">` (and per-agent names) and X-Robots-Tag,
// as Google documents them ("Robots meta tag, data-nosnippet, and X-Robots-Tag specifications"):
// comma-separated, case-insensitive, `noindex` and `none` keep a page out of results, and so does
// `unavailable_after: <date>` once the date has passed (RFC 822, RFC 850 and ISO 8601 dates).

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

export interface Directive {
  /** The agent it is addressed to (lower case); undefined when it addresses every crawler. */
  scope: string | undefined;
  /** Lower case, spaces removed, except the date of `unavailable_after`, kept as written. */
  value: string;
}

/** One directive as written: `name` or `name: value`, the name compared without case or spaces. */
function directive(scope: string | undefined, text: string): Directive {
  const colon = text.indexOf(':');
  const name = (colon < 0 ? text : text.slice(0, colon)).trim().toLowerCase();
  if (name === 'unavailable_after') return { scope, value: `${name}:${text.slice(colon + 1).trim()}` };
  return { scope, value: text.toLowerCase().replace(/\s+/g, '') };
}

/**
 * Comma-separated directives. A date in the RFC 850 or RFC 822 shape has a comma of its own after
 * the weekday ("unavailable_after: Sunday, 06-Nov-94 08:49:37 GMT"): that comma does not split.
 */
function splitDirectives(text: string): string[] {
  const pieces: string[] = [];
  for (const piece of text.split(',')) {
    const previous = pieces.at(-1);
    if (previous !== undefined && /unavailable_after\s*:\s*[a-z]+$/i.test(previous)) {
      pieces[pieces.length - 1] = `${previous},${piece}`;
    } else pieces.push(piece);
  }
  return pieces;
}

/**
 * X-Robots-Tag: comma-separated directives, each optionally behind a user-agent prefix that holds
 * until the next one ("googlebot: noindex, nofollow, otherbot: noarchive").
 */
function headerDirectives(header: string): Directive[] {
  const found: Directive[] = [];
  let scope: string | undefined;
  for (const piece of splitDirectives(header)) {
    let text = piece.trim();
    const prefixed = /^([a-z0-9_.-]+)\s*:\s*(.*)$/i.exec(text);
    if (prefixed && !VALUED_DIRECTIVES.has(prefixed[1]!.toLowerCase())) {
      scope = prefixed[1]!.toLowerCase();
      text = prefixed[2]!;
    }
    if (text) found.push(directive(scope, text));
  }
  return found;
}

/** A meta tag's directives; `robots` addresses every crawler, another name one crawler. */
function metaDirectives(name: string, content: string): Directive[] {
  const scope = name === 'robots' ? undefined : name;
  return splitDirectives(content)
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => directive(scope, d));
}

/**
 * The date after which the page leaves results, when a directive gives a readable one: ISO 8601 as
 * in Google's example (2020-09-21), or the RFC 822 / RFC 850 shapes ("25 Jun 2010 15:00:00 PST").
 */
function unavailableAfter(value: string): Date | undefined {
  if (!value.startsWith('unavailable_after:')) return undefined;
  const date = value.slice('unavailable_after:'.length).trim();
  return parseDate(date) ?? parseHttpStyleDate(date);
}

/** Whether a directive keeps the page out of results now (`noindex`, `none`, a past date). */
export function isBlocking(d: Directive, now: Date): boolean {
  if (BLOCKING.has(d.value)) return true;
  const until = unavailableAfter(d.value);
  return until !== undefined && until.getTime() <= now.getTime();
}

/**
 * The page's robots directives addressed to every crawler or to one the audit judges, from its meta
 * tags and its X-Robots-Tag header, with what was read where (as evidence).
 */
export function robotsDirectives(ctx: Pick<AuditContext, 'page' | 'input'>): {
  directives: Directive[];
  evidence: Message[];
} {
  const evidence: Message[] = [];
  const directives: Directive[] = [];
  for (const name of OUR_SCOPES) {
    for (const content of metaByName(ctx.page, name)) {
      evidence.push(msg('items.pageDirectives.evidence.meta', { name, value: clip(content, 80) }));
      directives.push(...metaDirectives(name, content));
    }
  }
  const header = ctx.input.page.headers['x-robots-tag'];
  if (header !== undefined) {
    evidence.push(msg('items.pageDirectives.evidence.header', { value: clip(header, 80) }));
    directives.push(
      ...headerDirectives(header).filter((d) => d.scope === undefined || OUR_SCOPES.has(d.scope)),
    );
  }
  return { directives, evidence };
}

export function pageDirectives(ctx: AuditContext): Verdict {
  const { directives, evidence } = robotsDirectives(ctx);
  const now = ctx.input.now;
  const blockingFound = directives.filter((d) => isBlocking(d, now));
  const names = (found: Directive[]) => list([...new Set(found.map((d) => clip(d.value, 60)))]);
  const blocking = names(blockingFound);
  const limiting = names(directives.filter((d) => LIMITING.has(d.value)));
  if (evidence.length === 0) evidence.push(msg('items.pageDirectives.evidence.none'));
  // Blocking directives fail the check; limiting ones (snippets, AI use) only warn. A blocking
  // directive addressed to every crawler keeps the page out of every answer.
  if (blocking) {
    const advice = msg('items.pageDirectives.recommendation.noindex', { directives: blocking });
    const everyone = blockingFound.some((d) => d.scope === undefined);
    return { ...verdict('fail', evidence, advice), ...(everyone ? { blocks: true } : {}) };
  }
  if (limiting) {
    return verdict(
      'warning',
      evidence,
      msg('items.pageDirectives.recommendation.snippet', { directives: limiting }),
    );
  }
  return verdict('pass', evidence);
}
