import { describe, expect, it } from 'vitest';
import {
  agentVerdict,
  crawlDelayOf,
  normalise,
  patternMatches,
  readRobots,
  ROBOTS_PARSE_LIMIT,
} from '../../../../src/server/audit/read/robots.ts';
import { resource } from '../../../fixtures/audit-resources.ts';

// robots.txt per RFC 9309, case by case: groups (§2.1, §2.2.1), matching and precedence (§2.2.2),
// special characters (§2.2.3), percent-encoding (§2.2.2), limits (§2.5). Files and paths written
// here from the RFC's rules.

const SITE = 'https://shop.example';

function verdict(robotsTxt: string, path: string, agent: string) {
  return agentVerdict(readRobots(resource(`${SITE}/robots.txt`, robotsTxt)), `${SITE}${path}`, agent);
}

describe('groups (RFC 9309 §2.1)', () => {
  it('keeps User-agent lines in one group across a Sitemap, Crawl-delay or unknown line', () => {
    for (const between of ['Sitemap: https://shop.example/map.xml', 'Crawl-delay: 5', 'Noindex: /x']) {
      const file = `User-agent: Googlebot\n${between}\nUser-agent: *\nDisallow: /\n`;
      expect(verdict(file, '/shoes', 'Googlebot'), between).toMatchObject({
        allowed: false,
        group: 'named',
        line: 4,
      });
    }
  });

  it('closes a group at its first rule: the next User-agent line starts another', () => {
    const file = 'User-agent: alpha\nDisallow: /private\nUser-agent: beta\nDisallow: /shoes\n';
    expect(verdict(file, '/shoes', 'alpha')).toMatchObject({ allowed: true, group: 'named' });
    expect(verdict(file, '/shoes', 'beta')).toMatchObject({ allowed: false, line: 4 });
  });

  it('merges every group that names the same agent, whatever its case', () => {
    const file =
      'User-agent: ShopBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nuser-agent: shopbot\nDisallow: /b\n';
    expect(verdict(file, '/a/1', 'shopbot')).toMatchObject({ allowed: false, line: 2 });
    expect(verdict(file, '/b/1', 'SHOPBOT')).toMatchObject({ allowed: false, line: 8 });
    expect(verdict(file, '/c', 'ShopBot')).toMatchObject({ allowed: true, group: 'named' });
  });

  it('reads the product token of a User-agent value: letters, "-" and "_" up to anything else', () => {
    const file = 'User-agent: GPTBot/1.2 (+https://openai.com)\nDisallow: /\n';
    expect(verdict(file, '/x', 'GPTBot')).toMatchObject({ allowed: false, group: 'named' });
  });

  it('falls back to the * group, then to no rule at all', () => {
    expect(verdict('User-agent: *\nDisallow: /cart\n', '/cart', 'ClaudeBot')).toMatchObject({
      allowed: false,
      group: 'star',
    });
    expect(verdict('User-agent: other\nDisallow: /\n', '/cart', 'ClaudeBot')).toEqual({
      agent: 'ClaudeBot',
      allowed: true,
      group: 'none',
    });
  });

  it('lets a named group without rules allow everything, whatever the * group says', () => {
    expect(verdict('User-agent: *\nDisallow: /\n\nUser-agent: Bingbot\n', '/x', 'Bingbot')).toEqual({
      agent: 'Bingbot',
      allowed: true,
      group: 'named',
    });
  });

  it('ignores a byte order mark, comments and the case of field names', () => {
    const file = '\ufeffUSER-AGENT: * # everyone\nDISALLOW: /tmp # scratch\n';
    expect(verdict(file, '/tmp/a', 'x')).toMatchObject({ allowed: false, line: 2 });
  });
});

describe('rules and precedence (RFC 9309 §2.2.2)', () => {
  it('applies the longest matching pattern, and Allow when two are as long', () => {
    const file = 'User-agent: *\nDisallow: /docs\nAllow: /docs/public\nDisallow: /same\nAllow: /same\n';
    expect(verdict(file, '/docs/public/a', 'x')).toMatchObject({ allowed: true, line: 3 });
    expect(verdict(file, '/docs/internal', 'x')).toMatchObject({ allowed: false, line: 2 });
    expect(verdict(file, '/same', 'x')).toMatchObject({ allowed: true, line: 5 });
  });

  it('reads an empty Disallow as no rule', () => {
    expect(verdict('User-agent: *\nDisallow:\n', '/anything', 'x')).toMatchObject({ allowed: true });
  });

  it('always allows /robots.txt itself', () => {
    expect(verdict('User-agent: *\nDisallow: /\n', '/robots.txt', 'x')).toMatchObject({ allowed: true });
  });

  it('matches the query string too, and is case-sensitive', () => {
    const file = 'User-agent: *\nDisallow: /search?q=\n';
    expect(verdict(file, '/search?q=shoes', 'x').allowed).toBe(false);
    expect(verdict(file, '/Search?q=shoes', 'x').allowed).toBe(true);
  });
});

