import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import enAudit from '../../../src/i18n/locales/en/audit.json';
import frAudit from '../../../src/i18n/locales/fr/audit.json';
import { analyze } from '../../../src/server/audit/analyze.ts';
import { buildContext } from '../../../src/server/audit/context.ts';
import { SEARCH_AGENTS, TRAINING_AGENTS } from '../../../src/server/audit/agents.ts';
import { countWords, markdownAlternateOf, parsePage } from '../../../src/server/audit/read/html.ts';
import { agentVerdict, readRobots } from '../../../src/server/audit/read/robots.ts';
import { clip } from '../../../src/lib/text.ts';
import { localizeFindings } from '../../../src/server/audit/localize.ts';
import { categoryScore, scoreFindings } from '../../../src/server/audit/score.ts';
import type {
  AuditInput,
  CategoryFindings,
  FetchedResource,
  Finding,
  Message,
} from '../../../src/server/audit/types.ts';
import { CRAWLERS } from '../../../src/lib/visitor.ts';
import {
  evidenceValues,
  failure,
  filler,
  find,
  GOOD_HEAD,
  GOOD_MAIN,
  goodInput,
  HTML_HEADERS,
  html,
  JSON_LD,
  keysOf,
  ORIGIN,
  PAGE_URL,
  paragraphs,
  T,
  text,
  viewsOf,
  withPage,
  withRobots,
} from '../../fixtures/audit-inputs.ts';
import { resource } from '../../fixtures/audit-resources.ts';

// The audit's checks on small fixtures (tests/fixtures/audit-inputs.ts): a page that passes
// everything, then one fault at a time.

describe('a page that does everything right', () => {
  const categories = analyze(goodInput());

  it('has the four categories in report order', () => {
    expect(categories.map((c) => c.id)).toEqual([
      'crawlerAccess',
      'structuredData',
      'citability',
      'technical',
    ]);
  });

  it('passes every check and scores 100 everywhere', () => {
    const failing = categories.flatMap((c) => c.findings).filter((f) => f.status !== 'pass');
    expect(failing).toEqual([]);
    expect(localizeFindings(categories, T.en).map((c) => [c.score, c.status])).toEqual(
      Array(4).fill([100, 'excellent']),
    );
  });

  it('gives no recommendation on a pass, and concrete values in the evidence', () => {
    for (const f of categories.flatMap((c) => c.findings)) expect(f.recommendation).toBeUndefined();
    expect(evidenceValues(find(goodInput(), 'ttfb'))[0]).toEqual({ ms: 120 });
    expect(evidenceValues(find(goodInput(), 'mainText'))[0]).toMatchObject({ source: '<main>' });
    expect(text(goodInput(), 'jsonLd').evidence).toContain('Organization, WebSite, BlogPosting');
  });

  it('is a pure function of its input', () => {
    const input = goodInput();
    const copy = structuredClone(input);
    expect(analyze(input)).toEqual(analyze(input));
    expect(input).toEqual(copy);
  });
});

describe('clip', () => {
  it('collapses whitespace, strips control and bidi characters, cuts with an ellipsis', () => {
    expect(clip('  a\n\tb   c  ')).toBe('a b c');
    expect(clip('evil\u202Etxt.exe\u0007\u200B!')).toBe('eviltxt.exe!');
    expect(clip('abcdefghij', 5)).toBe('abcd…');
    expect(clip('😀😀😀😀😀😀', 4)).toBe('😀😀😀…');
    expect(clip('\ud800lone')).toBe('lone');
  });
});

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
      expect(find(input, 'trainingAgents')).toMatchObject({ status: 'pass', weight: 0 });
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
    // One message per deciding line, saying which kind of group decided.
    expect(f.evidence).toEqual([
      {
        key: 'items.aiSearchAgents.evidence.blockedNamed',
        values: { agents: SEARCH_AGENTS.join(', '), count: 9, line: blockedLine, rule: 'Disallow: /' },
      },
    ]);
    expect(f.recommendation?.values?.agents).toBe(SEARCH_AGENTS.join(', '));
    expect(text(input, 'aiSearchAgents').evidence).toBe(
      `${SEARCH_AGENTS.join(', ')} are blocked by line ${blockedLine} (“Disallow: /”), ` +
        'in their own group.',
    );
    const star = find(withRobots('User-agent: *\nDisallow: /\n'), 'aiSearchAgents');
    expect(star.evidence[0]).toMatchObject({
      key: 'items.aiSearchAgents.evidence.blockedStar',
      values: { line: 2 },
    });
    const training = find(input, 'trainingAgents');
    expect(training.status).toBe('pass');
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
    expect(find(input, 'trainingAgents')).toMatchObject({ status: 'pass', weight: 0 });
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

