import { describe, expect, it } from 'vitest';
import { validate, type ValidationFinding } from '../../../../src/server/audit/structured/validate.ts';
import { jsonLdPage, structuredDataOf } from '../../../support/structured.ts';

function findingsOf(...blocks: object[]): ValidationFinding[] {
  return validate(structuredDataOf(jsonLdPage(...blocks)).entities);
}

function rules(findings: ValidationFinding[]): string[] {
  return findings.map((f) => `${f.rule}${f.property ? `:${f.property}` : ''}`);
}

/** A Product Google's product snippet and merchant listing documentation would call complete. */
const completeProduct = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Enamel kettle',
  image: 'https://shop.example/kettle.jpg',
  description: 'A 1.5 litre enamel kettle.',
  brand: { '@type': 'Brand', name: 'Example' },
  productID: 'isbn:123',
  offers: {
    '@type': 'Offer',
    price: '39.90',
    priceCurrency: 'EUR',
    availability: 'https://schema.org/InStock',
    url: 'https://shop.example/kettle',
  },
  sameAs: ['https://www.wikidata.org/wiki/Q1'],
};

describe('validate: schema.org vocabulary', () => {
  it('passes a complete Product with its Offer and Brand', () => {
    expect(findingsOf(completeProduct)).toEqual([]);
  });

  it('names a lower-case type with its right spelling (JSON-LD 1.1 §1.7: keys and values are case-sensitive)', () => {
    const findings = findingsOf({ ...completeProduct, '@type': 'product' });
    expect(findings[0]).toMatchObject({
      entity: 0,
      rule: 'unknownType',
      severity: 'error',
      message: { key: 'structured.finding.unknownType', values: { type: 'product' } },
      fix: { key: 'structured.fix.typeSpelling', values: { type: 'product', suggestion: 'Product' } },
    });
  });

  it('names a misspelt property with its right spelling (productId is productID)', () => {
    const findings = findingsOf({ ...completeProduct, productID: undefined, productId: 'isbn:123' });
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'unknownProperty',
        property: 'productId',
        fix: {
          key: 'structured.fix.propertySpelling',
          values: { property: 'productId', suggestion: 'productID' },
        },
      }),
    ]);
  });

  it('suggests a close spelling one letter off, and none for a made-up name', () => {
    const findings = findingsOf({
      '@type': 'Organisation',
      name: 'Shop',
      telephon: '+33 1',
      favouriteColour: 'red',
    });
    expect(findings.map((f) => f.fix)).toEqual([
      { key: 'structured.fix.typeSpelling', values: { type: 'Organisation', suggestion: 'Organization' } },
      { key: 'structured.fix.propertySpelling', values: { property: 'telephon', suggestion: 'telephone' } },
      {
        key: 'structured.fix.propertyUnknown',
        values: { type: 'Organisation', property: 'favouriteColour' },
      },
    ]);
  });

  it('flags a property the type does not take (schema.org domainIncludes)', () => {
    // schema.org/headline applies to CreativeWork, not to Product.
    expect(rules(findingsOf({ ...completeProduct, headline: 'Kettle' }))).toEqual([
      'propertyNotOnType:headline',
    ]);
  });

  it('accepts the properties a type inherits (a NewsArticle takes CreativeWork and Thing properties)', () => {
    const findings = findingsOf({
      '@type': 'NewsArticle',
      headline: 'Floods',
      name: 'Floods',
      author: { '@type': 'Person', name: 'Jane Roe' },
      datePublished: '2025-03-01',
      dateModified: '2025-03-02T10:00:00Z',
      image: 'https://news.example/a.jpg',
    });
    expect(findings).toEqual([]);
  });

  it('flags a bare enumeration word and gives its full address', () => {
    const findings = findingsOf({
      ...completeProduct,
      offers: { ...completeProduct.offers, availability: 'InStock' },
    });
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'bareEnumeration',
        property: 'availability',
        severity: 'warning',
        message: {
          key: 'structured.finding.bareEnumeration',
          values: { type: 'Offer', property: 'availability', value: 'InStock' },
        },
        fix: { key: 'structured.fix.enumerationUrl', values: { url: 'https://schema.org/InStock' } },
      }),
    ]);
  });

  it('flags a value that is no member of the enumeration, with the closest member', () => {
    const findings = findingsOf({
      ...completeProduct,
      offers: { ...completeProduct.offers, availability: 'in stock' },
    });
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'unknownEnumeration',
        fix: { key: 'structured.fix.enumerationUrl', values: { url: 'https://schema.org/InStock' } },
      }),
    ]);
  });

  it('flags HTML markup in a text property (Google: structured data must describe the visible content as text)', () => {
    const findings = findingsOf({ ...completeProduct, description: '<p>A <b>1.5 litre</b> kettle.</p>' });
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'markupInText',
        property: 'description',
        message: {
          key: 'structured.finding.markupInText',
          values: { type: 'Product', property: 'description', value: '<p>' },
        },
      }),
    ]);
  });

  it('flags empty sameAs and url values, and a url that is not a full address', () => {
    const findings = findingsOf({
      '@type': 'Organization',
      name: 'Shop',
      logo: 'https://shop.example/logo.png',
      url: '',
      sameAs: ['', 'https://x.example/shop', 'shop on x'],
    });
    expect(rules(findings)).toEqual([
      'emptyUrl:url',
      'emptyUrl:sameAs',
      'expectedUrl:sameAs',
      'recommended:url',
    ]);
  });

  it('flags a date that is not ISO 8601 where schema.org expects a Date or DateTime', () => {
    const findings = findingsOf({
      '@type': 'Event',
      name: 'Launch',
      location: { '@type': 'Place', name: 'Hall', address: 'Paris' },
      startDate: '03/01/2025',
      endDate: '2025-02-30',
      description: 'x',
      eventStatus: 'https://schema.org/EventScheduled',
      image: 'https://e.example/i.jpg',
      offers: {
        '@type': 'Offer',
        price: 0,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
      },
      organizer: {
        '@type': 'Organization',
        name: 'Org',
        url: 'https://o.example/',
        logo: 'https://o.example/l.png',
      },
      performer: { '@type': 'Person', name: 'Band' },
    });
    expect(rules(findings)).toEqual(['expectedDate:startDate', 'expectedDate:endDate']);
  });

  it('reads microdata and RDFa values with the same rules', () => {
    const data = structuredDataOf(`<html><body>
      <div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Kettle</span>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <meta itemprop="price" content="39.90"><meta itemprop="priceCurrency" content="EUR">
          <meta itemprop="availability" content="InStock"></div></div></body></html>`);
    expect(rules(validate(data.entities))).toEqual([
      'recommended:image',
      'recommended:description',
      'recommended:brand',
      'bareEnumeration:availability',
    ]);
  });

  it('leaves other vocabularies alone', () => {
    expect(
      findingsOf({ ...completeProduct, 'og:title': 'x', 'http://purl.org/dc/terms/title': 'x' }),
    ).toEqual([]);
  });
});

