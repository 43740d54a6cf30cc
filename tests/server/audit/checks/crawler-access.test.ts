import { describe, expect, it } from 'vitest';
import { SEARCH_AGENTS, TRAINING_AGENTS, USER_FETCHERS } from '../../../../src/server/audit/agents.ts';
import { agentVerdict, readRobots } from '../../../../src/server/audit/read/robots.ts';
import type { FetchedResource } from '../../../../src/server/audit/types.ts';
import { CRAWLERS } from '../../../../src/lib/visitor.ts';
import {
  evidenceValues,
  failure,
  find,
  GOOD_HEAD,
  goodInput,
  HTML_HEADERS,
  html,
  keysOf,
  ORIGIN,
  PAGE_URL,
  text,
  withPage,
  withRobots,
} from '../../../fixtures/audit-inputs.ts';
import { resource } from '../../../fixtures/audit-resources.ts';

// The audit's checks on small fixtures (tests/fixtures/audit-inputs.ts): a page that passes
// everything (tests/server/audit/analyze.test.ts), then one fault at a time.
// The crawler-access checks: status and robots.txt, page directives, the sitemap.

describe('crawlerAccess: status and robots.txt', () => {
  it('reports redirects and warns about a long chain', () => {
    const base = goodInput();
    const redirects = [
      { url: 'http://example.com/x', status: 301 },
      { url: 'https://example.com/x', status: 301 },
      { url: 'https://www.example.com/x', status: 302 },
    ];
    const input = { ...base, page: { ...base.page, url: 'http://example.com/x', redirects } };
    const f = find(input, 'httpStatus');
    expect(f.status).toBe('warning');
    expect(f.evidence[0]).toMatchObject({ values: { count: 3, status: 200 } });
    expect(
      find({ ...base, page: { ...base.page, redirects: redirects.slice(0, 1) } }, 'httpStatus').status,
    ).toBe('pass');
  });

  it('reads a 404 robots.txt as "everything allowed"', () => {
    const input = withRobots('Not found', { status: 404 });
    expect(find(input, 'robotsTxt').status).toBe('pass');
    expect(keysOf(find(input, 'robotsTxt'))).toEqual(['items.robotsTxt.evidence.unavailable']);
    expect(find(input, 'aiSearchAgents').status).toBe('pass');
    expect(keysOf(find(input, 'aiSearchAgents'))).toEqual(['items.aiSearchAgents.evidence.allowedNone']);
  });

  it('treats a 5xx robots.txt, or none at all, as a full block', () => {
    for (const robots of [
      resource(`${ORIGIN}/robots.txt`, 'oops', { status: 503 }),
      failure(`${ORIGIN}/robots.txt`, 'timeout', 'no answer within 8000 ms'),
    ]) {
      const input = { ...goodInput(), robots };
      expect(find(input, 'robotsTxt').status).toBe('fail');
      expect(find(input, 'aiSearchAgents').status).toBe('fail');
      expect(find(input, 'aiSearchAgents').recommendation?.key).toBe(
        'items.aiSearchAgents.recommendation.robots',
      );
      // Training agents are blocked too, reported without penalty.
      expect(find(input, 'trainingAgents')).toMatchObject({ status: 'info', weight: 0 });
    }
    expect(
      text({ ...goodInput(), robots: failure(`${ORIGIN}/robots.txt`, 'timeout', 'no answer') }, 'robotsTxt'),
    ).toMatchObject({ evidence: expect.stringContaining('(no answer)') });
  });

  it('fails when robots.txt blocks the AI search agents, quoting the deciding line', () => {
    const robots = [
      '# AI crawlers are not welcome',
      ...[...SEARCH_AGENTS, ...TRAINING_AGENTS].map((a) => `User-agent: ${a}`),
      'Disallow: /',
      '',
      'User-agent: *',
      'Allow: /',
    ].join('\n');
    const input = withRobots(robots);
    const f = find(input, 'aiSearchAgents');
    expect(f.status).toBe('fail');
    const blockedLine = SEARCH_AGENTS.length + TRAINING_AGENTS.length + 2;
    const crawlers = SEARCH_AGENTS.filter((a) => !USER_FETCHERS.includes(a));
    // One message per deciding line, saying which kind of group decided; the fetchers acting on a
    // person's request apart, for information (their operators say robots.txt may not bind them).
    expect(f.evidence).toEqual([
      {
        key: 'items.aiSearchAgents.evidence.blockedNamed',
        values: { agents: crawlers.join(', '), count: 6, line: blockedLine, rule: 'Disallow: /' },
      },
      {
        key: 'items.aiSearchAgents.evidence.userFetchers',
        values: { agents: 'ChatGPT-User, Claude-User, Perplexity-User' },
      },
    ]);
    expect(f.recommendation?.values?.agents).toBe(crawlers.join(', '));
    expect(text(input, 'aiSearchAgents').evidence).toContain(
      `${crawlers.join(', ')} are blocked by line ${blockedLine} (“Disallow: /”), in their own group.`,
    );
    // Closing only the user-triggered fetchers fails nothing.
    const fetchersOnly = withRobots('User-agent: ChatGPT-User\nUser-agent: Perplexity-User\nDisallow: /\n');
    expect(find(fetchersOnly, 'aiSearchAgents').status).toBe('pass');
    const star = find(withRobots('User-agent: *\nDisallow: /\n'), 'aiSearchAgents');
    expect(star.evidence[0]).toMatchObject({
      key: 'items.aiSearchAgents.evidence.blockedStar',
      values: { line: 2 },
    });
    const training = find(input, 'trainingAgents');
    expect(training.status).toBe('info');
    expect(training.evidence[0]).toEqual({
      key: 'items.trainingAgents.evidence.blocked',
      values: { agents: TRAINING_AGENTS.join(', ') },
    });
  });

  it('judges the agents the crawler catalogue marks, named by their robots.txt tokens', () => {
    expect([...SEARCH_AGENTS].sort()).toEqual(
      [
        'OAI-SearchBot',
        'ChatGPT-User',
        'Claude-SearchBot',
        'Claude-User',
        'PerplexityBot',
        'Perplexity-User',
        'Googlebot',
        'Bingbot',
        'Applebot',
      ].sort(),
    );
    expect([...TRAINING_AGENTS].sort()).toEqual(
      [
        'GPTBot',
        'ClaudeBot',
        'Google-Extended',
        'Applebot-Extended',
        'CCBot',
        'Meta-ExternalAgent',
        'Bytespider',
      ].sort(),
    );
    for (const entry of CRAWLERS.filter((c) => c.audited)) {
      expect(entry.name.toLowerCase()).toBe(entry.token.toLowerCase());
    }
  });

  it('does not penalise blocking only training agents in named groups', () => {
    const input = withRobots(
      'User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n',
    );
    expect(find(input, 'aiSearchAgents').status).toBe('pass');
    expect(keysOf(find(input, 'aiSearchAgents'))).toEqual(['items.aiSearchAgents.evidence.allowedStar']);
    expect(evidenceValues(find(input, 'trainingAgents')).slice(0, 2)).toEqual([
      { agents: 'GPTBot, ClaudeBot' },
      { agents: 'Google-Extended, Applebot-Extended, Meta-ExternalAgent, Bytespider, CCBot' },
    ]);
    const state = readRobots(input.robots);
    expect(agentVerdict(state, PAGE_URL, 'GPTBot')).toEqual({
      agent: 'GPTBot',
      allowed: false,
      group: 'named',
      line: 3,
      rule: 'Disallow: /',
    });
    expect(agentVerdict(state, PAGE_URL, 'CCBot')).toMatchObject({ allowed: true, group: 'star', line: 6 });
  });

  it('tells a `*` block apart from named groups that let the search agents in', () => {
    const robots = [
      'User-agent: *',
      'Disallow: /',
      '',
      ...SEARCH_AGENTS.map((a) => `User-agent: ${a}`),
      'Allow: /',
    ].join('\n');
    const input = withRobots(robots);
    expect(find(input, 'aiSearchAgents').status).toBe('pass');
    expect(keysOf(find(input, 'aiSearchAgents'))).toEqual(['items.aiSearchAgents.evidence.allowedNamed']);
    const state = readRobots(input.robots);
    expect(agentVerdict(state, PAGE_URL, 'GPTBot')).toMatchObject({ allowed: false, group: 'star', line: 2 });
    expect(find(input, 'trainingAgents')).toMatchObject({ status: 'info', weight: 0 });
  });

  it('judges the audited path only, with the longest match winning', () => {
    const input = withRobots('User-agent: *\nDisallow: /guide/\nAllow: /guide/answer-engines\n');
    expect(find(input, 'aiSearchAgents').status).toBe('pass');
    const other = withRobots('User-agent: PerplexityBot\nDisallow: /guide/\n\nUser-agent: *\nAllow: /\n');
    expect(find(other, 'aiSearchAgents').recommendation?.values).toEqual({ agents: 'PerplexityBot' });
  });

  it('follows RFC 9309: an empty named group allows all', () => {
    const state = readRobots(
      resource(`${ORIGIN}/robots.txt`, 'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\n'),
    );
    expect(agentVerdict(state, PAGE_URL, 'Googlebot')).toEqual({
      agent: 'Googlebot',
      allowed: true,
      group: 'named',
    });
  });

  it('merges groups of the same agent and matches tokens case-insensitively', () => {
    const body =
      'User-agent: bingbot\nAllow: /guide/\n\nUser-agent: *\nAllow: /\n\nuser-agent: BINGBOT\nDisallow: /\n';
    const state = readRobots(resource(`${ORIGIN}/robots.txt`, body));
    expect(agentVerdict(state, PAGE_URL, 'Bingbot')).toMatchObject({
      allowed: true,
      group: 'named',
      line: 2,
    });
    expect(agentVerdict(state, `${ORIGIN}/about`, 'Bingbot')).toMatchObject({ allowed: false, line: 8 });
  });

  it('warns about a robots.txt served as HTML and one past 500 KiB', () => {
    const htmlRobots = withRobots('<!doctype html><html><body>Home</body></html>', {
      headers: { 'content-type': 'text/html' },
    });
    expect(find(htmlRobots, 'robotsTxt').status).toBe('warning');
    const padding = '# padding line for the size limit\n'.repeat(16_000);
    const huge = `User-agent: *\nAllow: /\n${padding}User-agent: OAI-SearchBot\nDisallow: /\n`;
    const big = withRobots(huge);
    expect(find(big, 'robotsTxt').status).toBe('warning');
    expect(keysOf(find(big, 'robotsTxt'))).toContain('items.robotsTxt.evidence.cut');
    // The rule past 500 KiB is not read.
    expect(find(big, 'aiSearchAgents').status).toBe('pass');
  });

  it('uses the catalogue tokens of src/lib/visitor.ts', () => {
    const tokens = new Set(CRAWLERS.map((c) => c.token.toLowerCase()));
    for (const agent of [...SEARCH_AGENTS, ...TRAINING_AGENTS])
      expect(tokens.has(agent.toLowerCase())).toBe(true);
  });
});