describe('structuredData', () => {
  it('fails on a JSON-LD block that does not parse, quoting a clipped piece of it', () => {
    const broken =
      '{"@context": "https://schema.org", "@type": "Organization", "name": "Example" "url": "x"}';
    const f = find(withPage(html({ jsonLd: [JSON_LD, broken] })), 'jsonLd');
    expect(f.status).toBe('fail');
    expect(f.evidence[0]).toMatchObject({
      key: 'items.jsonLd.evidence.invalid',
      values: { block: 2, total: 2 },
    });
    expect(String(f.evidence[0]?.values?.excerpt)).toContain('"Example" "url"');
    expect(f.evidence[1]).toMatchObject({ key: 'items.jsonLd.evidence.valid', values: { count: 1 } });
    expect(find(withPage(html({ jsonLd: [] })), 'jsonLd').status).toBe('warning');
  });

  it('flattens @graph and resolves @id references for the identity', () => {
    const org = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Example',
    });
    const f = find(withPage(html({ jsonLd: [org] })), 'identity');
    expect(f.status).toBe('warning');
    expect(f.evidence[1]).toEqual({
      key: 'items.identity.evidence.missing',
      values: { type: 'Organization', properties: 'url, logo' },
    });
    const site = JSON.stringify({ '@type': 'WebSite', name: 'Example', url: ORIGIN });
    expect(find(withPage(html({ jsonLd: [site] })), 'identity').recommendation?.key).toBe(
      'items.identity.recommendation.organization',
    );
    expect(find(withPage(html({ jsonLd: [] })), 'identity').status).toBe('fail');
  });

  it('checks the properties of articles, FAQ pages and breadcrumbs', () => {
    const article = JSON.stringify({ '@type': 'NewsArticle', headline: 'News', author: 'Jane' });
    const a = find(withPage(html({ jsonLd: [article] })), 'typeProperties');
    expect(a).toMatchObject({
      status: 'warning',
      evidence: [{ values: { properties: 'datePublished, dateModified' } }],
    });
    const faq = JSON.stringify({
      '@type': 'FAQPage',
      mainEntity: {
        '@type': 'Question',
        name: 'Q?',
        acceptedAnswer: { text: 'An answer that is nowhere on the page.' },
      },
    });
    expect(find(withPage(html({ jsonLd: [faq] })), 'typeProperties').status).toBe('fail');
    const crumbs = JSON.stringify({
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', name: 'A' }],
    });
    expect(find(withPage(html({ jsonLd: [crumbs] })), 'typeProperties').evidence[0]).toMatchObject({
      key: 'items.typeProperties.evidence.breadcrumbsInvalid',
      values: { bad: 1, total: 1 },
    });
  });

  it('checks Open Graph, title and description', () => {
    const noOg = GOOD_HEAD.split('\n')
      .filter((l) => !l.includes('og:'))
      .join('\n');
    expect(find(withPage(html({ head: noOg })), 'openGraph').status).toBe('fail');
    const noImage = GOOD_HEAD.split('\n')
      .filter((l) => !l.includes('og:image'))
      .join('\n');
    expect(find(withPage(html({ head: noImage })), 'openGraph').recommendation?.values).toEqual({
      tags: 'og:image',
    });
    expect(find(withPage(html({ title: '' })), 'titleDescription').status).toBe('fail');
    expect(find(withPage(html({ title: 'Home' })), 'titleDescription').status).toBe('warning');
  });

  it('checks the canonical address', () => {
    const canonical = (href: string) =>
      find(
        withPage(
          html({
            head: GOOD_HEAD.replace(`rel="canonical" href="${PAGE_URL}"`, `rel="canonical" href="${href}"`),
          }),
        ),
        'canonical',
      );
    expect(canonical('https://example.com/guide/answer-engines/').status).toBe('pass');
    expect(canonical('/guide/answer-engines').evidence[0]?.key).toBe('items.canonical.evidence.relative');
    expect(canonical('https://other.example.org/copy').status).toBe('fail');
    expect(canonical(`${ORIGIN}/guide`).status).toBe('warning');
    const none = GOOD_HEAD.split('\n')
      .filter((l) => !l.includes('canonical'))
      .join('\n');
    expect(find(withPage(html({ head: none })), 'canonical').status).toBe('warning');
  });

  it('checks the page language and hreflang codes', () => {
    expect(find(withPage(html({ lang: 'english please' })), 'language').status).toBe('warning');
    const badCode = GOOD_HEAD.replace('hreflang="fr"', 'hreflang="french"');
    expect(find(withPage(html({ head: badCode })), 'language').evidence[1]).toEqual({
      key: 'items.language.evidence.badHreflang',
      values: { codes: 'french' },
    });
    const noSelf = GOOD_HEAD.replace(/<link rel="alternate" hreflang="(en|x-default)"[^>]*>/g, '');
    expect(find(withPage(html({ head: noSelf })), 'language').evidence[1]?.key).toBe(
      'items.language.evidence.noSelf',
    );
  });
});

