import { describe, expect, it } from 'vitest';
import { isHreflang, isLanguageTag } from '../../../../src/server/audit/read/language-tags.ts';
import type { AuditInput } from '../../../../src/server/audit/types.ts';
import {
  find,
  GOOD_HEAD,
  GOOD_MAIN,
  goodInput,
  HTML_HEADERS,
  html,
  keysOf,
  ORIGIN,
  PAGE_URL,
  paragraphs,
  text,
  withPage,
} from '../../../fixtures/audit-inputs.ts';
import { resource } from '../../../fixtures/audit-resources.ts';

// Verdicts an expert can check against the documented behaviour (issue 21, "Correct verdicts"):
// Link headers (RFC 8288) and head-only links for the canonical address and hreflang (Google Search
// Central), hreflang and lang codes (BCP 47, ISO 639-1, ISO 3166-1), microdata dates, the llms.txt
// format (llmstxt.org) and a viewport that lets people zoom (WCAG 1.4.4).

/** GOOD_HEAD without the lines that contain any of these strings. */
function headWithout(...needles: string[]): string {
  return GOOD_HEAD.split('\n')
    .filter((line) => !needles.some((n) => line.includes(n)))
    .join('\n');
}

/** A page with this head (and main), served with these extra response headers. */
function page(options: {
  head?: string;
  main?: string;
  lang?: string;
  headers?: Record<string, string>;
}): AuditInput {
  const { headers = {}, ...parts } = options;
  return withPage(html(parts), { headers: { ...HTML_HEADERS, ...headers } });
}

const NO_CANONICAL = headWithout('canonical');