describe('special characters (RFC 9309 §2.2.3)', () => {
  it('reads * as any sequence and a final $ as the end of the path', () => {
    expect(patternMatches('/*.pdf$', '/files/a.pdf')).toBe(true);
    expect(patternMatches('/*.pdf$', '/files/a.pdf?download=1')).toBe(false);
    expect(patternMatches('/*.pdf', '/files/a.pdf?download=1')).toBe(true);
    expect(patternMatches('/a*b*c', '/a-c-b-c')).toBe(true);
    expect(patternMatches('/a*b*c', '/a-c-c')).toBe(false);
    expect(patternMatches('*', '/')).toBe(true);
    expect(patternMatches('/$', '/')).toBe(true);
    expect(patternMatches('/$', '/x')).toBe(false);
    expect(patternMatches('/x*$', '/x')).toBe(true);
  });

  it('needs the part after the last * to end the path when anchored, after what came before', () => {
    expect(patternMatches('/ab*b$', '/ab')).toBe(false);
    expect(patternMatches('/ab*b$', '/abb')).toBe(true);
  });
});

describe('percent-encoding (RFC 9309 §2.2.2)', () => {
  it('compares characters outside US-ASCII percent-encoded, in one case', () => {
    expect(normalise('/café')).toBe('/caf%C3%A9');
    expect(normalise('/caf%c3%a9')).toBe('/caf%C3%A9');
    expect(verdict('User-agent: *\nDisallow: /café\n', '/caf%C3%A9', 'x').allowed).toBe(false);
  });

  it('decodes encoded unreserved characters but keeps reserved ones encoded', () => {
    expect(normalise('/%7Euser/%41')).toBe('/~user/A');
    expect(verdict('User-agent: *\nDisallow: /%7Euser\n', '/~user/page', 'x').allowed).toBe(false);
    expect(verdict('User-agent: *\nDisallow: /a%2Fb\n', '/a/b', 'x').allowed).toBe(true);
  });
});

describe('limits (RFC 9309 §2.5)', () => {
  it('reads the first 500 KiB and says the file was cut', () => {
    const rule = 'Disallow: /private-area-of-the-site/\n';
    const file = `User-agent: *\n${rule.repeat(Math.ceil((ROBOTS_PARSE_LIMIT + 1024) / rule.length))}Disallow: /\n`;
    const state = readRobots(resource(`${SITE}/robots.txt`, file));
    expect(state).toMatchObject({ kind: 'parsed', cut: true });
    expect(verdict(file, '/shoes', 'x').allowed).toBe(true);
  });

  it('decides on 500 KiB of wildcard rules against a 2,000-character path', () => {
    const rule = 'Disallow: /*a*a*a*a*a*a*a*a*b\n';
    const file = `User-agent: *\n${rule.repeat(Math.floor((495 * 1024) / rule.length))}`;
    const state = readRobots(resource(`${SITE}/robots.txt`, file));
    const path = `/${'a'.repeat(1989)}`;
    for (const agent of ['GPTBot', 'ClaudeBot', 'PerplexityBot', 'Googlebot']) {
      expect(agentVerdict(state, `${SITE}${path}`, agent)).toMatchObject({ allowed: true, group: 'star' });
    }
    expect(agentVerdict(state, `${SITE}${path}b`, 'GPTBot')).toMatchObject({ allowed: false, line: 2 });
  });
});