describe('citability', () => {
  const shell = `<!doctype html><html lang="en"><head><title>My app</title>
    <script type="module" src="/assets/index-4f2a.js"></script></head>
    <body><noscript>You need to enable JavaScript to run this app.</noscript>
    <div id="root"></div></body></html>`;

  it('fails an empty JavaScript shell', () => {
    const f = find(withPage(shell), 'mainText');
    expect(f.status).toBe('fail');
    expect(f.evidence).toEqual([
      { key: 'items.mainText.evidence.shell', values: { count: 0, scripts: 1 } },
      { key: 'items.mainText.evidence.mount', values: { id: 'root' } },
    ]);
    expect(f.recommendation?.key).toBe('items.mainText.recommendation.render');
    expect(text(withPage(shell), 'mainText', 'fr').evidence).toContain('0\u00a0mot de texte');
  });

  it('warns about thin text and counts words outside nav, header, footer, scripts and templates', () => {
    const page = `<html><body><header>Site name and a long tagline nobody reads</header><nav>Home About</nav>
      <div><h1>Title</h1><p>Forty-two is the answer, state-of-the-art, l’IA générative.</p>
      <script>var words = 'none of these count';</script><template><p>nor these</p></template></div>
      <footer>Legal words</footer></body></html>`;
    const parsed = parsePage(page, PAGE_URL);
    expect(parsed.main.source).toBe('body');
    expect(parsed.main.text).toBe('Title Forty-two is the answer, state-of-the-art, l’IA générative.');
    expect(countWords(parsed.main.text)).toBe(8);
    const thin = html({ main: `<h1>Answer engines</h1>${paragraphs(3)}` });
    const words = 2 + countWords(filler.slice(0, 3).join(' '));
    expect(find(withPage(thin), 'mainText')).toMatchObject({
      status: 'warning',
      evidence: [{ values: { count: words } }],
    });
  });

  it('wants exactly one h1 and no skipped heading level', () => {
    const twoH1 = html({ main: GOOD_MAIN.replace('<h2>Questions</h2>', '<h1>Questions</h1>') });
    expect(find(withPage(twoH1), 'headings').status).toBe('warning');
    const skip = html({
      main: GOOD_MAIN.replace('<h2>What crawlers need</h2>', '<h4>What crawlers need</h4>'),
    });
    expect(find(withPage(skip), 'headings').evidence[1]).toMatchObject({
      key: 'items.headings.evidence.skips',
      values: { from: 1, to: 4, text: 'What crawlers need' },
    });
    expect(find(withPage(html({ main: paragraphs(20) })), 'headings').status).toBe('fail');
  });

  it('looks for a self-contained answer right after the h1', () => {
    const late = html({
      main: `<h1>Answer engines</h1><ul>${'<li>one two three four five six</li>'.repeat(30)}</ul>
        ${paragraphs(10)}`,
    });
    expect(find(withPage(late), 'directAnswer').evidence[0]?.key).toBe('items.directAnswer.evidence.none');
    const dependent = html({
      main: `<h1>Answer engines</h1>
        <p>It depends on many things that we will explain below, at length and with care</p>
        ${paragraphs(10)}`,
    });
    expect(keysOf(find(withPage(dependent), 'directAnswer'))).toEqual([
      'items.directAnswer.evidence.found',
      'items.directAnswer.evidence.unfinished',
      'items.directAnswer.evidence.dependent',
    ]);
  });

  it('counts lists, tables and citable facts', () => {
    expect(find(withPage(html({ main: `<h1>T</h1>${paragraphs(12)}` })), 'listsTables').status).toBe(
      'warning',
    );
    const facts = html({
      main: `<h1>T</h1><p>On 3 March 2025, 45 % of 1 200 sites and 12.5% of shops (€3,000 each) changed; see
      <a href="https://data.example.org/report">the report</a> and <a href="${ORIGIN}/own">our page</a>.</p>`,
    });
    expect(evidenceValues(find(withPage(facts), 'facts'))[0]).toEqual({
      figures: 2,
      percentages: 2,
      dates: 1,
      links: 1,
    });
    expect(find(withPage(html({ main: '<h1>T</h1><p>No numbers here at all.</p>' })), 'facts').status).toBe(
      'fail',
    );
  });

  it('looks for author and date signals', () => {
    const bare = html({
      head: '<meta name="viewport" content="width=device-width">',
      jsonLd: [],
      main: `<h1>T</h1>${paragraphs(12)}`,
    });
    // Not an article: dated by the sitemap's lastmod, but nobody vouches for it.
    expect(find(withPage(bare), 'authorDate').status).toBe('warning');
    const undated = { ...withPage(bare), sitemapSource: 'default' as const };
    undated.sitemap = resource(`${ORIGIN}/sitemap.xml`, 'gone', { status: 404 });
    expect(find(undated, 'authorDate').status).toBe('fail');
    const dated = html({ head: '', jsonLd: [], main: `<h1>T</h1><time datetime="2025-01-01">1 Jan</time>` });
    expect(find(withPage(dated), 'authorDate').status).toBe('warning');
    // A page that is not an article is vouched for by its publisher and dated by its update.
    const organization = JSON.stringify({ '@type': 'Organization', name: 'Example Co', url: `${ORIGIN}/` });
    const vouched = html({ head: '', jsonLd: [organization], main: `<h1>T</h1>${paragraphs(12)}` });
    expect(find(withPage(vouched), 'authorDate')).toMatchObject({ status: 'pass' });
    // An article needs its own author and publication date.
    const article = JSON.stringify({
      '@type': 'BlogPosting',
      headline: 'T',
      publisher: { name: 'Example Co' },
    });
    const unsigned = html({ head: '', jsonLd: [article], main: `<h1>T</h1>${paragraphs(12)}` });
    expect(find(withPage(unsigned), 'authorDate').status).toBe('fail');
  });

  it('judges freshness against input.now: 12 months pass, 24 warn, older fail, unknown warns', () => {
    const modified = (date: string) =>
      withPage(html({ head: `<meta property="article:modified_time" content="${date}">`, jsonLd: [] }));
    expect(find(modified('2024-07-01'), 'freshness').status).toBe('pass');
    expect(find(modified('2023-08-01'), 'freshness').status).toBe('warning');
    expect(find(modified('2022-01-01'), 'freshness')).toMatchObject({
      status: 'fail',
      evidence: [{ values: { updatedDate: '2022-01-01', source: 'article:modified_time', count: 41 } }],
    });
    // No date anywhere: not in the head, the JSON-LD, the sitemap, nor a <time> of the text.
    const undated = html({ head: '', jsonLd: [], main: GOOD_MAIN.replace(/<time[^>]*>.*?<\/time>/, '') });
    const unknown = { ...withPage(undated), sitemapSource: 'default' as const };
    unknown.sitemap = resource(`${ORIGIN}/sitemap.xml`, 'gone', { status: 404 });
    expect(find(unknown, 'freshness').status).toBe('warning');
    // The sitemap's lastmod for the page counts when the page says nothing.
    expect(find(withPage(html({ head: '', jsonLd: [] })), 'freshness').evidence[0]?.values?.source).toBe(
      'sitemap lastmod',
    );
  });

  it('measures image alt coverage, empty alt counting as decorative', () => {
    const images = (withAlt: number, without: number) =>
      html({
        main: `<h1>T</h1>${'<img src="a.png" alt="A chart">'.repeat(withAlt)}
        ${'<img src="b.png">'.repeat(without)}
        <img src="pixel.gif" width="1" height="1"><img src="icon.svg" aria-hidden="true">`,
      });
    expect(find(withPage(images(9, 1)), 'imageAlt').status).toBe('pass');
    expect(find(withPage(images(8, 2)), 'imageAlt').status).toBe('warning');
    expect(find(withPage(images(6, 4)), 'imageAlt')).toMatchObject({
      status: 'fail',
      evidence: [{ values: { withAlt: 6, total: 10, percent: 60, decorative: 0 } }],
    });
    expect(find(withPage(html({ main: '<h1>T</h1>' })), 'imageAlt').evidence[0]?.key).toBe(
      'items.imageAlt.evidence.none',
    );
  });
});

