import { describe, expect, it } from 'vitest';
import {
  agentVerdict,
  isProductToken,
  normalise,
  readRobots,
  type RobotsState,
} from '../../../../src/server/audit/read/robots.ts';
import { resource } from '../../../fixtures/audit-resources.ts';
import {
  GOOGLE_ESCAPE_CASES,
  GOOGLE_MATCH_CASES,
  GOOGLE_PATH_CASES,
  GOOGLE_TOKEN_CASES,
} from '../../../fixtures/robots/google-robotstxt-cases.ts';

// Agreement with google/robotstxt's own test suite (robots_test.cc at 22b355ff8554, Apache-2.0;
// the cases, restated as data, are in tests/fixtures/robots/google-robotstxt-cases.ts): every EXPECT
// of the file, run against the audit's reading (readRobots) and matching (agentVerdict). A case
// marked `kept` is one where the audit decides otherwise on purpose, with the RFC text that supports
// it; decision 065 records each and the figures below.

function parsed(body: string): RobotsState & { kind: 'parsed' } {
  const state = readRobots(resource('http://foo.bar/robots.txt', body));
  if (state.kind !== 'parsed') throw new Error('not parsed');
  return state;
}

/** The body as the fetcher gives it: bytes decoded as UTF-8 (a whole byte order mark dropped). */
function fromBytes(...parts: (string | number[])[]): string {
  const bytes = parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p));
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** Lines the parser read as User-agent, Allow, Disallow or Sitemap, and lines it could not read. */
function directives(state: RobotsState & { kind: 'parsed' }) {
  const rules = new Set([...state.groups.values()].flatMap((rules) => rules.map((r) => r.line)));
  const agents = state.lines.filter((l) => /^\s*user-?agent\s*:/i.test(l)).length;
  const outside = state.problems.filter((p) => p.kind === 'ruleOutsideGroup').length;
  return {
    valid: agents + rules.size + outside + state.sitemaps.length,
    unknown:
      state.records.filter((r) => r.kind === 'unknown').length +
      state.problems.filter((p) => p.kind === 'typo').length,
    last: Math.max(0, ...rules, ...state.problems.map((p) => p.line)),
  };
}

describe('google/robotstxt: IsUserAgentAllowed', () => {
  it.each(GOOGLE_MATCH_CASES.map((c, i) => ({ ...c, label: `${c.test} #${i + 1}` })))(
    '$label',
    ({ robots, agent, url, allowed, kept }) => {
      const verdict = agentVerdict(readRobots(resource('http://foo.bar/robots.txt', robots)), url, agent);
      // A kept disagreement must stay one: if the audit came to agree, the record would be wrong.
      expect(verdict.allowed).toBe(kept ? !allowed : allowed);
    },
  );
});

describe('google/robotstxt: product tokens, paths and escapes', () => {
  it.each(GOOGLE_TOKEN_CASES)('IsValidUserAgentToObey(%j) is %s', (name, valid) => {
    expect(isProductToken(name)).toBe(valid);
  });

  it.each(GOOGLE_PATH_CASES.filter(([, , applies]) => applies))(
    'GetPathParamsQuery(%j) matches %j',
    (url, path) => {
      // The path the audit matches is exactly Google's: an anchored rule of it applies.
      const state = readRobots(resource('http://foo.bar/robots.txt', `User-agent: *\nDisallow: ${path}$\n`));
      expect(agentVerdict(state, url || 'http://foo.bar', 'FooBot').allowed).toBe(false);
    },
  );

  it.each(GOOGLE_ESCAPE_CASES)('MaybeEscapePattern(%j) is %j', (pattern, escaped) => {
    expect(normalise(pattern)).toBe(escaped);
  });
});

describe('google/robotstxt: the parser’s report', () => {
  // ID_LinesNumbersAreCountedCorrectly: 4 directives, the last on line 6, whatever the line ends.
  it.each([
    ['Unix', '\n', true],
    ['DOS', '\r\n', true],
    ['Mac', '\r', true],
    ['no final newline', '\n', false],
  ])('counts the lines of a %s file', (_name, eol, final) => {
    const lines = ['User-Agent: foo', 'Allow: /some/path', 'User-Agent: bar', '', '', 'Disallow: /'];
    const state = parsed(lines.join(eol) + (final ? eol : ''));
    expect(directives(state)).toEqual({ valid: 4, unknown: 0, last: 6 });
    expect(state.groups.get('bar')?.map((r) => r.line)).toEqual([6]);
  });

  it('counts the lines of a file mixing line ends', () => {
    const state = parsed('User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /');
    expect(directives(state)).toEqual({ valid: 4, unknown: 0, last: 6 });
  });

  // ID_UTF8ByteOrderMarkIsSkipped: a whole or partial mark is skipped, a broken one is garbage.
  const rest = 'User-Agent: foo\nAllow: /AnyValue\n';
  it.each([
    ['a whole mark', [0xef, 0xbb, 0xbf], 2, 0],
    ['two bytes of it', [0xef, 0xbb], 2, 0],
    ['one byte of it', [0xef], 2, 0],
    ['a broken mark', [0xef, 0x11, 0xbf], 1, 1],
  ])('reads a file starting with %s', (_name, bom, valid, unknown) => {
    const state = parsed(fromBytes(bom as number[], rest));
    expect(directives(state)).toMatchObject({ valid, unknown });
  });

  it('reads a byte order mark in the middle of the file as garbage', () => {
    const state = parsed(fromBytes('User-Agent: foo\n', [0xef, 0xbb, 0xbf], 'Allow: /AnyValue\n'));
    expect(directives(state)).toMatchObject({ valid: 1, unknown: 1 });
  });

  // ID_NonStandardLineExample_Sitemap: a sitemap anywhere in the file.
  it('reads a Sitemap line after the groups and before them', () => {
    const groups = 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n';
    const sitemap = 'Sitemap: http://foo.bar/sitemap.xml\n';
    expect(parsed(groups + sitemap).sitemaps).toEqual(['http://foo.bar/sitemap.xml']);
    expect(parsed(sitemap + groups).sitemaps).toEqual(['http://foo.bar/sitemap.xml']);
  });
});

describe('google/robotstxt: the figures of decision 065', () => {
  it('runs every case of robots_test.cc, and agrees with all but the kept ones', () => {
    const parse = 10 + 10 + 2; // EXPECT_EQs of the line, byte order mark and sitemap tests
    const applicable = GOOGLE_PATH_CASES.filter(([, , applies]) => applies).length;
    const total =
      GOOGLE_MATCH_CASES.length +
      GOOGLE_TOKEN_CASES.length +
      GOOGLE_PATH_CASES.length +
      GOOGLE_ESCAPE_CASES.length +
      parse;
    const kept = GOOGLE_MATCH_CASES.filter((c) => c.kept).length;
    const notApplicable = GOOGLE_PATH_CASES.length - applicable;
    expect({ total, notApplicable, kept, agree: total - notApplicable - kept }).toEqual({
      total: 201,
      notApplicable: 12,
      kept: 3,
      agree: 186,
    });
    expect(GOOGLE_MATCH_CASES.length).toBe(145);
  });
});
