import { describe, expect, it } from 'vitest';
import { parsePage } from '../../../../src/server/audit/read/html.ts';
import {
  authorOf,
  mainEntity,
  pageAddress,
  publisherOf,
  siteIdentities,
} from '../../../../src/server/audit/structured/main-entity.ts';
import { jsonLdPage } from '../../../support/structured.ts';

// The page's main entity and who wrote and published it, on pages parsed as the audit parses them
// (parsePage: JSON-LD, microdata and RDFa in one graph).

const SHOP = 'https://shop.example/kettle';

/** A shop's product page as many shops write it: the Product, its offer by a marketplace seller,
 * a customer's review, and the shop's own Organization beside it. */
const productPage = jsonLdPage(
  {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Enamel kettle',
    offers: {
      '@type': 'Offer',
      price: '39.90',
      priceCurrency: 'EUR',
      seller: { '@type': 'Organization', name: 'Marketplace Seller Ltd' },
    },
    review: {
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Jane Reviewer' },
      publisher: { '@type': 'Organization', name: 'Review Aggregator' },
      reviewRating: { '@type': 'Rating', ratingValue: 4 },
    },
  },
  {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Kettle Shop',
    url: 'https://shop.example/',
  },
);

describe('mainEntity', () => {
  it('takes the only Product of a product page, and its nested reviewer is not the page’s author', () => {
    const page = parsePage(productPage, SHOP);
    const main = mainEntity(page.structured, page.url);
    expect(main?.reason).toBe('topLevelType');
    expect(main?.entity.types).toEqual(['Product']);
    expect(authorOf(page.structured, main?.entity)).toEqual([]);
    expect(publisherOf(page.structured, main?.entity)).toEqual([]);
  });

  it('never takes an Offer’s seller as the site’s identity: only the shop’s own Organization', () => {
    const page = parsePage(productPage, SHOP);
    const main = mainEntity(page.structured, page.url);
    const names = siteIdentities(page.structured, main?.entity).map((e) => e.properties.get('name'));
    expect(names).toEqual([[{ kind: 'text', value: 'Kettle Shop' }]]);
  });

  it('finds no site identity when the only Organizations are a seller and a review’s publisher', () => {
    const page = parsePage(productPage.replace(/<script[^>]*>[^<]*Kettle Shop[^<]*<\/script>/, ''), SHOP);
    expect(page.structured.entities.some((e) => e.types.includes('Organization'))).toBe(true);
    expect(siteIdentities(page.structured, mainEntity(page.structured, page.url)?.entity)).toEqual([]);
  });

  it('follows mainEntityOfPage, ignoring the fragment and a trailing slash', () => {
    const html = jsonLdPage(
      { '@context': 'https://schema.org', '@type': 'Product', name: 'Related teapot' },
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: 'Kettles compared',
        mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://news.example/2024/05/kettles/#webpage' },
        author: { '@type': 'Person', name: 'Ann Writer' },
        publisher: { '@type': 'NewsMediaOrganization', name: 'Daily Example' },
      },
    );
    const page = parsePage(html, 'https://news.example/2024/05/kettles#comments');
    const main = mainEntity(page.structured, page.url);
    expect(main?.reason).toBe('mainEntityOfPage');
    expect(main?.entity.types).toEqual(['NewsArticle']);
    expect(authorOf(page.structured, main?.entity).map((p) => p.name)).toEqual(['Ann Writer']);
    expect(publisherOf(page.structured, main?.entity).map((p) => p.name)).toEqual(['Daily Example']);
  });

  it('does not take an entity whose mainEntityOfPage is another page', () => {
    const html = jsonLdPage(
      { '@type': 'Article', headline: 'A', mainEntityOfPage: 'https://news.example/other' },
      { '@type': 'Article', headline: 'B', mainEntityOfPage: 'https://news.example/other-too' },
    );
    const page = parsePage(html, 'https://news.example/story');
    expect(mainEntity(page.structured, page.url)).toBeUndefined();
  });

  it('takes the mainEntity of the page’s WebPage', () => {
    const html = jsonLdPage({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Product', '@id': '#teapot', name: 'Teapot' },
        { '@type': 'Product', '@id': '#kettle', name: 'Kettle' },
        { '@type': 'ItemPage', '@id': 'https://shop.example/kettle', mainEntity: { '@id': '#kettle' } },
      ],
    });
    const page = parsePage(html, SHOP);
    const main = mainEntity(page.structured, page.url);
    expect(main).toMatchObject({ reason: 'mainEntityOfPage' });
    expect(main?.entity.properties.get('name')).toEqual([{ kind: 'text', value: 'Kettle' }]);
  });

  it('takes the top-level entity whose url is the page before a WebPage at the same address', () => {
    const html = jsonLdPage(
      { '@type': 'WebPage', url: 'https://shop.example/kettle/' },
      { '@type': 'Product', name: 'Teapot', url: 'https://shop.example/teapot' },
      { '@type': 'Product', name: 'Kettle', url: 'https://shop.example/kettle' },
    );
    const page = parsePage(html, SHOP);
    const main = mainEntity(page.structured, page.url);
    expect(main?.reason).toBe('pageUrl');
    expect(main?.entity.properties.get('name')).toEqual([{ kind: 'text', value: 'Kettle' }]);
  });

  it('takes the only Product before a WebPage wrapper at the page’s address (as SEO plugins write it)', () => {
    const html = jsonLdPage({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'WebPage',
          '@id': 'https://shop.example/kettle#webpage',
          url: 'https://shop.example/kettle',
        },
        { '@type': 'Product', name: 'Kettle' },
      ],
    });
    const page = parsePage(html, SHOP);
    expect(mainEntity(page.structured, page.url)).toMatchObject({
      reason: 'topLevelType',
      entity: { types: ['Product'] },
    });
    const wrapperOnly = parsePage(
      jsonLdPage({ '@type': 'WebPage', url: 'https://shop.example/kettle', name: 'Kettle' }),
      SHOP,
    );
    expect(mainEntity(wrapperOnly.structured, wrapperOnly.url)).toMatchObject({
      reason: 'pageUrl',
      entity: { types: ['WebPage'] },
    });
  });

  it('says nothing when two Products could each be the one the page is about', () => {
    const html = jsonLdPage({ '@type': 'Product', name: 'Kettle' }, { '@type': 'Product', name: 'Teapot' });
    const page = parsePage(html, SHOP);
    expect(mainEntity(page.structured, page.url)).toBeUndefined();
  });

  it('never takes a Product listed under an ItemList, even alone', () => {
    const html = jsonLdPage({
      '@type': 'ItemList',
      itemListElement: { '@type': 'ListItem', position: 1, item: { '@type': 'Product', name: 'Kettle' } },
    });
    const page = parsePage(html, 'https://shop.example/kettles');
    expect(mainEntity(page.structured, page.url)).toBeUndefined();
  });

  it('reads a microdata NewsArticle’s author and publisher (issue 36: engines read microdata too)', () => {
    const html = `<!doctype html><html><body>
      <article itemscope itemtype="https://schema.org/NewsArticle">
        <h1 itemprop="headline">Floods close the ring road</h1>
        <p itemprop="author" itemscope itemtype="https://schema.org/Person">By <span itemprop="name">Jane Roe</span></p>
        <div itemprop="publisher" itemscope itemtype="https://schema.org/NewsMediaOrganization">
          <meta itemprop="name" content="The Daily Example">
        </div>
        <div itemprop="comment" itemscope itemtype="https://schema.org/Comment">
          <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">A Reader</span></span>
        </div>
      </article></body></html>`;
    const page = parsePage(html, 'https://news.example/2025/03/floods');
    const main = mainEntity(page.structured, page.url);
    expect(main?.entity.types).toEqual(['NewsArticle']);
    expect(authorOf(page.structured, main?.entity)).toEqual([
      expect.objectContaining({ name: 'Jane Roe', types: ['Person'] }),
    ]);
    expect(publisherOf(page.structured, main?.entity).map((p) => p.name)).toEqual(['The Daily Example']);
    expect(siteIdentities(page.structured, main?.entity).map((e) => e.types)).toEqual([
      ['NewsMediaOrganization'],
    ]);
  });

  it('reads a plain text author as a name', () => {
    const html = jsonLdPage({ '@type': 'BlogPosting', headline: 'Notes', author: 'Sam Blogger' });
    const page = parsePage(html, 'https://blog.example/notes');
    const main = mainEntity(page.structured, page.url);
    expect(authorOf(page.structured, main?.entity)).toEqual([
      { entity: undefined, name: 'Sam Blogger', types: [] },
    ]);
  });
});

describe('pageAddress', () => {
  it.each([
    ['https://Shop.Example:443/kettle/', 'https://shop.example/kettle'],
    ['https://shop.example/kettle#offer', 'https://shop.example/kettle'],
    ['/kettle?colour=red', 'https://shop.example/kettle?colour=red'],
    ['https://shop.example/', 'https://shop.example/'],
  ])('%s is %s', (value, expected) => {
    expect(pageAddress(value, SHOP)).toBe(expected);
  });

  it.each(['_:b0', 'mailto:shop@example.com', '', 'http://'])('%j is no page', (value) => {
    expect(pageAddress(value, SHOP)).toBeUndefined();
  });
});