describe('technical', () => {
  it('fails plain HTTP', () => {
    const input = goodInput();
    input.page = { ...input.page, url: 'http://www.example.com/x', finalUrl: 'http://www.example.com/x' };
    expect(find(input, 'https').status).toBe('fail');
  });

  it('grades time to first byte and HTML weight', () => {
    // Every parallel request of the page answers as slowly, unless told otherwise.
    const at = (extra: Partial<FetchedResource>) => {
      const page = { ...goodInput().page, ...extra };
      return { ...goodInput(), page, crawlerViews: viewsOf(page) };
    };
    expect(find(at({ ttfbMs: 800 }), 'ttfb').status).toBe('pass');
    expect(find(at({ ttfbMs: 1800 }), 'ttfb').status).toBe('warning');
    expect(find(at({ ttfbMs: 1801 }), 'ttfb').status).toBe('fail');
    // The fastest answer of the same page counts: the others queued behind the audit's own requests.
    const slowFirst = at({ ttfbMs: 2500 });
    slowFirst.crawlerViews[1] = {
      ...slowFirst.crawlerViews[1]!,
      outcome: { ...slowFirst.page, ttfbMs: 300 },
    };
    expect(find(slowFirst, 'ttfb')).toMatchObject({ status: 'pass', evidence: [{ values: { ms: 300 } }] });
    expect(find(at({ bytes: 512 * 1024 }), 'htmlWeight').status).toBe('pass');
    expect(find(at({ bytes: 600 * 1024 }), 'htmlWeight')).toMatchObject({
      status: 'warning',
      evidence: [{ values: { kb: 600 } }],
    });
    expect(find(at({ bytes: 2 * 1024 * 1024 }), 'htmlWeight').status).toBe('fail');
  });

  it('checks compression above 1 KB, and the viewport', () => {
    const plain = withPage(html(), { headers: { 'content-type': 'text/html' } });
    expect(find(plain, 'compression').status).toBe('warning');
    expect(find(withPage('<p>tiny</p>', { headers: {} }), 'compression').status).toBe('pass');
    expect(find(withPage(html({ head: '' })), 'viewport').status).toBe('warning');
  });

  it('checks llms.txt: absent or malformed is a low-weight warning', () => {
    const withLlms = (llms: AuditInput['llms']) => find({ ...goodInput(), llms }, 'llmsTxt');
    const absent = withLlms(resource(`${ORIGIN}/llms.txt`, 'Not found', { status: 404 }));
    expect(absent).toMatchObject({ status: 'warning', weight: 0.5 });
    const noTitle = withLlms(
      resource(`${ORIGIN}/llms.txt`, 'Welcome!\n\n## Docs\n\n- [A](https://x.test/a)\n'),
    );
    expect(noTitle.evidence.map((m) => m.key)).toEqual(['items.llmsTxt.evidence.noH1']);
    const badList = withLlms(
      resource(`${ORIGIN}/llms.txt`, '# Site\n\n## Docs\n\n- just words\n- [A](https://x.test/a)\n'),
    );
    expect(badList.evidence[0]).toEqual({ key: 'items.llmsTxt.evidence.badItems', values: { count: 1 } });
    const spa = withLlms(
      resource(`${ORIGIN}/llms.txt`, '<!doctype html><html></html>', {
        headers: { 'content-type': 'text/html' },
      }),
    );
    expect(spa.evidence[0]?.key).toBe('items.llmsTxt.evidence.html');
  });

  it('checks for a Markdown version and a feed', () => {
    const noAlternate = GOOD_HEAD.split('\n')
      .filter((l) => !l.includes('text/markdown') && !l.includes('rss'))
      .join('\n');
    const input = withPage(html({ head: noAlternate }));
    expect(find(input, 'markdownVersion').evidence[0]?.key).toBe('items.markdownVersion.evidence.none');
    expect(find(input, 'feed').status).toBe('warning');
    const full = { ...input, markdown: resource(`${ORIGIN}/llms-full.txt`, '# Example\n\nEverything.') };
    expect(find(full, 'markdownVersion').evidence[0]?.key).toBe('items.markdownVersion.evidence.llmsFull');
    const broken = {
      ...goodInput(),
      markdown: resource(`${ORIGIN}/guide/answer-engines.md`, 'gone', { status: 404 }),
    };
    expect(find(broken, 'markdownVersion').status).toBe('warning');
    expect(markdownAlternateOf(html(), PAGE_URL)).toBe(`${ORIGIN}/guide/answer-engines.md`);
  });
});

