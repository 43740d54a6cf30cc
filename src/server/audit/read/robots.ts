import { closest, distance } from 'fastest-levenshtein';
import { clip } from '../../../lib/text.ts';
import type { FetchOutcome } from '../types.ts';

// robots.txt as RFC 9309 defines it, read and matched here. robots-parser, used before, ended a run of
// User-agent lines at any other line (a Sitemap: between two User-agent lines split the group, which
// the RFC's grammar and Google's parser do not) and matched each rule in time proportional to the
// pattern times the path, for every rule and every agent: 500 KiB of wildcard rules against a long
// path took seconds per agent. Here each pattern is matched with a few substring searches (linear in
// the path), and the verdict for a group is computed once per path. Decision 017 records the choice.

/** RFC 9309 §2.5: crawlers must parse at least the first 500 KiB; Google stops there, so do we. */
export const ROBOTS_PARSE_LIMIT = 500 * 1024;

export interface RobotsRule {
  allow: boolean;
  /** The path pattern, percent-encoding normalised (see `normalise`). */
  pattern: string;
  /** 1-based line of the file. */
  line: number;
}

/** What the robots.txt fetch means for crawlers (RFC 9309 §2.3.1). */
export type RobotsState =
  | {
      kind: 'parsed';
      status: number;
      lines: string[];
      /**
       * The rules of each product token named in a User-agent line (lower case, `*` included), the
       * groups of one token merged as RFC 9309 §2.2.1 asks. An empty list: named, nothing disallowed.
       */
      groups: Map<string, RobotsRule[]>;
      /** The file was cut: at the fetch cap or at the 500 KiB parsing limit. */
      cut: boolean;
      /** Served as an HTML page (a soft 404): crawlers find no rule in it. */
      looksHtml: boolean;
      sitemaps: string[];
      /** Lines that break RFC 9309's syntax or that parsers read differently, in file order. */
      problems: RobotsProblem[];
      /** Records outside RFC 9309, which it allows (§2.2.4): noted with what engines do, no fault. */
      records: OtherRecord[];
      /** `Content-Signal` lines, in file order. */
      signals: ContentSignal[];
      /** Each product token's Crawl-delay in seconds (its group's last valid one): see crawlDelayOf. */
      delays: Map<string, number>;
      /** Deciding rules already found, by group and path: many agents share the `*` group. */
      decided: Map<string, RobotsRule | undefined>;
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

/**
 * The product token Google's parser reads in a User-agent value (robots.cc, HandleUserAgent and
 * ExtractUserAgent), lower-cased: "*" alone or followed by a space is every crawler; otherwise the
 * letters, "-" and "_" up to anything else, so "Googlebot/2.1" is "googlebot", "AI2Bot" is "ai" and
 * "360Spider" or "*bot" is "" (no crawler).
 */
export function productToken(value: string): string {
  if (value === '*' || /^\*\s/.test(value)) return '*';
  return (/^[A-Za-z_-]*/.exec(value)?.[0] ?? '').toLowerCase();
}

/** RFC 9309 §2.2's grammar: product-token = identifier / "*", identifier = 1*(letters / "-" / "_"). */
export function isProductToken(value: string): boolean {
  return value === '*' || /^[A-Za-z_-]+$/.test(value);
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** A character percent-encoded as UTF-8; a lone surrogate (no character at all) as U+FFFD. */
function encodeUtf8(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return encodeURIComponent('\ufffd');
  }
}

/**
 * RFC 9309 §2.2.2: characters outside US-ASCII are compared percent-encoded, percent-encoded
 * unreserved characters unencoded, and the hex digits of the others in one case (upper, as RFC 3986
 * §6.2.2.1 recommends). Applied alike to patterns and paths, so both meet in one form.
 */
export function normalise(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const hex = c === '%' ? /^[0-9A-Fa-f]{2}/.exec(text.slice(i + 1, i + 3))?.[0] : undefined;
    if (hex) {
      const decoded = String.fromCharCode(parseInt(hex, 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
      i += 2;
    } else if (c.charCodeAt(0) > 0x7e || c.charCodeAt(0) < 0x21) {
      const char = String.fromCodePoint(text.codePointAt(i)!);
      out += encodeUtf8(char);
      i += char.length - 1;
    } else {
      out += c;
    }
  }
  return out;
}

/**
 * Whether a normalised pattern matches a normalised path (RFC 9309 §2.2.3: `*` any sequence, a final
 * `$` the end of the path, matching from the path's start). Pieces between wildcards are found
 * leftmost-first, which never misses a match: the earliest end leaves the most room for the rest.
 */
export function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = pieces[0]!;
  if (!path.startsWith(first)) return false;
  let at = first.length;
  if (pieces.length === 1) return !anchored || at === path.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const found = path.indexOf(pieces[i]!, at);
    if (found < 0) return false;
    at = found + pieces[i]!.length;
  }
  const last = pieces.at(-1)!;
  if (anchored) return path.length - last.length >= at && path.endsWith(last);
  return path.indexOf(last, at) >= 0;
}

