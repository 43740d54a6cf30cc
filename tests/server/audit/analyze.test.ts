import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/server/audit/analyze.ts';
import { parsePage } from '../../../src/server/audit/read/html.ts';
import { localizeFindings } from '../../../src/server/audit/localize.ts';
import {
  evidenceValues,
  find,
  goodInput,
  html,
  JSON_LD,
  PAGE_URL,
  T,
  text,
  withPage,
  withRobots,
} from '../../fixtures/audit-inputs.ts';

// The audit's analysis (src/server/audit/analyze.ts) on small fixtures (tests/fixtures/audit-inputs.ts):
// a page that passes everything, and hostile markup. The checks one fault at a time are in
// tests/server/audit/checks/, one file per category.

describe('a page that does everything right', () => {
  const categories = analyze(goodInput());

  it('has the four categories in report order', () => {
    expect(categories.map((c) => c.id)).toEqual([
      'crawlerAccess',
      'structuredData',
      'citability',
      'technical',
    ]);
  });

  it('passes every check that applies to an article, and scores 100 everywhere', () => {
    const findings = categories.flatMap((c) => c.findings);
    // A BlogPosting beside an FAQPage: read as an article, from its markup, so the product check
    // does not apply (and is left out of the structured-data score); robots.txt states no content
    // signal, so that check has nothing to judge (issue 38).
    expect(findings.filter((f) => f.status === 'notApplicable').map((f) => [f.id, f.evidence])).toEqual([
      ['contentSignals', [{ key: 'items.contentSignals.evidence.none' }]],
      ['product', [{ key: 'pageType.notApplicable.article' }]],
    ]);
    // The training crawlers' check never changes the score: information, not a pass.
    expect(findings.filter((f) => f.status === 'info').map((f) => f.id)).toEqual(['trainingAgents']);
    const failing = findings.filter(
      (f) => f.status !== 'pass' && f.status !== 'notApplicable' && f.status !== 'info',
    );
    expect(failing).toEqual([]);
    expect(localizeFindings(categories, T.en).map((c) => [c.score, c.status])).toEqual(
      Array(4).fill([100, 'excellent']),
    );
  });

  it('gives no recommendation on a pass, and concrete values in the evidence', () => {
    for (const f of categories.flatMap((c) => c.findings)) expect(f.recommendation).toBeUndefined();
    expect(evidenceValues(find(goodInput(), 'ttfb'))[0]).toEqual({ ms: 120 });
    expect(evidenceValues(find(goodInput(), 'mainText'))[0]).toMatchObject({ source: '<main>' });
    expect(text(goodInput(), 'markup').evidence).toContain('Organization, WebSite, BlogPosting');
  });

  it('is a pure function of its input', () => {
    const input = goodInput();
    const copy = structuredClone(input);
    expect(analyze(input)).toEqual(analyze(input));
    expect(input).toEqual(copy);
  });
});

describe('hostile markup', () => {
  const hostileTitle = '<script>alert(1)</script>\u202e{{name}} $t(categories.technical)';

  it('quotes a hostile title as plain, clipped text in both languages', () => {
    const page = html({ title: `${hostileTitle}${' padding'.repeat(30)}` });
    const f = find(withPage(page), 'titleDescription');
    const title = String(f.evidence[0]?.values?.title);
    expect(title.startsWith('<script>alert(1)</script>{{name}} $t(categories.technical)')).toBe(true);
    expect(title.endsWith('…')).toBe(true);
    expect(Array.from(title)).toHaveLength(80);
    for (const lang of ['en', 'fr'] as const) {
      const shown = text(withPage(page), 'titleDescription', lang).evidence;
      expect(shown).toContain('<script>alert(1)</script>{{name}} $t(categories.technical)');
      expect(shown).not.toContain('&lt;');
      expect(shown).not.toContain('\u202e');
    }
  });

  it('quotes a hostile robots.txt line as plain, clipped text', () => {
    const comment = `<script>alert(1)</script>\u0007${'x'.repeat(200)}`;
    const robots = `User-agent: OAI-SearchBot\nDisallow: / # ${comment}\n`;
    const f = find(withRobots(robots), 'aiSearchAgents');
    const rule = String(f.evidence[0]?.values?.rule);
    expect(rule.startsWith('Disallow: / # <script>alert(1)</script>xxx')).toBe(true);
    expect(rule).toHaveLength(80);
    expect(text(withRobots(robots), 'aiSearchAgents', 'fr').evidence).toContain(
      '«\u202fDisallow: / # <script>alert(1)</script>',
    );
  });

  it('reads nesting as deep as browsers keep, and stops past it saying so', () => {
    const nested = (depth: number) => `${'<div>'.repeat(depth)}<p>deep text</p>${'</div>'.repeat(depth)}`;
    const deep = (depth: number) => `<html><body><main><p>first</p>${nested(depth)}</main></body></html>`;
    expect(parsePage(deep(500), PAGE_URL)).toMatchObject({
      main: { text: 'first deep text' },
      limit: undefined,
    });
    expect(parsePage(deep(20_000), PAGE_URL)).toMatchObject({ main: { text: 'first' }, limit: 'nesting' });
    const deepJson = `${'{"name":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    expect(() => analyze(withPage(html({ jsonLd: [deepJson] })))).not.toThrow();
  });

  it('stops reading past 60,000 elements, and says where it stopped', () => {
    const input = withPage(
      `<html><body><main><p>first</p>${'<br>'.repeat(70_000)}<p>last</p></main></body></html>`,
    );
    expect(parsePage(input.page.body, PAGE_URL)).toMatchObject({
      main: { text: 'first' },
      limit: 'elements',
    });
    expect(find(input, 'htmlWeight').status).toBe('warning');
    expect(text(input, 'htmlWeight').evidence).toContain(
      'more than 60,000 elements: the audit read the first 60,000',
    );
    expect(text(input, 'htmlWeight', 'fr').evidence).toContain('plus de 60\u202f000\u00a0éléments');
  });

  it('reads no JSON-LD block nested deeper than 128 levels or larger than 256 KB, and says which', () => {
    const deep = `${'['.repeat(129)}${']'.repeat(129)}`;
    const large = JSON.stringify({ '@type': 'Thing', description: 'x'.repeat(300 * 1024) });
    const input = withPage(html({ jsonLd: [JSON_LD, deep, large] }));
    expect(find(input, 'markup').status).toBe('fail');
    const { evidence } = text(input, 'markup');
    expect(evidence).toContain(
      'JSON-LD block 2 of 3 nests arrays or objects more than 128 levels deep: not read.',
    );
    expect(evidence).toContain('JSON-LD block 3 of 3 is larger than 256\u00a0KB: not read.');
    // Brackets inside strings are not nesting.
    const quoted = JSON.stringify({ '@type': 'Thing', name: '['.repeat(500) });
    expect(find(withPage(html({ jsonLd: [JSON_LD, quoted] })), 'markup').status).toBe('pass');
  });
});