describe('hostile markup', () => {
  const hostileTitle = '<script>alert(1)</script>\u202e{{name}} $t(categories.technical)';

  it('quotes a hostile title as plain, clipped text in both languages', () => {
    const page = html({ title: `${hostileTitle}${' padding'.repeat(30)}` });
    const f = find(withPage(page), 'titleDescription');
    const title = String(f.evidence[0]?.values?.title);
    expect(title.startsWith('<script>alert(1)</script>{{name}} $t(categories.technical)')).toBe(true);
    expect(title.endsWith('…')).toBe(true);
    expect(Array.from(title)).toHaveLength(80);
    for (const lang of ['en', 'fr'] as const) {
      const shown = text(withPage(page), 'titleDescription', lang).evidence;
      expect(shown).toContain('<script>alert(1)</script>{{name}} $t(categories.technical)');
      expect(shown).not.toContain('&lt;');
      expect(shown).not.toContain('\u202e');
    }
  });

  it('quotes a hostile robots.txt line as plain, clipped text', () => {
    const comment = `<script>alert(1)</script>\u0007${'x'.repeat(200)}`;
    const robots = `User-agent: OAI-SearchBot\nDisallow: / # ${comment}\n`;
    const f = find(withRobots(robots), 'aiSearchAgents');
    const rule = String(f.evidence[0]?.values?.rule);
    expect(rule.startsWith('Disallow: / # <script>alert(1)</script>xxx')).toBe(true);
    expect(rule).toHaveLength(80);
    expect(text(withRobots(robots), 'aiSearchAgents', 'fr').evidence).toContain(
      '«\u202fDisallow: / # <script>alert(1)</script>',
    );
  });

  it('reads nesting as deep as browsers keep, and stops past it saying so', () => {
    const nested = (depth: number) => `${'<div>'.repeat(depth)}<p>deep text</p>${'</div>'.repeat(depth)}`;
    const deep = (depth: number) => `<html><body><main><p>first</p>${nested(depth)}</main></body></html>`;
    expect(parsePage(deep(500), PAGE_URL)).toMatchObject({
      main: { text: 'first deep text' },
      limit: undefined,
    });
    expect(parsePage(deep(20_000), PAGE_URL)).toMatchObject({ main: { text: 'first' }, limit: 'nesting' });
    const deepJson = `${'{"name":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    expect(() => analyze(withPage(html({ jsonLd: [deepJson] })))).not.toThrow();
  });

  it('stops reading past 60,000 elements, and says where it stopped', () => {
    const input = withPage(
      `<html><body><main><p>first</p>${'<br>'.repeat(70_000)}<p>last</p></main></body></html>`,
    );
    expect(parsePage(input.page.body, PAGE_URL)).toMatchObject({
      main: { text: 'first' },
      limit: 'elements',
    });
    expect(find(input, 'htmlWeight').status).toBe('warning');
    expect(text(input, 'htmlWeight').evidence).toContain(
      'more than 60,000 elements: the audit read the first 60,000',
    );
    expect(text(input, 'htmlWeight', 'fr').evidence).toContain('plus de 60\u202f000\u00a0éléments');
  });

  it('reads no JSON-LD block nested deeper than 128 levels or larger than 256 KB, and says which', () => {
    const deep = `${'['.repeat(129)}${']'.repeat(129)}`;
    const large = JSON.stringify({ '@type': 'Thing', description: 'x'.repeat(300 * 1024) });
    const input = withPage(html({ jsonLd: [JSON_LD, deep, large] }));
    expect(find(input, 'jsonLd').status).toBe('fail');
    const { evidence } = text(input, 'jsonLd');
    expect(evidence).toContain(
      'JSON-LD block 2 of 3 nests arrays or objects more than 128 levels deep: not read.',
    );
    expect(evidence).toContain('JSON-LD block 3 of 3 is larger than 256\u00a0KB: not read.');
    // Brackets inside strings are not nesting.
    const quoted = JSON.stringify({ '@type': 'Thing', name: '['.repeat(500) });
    expect(find(withPage(html({ jsonLd: [JSON_LD, quoted] })), 'jsonLd').status).toBe('pass');
  });
});

describe('scoring', () => {
  const f = (status: Finding['status'], weight: number): Finding => ({
    id: 'x',
    status,
    weight,
    evidence: [],
  });

  it('is round(100 × Σ weight·value / Σ weight)', () => {
    expect(categoryScore([f('pass', 2), f('warning', 1), f('fail', 1)])).toBe(63); // 2.5 / 4
    expect(categoryScore([f('pass', 1), f('warning', 0.5), f('fail', 0.5)])).toBe(63); // 1.25 / 2 = 62.5
    expect(categoryScore([f('fail', 1), f('pass', 0)])).toBe(0);
    expect(categoryScore([])).toBe(100);
  });

  it('maps scores to statuses at 90 and 75', () => {
    expect(scoreFindings([f('pass', 9), f('fail', 1)])).toEqual({ score: 90, status: 'excellent' });
    expect(scoreFindings([f('pass', 3), f('fail', 1)])).toEqual({ score: 75, status: 'good' });
    expect(scoreFindings([f('pass', 37), f('fail', 13)])).toEqual({ score: 74, status: 'needsWork' });
  });
});

describe('localization', () => {
  it('gives the API shape, evidence joined with a space', () => {
    const input = withRobots('User-agent: Claude-User\nDisallow: /\n');
    const [access] = localizeFindings(analyze(input), T.en);
    expect(access).toMatchObject({
      id: 'crawlerAccess',
      status: expect.any(String),
      score: expect.any(Number),
    });
    const item = access!.items.find((i) => i.id === 'aiSearchAgents')!;
    expect(Object.keys(item).sort()).toEqual(['evidence', 'id', 'recommendation', 'status', 'title']);
    expect(item.title).toBe('AI search and assistant crawlers');
    expect(item.evidence).toBe(
      'Claude-User is blocked by line 2 (“Disallow: /”), in its own group. ' +
        'Allowed, as no rule applies to them: OAI-SearchBot, ChatGPT-User, Claude-SearchBot, ' +
        'PerplexityBot, Perplexity-User, Googlebot, Bingbot, Applebot.',
    );
  });

  it('formats numbers, plurals and dates for French readers', () => {
    const head = '<meta property="article:modified_time" content="2025-03-01">';
    const input = withPage(html({ main: `<h1>T</h1>${paragraphs(80)}`, head, jsonLd: [] }));
    const words = Number(find(input, 'mainText').evidence[0]?.values?.count);
    expect(words).toBeGreaterThan(1000);
    const [thousands, rest] = [Math.floor(words / 1000), String(words % 1000).padStart(3, '0')];
    expect(text(input, 'mainText', 'fr').evidence).toBe(
      `Le HTML envoyé par le serveur contient ${thousands}\u202f${rest}\u00a0mots ` +
        'de texte principal (dans <main>).',
    );
    expect(text(input, 'mainText', 'en').evidence).toContain(`holds ${thousands},${rest} words`);
    expect(text(input, 'freshness', 'fr').evidence).toBe(
      'Dernière mise à jour le 1er mars 2025 (d’après article:modified_time), il y a 3\u00a0mois.',
    );
    expect(text(input, 'freshness', 'en').evidence).toContain('on March 1, 2025');
    expect(text(goodInput(), 'htmlWeight', 'fr').evidence).toBe(
      'Le HTML pèse 5,2\u00a0Ko une fois décompressé.',
    );
  });
});

// Every key a check can use, read from the sources: keys are always written out in full there.
const SOURCE_DIR = path.resolve('src/server/audit/checks');
const SOURCE_KEYS = [
  ...new Set(
    readdirSync(SOURCE_DIR)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [
        ...readFileSync(path.join(SOURCE_DIR, file), 'utf8').matchAll(/'(items\.[\w.]+)'/g),
      ])
      .map((match) => match[1]!),
  ),
];

type Tree = { [key: string]: string | Tree };

function has(tree: Tree, key: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string';
}

/** Every fixture of this file, for the messages they produce. */
function allFixtureMessages(): Message[] {
  const inputs: AuditInput[] = [
    goodInput(),
    withRobots('x', { status: 500 }),
    withRobots('User-agent: *\nDisallow: /\n'),
    withPage('<html><body><div id="app"></div><script src="a.js"></script></body></html>'),
    withPage(html({ jsonLd: ['{broken'], title: '', head: '' })),
  ];
  return inputs.flatMap((input) =>
    analyze(input).flatMap((c: CategoryFindings) =>
      c.findings.flatMap((f) => [...f.evidence, ...(f.recommendation ? [f.recommendation] : [])]),
    ),
  );
}

describe('translation keys', () => {
  const languages = { en: enAudit as Tree, fr: frAudit as Tree };

  it('finds the keys in the sources', () => {
    expect(SOURCE_KEYS.length).toBeGreaterThan(150);
  });

  it.each(Object.keys(languages))('%s has every key the checks use, plural forms included', (lang) => {
    const tree = languages[lang as keyof typeof languages];
    const missing = SOURCE_KEYS.filter(
      (key) => !has(tree, key) && !(has(tree, `${key}_one`) && has(tree, `${key}_other`)),
    );
    expect(missing).toEqual([]);
  });

  it('has a title for every finding and a name for every category, in both languages', () => {
    for (const category of analyze(goodInput())) {
      for (const tree of Object.values(languages)) {
        expect(has(tree, `categories.${category.id}`)).toBe(true);
        for (const f of category.findings) expect(has(tree, `items.${f.id}.title`), f.id).toBe(true);
      }
    }
  });

  it('uses plural forms exactly for the messages that carry a count', () => {
    for (const message of allFixtureMessages()) {
      const plural = has(languages.en, `${message.key}_other`);
      expect(plural, message.key).toBe(message.values?.count !== undefined);
    }
  });

  it('leaves no placeholder unfilled in any fixture, in either language', () => {
    for (const lang of ['en', 'fr'] as const) {
      for (const category of localizeFindings(analyze(goodInput()), T[lang])) {
        for (const item of category.items)
          expect(`${item.title} ${item.evidence}`).not.toMatch(/\{\{|items\.\w/);
      }
    }
    const context = buildContext(goodInput());
    expect(context.page.title).toContain('How answer engines');
  });
});