/** The rule that decides for `path` among a group's rules: the longest match, Allow winning a tie. */
function decidingRule(rules: readonly RobotsRule[], path: string): RobotsRule | undefined {
  let best: RobotsRule | undefined;
  for (const rule of rules) {
    if (best && rule.pattern.length < best.pattern.length) continue;
    if (!patternMatches(rule.pattern, path)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.allow && !best.allow)) best = rule;
  }
  return best;
}

/** What the syntax review found on one line (1-based), for the robots.txt item's evidence. */
export interface RobotsProblem {
  line: number;
  kind:
    | 'noColon'
    | 'misspelled'
    /** A field no crawler reads, close to one of RFC 9309's: the rule or group meant is lost. */
    | 'typo'
    | 'ruleOutsideGroup'
    | 'noLeadingSlash'
    | 'dollarInside'
    | 'relativeSitemap'
    /** A User-agent line with no value. */
    | 'tokenEmpty'
    /** A product token followed by "/" and a version ("FooBot/1.0"). */
    | 'tokenVersion'
    /** A value Google reads only the start of ("AI2Bot" as "AI", "Googlebot Images" as "Googlebot"). */
    | 'tokenCut'
    /** A value Google reads no name from ("360Spider", "*bot"): its group applies to no crawler. */
    | 'tokenNone'
    /** A line past Google's line limit, read up to it. */
    | 'lineTooLong';
  /** The field as written, or for the token kinds the User-agent value (clipped by the check). */
  field: string;
  /** `typo`: the field meant; `tokenVersion` and `tokenCut`: the product token Google reads, as written. */
  read?: string;
}

/**
 * A record outside RFC 9309 (§2.2.4 lets crawlers read them; they must not end a group), by what the
 * engines do with it: `unknown` is one no major engine documents reading.
 */
export type OtherRecordKind =
  'crawlDelay' | 'host' | 'cleanParam' | 'noindex' | 'contentSignal' | 'contentUsage' | 'unknown';

export interface OtherRecord {
  line: number;
  kind: OtherRecordKind;
  /** The field as written. */
  field: string;
}

/** A `Content-Signal` line (contentsignals.org): the agents of its group and the choices it states. */
export interface ContentSignal {
  line: number;
  /** The product tokens of the group it sits in; empty before any User-agent line. */
  agents: string[];
  /** `search`, `ai-input`, `ai-train` and anything else written, lower-cased, to `yes`/`no`/other. */
  values: Record<string, string>;
}

type Field = 'user-agent' | 'allow' | 'disallow' | 'sitemap';

/**
 * The fields RFC 9309 defines (and Sitemap), and the misspellings Google's parser accepts, in the
 * order robots.cc tries them (GetKeyType): a field name that starts with one of these is read as
 * that field, so "User-agents" is a User-agent line and "Disallowed" a Disallow rule.
 */
const FIELD_PREFIXES: readonly (readonly [string, Field])[] = [
  ['user-agent', 'user-agent'],
  ['useragent', 'user-agent'],
  ['user agent', 'user-agent'],
  ['allow', 'allow'],
  ['disallow', 'disallow'],
  ['dissallow', 'disallow'],
  ['dissalow', 'disallow'],
  ['disalow', 'disallow'],
  ['diasllow', 'disallow'],
  ['disallaw', 'disallow'],
  ['sitemap', 'sitemap'],
  ['site-map', 'sitemap'],
];

function fieldNamed(name: string): Field | undefined {
  return FIELD_PREFIXES.find(([prefix]) => name.startsWith(prefix))?.[1];
}

