import { describe, expect, it } from 'vitest';
import { categoryScore } from '../../../../src/server/audit/score.ts';
import { analyze } from '../../../../src/server/audit/analyze.ts';
import {
  find,
  GOOD_HEAD,
  html,
  JSON_LD,
  ORIGIN,
  PAGE_URL,
  paragraphs,
  text,
  withPage,
} from '../../../fixtures/audit-inputs.ts';

// The audit's checks on small fixtures (tests/fixtures/audit-inputs.ts): a page that passes
// everything (tests/server/audit/analyze.test.ts), then one fault at a time.
// The structured-data checks (issue 36: every syntax, the vocabulary, contradictions, the page's
// own entities, page types, product essentials), then Open Graph, title, canonical, language.

const ld = (...nodes: object[]) =>
  nodes.map((n) => JSON.stringify({ '@context': 'https://schema.org', ...n }));
const image = `${ORIGIN}/kettle.jpg`;
/** A clean, complete Product + Offer, as Google's merchant listing documentation shows one. */
const KETTLE = {
  '@type': 'Product',
  name: 'Enamel kettle',
  image,
  description: 'A 1.7 litre enamel kettle for gas, electric and induction hobs.',
  sku: 'K-17',
  brand: { '@type': 'Brand', name: 'Northwind' },
  offers: {
    '@type': 'Offer',
    price: '39.90',
    priceCurrency: 'EUR',
    availability: 'https://schema.org/InStock',
    url: PAGE_URL,
  },
};
const PRODUCT_MAIN = `<article><h1>Enamel kettle</h1><p>€39.90, in stock, shipped in two days.</p>
  <p>A 1.7 litre kettle in enamelled steel, for gas, electric and induction hobs. Its whistle sounds
  when the water boils, its handle stays cool, and its wide opening makes it easy to fill and clean.
  The enamel is fired twice at 800 °C, so it keeps its colour for years. Made in Portugal.</p></article>`;
const productPage = (...nodes: object[]) => withPage(html({ jsonLd: ld(...nodes), main: PRODUCT_MAIN }));

describe('markup: structured data engines can read, in every syntax', () => {
  it('fails on a JSON-LD block that does not parse, quoting a clipped piece of it', () => {
    const broken =
      '{"@context": "https://schema.org", "@type": "Organization", "name": "Example" "url": "x"}';
    const f = find(withPage(html({ jsonLd: [JSON_LD, broken] })), 'markup');
    expect(f.status).toBe('fail');
    expect(f.evidence[0]).toMatchObject({
      key: 'items.markup.evidence.syntax',
      values: { syntax: 'JSON-LD' },
    });
    expect(f.evidence[1]).toMatchObject({
      key: 'structured.diagnostic.syntax',
      values: { block: 2, total: 2 },
    });
    expect(String(f.evidence[1]?.values?.excerpt)).toContain('"Example" "url"');
    expect(find(withPage(html({ jsonLd: [] })), 'markup').status).toBe('warning');
  });

  it('reads a microdata NewsArticle, and says where its types come from', () => {
    const main = `<article itemscope itemtype="https://schema.org/NewsArticle">
      <h1 itemprop="headline">Floods close the ring road</h1>
      <p itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Jane Roe</span></p>
      <div itemprop="publisher" itemscope itemtype="https://schema.org/NewsMediaOrganization">
        <span itemprop="name">The Example Courier</span><link itemprop="url" href="${ORIGIN}/">
        <link itemprop="logo" href="${ORIGIN}/logo.png"></div>
      <time itemprop="datePublished" datetime="2025-06-01">1 June 2025</time>
      <div itemprop="articleBody">${paragraphs(8)}</div></article>`;
    const input = withPage(html({ jsonLd: [], main }));
    expect(find(input, 'markup')).toMatchObject({ status: 'pass' });
    expect(text(input, 'markup').evidence).toBe('microdata: 3 entities read. Top-level types: NewsArticle.');
    expect(text(input, 'markup', 'fr').evidence).toBe(
      'microdata\u00a0: 3\u00a0entités lues. Types de premier niveau\u00a0: NewsArticle.',
    );
    // The identity and the byline come from the microdata, the article's own publisher and author.
    expect(text(input, 'identity').evidence).toBe(
      'NewsMediaOrganization markup found in its microdata, named “The Example Courier”.',
    );
    expect(find(input, 'identity').status).toBe('pass');
    expect(find(input, 'authorDate').evidence[0]).toEqual({
      key: 'items.authorDate.evidence.authorNamed',
      values: { name: 'Jane Roe', sources: 'microdata author, meta author' },
    });
  });

  it('names the CDATA wrapper as the fault, and its removal as the fix', () => {
    const wrapped = `/*<![CDATA[*/${JSON.stringify({ '@context': 'https://schema.org', ...KETTLE })}/*]]>*/`;
    const input = withPage(html({ jsonLd: [wrapped], main: PRODUCT_MAIN }));
    const { evidence } = text(input, 'markup');
    expect(evidence).toContain('JSON-LD block 1 of 1 is wrapped in a CDATA section');
    expect(evidence).toContain('Fix: Remove the CDATA wrapper');
    expect(text(input, 'markup', 'fr').evidence).toContain('Correction\u00a0: Retirez l’enveloppe CDATA');
  });
});

