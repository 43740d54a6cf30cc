import { describe, expect, it } from 'vitest';
import { parsePage } from '../../../../src/server/audit/read/html.ts';
import { countWords } from '../../../../src/server/audit/read/page-text.ts';
import {
  evidenceValues,
  filler,
  find,
  GOOD_MAIN,
  html,
  keysOf,
  ORIGIN,
  PAGE_URL,
  paragraphs,
  text,
  withPage,
} from '../../../fixtures/audit-inputs.ts';
import { resource } from '../../../fixtures/audit-resources.ts';

// The audit's checks on small fixtures (tests/fixtures/audit-inputs.ts): a page that passes
// everything (tests/server/audit/analyze.test.ts), then one fault at a time.
// The citability checks: main text, headings, answers, facts, authorship, freshness, images.

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
