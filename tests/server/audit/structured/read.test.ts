import { describe, expect, it } from 'vitest';
import {
  MAX_ENTITIES,
  valuesOf,
  type Entity,
  type StructuredData,
} from '../../../../src/server/audit/structured/graph.ts';
import { jsonLdPage, structuredDataOf } from '../../../support/structured.ts';

function byType(data: StructuredData, type: string): Entity {
  const found = data.entities.find((e) => e.types.includes(type));
  if (!found) throw new Error(`no ${type} in ${JSON.stringify(data.entities.map((e) => e.types))}`);
  return found;
}

function text(entity: Entity, property: string): string | undefined {
  const value = valuesOf(entity, property)[0];
  return value && (value.kind === 'text' || value.kind === 'url') ? value.value : undefined;
}

function linked(data: StructuredData, entity: Entity, property: string): Entity | undefined {
  const value = valuesOf(entity, property)[0];
  return value?.kind === 'entity' ? data.entities[value.entity] : undefined;
}

describe('readStructuredData: microdata', () => {
  // HTML Living Standard, "Microdata" (5.2 Encoding microdata: itemscope, itemtype, itemprop; 5.2.4
  // Values: <meta content>, <time datetime>, <link href>), on schema.org's NewsArticle example shape.
  const page = `<html><body>
    <article itemscope itemtype="https://schema.org/NewsArticle">
      <h1 itemprop="headline">Floods close the ring road</h1>
      <time itemprop="datePublished" datetime="2025-03-01T08:00:00+01:00">1 March</time>
      <p itemprop="author" itemscope itemtype="https://schema.org/Person">By <span itemprop="name">Jane Roe</span></p>
      <div itemprop="publisher" itemscope itemtype="https://schema.org/NewsMediaOrganization">
        <meta itemprop="name" content="The Daily Example">
        <link itemprop="url" href="/">
      </div>
    </article></body></html>`;

  it('reads a NewsArticle with its nested Person author and NewsMediaOrganization publisher', () => {
    const data = structuredDataOf(page, 'https://news.example/2025/floods');
    const article = byType(data, 'NewsArticle');
    expect(article.source).toEqual({ syntax: 'microdata', path: 'html[1] > body[1] > article[1]' });
    expect(text(article, 'headline')).toBe('Floods close the ring road');
    expect(text(article, 'datePublished')).toBe('2025-03-01T08:00:00+01:00');
    const author = linked(data, article, 'author')!;
    expect(author.types).toEqual(['Person']);
    expect(text(author, 'name')).toBe('Jane Roe');
    expect(author.parent).toEqual({ entity: article.index, property: 'author' });
    const publisher = linked(data, article, 'publisher')!;
    expect(publisher.types).toEqual(['NewsMediaOrganization']);
    expect(publisher.parent).toEqual({ entity: article.index, property: 'publisher' });
    // A <link>'s href is a URL value, resolved against the page.
    expect(valuesOf(publisher, 'url')).toEqual([{ kind: 'url', value: 'https://news.example/' }]);
    expect(data.diagnostics).toEqual([]);
  });

  it("names each item's element by its rank among its siblings", () => {
    const data = structuredDataOf(`<html><body><main>
      <article><h2>Not an item</h2></article>
      <article itemscope itemtype="https://schema.org/BlogPosting"><h2 itemprop="headline">Second</h2></article>
    </main></body></html>`);
    expect(data.entities[0]!.source.path).toBe('html[1] > body[1] > main[1] > article[2]');
  });

  it('reads properties an itemref names outside the item, and no text outside items', () => {
    const data = structuredDataOf(`<html><body>
      <p>Our kettles are <b>great</b>.</p>
      <div itemscope itemtype="https://schema.org/Product" itemref="details"><span itemprop="name">Kettle</span></div>
      <footer><p id="details">Made by <span itemprop="brand">Example</span>.</p></footer>
    </body></html>`);
    expect(data.entities).toHaveLength(1);
    expect(text(data.entities[0]!, 'brand')).toBe('Example');
    expect([...data.entities[0]!.properties.keys()]).toEqual(['name', 'brand']);
  });

  it('follows itemref, and an itemref loop neither hangs nor repeats without end', () => {
    // HTML Living Standard 5.2.5: the properties of an item follow itemref, with a memory of the
    // elements already visited so that loops end.
    const data = structuredDataOf(`<html><body>
      <div itemscope itemtype="https://schema.org/Product" itemref="a"><span itemprop="name">Kettle</span></div>
      <div id="a" itemprop="offers" itemscope itemtype="https://schema.org/Offer" itemref="b"><span itemprop="price">12</span></div>
      <div id="b" itemprop="seller" itemscope itemtype="https://schema.org/Organization" itemref="a"><span itemprop="name">Shop</span></div>
    </body></html>`);
    const product = byType(data, 'Product');
    expect(text(product, 'name')).toBe('Kettle');
    expect(linked(data, product, 'offers')?.types).toEqual(['Offer']);
    expect(data.entities.length).toBeLessThan(20);
  });
});