/**
 * Records outside RFC 9309 that engines document, by what they do with them (decision 065):
 * Crawl-delay (Bing reads it; Yandex's help says it has ignored it since 22 February 2018; Google
 * ignores it), Host (Yandex's main mirror, which Yandex stopped reading in 2018), Clean-param
 * (Yandex), Noindex (Google stopped reading it on 1 September 2019), Content-Signal
 * (contentsignals.org) and Content-Usage (the IETF AI preferences draft), stated preferences.
 * Request-rate and Visit-time, older extensions, no engine documents: they are `unknown`.
 */
const OTHER_RECORDS: Record<string, OtherRecordKind> = {
  'crawl-delay': 'crawlDelay',
  host: 'host',
  'clean-param': 'cleanParam',
  noindex: 'noindex',
  'content-signal': 'contentSignal',
  'content-usage': 'contentUsage',
};

/**
 * The protocol field an unknown field name was probably meant to be: the nearest, if within two
 * edits of it (Levenshtein distance, fastest-levenshtein), for names of four letters or more.
 * "Dsallow" is a Disallow rule no crawler reads; "Clean-param" is far from every field.
 */
function meantField(name: string): string | undefined {
  // Beyond 12 letters a name is more than two edits from "user-agent", the longest field.
  if (name.length < 4 || name.length > 12) return undefined;
  const fields = ['User-agent', 'Allow', 'Disallow', 'Sitemap'];
  const nearest = closest(
    name,
    fields.map((field) => field.toLowerCase()),
  );
  return distance(name, nearest) <= 2 ? fields.find((field) => field.toLowerCase() === nearest) : undefined;
}

/**
 * Google's parser keeps 8 × 2,083 bytes of a line, less its final NUL (robots.cc, Parse): the rest
 * of a longer line is dropped, so a cut rule means its start.
 */
const LINE_LIMIT_BYTES = 8 * 2083 - 1;

/** A line cut at Google's limit, in UTF-8 bytes; undefined when it fits. */
function cutLine(raw: string): string | undefined {
  if (raw.length * 3 <= LINE_LIMIT_BYTES) return undefined;
  const bytes = new TextEncoder().encode(raw);
  if (bytes.length <= LINE_LIMIT_BYTES) return undefined;
  return new TextDecoder().decode(bytes.subarray(0, LINE_LIMIT_BYTES));
}

/** The problem of a User-agent value, by how the parsers read it (decision 065). */
function tokenProblem(value: string, token: string): RobotsProblem['kind'] | undefined {
  if (isProductToken(value)) return undefined;
  if (value === '') return 'tokenEmpty';
  if (token === '') return 'tokenNone';
  return /^[A-Za-z_-]+\/\S*$/.test(value) ? 'tokenVersion' : 'tokenCut';
}

interface Line {
  field: string;
  /** The field as written, for evidence. */
  written: string;
  value: string;
  problem?: RobotsProblem['kind'];
}

/**
 * Only ASCII white space is trimmed, as robots.cc does (StripAsciiWhitespace): a byte order mark or a
 * no-break space pasted into a line is part of it, as it is for Google (String#trim drops both).
 */
function asciiTrim(text: string): string {
  return text.replace(/^[ \t\v\f]+|[ \t\v\f]+$/g, '');
}

/**
 * A line's field and value: `field: value`, the comment dropped, the field lower-cased. Like Google's
 * parser, a line without a colon whose two words are a field and a value ("Disallow /tmp") is read,
 * and flagged.
 */
function fieldOf(raw: string): Line | undefined {
  const text = asciiTrim(raw.split('#')[0]!);
  if (text === '') return undefined;
  const colon = text.indexOf(':');
  if (colon >= 0) {
    const written = asciiTrim(text.slice(0, colon));
    return written === ''
      ? undefined
      : { field: written.toLowerCase(), written, value: asciiTrim(text.slice(colon + 1)) };
  }
  const words = text.split(/[ \t]+/);
  if (words.length !== 2) return { field: '', written: text, value: '', problem: 'noColon' };
  return { field: words[0]!.toLowerCase(), written: words[0]!, value: words[1]!, problem: 'noColon' };
}