describe('syntax review (RFC 9309 §2.1, §2.2.2, §2.2.4)', () => {
  const parsed = (file: string) => {
    const state = readRobots(resource(`${SITE}/robots.txt`, file));
    if (state.kind !== 'parsed') throw new Error('not parsed');
    return state;
  };
  const problems = (file: string) =>
    parsed(file).problems.map((p) => [p.line, p.kind, p.field, ...(p.read === undefined ? [] : [p.read])]);
  const records = (file: string) => parsed(file).records.map((r) => [r.line, r.kind, r.field]);

  it('finds nothing to say about a clean file with the usual extra fields', () => {
    const file = [
      'User-agent: *',
      'Disallow: /cart',
      'Allow: /*.css$',
      'Crawl-delay: 2',
      'Content-Signal: search=yes, ai-input=yes, ai-train=no',
      'Sitemap: https://shop.example/sitemap.xml',
    ].join('\n');
    expect(problems(file)).toEqual([]);
  });

  it('quotes each faulty line with its number', () => {
    const file = [
      'Disallow: /early', // 1: before any User-agent line
      'User-agent: *',
      'Disallow /tmp', // 3: no colon (read, as Google does)
      'Disalow: /old', // 4: a misspelling Google tolerates
      'Noarchive: /drafts', // 5: a record no engine reads: allowed (§2.2.4), no fault
      'Disallow: private', // 6: no leading slash
      'Disallow: /a$b', // 7: "$" inside the pattern
      'Sitemap: /sitemap.xml', // 8: relative sitemap
      'Dsallow: /lost', // 9: a misspelling no crawler reads
    ].join('\n');
    expect(problems(file)).toEqual([
      [1, 'ruleOutsideGroup', 'Disallow'],
      [3, 'noColon', 'Disallow'],
      [4, 'misspelled', 'Disalow'],
      [6, 'noLeadingSlash', 'Disallow'],
      [7, 'dollarInside', 'Disallow'],
      [8, 'relativeSitemap', 'Sitemap'],
      [9, 'typo', 'Dsallow', 'Disallow'],
    ]);
    expect(records(file)).toEqual([[5, 'unknown', 'Noarchive']]);
    // What Google reads anyway still decides: the colon-less and misspelled rules apply, the typo not.
    expect(verdict(file, '/tmp/x', 'x').allowed).toBe(false);
    expect(verdict(file, '/old/x', 'x').allowed).toBe(false);
    expect(verdict(file, '/lost', 'x').allowed).toBe(true);
  });

  // The issue's case: a product token holding a digit was followed by "this Disallow rule comes
  // before any User-agent line". Verdicts checked against google/robotstxt's robots_main built from
  // source, robots-parser 3.0.1 and Python 3.11's urllib.robotparser (decision 065).
  it('names a product token outside the grammar, and keeps the rules after it in its group', () => {
    const file = [
      'User-agent: *',
      'Allow: /',
      '',
      'User-agent: AI2Bot', // 4: Google reads "AI"
      'Disallow: /',
      '',
      'User-agent: 360Spider', // 7: Google reads no name at all
      'Disallow: /',
      '',
      'User-agent: FooBot/1.0', // 10: a version, which Google and robots-parser drop
      'Disallow: /foo',
      '',
      'User-agent:', // 13: no name
      'Disallow: /none',
      '',
      'User-agent: Googlebot Images', // 16: Google reads "Googlebot"
      'Disallow: /images',
      '',
      'User-agent: *bot', // 19: not "*": no name
      'Disallow: /star',
    ].join('\n');
    expect(problems(file)).toEqual([
      [4, 'tokenCut', 'AI2Bot', 'AI'],
      [7, 'tokenNone', '360Spider'],
      [10, 'tokenVersion', 'FooBot/1.0', 'FooBot'],
      [13, 'tokenEmpty', ''],
      [16, 'tokenCut', 'Googlebot Images', 'Googlebot'],
      [19, 'tokenNone', '*bot'],
    ]);
    // Google's reading decides: the group of "AI2Bot" is the group of a crawler named "AI".
    expect(verdict(file, '/x', 'AI2Bot')).toMatchObject({ allowed: true, group: 'star' });
    expect(verdict(file, '/x', 'AI')).toMatchObject({ allowed: false, line: 5 });
    expect(verdict(file, '/x', '360Spider')).toMatchObject({ allowed: true, group: 'star' });
    expect(verdict(file, '/foo', 'FooBot')).toMatchObject({ allowed: false, line: 11 });
    expect(verdict(file, '/none', 'x').allowed).toBe(true);
    expect(verdict(file, '/images', 'Googlebot')).toMatchObject({ allowed: false, line: 17 });
    expect(verdict(file, '/star', 'x').allowed).toBe(true);
  });

  it('reads "*" followed by a space as every crawler, as Google does, and names the value', () => {
    const file = 'User-agent: * # all of them\nDisallow: /a\nUser-agent: * everyone\nDisallow: /b\n';
    expect(problems(file)).toEqual([[3, 'tokenCut', '* everyone', '*']]);
    expect(verdict(file, '/b', 'x')).toMatchObject({ allowed: false, group: 'star', line: 4 });
  });

  it('reads field names by their start, as Google does, and says so', () => {
    const file = 'User-agents: Bar\nDisallowed: /\n';
    expect(problems(file)).toEqual([
      [1, 'misspelled', 'User-agents'],
      [2, 'misspelled', 'Disallowed'],
    ]);
    expect(verdict(file, '/x', 'Bar')).toMatchObject({ allowed: false, group: 'named', line: 2 });
  });

  it('notes each record outside the protocol by what engines do with it, with no fault', () => {
    const file = [
      'User-agent: Yandex',
      'Crawl-delay: 2',
      'Host: shop.example',
      'Clean-param: ref /books/',
      'Noindex: /drafts/',
      'Content-Signal: search=yes',
      'Content-Usage: train-ai=n',
      'Request-rate: 1/10',
      'Disallow: /cart',
      'Crawl-delay: 3',
    ].join('\n');
    expect(problems(file)).toEqual([]);
    expect(records(file)).toEqual([
      [2, 'crawlDelay', 'Crawl-delay'],
      [3, 'host', 'Host'],
      [4, 'cleanParam', 'Clean-param'],
      [5, 'noindex', 'Noindex'],
      [6, 'contentSignal', 'Content-Signal'],
      [7, 'contentUsage', 'Content-Usage'],
      [8, 'unknown', 'Request-rate'],
      [10, 'crawlDelay', 'Crawl-delay'],
    ]);
  });

  it('reads a line past Google’s 16,663 bytes up to there, and says so', () => {
    const long = `/x/${'a'.repeat(16_700)}`;
    const file = `User-agent: *\nDisallow: ${long}\n`;
    expect(problems(file)).toEqual([[2, 'lineTooLong', 'Disallow']]);
    // "Disallow: " is 10 bytes: the pattern is the first 16,653 bytes of the path.
    expect(verdict(file, `${long.slice(0, 16_653)}/elsewhere`, 'x').allowed).toBe(false);
    expect(verdict(file, `${long.slice(0, 16_652)}/elsewhere`, 'x').allowed).toBe(true);
  });

  it('skips the start of a byte order mark, as Google does, but nothing else', () => {
    const decoded = (...bytes: number[]) =>
      new TextDecoder().decode(
        new Uint8Array([...bytes, ...new TextEncoder().encode('User-agent: *\nDisallow: /\n')]),
      );
    for (const start of [[0xef, 0xbb, 0xbf], [0xef, 0xbb], [0xef]]) {
      expect(verdict(decoded(...start), '/x', 'x').allowed, String(start)).toBe(false);
    }
    // A broken mark leaves garbage before the field: the line is no User-agent line.
    expect(verdict(decoded(0xef, 0x11, 0xbf), '/x', 'x').allowed).toBe(true);
  });
});

