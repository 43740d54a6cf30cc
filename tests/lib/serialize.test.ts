import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeXml, serializeForHtml } from '../../src/lib/serialize.ts';
import type { TFunction } from 'i18next';
import type { ArticleBody } from '../../src/content/blog-data.ts';
import { articleJsonLd } from '../../src/seo/article-jsonld.ts';
import {
  breadcrumbList,
  faqPage,
  graph,
  organization,
  qaPage,
  webPage,
  website,
} from '../../src/seo/jsonld.ts';
import { PAGE_JSONLD } from '../../src/seo/page-jsonld.ts';

const HOSTILE = '</script><script>alert(1)</script><!-- \u2028\u2029 & "quoted"';

describe('serializeForHtml', () => {
  it('cannot close a script element or open a comment', () => {
    const out = serializeForHtml({ text: HOSTILE });
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual({ text: HOSTILE });
  });

  it('feeds hostile text through every JSON-LD builder safely', () => {
    const site = 'https://geo.example';
    const nodes = [
      organization(site, HOSTILE, HOSTILE),
      website(site, 'en', HOSTILE),
      webPage(site, {
        url: `${site}/en/x`,
        lang: 'fr',
        title: HOSTILE,
        description: HOSTILE,
        hasBreadcrumb: true,
      }),
      breadcrumbList(`${site}/en/x`, [{ name: HOSTILE, url: `${site}/en/` }]),
    ];
    const out = serializeForHtml(graph(nodes));
    expect(out).not.toContain('</script');
    expect(out).not.toMatch(/[<>]/);
    expect(JSON.stringify(JSON.parse(out))).toContain('alert(1)');
  });

  it('feeds hostile text through the FAQ, QA, article and every page builder safely', () => {
    const site = 'https://geo.example';
    const qa = { question: HOSTILE, answer: HOSTILE };
    // A translation function that answers every key with hostile text (lists with hostile items).
    // Any field is hostile text; fields the builders read as lists are lists of hostile text.
    const LISTS = new Set([
      'tasks',
      'items',
      'features',
      'keyStrategies',
      'actionItems',
      'steps',
      'values',
      'entries',
      'points',
      'questions',
    ]);
    const item: unknown = new Proxy(
      {},
      {
        get: (_target, prop) => (typeof prop === 'string' && LISTS.has(prop) ? [HOSTILE, HOSTILE] : HOSTILE),
      },
    );
    const t = ((_key: string, options?: { returnObjects?: boolean }) =>
      options?.returnObjects ? [item, item] : HOSTILE) as unknown as TFunction;
    const post = {
      slug: 'x',
      title: HOSTILE,
      excerpt: HOSTILE,
      aiQuoteExcerpt: HOSTILE,
      author: { name: HOSTILE, bio: HOSTILE, avatar: '/images/authors/x.svg' },
      publishedAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-02T00:00:00.000Z',
      wordCount: 1,
      readingTime: 1,
      seoKeywords: [HOSTILE],
      category: 'Strategy',
      tags: [HOSTILE],
      schemaType: 'Article',
    } as unknown as ArticleBody;
    const nodes = [
      faqPage(`${site}/en/x`, 'en', [qa, qa]),
      qaPage(`${site}/en/x`, 'fr', qa),
      articleJsonLd(post, 'en', site),
    ];
    for (const [page, build] of Object.entries(PAGE_JSONLD)) {
      const built = build!({
        t,
        lang: 'en',
        siteUrl: site,
        auditChecks: 31,
        aiCrawlers: 150,
        contactEmail: HOSTILE,
        pageUrl: `${site}/en/${page}`,
      });
      expect(Array.isArray(built), page).toBe(true);
      nodes.push(...built);
    }
    const out = serializeForHtml(graph(nodes));
    expect(out).not.toContain('</script');
    expect(out).not.toMatch(/[<>\u2028\u2029]/);
    expect(JSON.stringify(JSON.parse(out))).toContain('alert(1)');
  });
});

describe('escapeHtml and escapeXml', () => {
  it('escapes markup characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeXml(`it's <b>`)).toBe('it&apos;s &lt;b&gt;');
  });
});