/** Problems of a rule's pattern: RFC 9309 §2.2.2 patterns start with "/" (or "*"), "$" ends them. */
function patternProblem(value: string): RobotsProblem['kind'] | undefined {
  if (value === '') return undefined;
  if (!value.startsWith('/') && !value.startsWith('*')) return 'noLeadingSlash';
  const dollar = value.indexOf('$');
  return dollar >= 0 && dollar < value.length - 1 ? 'dollarInside' : undefined;
}

/** Sitemaps.org and RFC 9309 §2.2.4: a sitemap is named by its full address. */
function sitemapProblem(value: string): RobotsProblem['kind'] | undefined {
  return /^https?:\/\/[^/\s]/i.test(value) ? undefined : 'relativeSitemap';
}

/** `search=yes, ai-train=no` as a record of lower-cased keys and values. */
function signalValues(value: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const pair of value.split(',')) {
    const [key, choice] = pair.split('=').map((part) => part.trim().toLowerCase());
    if (key) values[key] = choice ?? '';
  }
  return values;
}

interface Groups {
  groups: Map<string, RobotsRule[]>;
  sitemaps: string[];
  problems: RobotsProblem[];
  records: OtherRecord[];
  signals: ContentSignal[];
  delays: Map<string, number>;
}

/** A Crawl-delay value: seconds, whole or decimal (Yandex documents "0.1" and "1.5"); else none. */
function delaySeconds(value: string): number | undefined {
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(value)) return undefined;
  return Number(value);
}

/**
 * The groups of a file per RFC 9309 §2.1: one or more User-agent lines, then rules. Only a rule
 * closes the run of User-agent lines: §2.2.4 says that reading other records (a Sitemap, a
 * Crawl-delay, an unknown line) must not interfere with the protocol's own, so such a line between
 * two User-agent lines leaves them in one group. A User-agent line whose value names no crawler
 * ("360Spider", as Google reads it) still opens a group: its rules are in a group, for nobody, not
 * outside any group. The syntax review goes along.
 */
function readGroups(lines: readonly string[]): Groups {
  const found: Groups = {
    groups: new Map(),
    sitemaps: [],
    problems: [],
    records: [],
    signals: [],
    delays: new Map(),
  };
  let agents: string[] = [];
  let closed = true;
  let seenUserAgent = false;
  lines.forEach((whole, index) => {
    const line = index + 1;
    const cut = cutLine(whole);
    const entry = fieldOf(cut ?? whole);
    if (cut !== undefined) found.problems.push({ line, kind: 'lineTooLong', field: entry?.written ?? '' });
    if (!entry) return;
    const problem = (kind: RobotsProblem['kind'], field = entry.written, read?: string) =>
      found.problems.push({ line, kind, field, ...(read === undefined ? {} : { read }) });
    if (entry.problem) problem(entry.problem);
    const field = fieldNamed(entry.field);
    if (field && field !== entry.field) problem('misspelled');
    const { value } = entry;
    if (field === 'user-agent') {
      if (closed) agents = [];
      closed = false;
      seenUserAgent = true;
      const token = productToken(value);
      const bad = tokenProblem(value, token);
      // What Google reads, as written: the token is the start of the value (or "*").
      if (bad) problem(bad, value, token === '' ? undefined : value.slice(0, token.length));
      if (token === '') return;
      agents.push(token);
      if (!found.groups.has(token)) found.groups.set(token, []);
    } else if (field === 'allow' || field === 'disallow') {
      closed = true;
      // RFC 9309 §2.2.2: rules before the first User-agent line are in no group; crawlers ignore them.
      if (!seenUserAgent) problem('ruleOutsideGroup');
      const bad = patternProblem(value);
      if (bad) problem(bad);
      // An empty pattern matches nothing (RFC 9309 §2.2.2: "Disallow:" disallows nothing).
      if (value === '') return;
      const rule = { allow: field === 'allow', pattern: normalise(value), line };
      for (const token of agents) found.groups.get(token)!.push(rule);
      // Google's parser reads "Allow: /dir/index.html" as allowing "/dir/" too (robots.cc).
      const index = /^(.*\/)index\.html?$/.exec(rule.pattern);
      if (rule.allow && index) {
        const directory = { allow: true, pattern: `${index[1]}$`, line };
        for (const token of agents) found.groups.get(token)!.push(directory);
      }
    } else if (field === 'sitemap') {
      const bad = sitemapProblem(value);
      if (bad) problem(bad);
      else found.sitemaps.push(value);
    } else if (entry.field !== '') {
      otherRecord(found, line, entry, agents);
    }
  });
  return found;
}