describe('crawlerAccess: page directives', () => {
  const withMeta = (meta: string) => withPage(html({ head: `${GOOD_HEAD}\n${meta}` }));

  it('fails on noindex in a meta tag', () => {
    const f = find(withMeta('<meta name="robots" content="noindex, follow">'), 'pageDirectives');
    expect(f.status).toBe('fail');
    expect(f.evidence[0]).toEqual({
      key: 'items.pageDirectives.evidence.meta',
      values: { name: 'robots', value: 'noindex, follow' },
    });
    expect(f.recommendation?.values).toEqual({ directives: 'noindex' });
    expect(find(withMeta('<meta name="googlebot" content="none">'), 'pageDirectives').status).toBe('fail');
  });

  it('fails on noindex in the X-Robots-Tag header, for us or for everyone', () => {
    const header = (value: string) =>
      find(withPage(html(), { headers: { ...HTML_HEADERS, 'x-robots-tag': value } }), 'pageDirectives');
    expect(header('noindex').status).toBe('fail');
    expect(header('googlebot: noindex, nofollow').status).toBe('fail');
    expect(header('otherbot: noindex, nofollow').status).toBe('pass');
    expect(header('unavailable_after: 25 Jun 2030 15:00:00 GMT, noarchive').status).toBe('pass');
    expect(header('max-snippet: 0').status).toBe('warning');
    expect(
      text(withPage(html(), { headers: { ...HTML_HEADERS, 'x-robots-tag': 'noindex' } }), 'pageDirectives'),
    ).toMatchObject({ evidence: 'The X-Robots-Tag header says “noindex”.' });
  });

  it('warns on directives that stop quoting', () => {
    for (const content of [
      'nosnippet',
      'noai, noimageai',
      'max-snippet:0',
      'index, follow, max-snippet: 0',
    ]) {
      const f = find(withMeta(`<meta name="robots" content="${content}">`), 'pageDirectives');
      expect(f.status, content).toBe('warning');
    }
    expect(
      find(withMeta('<meta name="robots" content="index, follow, max-snippet:-1">'), 'pageDirectives').status,
    ).toBe('pass');
  });
});

