import { describe, expect, it } from 'vitest';
import { localizeMessage } from '../../../../src/server/audit/localize.ts';
import { parsePage } from '../../../../src/server/audit/read/html.ts';
import { contradictions } from '../../../../src/server/audit/structured/contradictions.ts';
import type { ValidationFinding } from '../../../../src/server/audit/structured/validate.ts';
import { T } from '../../../fixtures/audit-inputs.ts';
import { jsonLdPage } from '../../../support/structured.ts';

// Entities that describe one item and disagree, and entities marked up twice, on pages parsed as
// the audit parses them (issue 36: a shop page with two Products for one item and different mpn
// values scored above a clean one).

const SHOP = 'https://shop.example/kettle';

function findingsOf(html: string): ValidationFinding[] {
  const page = parsePage(html, SHOP);
  return contradictions(page.structured, page.url);
}

function rules(findings: ValidationFinding[]): string[] {
  return findings.map((f) => `${f.entity}:${f.rule}:${f.property ?? ''}`);
}

const offer = {
  '@type': 'Offer',
  price: '39.90',
  priceCurrency: 'EUR',
  availability: 'https://schema.org/InStock',
};
const kettle = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Enamel kettle',
  mpn: 'EK-15',
  offers: offer,
};

describe('contradictions', () => {
  it('names two Products for one item with different mpn values, in English and in French', () => {
    const findings = findingsOf(jsonLdPage(kettle, { ...kettle, mpn: 'EK-17' }));
    expect(findings).toEqual([
      expect.objectContaining({
        entity: 2,
        rule: 'conflictingIdentifier',
        property: 'mpn',
        severity: 'error',
      }),
    ]);
    expect(localizeMessage(findings[0]!.message, T.en)).toBe(
      'Product “Enamel kettle” is described twice: its mpn is “EK-15” in one description and “EK-17” in the other, so engines cannot tell which is right.',
    );
    expect(localizeMessage(findings[0]!.fix, T.fr)).toBe(
      'Ne gardez qu’une description de l’élément, ou donnez aux deux la même valeur de mpn\u00a0: celle qu’il porte réellement.',
    );
  });

  it('matches names with case and whitespace folded, and a subtype with its type (ProductGroup is a Product)', () => {
    const findings = findingsOf(
      jsonLdPage(kettle, { ...kettle, '@type': 'ProductGroup', name: '  ENAMEL   Kettle ', mpn: 'EK-17' }),
    );
    expect(rules(findings)).toEqual(['2:conflictingIdentifier:mpn']);
  });

  it('matches by address, fragment and trailing slash ignored, whatever the names', () => {
    const findings = findingsOf(
      jsonLdPage(
        { ...kettle, '@id': 'https://shop.example/kettle#product' },
        {
          ...kettle,
          name: 'Kettle, enamel, 1.5 l',
          url: 'https://shop.example/kettle/',
          sku: 'X',
          gtin13: '3700000000001',
        },
        { ...kettle, name: 'Kettle', gtin13: '3700000000002', url: 'https://shop.example/kettle' },
      ),
    );
    expect(rules(findings)).toEqual(['4:conflictingIdentifier:gtin13']);
  });

  it('names a microdata Product whose offer disagrees with the JSON-LD one on price and availability', () => {
    const html = jsonLdPage(kettle).replace(
      '<body></body>',
      `<body><div itemscope itemtype="https://schema.org/Product">
        <h1 itemprop="name">Enamel Kettle</h1>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <meta itemprop="price" content="44.90"><span>44,90 €</span><meta itemprop="priceCurrency" content="EUR">
          <link itemprop="availability" href="https://schema.org/OutOfStock">
        </div></div></body>`,
    );
    const findings = findingsOf(html);
    expect(rules(findings)).toEqual([
      '2:conflictingOffer:offers.price',
      '2:conflictingOffer:offers.availability',
    ]);
    expect(localizeMessage(findings[0]!.message, T.fr)).toBe(
      'Product «\u202fEnamel kettle\u202f» est décrit deux fois, et les offres ne concordent pas sur price\u00a0: «\u202f39.90\u202f» dans une description, «\u202f44.90\u202f» dans l’autre.',
    );
  });

  it('passes two descriptions that agree once values are read as engines read them (39.9 is 39.90, InStock its address)', () => {
    const agreeing = {
      ...kettle,
      offers: { ...offer, price: 39.9, availability: 'http://schema.org/InStock' },
    };
    expect(findingsOf(jsonLdPage(kettle, agreeing))).toEqual([]);
  });

  it('passes a Product whose offers for two sizes differ in sku and price', () => {
    const sizes = {
      ...kettle,
      url: SHOP,
      offers: [
        { ...offer, sku: 'EK-15-S', url: SHOP },
        { ...offer, sku: 'EK-15-L', price: '49.90', url: SHOP },
      ],
    };
    expect(findingsOf(jsonLdPage(sizes))).toEqual([]);
  });

  it('passes a ProductGroup whose variants share its name and differ in sku', () => {
    const group = {
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Enamel kettle',
      productGroupID: 'EK',
      hasVariant: [
        { '@type': 'Product', name: 'Enamel kettle', sku: 'EK-RED', color: 'red' },
        { '@type': 'Product', name: 'Enamel kettle', sku: 'EK-BLUE', color: 'blue' },
      ],
    };
    const separateVariant = {
      '@type': 'Product',
      name: 'Enamel kettle',
      sku: 'EK-GREEN',
      isVariantOf: { '@id': '#g' },
    };
    expect(findingsOf(jsonLdPage(group, separateVariant))).toEqual([]);
  });

  it('passes entities of unrelated types that share a name (a Brand and its Organization)', () => {
    const html = jsonLdPage(
      { '@type': 'Organization', name: 'Example', sku: 'A' },
      { '@type': 'Brand', name: 'Example', sku: 'B' },
    );
    expect(findingsOf(html)).toEqual([]);
  });

  it('names a block given three times once, as a warning, without its nested Offers', () => {
    const findings = findingsOf(jsonLdPage(kettle, kettle, kettle));
    expect(findings).toEqual([
      expect.objectContaining({
        entity: 0,
        rule: 'duplicateEntity',
        severity: 'warning',
        message: { key: 'structured.finding.duplicateEntity', values: { type: 'Product', count: 3 } },
      }),
    ]);
    expect(localizeMessage(findings[0]!.message, T.en)).toBe(
      'Product: the same entity is marked up 3 times, with identical properties.',
    );
  });

  it('does not take two Products with the same name but other offers for duplicates', () => {
    const findings = findingsOf(jsonLdPage(kettle, { ...kettle, offers: { ...offer, price: '41.00' } }));
    expect(rules(findings)).toEqual(['2:conflictingOffer:offers.price']);
  });

  it('reads a graph whose references loop, without end', () => {
    const people = Array.from({ length: 300 }, (_, i) => ({
      '@type': 'Person',
      '@id': `#p${i}`,
      name: `Person ${i}`,
      knows: [{ '@id': `#p${(i + 1) % 300}` }, { '@id': `#p${(i + 7) % 300}` }],
    }));
    expect(findingsOf(jsonLdPage({ '@context': 'https://schema.org', '@graph': people }))).toEqual([]);
  });
});
