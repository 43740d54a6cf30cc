import robotsParser from 'robots-parser';
import { clip } from '../clip.ts';
import type { FetchOutcome } from '../types.ts';

// robots.txt verdicts per RFC 9309, with robots-parser doing the matching (longest match wins, Allow
// wins a tie, `*` and `$` wildcards, percent-encoding normalised). Around it, this module adds what
// the RFC asks of a crawler and the library leaves to its caller: which status means what, the
// 500 KiB parsing floor, and the evidence (the deciding line and the group it belongs to).

/** RFC 9309 §2.5: crawlers must parse at least the first 500 KiB; Google stops there, so do we. */
export const ROBOTS_PARSE_LIMIT = 500 * 1024;

/** What the robots.txt fetch means for crawlers (RFC 9309 §2.3.1). */
export type RobotsState =
  | {
      kind: 'parsed';
      status: number;
      lines: string[];
      /** Lower-cased product tokens that have a group of their own (`*` included). */
      groups: Set<string>;
      /** Tokens named in a User-agent line whose group has no rule: everything allowed for them. */
      emptyGroups: Set<string>;
      /** The file was cut: at the fetch cap or at the 500 KiB parsing limit. */
      cut: boolean;
      /** Served as an HTML page (a soft 404): crawlers find no rule in it. */
      looksHtml: boolean;
      sitemaps: string[];
      isAllowed: (url: string, agent: string) => boolean;
      matchingLine: (url: string, agent: string) => number;
    }
  /** 4xx (and a redirect loop ending without an answer): "unavailable", everything is allowed. */
  | { kind: 'unavailable'; status: number }
  /** 5xx or no answer at all: "unreachable", crawlers must assume everything is disallowed. */
  | { kind: 'unreachable'; status: number | undefined; detail: string };

export interface AgentVerdict {
  agent: string;
  allowed: boolean;
  /** Which group applied: the agent's own, the `*` group, or none (nothing in the file for it). */
  group: 'named' | 'star' | 'none';
  /** The deciding rule's line (1-based) and its text, clipped; absent when no rule matched. */
  line?: number;
  rule?: string;
}

/** Cuts a text at `limit` UTF-8 bytes, on a line boundary (a rule cut in half would mean another rule). */
function firstBytes(text: string, limit: number): { text: string; cut: boolean } {
  // A character takes at most 4 bytes in UTF-8: short texts need no encoding to be measured.
  if (text.length * 4 <= limit) return { text, cut: false };
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= limit) return { text, cut: false };
  const head = new TextDecoder().decode(bytes.subarray(0, limit));
  const lastBreak = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('\r'));
  return { text: lastBreak >= 0 ? head.slice(0, lastBreak) : '', cut: true };
}

/** The product token of a User-agent value, as robots-parser keys it: lower case, version dropped. */
function productToken(value: string): string {
  return value.toLowerCase().split('/')[0]!.trim();
}

/**
 * Groups as robots-parser builds them: consecutive User-agent lines open a group, and a token only
 * gets an entry once a rule (or Crawl-delay) follows. Same-token groups merge, as RFC 9309 §2.2.1 asks.
 */
function scanGroups(lines: string[]): { groups: Set<string>; named: Set<string> } {
  const groups = new Set<string>();
  const named = new Set<string>();
  let current: string[] = [];
  let previousWasAgent = false;
  for (const raw of lines) {
    const line = raw.split('#')[0]!;
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === '') continue;
    if (field === 'user-agent') {
      if (!previousWasAgent) current = [];
      if (value) {
        current.push(productToken(value));
        named.add(productToken(value));
      }
    } else if (field === 'allow' || field === 'disallow' || field === 'crawl-delay') {
      for (const token of current) groups.add(token);
    }
    previousWasAgent = field === 'user-agent';
  }
  return { groups, named };
}

function looksLikeHtml(resource: { headers: Record<string, string>; body: string }): boolean {
  const type = resource.headers['content-type'] ?? '';
  return /^\s*text\/html/i.test(type) || /^\s*<(!doctype\s+html|html)[\s>]/i.test(resource.body);
}

/**
 * Reads the robots.txt fetch for the page at `pageUrl`. The parser is given the robots.txt address of
 * the page's own origin: RFC 9309 rules apply to the host, scheme and port they were fetched for, even
 * when the fetch itself was redirected elsewhere.
 */
export function readRobots(robots: FetchOutcome, pageUrl: string): RobotsState {
  if (!robots.ok) return { kind: 'unreachable', status: undefined, detail: robots.detail };
  if (robots.status >= 500) return { kind: 'unreachable', status: robots.status, detail: '' };
  // 3xx here means the redirects could not be followed to an answer: RFC 9309 §2.3.1.2 treats that
  // as unavailable, like a 4xx.
  if (robots.status >= 300) return { kind: 'unavailable', status: robots.status };
  const { text, cut } = firstBytes(robots.body, ROBOTS_PARSE_LIMIT);
  const robotsUrl = new URL('/robots.txt', pageUrl).href;
  const parser = robotsParser(robotsUrl, text);
  const lines = text.split(/\r\n|\r|\n/);
  const { groups, named } = scanGroups(lines);
  const emptyGroups = new Set([...named].filter((token) => !groups.has(token)));
  return {
    kind: 'parsed',
    status: robots.status,
    lines,
    groups,
    emptyGroups,
    cut: cut || robots.truncated,
    looksHtml: looksLikeHtml(robots),
    sitemaps: parser.getSitemaps(),
    // undefined means "another origin": cannot happen, the parser was built for the page's origin.
    isAllowed: (url, agent) => parser.isAllowed(url, agent) !== false,
    matchingLine: (url, agent) => parser.getMatchingLineNumber(url, agent),
  };
}

/** The verdict for one product token on the page's address. */
export function agentVerdict(state: RobotsState, pageUrl: string, agent: string): AgentVerdict {
  if (state.kind === 'unavailable') return { agent, allowed: true, group: 'none' };
  if (state.kind === 'unreachable') return { agent, allowed: false, group: 'none' };
  const token = agent.toLowerCase();
  // RFC 9309: a group that names the agent applies even when it has no rule, and then allows all.
  // robots-parser only registers a group once a rule follows, and would fall back to `*` instead.
  if (state.emptyGroups.has(token)) return { agent, allowed: true, group: 'named' };
  const hasStar = state.groups.has('*') || state.emptyGroups.has('*');
  const group = state.groups.has(token) ? 'named' : hasStar ? 'star' : 'none';
  const allowed = state.isAllowed(pageUrl, agent);
  const line = state.matchingLine(pageUrl, agent);
  if (line < 1) return { agent, allowed, group };
  return { agent, allowed, group, line, rule: clip(state.lines[line - 1] ?? '', 80) };
}