describe('readStructuredData: RDFa Lite', () => {
  // RDFa Lite 1.1 (W3C Recommendation): vocab, typeof, property, resource.
  it('reads vocab, typeof, property and resource into entities, and leaves Open Graph tags out', () => {
    const data = structuredDataOf(
      `<html><head><meta property="og:title" content="Team"></head><body>
        <div vocab="https://schema.org/" typeof="Person" resource="#manu">
          <span property="name">Manu Sporny</span>
          <a property="url" href="http://manu.sporny.org/">home</a>
          <div property="worksFor" typeof="Organization"><span property="name">Digital Bazaar</span></div>
        </div></body></html>`,
      'https://team.example/people',
    );
    expect(data.entities.map((e) => e.types)).toEqual([['Person'], ['Organization']]);
    const person = byType(data, 'Person');
    expect(person.id).toBe('https://team.example/people#manu');
    expect(person.source.syntax).toBe('rdfa');
    expect(text(person, 'name')).toBe('Manu Sporny');
    expect(valuesOf(person, 'url')).toEqual([{ kind: 'url', value: 'http://manu.sporny.org/' }]);
    const employer = linked(data, person, 'worksFor')!;
    expect(text(employer, 'name')).toBe('Digital Bazaar');
    expect(employer.parent).toEqual({ entity: person.index, property: 'worksFor' });
  });
});

describe('readStructuredData: JSON-LD', () => {
  // JSON-LD 1.1, 4.9 "Named Graphs" (@graph) and 4.5.1 node references ({"@id": …}).
  it('flattens @graph, resolves @id references across blocks and keeps types as written', () => {
    const data = structuredDataOf(
      jsonLdPage(
        {
          '@context': 'https://schema.org',
          '@graph': [
            { '@type': 'Organization', '@id': 'https://shop.example/#org', name: 'Shop' },
            {
              '@type': 'WebPage',
              '@id': 'https://shop.example/item',
              publisher: { '@id': 'https://shop.example/#org' },
            },
          ],
        },
        {
          '@context': 'https://schema.org',
          '@type': 'schema:product',
          brand: { '@id': 'https://shop.example/#org' },
        },
      ),
    );
    const page = byType(data, 'WebPage');
    const organization = byType(data, 'Organization');
    expect(valuesOf(page, 'publisher')).toEqual([{ kind: 'entity', entity: organization.index }]);
    expect(organization.source).toEqual({ syntax: 'json-ld', block: 1, path: '@graph[0]' });
    // The schema: prefix is dropped, the case is kept: "product" is not "Product".
    const product = byType(data, 'product');
    expect(product.source.block).toBe(2);
    expect(valuesOf(product, 'brand')).toEqual([{ kind: 'entity', entity: organization.index }]);
  });

  it('links nested nodes to their parent and keeps an unknown reference as an address', () => {
    const data = structuredDataOf(
      jsonLdPage({
        '@type': 'Product',
        offers: [{ '@type': 'Offer', price: 12.5, seller: { '@type': 'Organization', name: 'Seller' } }],
        isSimilarTo: { '@id': 'https://elsewhere.example/p' },
      }),
    );
    const offer = byType(data, 'Offer');
    expect(offer.parent).toEqual({ entity: byType(data, 'Product').index, property: 'offers' });
    expect(offer.source.path).toBe('offers[0]');
    expect(valuesOf(offer, 'price')).toEqual([{ kind: 'number', value: 12.5 }]);
    expect(byType(data, 'Organization').parent).toEqual({ entity: offer.index, property: 'seller' });
    expect(valuesOf(byType(data, 'Product'), 'isSimilarTo')).toEqual([
      { kind: 'url', value: 'https://elsewhere.example/p' },
    ]);
  });

  it('keeps the syntax diagnostics: invalid JSON with its excerpt, empty, too deep', () => {
    const deep = '['.repeat(200) + ']'.repeat(200);
    const data = structuredDataOf(jsonLdPage('{"@type": "Thing", "name": "x",}', '', deep));
    expect(data.diagnostics).toEqual([
      { syntax: 'json-ld', block: 1, problem: 'syntax', excerpt: expect.stringContaining('"name": "x",}') },
      { syntax: 'json-ld', block: 2, problem: 'empty' },
      { syntax: 'json-ld', block: 3, problem: 'tooDeep' },
    ]);
  });

  it('names a CDATA wrapper, and says whether the JSON inside is valid', () => {
    const data = structuredDataOf(
      jsonLdPage(
        '/*<![CDATA[*/{"@context":"https://schema.org","@type":"Product","name":"Kettle"}/*]]>*/',
        '//<![CDATA[\n{"@type":"Product","name":}\n//]]>',
        '<![CDATA[{"@type":"Organization","name":"Shop"}]]>',
      ),
    );
    expect(data.diagnostics).toEqual([
      { syntax: 'json-ld', block: 1, problem: 'cdata', valid: true, excerpt: '' },
      {
        syntax: 'json-ld',
        block: 2,
        problem: 'cdata',
        valid: false,
        excerpt: expect.stringContaining('"name":}'),
      },
      { syntax: 'json-ld', block: 3, problem: 'cdata', valid: true, excerpt: '' },
    ]);
    // The JSON inside a valid wrapper is still read: engines that strip it see these entities.
    expect(data.entities.map((e) => e.types)).toEqual([['Product'], ['Organization']]);
  });
});

