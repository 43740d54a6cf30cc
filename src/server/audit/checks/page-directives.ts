import { defineCheck, list, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../clip.ts';
import { SEARCH_AGENTS } from './agents.ts';
import type { AuditContext } from '../context.ts';
import { metaByName } from '../read/html.ts';
import type { Message } from '../types.ts';

// The page's own robots directives: `<meta name="robots">` (and per-agent names) and X-Robots-Tag.

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

function pageDirectives(ctx: AuditContext): Verdict {
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
    return verdict(blocking ? 'fail' : 'warning', evidence, advice);
  }
  return verdict('pass', evidence);
}

export const pageDirectivesCheck = defineCheck({
  id: 'pageDirectives',
  category: 'crawlerAccess',
  weight: 2,
  needs: [],
  run: pageDirectives,
});