describe('crawlerAccess: sitemap', () => {
  const withSitemap = (
    body: string,
    source: 'robots' | 'default' = 'robots',
    extra: Partial<FetchedResource> = {},
  ) => ({
    ...goodInput(),
    sitemapSource: source,
    sitemap: resource(`${ORIGIN}/sitemap.xml`, body, extra),
  });

  it('warns when there is none, fails when it is invalid', () => {
    expect(find(withSitemap('gone', 'default', { status: 404 }), 'sitemap').status).toBe('warning');
    // A catch-all route answering HTML at the default address: no sitemap, not a broken one.
    const spa = withSitemap('<!doctype html><html><body>App</body></html>', 'default');
    expect(find(spa, 'sitemap')).toMatchObject({
      status: 'warning',
      evidence: [{ key: 'items.sitemap.evidence.missingHtml' }],
    });
    const declaredHtml = withSitemap('<!doctype html><html><body>App</body></html>', 'robots');
    expect(find(declaredHtml, 'sitemap').status).toBe('fail');
    const wrongRoot = find(withSitemap('<?xml version="1.0"?><rss><channel/></rss>'), 'sitemap');
    expect(wrongRoot).toMatchObject({ status: 'fail', evidence: [{ values: { root: 'rss' } }, {}] });
    const empty = find(
      withSitemap('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>'),
      'sitemap',
    );
    expect(empty.evidence[0]?.key).toBe('items.sitemap.evidence.invalidEmpty');
  });

  it('accepts a sitemap index and says whether robots.txt names it', () => {
    const index = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sitemap><loc>${ORIGIN}/sitemap-pages.xml</loc></sitemap></sitemapindex>`;
    const f = find(withSitemap(index, 'default'), 'sitemap');
    expect(f.status).toBe('pass');
    expect(keysOf(f)).toEqual(['items.sitemap.evidence.index', 'items.sitemap.evidence.notDeclared']);
  });
});

describe('robotsTxt: names outside RFC 9309’s grammar', () => {
  it('notes a crawler’s documented name it cannot spell otherwise, and warns on any other bad name', () => {
    // AI2Bot is how Ai2 names its crawler: the site can write nothing better, so it is said, not held against it.
    const documented = find(
      withRobots('User-agent: AI2Bot\nDisallow: /\n\nUser-agent: *\nAllow: /\n'),
      'robotsTxt',
    );
    expect(documented.status).toBe('pass');
    expect(keysOf(documented)).toContain('items.robotsTxt.evidence.tokenCut');
    const typo = find(
      withRobots('User-agent: Googlebot2\nDisallow: /private/\n\nUser-agent: *\nAllow: /\n'),
      'robotsTxt',
    );
    expect(typo.status).toBe('warning');
  });
});
