import { describe, expect, it } from 'vitest';
import { parsePage } from '../../../../src/server/audit/read/html.ts';
import { mainEntity } from '../../../../src/server/audit/structured/main-entity.ts';
import { pageType, type PageTypeReading } from '../../../../src/server/audit/structured/page-type.ts';
import { jsonLdPage } from '../../../support/structured.ts';

// What kind of page the audit judges, read from pages parsed as the audit parses them: markup
// first, then the address, then the main text. One test per heuristic of page-type.ts.

function readingOf(html: string, url: string): PageTypeReading {
  const page = parsePage(html, url);
  return pageType({
    structured: page.structured,
    mainEntity: mainEntity(page.structured, page.url),
    url: page.url,
    main: page.main,
  });
}

const emptyPage =
  '<!doctype html><html><head><title>Page</title></head><body><p>Some words.</p></body></html>';

/** A page whose main text is `main`. */
function page(main: string): string {
  return `<!doctype html><html><head><title>Page</title></head><body><nav>Home Docs Blog</nav><main>${main}</main></body></html>`;
}

const codeListing = `<pre><code>import { createClient } from '@example/sdk';

const client = createClient({ apiKey: process.env.EXAMPLE_KEY });
const result = await client.items.list({ limit: 20, cursor: undefined });
for (const item of result.data) console.log(item.id, item.name);
</code></pre>`;

describe('pageType: from markup', () => {
  it('reads a microdata NewsArticle as an article, whatever its address', () => {
    const html = `<!doctype html><html><body>
      <article itemscope itemtype="https://schema.org/NewsArticle">
        <h1 itemprop="headline">Floods close the ring road</h1>
        <p itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Jane Roe</span></p>
        <p itemprop="articleBody">The ring road closed at dawn.</p>
      </article></body></html>`;
    expect(readingOf(html, 'https://news.example/shop/floods')).toEqual({
      type: 'article',
      from: 'markup',
      detail: 'NewsArticle',
    });
  });

  it('reads a BlogPosting as an article and a TechArticle (an Article too) as documentation', () => {
    expect(
      readingOf(jsonLdPage({ '@type': 'BlogPosting', headline: 'Notes' }), 'https://x.example/a'),
    ).toEqual({ type: 'article', from: 'markup', detail: 'BlogPosting' });
    expect(
      readingOf(jsonLdPage({ '@type': 'TechArticle', headline: 'Setup' }), 'https://x.example/blog/a'),
    ).toEqual({ type: 'documentation', from: 'markup', detail: 'TechArticle' });
    expect(readingOf(jsonLdPage({ '@type': 'APIReference', name: 'list()' }), 'https://x.example/a')).toEqual(
      { type: 'documentation', from: 'markup', detail: 'APIReference' },
    );
  });

  it('reads a Product, and a ProductGroup, as a product', () => {
    expect(
      readingOf(jsonLdPage({ '@type': 'ProductGroup', name: 'Kettle' }), 'https://x.example/blog/k'),
    ).toEqual({ type: 'product', from: 'markup', detail: 'ProductGroup' });
  });

  it('reads two Products for one item as a product page, though neither is the main entity', () => {
    const html = jsonLdPage(
      { '@type': 'Product', name: 'Kettle', mpn: 'A' },
      { '@type': 'Product', name: 'Kettle', mpn: 'B' },
    );
    expect(readingOf(html, 'https://x.example/k')).toEqual({
      type: 'product',
      from: 'markup',
      detail: 'Product',
    });
  });

  it('reads a Restaurant (a LocalBusiness) as a local business, even at the site’s root', () => {
    const html = jsonLdPage({ '@type': 'Restaurant', name: 'Chez Example', url: 'https://chez.example/' });
    expect(readingOf(html, 'https://chez.example/')).toEqual({
      type: 'localBusiness',
      from: 'markup',
      detail: 'Restaurant',
    });
  });

  it('reads a WebSite at the site’s root as the home page, and the same WebSite elsewhere by its address', () => {
    const website = jsonLdPage({ '@type': 'WebSite', name: 'Example', url: 'https://x.example/' });
    expect(readingOf(website, 'https://x.example/')).toEqual({
      type: 'home',
      from: 'markup',
      detail: 'WebSite',
    });
    expect(readingOf(website, 'https://x.example/docs/start')).toEqual({
      type: 'documentation',
      from: 'url',
      detail: 'docs',
    });
  });

  it('reads a lower-case "product" as the product page it was meant to describe, quoting it as written', () => {
    // Engines ignore the entity (JSON-LD is case-sensitive: the vocabulary check says so), but the
    // page is still a shop's product page, and is judged as one.
    expect(readingOf(jsonLdPage({ '@type': 'product', name: 'Kettle' }), 'https://x.example/k')).toEqual({
      type: 'product',
      from: 'markup',
      detail: 'product',
    });
    expect(readingOf(jsonLdPage({ '@type': 'Kettle-ish', name: 'K' }), 'https://x.example/k')).toEqual({
      type: 'other',
      from: 'content',
    });
  });

  it('goes on to the address when the main entity’s type says nothing of the page (a Recipe)', () => {
    expect(readingOf(jsonLdPage({ '@type': 'Recipe', name: 'Soup' }), 'https://x.example/blog/soup')).toEqual(
      { type: 'article', from: 'url', detail: 'blog' },
    );
  });
});