describe("validate: Google's required and recommended properties", () => {
  it('requires one of offers, review or aggregateRating on a Product, and a price on its Offer', () => {
    const { offers: _offers, ...withoutOffers } = completeProduct;
    expect(rules(findingsOf(withoutOffers))).toEqual(['oneOf']);
    const findings = findingsOf({
      ...completeProduct,
      offers: { '@type': 'Offer', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'oneOf',
        message: {
          key: 'structured.finding.oneOf',
          values: { type: 'Offer', properties: 'price, priceSpecification' },
        },
      }),
    ]);
  });

  it('asks a top-level Review for itemReviewed, but not one nested in the Product it reviews', () => {
    const review = {
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Ann' },
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      datePublished: '2025-01-02',
    };
    expect(rules(findingsOf(review))).toEqual(['required:itemReviewed']);
    expect(findingsOf({ ...completeProduct, review })).toEqual([]);
  });

  it("applies a type's rules to its subtypes (a Restaurant is a LocalBusiness)", () => {
    expect(rules(findingsOf({ '@type': 'Restaurant', name: 'Chez X' }))).toEqual([
      'required:address',
      'recommended:url',
      'recommended:logo',
      'recommended:telephone',
      'recommended:openingHoursSpecification',
      'recommended:geo',
      'recommended:priceRange',
      'recommended:image',
    ]);
  });

  it('flags a rating outside its scale (Google review snippet: 1 to 5 unless bestRating and worstRating say)', () => {
    const rating = (ratingValue: number, scale: object = { bestRating: 5, worstRating: 1 }) => ({
      ...completeProduct,
      aggregateRating: { '@type': 'AggregateRating', ratingValue, ratingCount: 20, ...scale },
    });
    expect(findingsOf(rating(4.5))).toEqual([]);
    expect(findingsOf(rating(8, { bestRating: 10, worstRating: 0 }))).toEqual([]);
    expect(findingsOf(rating(6.5))).toEqual([
      expect.objectContaining({
        rule: 'ratingOutOfRange',
        message: {
          key: 'structured.finding.ratingOutOfRange',
          values: { type: 'AggregateRating', rating: 6.5, worst: 1, best: 5 },
        },
      }),
    ]);
  });

  it("asks a breadcrumb's items for full addresses and its list for items, not text", () => {
    const trail = (...items: object[]) => ({
      '@type': 'BreadcrumbList',
      itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, ...item })),
    });
    expect(
      findingsOf(trail({ name: 'Books', item: 'https://shop.example/books' }, { name: 'Novels' })),
    ).toEqual([]);
    expect(rules(findingsOf(trail({ name: 'Books', item: '/books' })))).toEqual(['expectedUrl:item']);
    expect(
      rules(
        findingsOf(
          trail({ item: { '@type': 'WebPage', '@id': 'https://shop.example/books', name: 'Books' } }),
        ),
      ),
    ).toEqual([]);
    expect(rules(findingsOf({ '@type': 'BreadcrumbList', itemListElement: 'Home > Books' }))).toEqual([
      'expectedEntity:itemListElement',
    ]);
  });

  it("keeps a product Offer's rules to offers of products", () => {
    // An Offer of a service is no product offer: Google's Offer rules come from its product pages.
    expect(findingsOf({ '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Repair' } })).toEqual([]);
    expect(
      rules(
        findingsOf({
          '@type': 'Offer',
          itemOffered: { '@type': 'Product', name: 'Kettle', offers: { '@id': 'x' } },
        }),
      ),
    ).toContain('oneOf');
  });

  it('asks a product offer’s price specification for its price, not a service’s “from” price', () => {
    const spec = { '@type': 'PriceSpecification', minPrice: 500, priceCurrency: 'USD' };
    const offer = { '@type': 'Offer', priceSpecification: spec, url: 'https://shop.example/k' };
    expect(rules(findingsOf({ ...completeProduct, offers: offer }))).toContain('required:price');
    const service = { '@context': 'https://schema.org', '@type': 'Service', name: 'Audit', offers: offer };
    expect(rules(findingsOf(service))).toEqual([]);
  });

  it('asks no url or logo of a seller or a brand: Google’s Organization advice is for the site itself', () => {
    const seller = { '@type': 'Organization', name: 'Marketplace seller 42' };
    const product = { ...completeProduct, offers: { ...completeProduct.offers, seller } };
    expect(rules(findingsOf(product))).toEqual([]);
    expect(rules(findingsOf({ '@context': 'https://schema.org', ...seller }))).toEqual([
      'recommended:url',
      'recommended:logo',
    ]);
  });
});
