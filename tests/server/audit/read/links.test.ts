import { describe, expect, it } from 'vitest';
import { parsePage } from '../../../../src/server/audit/read/html.ts';
import { pageLinks, parseLinkHeader } from '../../../../src/server/audit/read/links.ts';

// The links the audit reads: HTTP `Link` header fields as RFC 8288 defines them (§3 and the parsing
// algorithm of its Appendix B), and which `<link>` elements belong to the document's head section as
// the HTML parsing algorithm builds it (search engines ignore canonical and hreflang links elsewhere).

const PAGE = 'https://shop.example.net/catalogue/boots?colour=red';
const BASE = new URL(PAGE);

describe('Link header fields (RFC 8288)', () => {
  it('reads a target and a quoted rel', () => {
    expect(parseLinkHeader('<https://shop.example.net/catalogue/boots>; rel="canonical"', BASE)).toEqual([
      {
        href: 'https://shop.example.net/catalogue/boots',
        url: 'https://shop.example.net/catalogue/boots',
        rel: ['canonical'],
        anchor: undefined,
        params: [],
      },
    ]);
  });

  it('reads several link-values in one field, and several fields joined with ", "', () => {
    const first =
      '</fr/catalogue/bottes>; rel=alternate; hreflang=fr, </de/katalog/stiefel>; rel="alternate"; hreflang="de"';
    const second = '<https://cdn.example.net/app.css>; rel=preload; as=style';
    const links = parseLinkHeader(`${first}, ${second}`, BASE);
    expect(links.map((l) => [l.url, l.rel, l.params])).toEqual([
      ['https://shop.example.net/fr/catalogue/bottes', ['alternate'], [{ name: 'hreflang', value: 'fr' }]],
      ['https://shop.example.net/de/katalog/stiefel', ['alternate'], [{ name: 'hreflang', value: 'de' }]],
      ['https://cdn.example.net/app.css', ['preload'], [{ name: 'as', value: 'style' }]],
    ]);
  });

  it('keeps commas and semicolons that are inside a target or a quoted string', () => {
    const header =
      '<https://shop.example.net/search?q=boots,red;size=42>; rel="alternate"; title="Boots, red; size 42", ' +
      '</catalogue/boots?page=2>; rel=next';
    const links = parseLinkHeader(header, BASE);
    expect(links).toHaveLength(2);
    expect(links[0]).toMatchObject({
      href: 'https://shop.example.net/search?q=boots,red;size=42',
      params: [{ name: 'title', value: 'Boots, red; size 42' }],
    });
    expect(links[1]).toMatchObject({ url: 'https://shop.example.net/catalogue/boots?page=2', rel: ['next'] });
  });

  it('reads quoted and unquoted values alike, with optional spaces and backslash escapes', () => {
    const [link] = parseLinkHeader(
      '</help> ;REL = next ; Title="say \\"hi\\" \\\\ bye" ; type=text/html',
      BASE,
    );
    expect(link).toMatchObject({
      rel: ['next'],
      params: [
        { name: 'title', value: 'say "hi" \\ bye' },
        { name: 'type', value: 'text/html' },
      ],
    });
  });

  it('splits a rel into its relation types, lower-cased, and ignores a second rel (§3.3)', () => {
    const [link] = parseLinkHeader('</boots>; rel="Alternate  CANONICAL\tprev"; rel=next', BASE);
    expect(link?.rel).toEqual(['alternate', 'canonical', 'prev']);
  });

  it('keeps a parameter without a value and goes on with the next link', () => {
    const header =
      '</fonts/serif.woff2>; rel=preload; as=font; crossorigin, <https://shop.example.net/catalogue/boots>; rel=canonical';
    const links = parseLinkHeader(header, BASE);
    expect(links.map((l) => l.rel)).toEqual([['preload'], ['canonical']]);
    expect(links[0]?.params).toEqual([
      { name: 'as', value: 'font' },
      { name: 'crossorigin', value: '' },
    ]);
  });

  it('resolves relative targets against the address of the response', () => {
    const links = parseLinkHeader('<../about>; rel=author, <//cdn.example.net/logo.svg>; rel=icon', BASE);
    expect(links.map((l) => [l.href, l.url])).toEqual([
      ['../about', 'https://shop.example.net/about'],
      ['//cdn.example.net/logo.svg', 'https://cdn.example.net/logo.svg'],
    ]);
  });

  it('resolves the anchor parameter, which changes what the link is about (§3.2)', () => {
    const [link] = parseLinkHeader('</catalogue/boots>; rel=canonical; anchor="/catalogue/boots-sale"', BASE);
    expect(link?.anchor).toBe('https://shop.example.net/catalogue/boots-sale');
  });

  it('steps over a malformed link-value and reads the ones after it, without throwing', () => {
    const header =
      'nonsense; rel=canonical, "quoted, text", <https://shop.example.net/a>; rel="canonical" garbage, </b>; rel=next';
    expect(parseLinkHeader(header, BASE).map((l) => l.href)).toEqual(['/b']);
    expect(parseLinkHeader('<https://shop.example.net/never-closed; rel=canonical', BASE)).toEqual([]);
    expect(parseLinkHeader('', BASE)).toEqual([]);
    expect(parseLinkHeader(undefined, BASE)).toEqual([]);
    expect(parseLinkHeader(' , ,</c>; rel=next,', BASE).map((l) => l.href)).toEqual(['/c']);
  });

  it('reads a long header in one pass', () => {
    const header = Array.from({ length: 2000 }, (_, i) => `</p/${i}>; rel=prefetch; crossorigin`).join(', ');
    const started = performance.now();
    const links = parseLinkHeader(header, BASE);
    expect(links).toHaveLength(500);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('the links that count for the page', () => {
  it('merges the head links and the Link header links, each with its source', () => {
    const page = parsePage(
      `<!doctype html><html><head><title>Boots</title>
      <link rel="canonical" href="/catalogue/boots"></head>
      <body><p>Red boots.</p><link rel="alternate" hreflang="de" href="/de/stiefel"></body></html>`,
      PAGE,
    );
    const header =
      '</catalogue/boots>; rel=canonical, <https://shop.example.net/fr/bottes>; rel=alternate; hreflang="fr "; type="Text/HTML", ' +
      '</catalogue/shoes>; rel=canonical; anchor="/catalogue/shoes"';
    expect(pageLinks(page, header).map((l) => [l.source, l.rel[0], l.url, l.hreflang, l.type])).toEqual([
      ['head', 'canonical', 'https://shop.example.net/catalogue/boots', undefined, ''],
      ['header', 'canonical', 'https://shop.example.net/catalogue/boots', undefined, ''],
      // The hreflang stays as sent, space included: it is for the check to judge.
      ['header', 'alternate', 'https://shop.example.net/fr/bottes', 'fr ', 'text/html'],
    ]);
  });

  it('resolves header targets against the page, never against its <base>', () => {
    const page = parsePage('<html><head><base href="https://static.example.org/"></head></html>', PAGE);
    expect(pageLinks(page, '<boots>; rel=canonical')[0]?.url).toBe(
      'https://shop.example.net/catalogue/boots',
    );
  });
});

describe('the head section', () => {
  const heads = (html: string) => parsePage(html, PAGE).links.map((l) => [l.href, l.inHead]);

  it('holds the links of an explicit <head>, not those of the <body>', () => {
    expect(
      heads(`<!doctype html><html><head><meta charset="utf-8"><link rel="canonical" href="/a"></head>
        <body><main><link rel="canonical" href="/b"></main></body></html>`),
    ).toEqual([
      ['/a', true],
      ['/b', false],
    ]);
  });

  it('is implied without <head> and <body> tags: metadata before the first body content', () => {
    expect(
      heads(`<!doctype html><html lang="en"><!-- a comment -->
        <title>Boots</title><link rel="canonical" href="/a"><p>Text</p><link rel="canonical" href="/b">`),
    ).toEqual([
      ['/a', true],
      ['/b', false],
    ]);
    expect(heads('<link rel="canonical" href="/only">')).toEqual([['/only', true]]);
  });

  it('takes back a link written between </head> and <body>, as the parser does', () => {
    expect(
      heads('<html><head><title>T</title></head>\n<link rel="canonical" href="/a">\n<body></body></html>'),
    ).toEqual([['/a', true]]);
  });

  it('ends at an element the head cannot hold, even written inside <head>', () => {
    expect(
      heads(`<html><head><title>T</title><link rel="alternate" hreflang="fr" href="/fr">
        <img src="pixel.gif"><link rel="canonical" href="/late"></head><body></body></html>`),
    ).toEqual([
      ['/fr', true],
      ['/late', false],
    ]);
  });

  it('ends at text that is not whitespace', () => {
    expect(heads('<html>Welcome <link rel="canonical" href="/a"></html>')).toEqual([['/a', false]]);
  });

  it('keeps the hreflang attribute exactly as written', () => {
    const [link] = parsePage('<link rel="alternate" hreflang=" x-default" href="/">', PAGE).links;
    expect(link?.hreflang).toBe(' x-default');
    expect(parsePage('<link rel="alternate" href="/">', PAGE).links[0]?.hreflang).toBeUndefined();
  });
});
