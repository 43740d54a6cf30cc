import { describe, expect, it } from 'vitest';
import {
  find,
  GOOD_HEAD,
  html,
  JSON_LD,
  ORIGIN,
  PAGE_URL,
  withPage,
} from '../../../fixtures/audit-inputs.ts';

// The audit's checks on small fixtures (tests/fixtures/audit-inputs.ts): a page that passes
// everything (tests/server/audit/analyze.test.ts), then one fault at a time.
// The structured-data checks: JSON-LD, Open Graph, title, canonical, language.

describe('structuredData', () => {
  it('fails on a JSON-LD block that does not parse, quoting a clipped piece of it', () => {
    const broken =
      '{"@context": "https://schema.org", "@type": "Organization", "name": "Example" "url": "x"}';
    const f = find(withPage(html({ jsonLd: [JSON_LD, broken] })), 'jsonLd');
    expect(f.status).toBe('fail');
    expect(f.evidence[0]).toMatchObject({
      key: 'items.jsonLd.evidence.invalid',
      values: { block: 2, total: 2 },
    });
    expect(String(f.evidence[0]?.values?.excerpt)).toContain('"Example" "url"');
    expect(f.evidence[1]).toMatchObject({ key: 'items.jsonLd.evidence.valid', values: { count: 1 } });
    expect(find(withPage(html({ jsonLd: [] })), 'jsonLd').status).toBe('warning');
  });

  it('flattens @graph and resolves @id references for the identity', () => {
    const org = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Example',
    });
    const f = find(withPage(html({ jsonLd: [org] })), 'identity');
    expect(f.status).toBe('warning');
    expect(f.evidence[1]).toEqual({
      key: 'items.identity.evidence.missing',
      values: { type: 'Organization', properties: 'url, logo' },
    });
    const site = JSON.stringify({ '@type': 'WebSite', name: 'Example', url: ORIGIN });
    expect(find(withPage(html({ jsonLd: [site] })), 'identity').recommendation?.key).toBe(
      'items.identity.recommendation.organization',
    );
    expect(find(withPage(html({ jsonLd: [] })), 'identity').status).toBe('fail');
  });

  it('checks the properties of articles, FAQ pages and breadcrumbs', () => {
    const article = JSON.stringify({ '@type': 'NewsArticle', headline: 'News', author: 'Jane' });
    const a = find(withPage(html({ jsonLd: [article] })), 'typeProperties');
    expect(a).toMatchObject({
      status: 'warning',
      evidence: [{ values: { properties: 'datePublished, dateModified' } }],
    });
    const faq = JSON.stringify({
      '@type': 'FAQPage',
      mainEntity: {
        '@type': 'Question',
        name: 'Q?',
        acceptedAnswer: { text: 'An answer that is nowhere on the page.' },
      },
    });
    expect(find(withPage(html({ jsonLd: [faq] })), 'typeProperties').status).toBe('fail');
    const crumbs = JSON.stringify({
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', name: 'A' }],
    });
    expect(find(withPage(html({ jsonLd: [crumbs] })), 'typeProperties').evidence[0]).toMatchObject({
      key: 'items.typeProperties.evidence.breadcrumbsInvalid',
      values: { bad: 1, total: 1 },
    });
  });

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