describe('pageType: from the address', () => {
  it.each([
    ['https://x.example/docs/install', 'documentation', 'docs'],
    ['https://x.example/en/reference/cli', 'documentation', 'reference'],
    ['https://x.example/API/v2/items', 'documentation', 'api'],
    ['https://docs.x.example/install', 'documentation', 'docs.x.example'],
    ['https://x.example/product/enamel-kettle', 'product', 'product'],
    ['https://x.example/p/12345', 'product', 'p'],
    ['https://x.example/shop/kettles/enamel', 'product', 'shop'],
    ['https://x.example/blog/api-news', 'article', 'blog'],
    ['https://x.example/news/floods', 'article', 'news'],
    ['https://x.example/2024/05/floods-close-the-ring-road', 'article', '2024/05'],
    ['https://x.example/', 'home', undefined],
    ['https://x.example/fr/', 'home', undefined],
    ['https://x.example/en-gb/index.html', 'home', undefined],
  ])('reads %s as %s (%s)', (url, type, detail) => {
    expect(readingOf(emptyPage, url)).toEqual({ type, from: 'url', ...(detail ? { detail } : {}) });
  });

  it.each([
    'https://x.example/about',
    'https://x.example/2024/13/not-a-month',
    'https://x.example/products-and-services-overview',
    // A section's root lists articles or products: it is not one.
    'https://x.example/blog',
    'https://x.example/en/news/',
    'https://x.example/shop',
  ])('finds nothing in %s', (url) => {
    expect(readingOf(emptyPage, url)).toEqual({ type: 'other', from: 'content' });
  });

  it('takes the first section the path names (a docs page about the blog is documentation)', () => {
    expect(readingOf(emptyPage, 'https://x.example/docs/blog')).toEqual({
      type: 'documentation',
      from: 'url',
      detail: 'docs',
    });
  });
});

describe('pageType: from the content', () => {
  it('reads a page whose main text is mostly code as documentation', () => {
    const html = page(`<h1>items.list()</h1><p>Lists items, 20 at a time.</p>${codeListing}`);
    expect(parsePage(html, 'https://x.example/guide/items').main.preformatted).toBeGreaterThan(200);
    expect(readingOf(html, 'https://x.example/guide/items')).toEqual({
      type: 'documentation',
      from: 'content',
    });
  });

  it('reads a docs address with code as documentation, from its address first', () => {
    const html = page(`<h1>items.list()</h1>${codeListing}`);
    expect(readingOf(html, 'https://x.example/docs/items')).toEqual({
      type: 'documentation',
      from: 'url',
      detail: 'docs',
    });
  });

  it('does not read a long essay with one snippet as documentation', () => {
    const essay = Array.from(
      { length: 12 },
      (_, i) =>
        `<p>Paragraph ${i} of an essay on why teams write their own tools, and when they should not.</p>`,
    ).join('');
    expect(readingOf(page(`${essay}${codeListing}`), 'https://x.example/thoughts')).toEqual({
      type: 'other',
      from: 'content',
    });
  });

  it('reads an app shell (an empty mount point, no markup) as other', () => {
    const shell =
      '<!doctype html><html><head><title>App</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';
    const parsed = parsePage(shell, 'https://app.example/dashboard');
    expect(parsed.emptyMount).toBe('root');
    expect(readingOf(shell, 'https://app.example/dashboard')).toEqual({ type: 'other', from: 'content' });
  });
});