describe('vocabulary: types and properties as schema.org defines them', () => {
  it('fails a lower-case type, naming the right spelling and where it is', () => {
    const input = productPage({ ...KETTLE, '@type': 'product' });
    expect(find(input, 'vocabulary').status).toBe('fail');
    expect(text(input, 'vocabulary').evidence).toBe(
      '“product” is not a schema.org type: type names are case-sensitive, so engines ignore this entity. ' +
        'Found in JSON-LD block 1. Fix: Write “Product” instead of “product”.',
    );
    // Engines see no product at all, but the page is the shop's product page, judged as one.
    expect(find(input, 'product')).toMatchObject({
      status: 'fail',
      evidence: [{ key: 'items.product.evidence.none' }],
    });
  });

  it('warns on a misspelt property, a bare enumeration, HTML in text and an empty sameAs', () => {
    const input = productPage({
      ...KETTLE,
      productId: 'K-17',
      description: '<p>A <b>1.7 litre</b> kettle.</p>',
      offers: { ...KETTLE.offers, availability: 'InStock' },
      brand: { '@type': 'Brand', name: 'Northwind', sameAs: '' },
    });
    const f = find(input, 'vocabulary');
    expect(f.status).toBe('warning');
    const { evidence } = text(input, 'vocabulary');
    expect(evidence).toContain(
      'Product: description holds HTML markup (“<p>”), which engines show as text. ' +
        'Found in JSON-LD block 1. Fix: Put plain text in description: remove the HTML tags and keep the words.',
    );
    expect(evidence).toContain('Write “productID” instead of “productId”.');
    expect(evidence).toContain('Brand: sameAs holds an empty value.');
    // Three spelled out, the fourth (the offer's bare availability) counted.
    expect(evidence).toContain('And 1 more finding of the same kind.');
    const bare = productPage({ ...KETTLE, offers: { ...KETTLE.offers, availability: 'InStock' } });
    expect(text(bare, 'vocabulary').evidence).toContain('Fix: Write “https://schema.org/InStock”.');
    expect(text(input, 'vocabulary', 'fr').evidence).toContain('Écrivez «\u202fproductID\u202f»');
  });

  it('passes clean markup, counting the entities it checked', () => {
    expect(find(productPage(KETTLE), 'vocabulary')).toEqual({
      id: 'vocabulary',
      weight: 1,
      status: 'pass',
      evidence: [{ key: 'items.vocabulary.evidence.valid', values: { count: 3 } }],
    });
  });
});

describe('consistency: one description per item', () => {
  it('fails two Products for one item that disagree on their mpn, and passes one', () => {
    const input = productPage({ ...KETTLE, mpn: 'A-1' }, { ...KETTLE, mpn: 'B-2' });
    expect(find(input, 'consistency').status).toBe('fail');
    expect(text(input, 'consistency').evidence).toContain(
      'its mpn is “A-1” in one description and “B-2” in the other',
    );
    expect(find(productPage(KETTLE), 'consistency').status).toBe('pass');
  });
});

describe('identity: the site, never a seller or a reviewed business', () => {
  it('does not take an offer’s seller for the site’s identity', () => {
    const input = productPage({
      ...KETTLE,
      offers: { ...KETTLE.offers, seller: { '@type': 'Organization', name: 'Marketplace seller 42' } },
    });
    expect(find(input, 'identity')).toMatchObject({
      status: 'fail',
      evidence: [{ key: 'items.identity.evidence.none' }],
    });
  });

  it('warns when the Organization’s name is not the one the site goes by', () => {
    const head = `${GOOD_HEAD}<meta property="og:site_name" content="Globex Stores">`;
    const org = { '@type': 'Organization', name: 'Initech', url: `${ORIGIN}/`, logo: `${ORIGIN}/l.png` };
    const input = withPage(html({ head, jsonLd: ld(org) }));
    expect(find(input, 'identity').status).toBe('warning');
    expect(text(input, 'identity').evidence).toContain(
      'The organization is named “Initech”, but the site calls itself “Globex Stores” (its og:site_name).',
    );
    const same = withPage(html({ head, jsonLd: ld({ ...org, name: 'Globex Stores Inc.' }) }));
    expect(find(same, 'identity').status).toBe('pass');
  });
});