/** A record outside the protocol: read where it means something to us, noted, or a typo. */
function otherRecord(found: Groups, line: number, entry: Line, agents: readonly string[]): void {
  const kind = OTHER_RECORDS[entry.field];
  if (kind === 'crawlDelay') {
    const seconds = delaySeconds(entry.value);
    if (seconds !== undefined) for (const token of agents) found.delays.set(token, seconds);
  } else if (kind === 'contentSignal') {
    found.signals.push({ line, agents: [...agents], values: signalValues(entry.value) });
  }
  const meant = kind ? undefined : meantField(entry.field);
  if (meant) found.problems.push({ line, kind: 'typo', field: entry.written, read: meant });
  else found.records.push({ line, kind: kind ?? 'unknown', field: entry.written });
}

function looksLikeHtml(resource: { headers: Record<string, string>; body: string }): boolean {
  const type = resource.headers['content-type'] ?? '';
  return /^\s*text\/html/i.test(type) || /^\s*<(!doctype\s+html|html)[\s>]/i.test(resource.body);
}

/**
 * Reads the robots.txt fetch. RFC 9309 rules apply to the host, scheme and port they were fetched
 * for, even when the fetch itself was redirected elsewhere: callers match them against the page's
 * own path.
 */
export function readRobots(robots: FetchOutcome): RobotsState {
  if (!robots.ok) return { kind: 'unreachable', status: undefined, detail: robots.detail };
  if (robots.status >= 500) return { kind: 'unreachable', status: robots.status, detail: '' };
  // 3xx here means the redirects could not be followed to an answer: RFC 9309 §2.3.1.2 treats that
  // as unavailable, like a 4xx.
  if (robots.status >= 300) return { kind: 'unavailable', status: robots.status };
  // A byte order mark is not part of the first line's field name: Google's parser skips it, and the
  // first one or two of its bytes alone (robots.cc, Parse), which the fetcher's UTF-8 decoder turns
  // into one U+FFFD (a whole mark it drops itself).
  const { text, cut } = firstBytes(robots.body.replace(/^[\ufeff\ufffd]/, ''), ROBOTS_PARSE_LIMIT);
  const lines = text.split(/\r\n|\r|\n/);
  return {
    kind: 'parsed',
    status: robots.status,
    lines,
    ...readGroups(lines),
    cut: cut || robots.truncated,
    looksHtml: looksLikeHtml(robots),
    decided: new Map(),
  };
}

/**
 * The Crawl-delay, in seconds, a file asks of a product token: its own group's, else the `*`
 * group's, as its rules are chosen (RFC 9309 §2.2.1). Crawl-delay is no part of RFC 9309, which lets
 * crawlers read such records (§2.2.4); Bing reads it as a window of that many seconds in which it
 * fetches once, Yandex as the wait between two fetches (decision 049).
 */
export function crawlDelayOf(state: RobotsState, agent: string): number | undefined {
  if (state.kind !== 'parsed') return undefined;
  const own = state.groups.has(agent.toLowerCase()) ? agent.toLowerCase() : '*';
  return state.delays.get(own);
}

/** The verdict for one product token on the page's address. */
export function agentVerdict(state: RobotsState, pageUrl: string, agent: string): AgentVerdict {
  if (state.kind === 'unavailable') return { agent, allowed: true, group: 'none' };
  if (state.kind === 'unreachable') return { agent, allowed: false, group: 'none' };
  const url = new URL(pageUrl);
  // RFC 9309 §2.2.2: "/robots.txt" itself is always allowed.
  if (url.pathname === '/robots.txt') return { agent, allowed: true, group: 'none' };
  const own = state.groups.get(agent.toLowerCase());
  const star = state.groups.get('*');
  const group = own ? 'named' : star ? 'star' : 'none';
  const path = normalise(url.pathname + url.search);
  const key = `${own ? agent.toLowerCase() : '*'}\n${path}`;
  if (!state.decided.has(key)) state.decided.set(key, decidingRule(own ?? star ?? [], path));
  const rule = state.decided.get(key);
  if (!rule) return { agent, allowed: true, group };
  return {
    agent,
    allowed: rule.allow,
    group,
    line: rule.line,
    rule: clip(state.lines[rule.line - 1] ?? '', 80),
  };
}