describe('canonical: the head and the Link header, never the body', () => {
  it('reads a canonical sent only in a Link header', () => {
    const input = page({ head: NO_CANONICAL, headers: { link: `<${PAGE_URL}>; rel="canonical"` } });
    expect(find(input, 'canonical')).toMatchObject({
      status: 'pass',
      evidence: [
        { key: 'items.canonical.evidence.ok', values: { url: PAGE_URL } },
        { key: 'items.canonical.evidence.header' },
      ],
    });
  });

  it('finds a canonical among other links of the header, after a parameter without a value', () => {
    const link = `</fonts/inter.woff2>; rel=preload; as=font; crossorigin, </guide/answer-engines>; rel=canonical`;
    // A relative target is resolved, and reported as relative as in a <link> tag.
    expect(keysOf(find(page({ head: NO_CANONICAL, headers: { link } }), 'canonical'))).toEqual([
      'items.canonical.evidence.relative',
    ]);
  });

  it('warns when the Link header and the <head> disagree, and names both', () => {
    const input = page({ headers: { link: `<${ORIGIN}/guide/older-version>; rel="canonical"` } });
    expect(find(input, 'canonical')).toMatchObject({
      status: 'warning',
      evidence: [
        { key: 'items.canonical.evidence.several', values: { count: 2 } },
        {
          key: 'items.canonical.evidence.conflict',
          values: { head: PAGE_URL, header: `${ORIGIN}/guide/older-version` },
        },
      ],
      recommendation: { key: 'items.canonical.recommendation.one' },
    });
    expect(text(input, 'canonical', 'fr').evidence).toContain(
      `l’en-tête HTTP Link ${ORIGIN}/guide/older-version`,
    );
  });

  it('counts a header that repeats the head’s canonical as one canonical', () => {
    const input = page({ headers: { link: `<${PAGE_URL}>; rel=canonical` } });
    expect(find(input, 'canonical').status).toBe('pass');
  });

  it('ignores a canonical in the body, and says so', () => {
    const main = `<link rel="canonical" href="https://mirror.example.org/copy">${GOOD_MAIN}`;
    // With a good canonical in the head, the body's one changes nothing.
    expect(find(page({ main }), 'canonical').status).toBe('pass');
    // Alone, it does not count: no canonical, and a hint to move it.
    expect(find(page({ head: NO_CANONICAL, main }), 'canonical')).toMatchObject({
      status: 'warning',
      evidence: [
        { key: 'items.canonical.evidence.none' },
        { key: 'items.canonical.evidence.inBody', values: { href: 'https://mirror.example.org/copy' } },
      ],
      recommendation: { key: 'items.canonical.recommendation.moveToHead' },
    });
  });

  it('reads a canonical in a head the markup never opened', () => {
    const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Answer engines</title>
      <link rel="canonical" href="https://mirror.example.org/copy"><h1>Answer engines</h1>${paragraphs(3)}`;
    expect(find(withPage(body), 'canonical').status).toBe('fail');
  });
});

describe('language codes (BCP 47, as Google reads hreflang)', () => {
  it('accepts ISO 639-1 languages with an optional ISO 15924 script and ISO 3166-1 region, and x-default', () => {
    for (const code of ['en', 'fr-CA', 'pt-br', 'zh-Hant-TW', 'sr-Latn', 'x-default', 'X-Default']) {
      expect(isHreflang(code), code).toBe(true);
    }
  });

  it('refuses well-formed codes that name no language or no country', () => {
    // "xx": no such language; "en-UK": the code of the United Kingdom is GB; "en-EU": not a country.
    for (const code of ['xx', 'en-UK', 'en-EU', 'en-XX', 'iw', 'zz-ZZ'])
      expect(isHreflang(code), code).toBe(false);
  });

  it('refuses what is not Google’s format or not a language tag at all', () => {
    // Region alone, underscore, UN M.49 region, three-letter language, spaces, empty.
    for (const code of ['gb', 'en_US', 'es-419', 'yue', ' x-default', 'x-default ', 'fr ', '', 'english']) {
      expect(isHreflang(code), JSON.stringify(code)).toBe(false);
    }
  });

  it('judges <html lang> as a BCP 47 tag with registered subtags', () => {
    for (const tag of ['en', 'en-US', 'fr-CA', 'es-419', 'zh-Hant-TW', 'de-CH-1996', 'yue']) {
      expect(isLanguageTag(tag), tag).toBe(true);
    }
    for (const tag of ['xx', 'en-UK', 'en_US', 'english please', 'x-default', '']) {
      expect(isLanguageTag(tag), tag).toBe(false);
    }
  });
});

describe('language and hreflang', () => {
  const withHreflang = (code: string) => GOOD_HEAD.replace('hreflang="fr"', `hreflang="${code}"`);

  it('flags a well-formed code that is no language ("xx") or no country ("en-UK")', () => {
    expect(find(page({ head: withHreflang('xx') }), 'language').evidence[1]).toEqual({
      key: 'items.language.evidence.badHreflang',
      values: { codes: 'xx' },
    });
    expect(find(page({ head: withHreflang('en-UK') }), 'language').status).toBe('warning');
  });

  it('takes " x-default" as written: invalid, and quoted so the space shows', () => {
    const head = GOOD_HEAD.replace('hreflang="x-default"', 'hreflang=" x-default"');
    expect(find(page({ head }), 'language')).toMatchObject({
      status: 'warning',
      evidence: [{}, { key: 'items.language.evidence.badHreflang', values: { codes: '" x-default"' } }],
      recommendation: { key: 'items.language.recommendation.hreflang' },
    });
  });

  it('flags an hreflang link without an address or with a relative one', () => {
    const head = `${GOOD_HEAD}
      <link rel="alternate" hreflang="de">
      <link rel="alternate" hreflang="es" href="/es/guia/motores-de-respuesta">
      <link rel="alternate" hreflang="it" href="//www.example.com/it/guida">`;
    expect(find(page({ head }), 'language')).toMatchObject({
      status: 'warning',
      evidence: [{}, { key: 'items.language.evidence.badHref', values: { count: 3, codes: 'de, es, it' } }],
    });
    expect(text(page({ head }), 'language', 'fr').evidence).toContain(
      '3\u00a0liens hreflang n’ont pas d’adresse',
    );
  });

  it('ignores hreflang links in the body, valid or not, and says they are ignored', () => {
    const main = `${GOOD_MAIN}<link rel="alternate" hreflang="klingon" href="/tlh/guide">`;
    expect(find(page({ main }), 'language')).toMatchObject({
      status: 'pass',
      evidence: [
        { key: 'items.language.evidence.lang' },
        { key: 'items.language.evidence.hreflang', values: { count: 3 } },
        { key: 'items.language.evidence.inBody', values: { count: 1 } },
      ],
    });
  });

  it('reads hreflang alternates sent in Link headers', () => {
    const link =
      `<${PAGE_URL}>; rel="alternate"; hreflang="en", ` +
      `<${ORIGIN}/fr/guide/answer-engines>; rel="alternate"; hreflang="fr"`;
    const head = headWithout('hreflang');
    expect(find(page({ head, headers: { link } }), 'language').evidence[1]).toEqual({
      key: 'items.language.evidence.hreflang',
      values: { count: 2, codes: 'en, fr' },
    });
    const bad = `${link}, <${ORIGIN}/de/guide>; rel=alternate; hreflang=de-UK`;
    expect(find(page({ head, headers: { link: bad } }), 'language').evidence[1]).toEqual({
      key: 'items.language.evidence.badHreflang',
      values: { codes: 'de-UK' },
    });
  });

  it('flags an <html lang> that names no language', () => {
    expect(find(page({ lang: 'xx' }), 'language').evidence[0]).toEqual({
      key: 'items.language.evidence.badLang',
      values: { lang: 'xx' },
    });
    expect(find(page({ lang: 'en-UK' }), 'language').status).toBe('warning');
    expect(find(page({ lang: 'en-GB' }), 'language').status).toBe('pass');
  });
});

describe('microdata dates', () => {
  /** A page that is not an article, with an author and no other date: no JSON-LD, no sitemap. */
  function undated(main: string, head = ''): AuditInput {
    const input = withPage(
      html({ head: `<meta name="author" content="Jane Doe">${head}`, jsonLd: [], main }),
      { headers: HTML_HEADERS },
    );
    return {
      ...input,
      sitemapSource: 'default',
      sitemap: resource(`${ORIGIN}/sitemap.xml`, 'gone', { status: 404 }),
    };
  }

  it('counts itemprop="datePublished" on <meta content> as a date signal', () => {
    const bare = undated(`<h1>T</h1>${paragraphs(6)}`);
    expect(find(bare, 'authorDate').status).toBe('warning');
    const dated = undated(`<div itemscope itemtype="https://schema.org/WebPage">
      <meta itemprop="datePublished" content="2025-02-03"><h1>T</h1>${paragraphs(6)}</div>`);
    expect(find(dated, 'authorDate')).toMatchObject({
      status: 'pass',
      evidence: [
        {},
        { key: 'items.authorDate.evidence.date', values: { sources: 'microdata datePublished' } },
      ],
    });
  });

  it('dates an article by a microdata datePublished written as text', () => {
    const main = `<article itemscope itemtype="https://schema.org/BlogPosting"><h1>T</h1>
      <p>Published <span itemprop="datePublished">2025-03-20</span></p>${paragraphs(6)}</article>`;
    const article = undated(main, '<meta property="og:type" content="article">');
    expect(find(article, 'authorDate').status).toBe('pass');
  });

  it('judges freshness by a microdata dateModified, from <meta content> or <time datetime>', () => {
    const meta =
      undated(`<section itemscope itemtype="https://schema.org/WebPage"><meta itemprop="dateModified" content="2025-04-01">
      <h1>T</h1>${paragraphs(4)}</section>`);
    expect(find(meta, 'freshness')).toMatchObject({
      status: 'pass',
      evidence: [{ values: { updatedDate: '2025-04-01', source: 'microdata dateModified' } }],
    });
    const time = undated(`<div itemscope itemtype="https://schema.org/Article"><h1>T</h1>
      <p>Updated <time itemprop="datePublished dateModified" datetime="2023-01-05">5 January 2023</time></p></div>`);
    expect(find(time, 'freshness')).toMatchObject({
      status: 'fail',
      evidence: [{ values: { updatedDate: '2023-01-05', source: 'microdata dateModified' } }],
    });
  });

  it('reads no property outside a typed item, and no text that is not a date', () => {
    const loose = undated(`<h1>T</h1><meta itemprop="dateModified" content="2025-04-01">${paragraphs(4)}`);
    expect(keysOf(find(loose, 'freshness'))).toEqual(['items.freshness.evidence.unknown']);
    // Without an itemtype, "dateModified" is no vocabulary's property (WHATWG microdata): engines
    // read schema.org's only in an item of a schema.org type.
    const untyped = undated(`<section itemscope><meta itemprop="dateModified" content="2025-04-01">
      <h1>T</h1>${paragraphs(4)}</section>`);
    expect(keysOf(find(untyped, 'freshness'))).toEqual(['items.freshness.evidence.unknown']);
    const words = undated(`<div itemscope><span itemprop="dateModified">last spring</span></div>`);
    expect(keysOf(find(words, 'freshness'))).toEqual(['items.freshness.evidence.unknown']);
  });
});

describe('llms.txt, as llmstxt.org defines it', () => {
  const llms = (body: string) =>
    find({ ...goodInput(), llms: resource(`${ORIGIN}/llms.txt`, body) }, 'llmsTxt');

  it('passes the format’s full shape: H1, summary, notes, H2 file lists with an Optional one', () => {
    const file = `# Northwind Atlas

> Open maps of hiking trails in the Alps, with elevation profiles and hut opening times.

The maps are updated every spring from the alpine clubs' surveys.

## Maps

- [Trail index](https://northwind.example/trails.md): every trail with its difficulty grade
- [Huts](https://northwind.example/huts.md)

## Optional

- [Changelog](https://northwind.example/changelog.md)
`;
    expect(llms(file)).toMatchObject({
      status: 'pass',
      evidence: [
        { key: 'items.llmsTxt.evidence.valid', values: { title: 'Northwind Atlas', sections: 2, links: 3 } },
        { key: 'items.llmsTxt.evidence.summary' },
      ],
    });
  });

  it('passes an H1 with links and no H2 section', () => {
    const file = `# Northwind Atlas\n\n> Hiking maps.\n\n- [Trail index](https://northwind.example/trails.md)\n- [Huts](https://northwind.example/huts.md)\n`;
    expect(llms(file)).toMatchObject({
      status: 'pass',
      evidence: [{ values: { sections: 0, links: 2 } }, { key: 'items.llmsTxt.evidence.summary' }],
    });
  });

  it('passes an H1 alone, the only required section', () => {
    expect(llms('# Northwind Atlas\n').status).toBe('pass');
  });

  it('warns about a heading between the H1 and the first H2, where the format allows none', () => {
    const file =
      '# Northwind Atlas\n\n### About us\n\nWe map trails.\n\n## Maps\n\n- [Huts](https://northwind.example/huts.md)\n';
    expect(llms(file)).toMatchObject({
      status: 'warning',
      evidence: [{ key: 'items.llmsTxt.evidence.introHeadings', values: { count: 1 } }],
    });
  });

  it('still wants the H1 first, and links in the H2 file lists', () => {
    expect(keysOf(llms('Welcome!\n\n- [Huts](https://northwind.example/huts.md)\n'))).toEqual([
      'items.llmsTxt.evidence.noH1',
    ]);
    expect(keysOf(llms('# Atlas\n\n## Maps\n\n- the huts page\n'))).toEqual([
      'items.llmsTxt.evidence.badItems',
    ]);
  });
});

describe('viewport: people must be able to zoom to 200%', () => {
  const withViewport = (content: string) =>
    page({
      head: GOOD_HEAD.replace('content="width=device-width, initial-scale=1"', `content="${content}"`),
    });

  it('warns when user-scalable is no or 0', () => {
    const input = withViewport('width=device-width, initial-scale=1, user-scalable=no');
    expect(find(input, 'viewport')).toMatchObject({
      status: 'warning',
      evidence: [{ key: 'items.viewport.evidence.noZoom', values: { value: 'no' } }],
      recommendation: { key: 'items.viewport.recommendation.zoom' },
    });
    expect(find(withViewport('width=device-width; user-scalable=0'), 'viewport').status).toBe('warning');
    expect(text(input, 'viewport', 'fr').evidence).toBe(
      'Le viewport (\u00ab\u202fwidth=device-width, initial-scale=1, user-scalable=no\u202f\u00bb) empêche le zoom (user-scalable=no).',
    );
  });

  it('warns when maximum-scale is below 2', () => {
    expect(
      find(withViewport('width=device-width, initial-scale=1, maximum-scale=1.0'), 'viewport'),
    ).toMatchObject({
      status: 'warning',
      evidence: [{ key: 'items.viewport.evidence.maxScale', values: { scale: '1.0' } }],
    });
    expect(find(withViewport('width=device-width, maximum-scale=yes'), 'viewport').status).toBe('warning');
    expect(
      text(withViewport('width=device-width, maximum-scale=1.5'), 'viewport', 'en').recommendation,
    ).toContain('200%');
  });

  it('passes a viewport that lets people zoom', () => {
    for (const content of [
      'width=device-width, initial-scale=1',
      'width=device-width, initial-scale=1, maximum-scale=2',
      'width=device-width, maximum-scale=5, user-scalable=yes',
    ]) {
      expect(find(withViewport(content), 'viewport').status, content).toBe('pass');
    }
  });

  it('reports both problems of a viewport that is not mobile and blocks zoom', () => {
    expect(keysOf(find(withViewport('width=1024, user-scalable=no'), 'viewport'))).toEqual([
      'items.viewport.evidence.other',
      'items.viewport.evidence.noZoom',
    ]);
  });
});