describe('typeProperties: what Google documents for the page’s types', () => {
  it('asks an article for its recommended properties, and a breadcrumb for its positions', () => {
    const article = { '@type': 'NewsArticle', headline: 'News', author: 'Jane', image };
    const a = find(withPage(html({ jsonLd: ld(article) })), 'typeProperties');
    expect(a.status).toBe('warning');
    expect(
      a.evidence.filter((m) => m.key === 'structured.finding.recommended').map((m) => m.values?.property),
    ).toEqual(['datePublished', 'dateModified']);
    const crumbs = { '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', name: 'A' }] };
    const b = find(withPage(html({ jsonLd: ld(crumbs) })), 'typeProperties');
    expect(b.status).toBe('fail');
    expect(b.evidence[0]).toMatchObject({
      key: 'structured.finding.required',
      values: { property: 'position' },
    });
  });

  it('fails FAQ markup whose answers are not on the page', () => {
    const faq = {
      '@type': 'FAQPage',
      mainEntity: {
        '@type': 'Question',
        name: 'Q?',
        acceptedAnswer: { '@type': 'Answer', text: 'An answer that is nowhere on the page.' },
      },
    };
    const f = find(withPage(html({ jsonLd: ld(faq) })), 'typeProperties');
    expect(f.status).toBe('fail');
    expect(f.recommendation?.key).toBe('items.typeProperties.recommendation.faq');
  });
});

describe('product pages: product essentials, and no article advice', () => {
  it('passes a clean, complete Product and Offer, quoting its offer', () => {
    const input = productPage(KETTLE);
    expect(find(input, 'product').status).toBe('pass');
    expect(text(input, 'product').evidence).toBe(
      'Product “Enamel kettle”, from its JSON-LD. Offer: 39.90 EUR, availability InStock.',
    );
    expect(text(input, 'product', 'fr').evidence).toBe(
      'Product «\u202fEnamel kettle\u202f», d’après son JSON-LD. Offre\u00a0: 39.90 EUR, disponibilité InStock.',
    );
  });

  it('fails a product without price or currency, and warns on a rating that counts fewer reviews than marked up', () => {
    const noPrice = productPage({
      ...KETTLE,
      offers: { '@type': 'Offer', availability: 'https://schema.org/InStock' },
    });
    expect(find(noPrice, 'product').status).toBe('fail');
    expect(text(noPrice, 'product').evidence).toContain('Missing: offers.price, offers.priceCurrency.');
    const review = (name: string) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name },
      reviewRating: { '@type': 'Rating', ratingValue: 5 },
    });
    const rated = productPage({
      ...KETTLE,
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 1 },
      review: [review('Ann'), review('Bob')],
    });
    expect(find(rated, 'product').status).toBe('warning');
    expect(text(rated, 'product').evidence).toContain(
      'The page marks up 2 reviews, but its aggregateRating counts only 1.',
    );
  });

  it('fails a page read as a product from its address when its markup describes no product', () => {
    const input = withPage(html({ jsonLd: [], main: PRODUCT_MAIN }), {
      url: `${ORIGIN}/product/enamel-kettle`,
      finalUrl: `${ORIGIN}/product/enamel-kettle`,
    });
    expect(find(input, 'product')).toMatchObject({
      status: 'fail',
      evidence: [{ key: 'items.product.evidence.none' }],
    });
  });

  it('gives a product page no author, date, answer or citation advice, and no thin-page warning', () => {
    const review = {
      '@type': 'Review',
      author: { '@type': 'Person', name: 'A customer' },
      datePublished: '2019-01-01',
      reviewRating: { '@type': 'Rating', ratingValue: 4 },
    };
    const input = productPage({ ...KETTLE, review });
    const findings = analyze(input).flatMap((c) => c.findings);
    const status = (id: string) => findings.find((f) => f.id === id)?.status;
    for (const id of ['authorDate', 'freshness', 'directAnswer', 'facts'])
      expect([id, status(id)]).toEqual([id, 'notApplicable']);
    expect(text(input, 'authorDate').evidence).toBe('Does not apply to a product page.');
    expect(text(input, 'authorDate', 'fr').evidence).toBe('Sans objet pour une fiche produit.');
    expect(status('mainText')).toBe('pass');
    // Left out of the score: the citability category is judged on what applies.
    const citability = analyze(input).find((c) => c.id === 'citability')!.findings;
    const applicable = citability.filter((f) => f.status !== 'notApplicable');
    expect(categoryScore(citability)).toBe(categoryScore(applicable));
  });
});

describe('structuredData', () => {
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