describe('readStructuredData: hostile pages stay within bounds', () => {
  it('keeps at most MAX_ENTITIES of 10,000 microdata items, and says it stopped', () => {
    const items =
      '<div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">x</span></div>'.repeat(
        10_000,
      );
    const data = structuredDataOf(`<html><body>${items}</body></html>`);
    expect(data.entities.length).toBeLessThanOrEqual(MAX_ENTITIES);
    expect(data.diagnostics).toContainEqual(
      expect.objectContaining({ syntax: 'microdata', problem: 'limit' }),
    );
  });

  it('keeps at most MAX_ENTITIES of a JSON-LD @graph of 10,000 nodes, and says it stopped', () => {
    // 18 bytes a node: 180 KB, under the block size limit, so the entity bound is what stops it.
    const graph = Array.from({ length: 10_000 }, () => ({ '@type': 'Thing' }));
    const data = structuredDataOf(jsonLdPage({ '@context': 'https://schema.org', '@graph': graph }));
    expect(data.entities).toHaveLength(MAX_ENTITIES);
    expect(data.diagnostics).toEqual([{ syntax: 'json-ld', problem: 'limit', limit: 'entities' }]);
  });

  it('reads 200 nested microdata items as a chain of parents, without recursion trouble', () => {
    const open = '<div itemprop="subjectOf" itemscope itemtype="https://schema.org/CreativeWork">'.repeat(
      200,
    );
    const data = structuredDataOf(
      `<html><body><div itemscope itemtype="https://schema.org/Thing">${open}${'</div>'.repeat(201)}</body></html>`,
    );
    expect(data.entities).toHaveLength(201);
    expect(data.entities.filter((e) => e.parent === undefined)).toHaveLength(1);
  });

  it('stops a JSON-LD block nested 200 levels deep in objects before it is read', () => {
    let node: object = { '@type': 'Thing' };
    for (let i = 0; i < 200; i++) node = { '@type': 'CreativeWork', hasPart: node };
    const data = structuredDataOf(jsonLdPage(node));
    expect(data.diagnostics).toEqual([{ syntax: 'json-ld', block: 1, problem: 'tooDeep' }]);
    expect(data.entities).toEqual([]);
  });

  it('stops following JSON-LD nesting past MAX_DEPTH within an accepted block', () => {
    let node: object = { '@type': 'Thing' };
    for (let i = 0; i < 60; i++) node = { '@type': 'CreativeWork', hasPart: node };
    const data = structuredDataOf(jsonLdPage(node));
    expect(data.diagnostics).toEqual([{ syntax: 'json-ld', problem: 'limit', limit: 'depth' }]);
    expect(data.entities.length).toBeGreaterThan(0);
  });
});
