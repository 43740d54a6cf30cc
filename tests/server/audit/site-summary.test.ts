import { describe, expect, it } from 'vitest';
import type { PageFacts } from '../../../src/server/audit/site-pages.ts';
import { siteSummary, siteVerdict, type SitePage } from '../../../src/server/audit/site-summary.ts';

// What only a site's pages together show (issue 37, item 6): pages of one template are named once,
// duplicates without a canonical are named as such, and the site gets its own verdict.

const ORIGIN = 'https://shop.example';
const yes = (['chatgpt', 'perplexity', 'copilot', 'google', 'claude'] as const).map((id) => ({
  id,
  status: 'yes' as const,
}));

function facts(path: string, overrides: Partial<PageFacts> = {}): PageFacts {
  const url = `${ORIGIN}${path}`;
  return {
    url,
    finalUrl: url,
    status: 200,
    score: 90,
    title: `Title of ${path}`,
    description: `Description of ${path}`,
    canonical: undefined,
    alternates: [],
    structuredData: true,
    words: 400,
    excluded: false,
    engines: yes,
    fingerprint: `text of ${path}`,
    template: `/${path.split('/')[1]}${path.split('/').length > 2 ? '/*' : ''} Product`,
    ...overrides,
  };
}
const row = (p: PageFacts): SitePage => ({
  url: p.finalUrl,
  outcome: 'audited',
  status: 200,
  score: p.score,
});

describe('a site audit’s summary and verdict', () => {
  it('shows thin pages of one template once, with their count, and the others one by one', () => {
    const pages = [
      facts('/'),
      ...['a', 'b', 'c', 'd'].map((s) => facts(`/product/${s}`, { words: 80 })),
      facts('/about', { words: 80 }),
    ];
    const thin = siteSummary(pages.map(row), pages).find((i) => i.id === 'siteThin')!;
    expect(thin.templates).toEqual([{ pattern: '/product/*', count: 4, example: `${ORIGIN}/product/a` }]);
    expect(thin.urls).toEqual([`${ORIGIN}/about`]);
    // Two pages of a template are still listed one by one.
    const two = [facts('/'), facts('/product/a', { words: 80 }), facts('/product/b', { words: 80 })];
    expect(siteSummary(two.map(row), two).find((i) => i.id === 'siteThin')!.templates).toBeUndefined();
  });

  it('names pages with the same text and no canonical between them, and not those with one', () => {
    const pages = [facts('/', { fingerprint: 'home' }), facts('/index.html', { fingerprint: 'home' })];
    expect(siteSummary(pages.map(row), pages).find((i) => i.id === 'siteDuplicates')).toMatchObject({
      status: 'warning',
      urls: [`${ORIGIN}/index.html → ${ORIGIN}/`],
    });
    const declared = [pages[0]!, { ...pages[1]!, canonical: `${ORIGIN}/` }];
    expect(siteSummary(declared.map(row), declared).find((i) => i.id === 'siteDuplicates')!.status).toBe(
      'pass',
    );
  });

  it('gives the site its mean score, its spread, its worst pages and each engine across its pages', () => {
    const out = yes.map((e) => (e.id === 'copilot' ? { ...e, status: 'no' as const } : e));
    const pages = [
      facts('/', { score: 90 }),
      facts('/a', { score: 60, engines: out }),
      facts('/b', { score: 75 }),
    ];
    const verdict = siteVerdict(pages.map(row), pages)!;
    expect(verdict).toMatchObject({ score: 75, lowest: 60, highest: 90 });
    expect(verdict.worst).toEqual([
      { url: `${ORIGIN}/a`, score: 60 },
      { url: `${ORIGIN}/b`, score: 75 },
      { url: `${ORIGIN}/`, score: 90 },
    ]);
    expect(verdict.engines.find((e) => e.id === 'copilot')).toEqual({
      id: 'copilot',
      status: 'limited',
      out: 1,
      partly: 0,
      pages: 3,
    });
    expect(verdict.engines.find((e) => e.id === 'google')!.status).toBe('yes');
  });
});

describe('a page’s template', () => {
  it('keeps the section (after a language prefix) and the markup types, and stars the rest', async () => {
    const { pageFacts } = await import('../../../src/server/audit/site-pages.ts');
    const { withPage, html } = await import('../../fixtures/audit-inputs.ts');
    const at = (path: string) =>
      pageFacts(withPage(html(), { url: `${ORIGIN}${path}`, finalUrl: `${ORIGIN}${path}` })).template;
    expect(at('/product/enamel-kettle')).toBe(
      '/product/* BlogPosting,BreadcrumbList,FAQPage,Organization,WebSite',
    );
    expect(at('/fr/blog/2024/floods').split(' ')[0]).toBe('/fr/blog/*/*');
    expect(at('/p12345').split(' ')[0]).toBe('/*');
    expect(at('/').split(' ')[0]).toBe('/');
  });
});