describe('content signals (contentsignals.org)', () => {
  it('keeps each Content-Signal line with its group and its choices', () => {
    const file = 'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n';
    const state = readRobots(resource(`${SITE}/robots.txt`, file));
    expect(state.kind === 'parsed' && state.signals).toEqual([
      { line: 2, agents: ['*'], values: { search: 'yes', 'ai-input': 'yes', 'ai-train': 'no' } },
    ]);
  });
});

describe('what Google reads beyond the RFC', () => {
  it('reads "Allow: /dir/index.html" as allowing "/dir/" too', () => {
    const file = 'User-agent: *\nAllow: /docs/index.html\nDisallow: /\n';
    expect(verdict(file, '/docs/', 'x')).toMatchObject({ allowed: true, line: 2 });
    expect(verdict(file, '/docs/other', 'x').allowed).toBe(false);
  });
});

// Crawl-delay is no part of RFC 9309 (§2.2.4 lets crawlers read other records); Yandex documents
// decimal values ("1.5"), Bing whole seconds. The audit reads it for its own agent as its rules are
// chosen: its own group, else `*` (decision 049).
describe('Crawl-delay', () => {
  const delay = (file: string, agent = 'GEOPlatformAudit') =>
    crawlDelayOf(readRobots(resource(`${SITE}/robots.txt`, file)), agent);

  it('reads the delay of the agent’s own group, else the `*` group’s', () => {
    expect(delay('User-agent: *\nCrawl-delay: 10\n')).toBe(10);
    expect(delay('User-agent: *\nCrawl-delay: 10\n\nUser-agent: GEOPlatformAudit\nCrawl-delay: 1.5\n')).toBe(
      1.5,
    );
    // Its own group without a delay: the `*` group's does not apply (as with rules).
    expect(
      delay('User-agent: *\nCrawl-delay: 10\n\nUser-agent: GEOPlatformAudit\nDisallow: /x\n'),
    ).toBeUndefined();
    // After the rules, in the same group.
    expect(delay('User-agent: *\nDisallow: /private/\nCrawl-delay: 4 # seconds\n')).toBe(4);
  });

  it('ignores values that are not seconds, and files that are not rules', () => {
    expect(delay('User-agent: *\nCrawl-delay: soon\n')).toBeUndefined();
    expect(delay('User-agent: *\nCrawl-delay: -3\n')).toBeUndefined();
    expect(delay('Crawl-delay: 10\n')).toBeUndefined();
    expect(crawlDelayOf({ kind: 'unavailable', status: 404 }, 'GEOPlatformAudit')).toBeUndefined();
  });
});
