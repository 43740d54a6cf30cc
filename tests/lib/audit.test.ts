import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_STEPS,
  CATEGORY_IDS,
  MAX_URL_LENGTH,
  categoryStatus,
  categoryBadgeVariant,
  itemBadgeVariant,
  overallScore,
  parseAuditUrl,
  scoreBand,
  scoreMessage,
  scoreMessageKey,
} from '../../src/lib/audit.ts';
import { LANGUAGES } from '../../src/site.ts';

/** Category scores in report order: crawler access, structured data, citability, technical. */
const scores = (...values: number[]) =>
  values.map((score, i) => ({ id: CATEGORY_IDS[i]!, score, items: [] }));

describe('audit scoring', () => {
  it('rounds the mean of the category scores, weighted 30, 25, 30 and 15', () => {
    expect(overallScore(scores(92, 84, 78, 88))).toBe(85); // 27.6 + 21 + 23.4 + 13.2 = 85.2
    expect(overallScore(scores(90, 90, 89, 89))).toBe(90); // 27 + 22.5 + 26.7 + 13.35 = 89.55
    expect(overallScore(scores(100, 100, 100, 0))).toBe(85);
    // Reaching the engines and being quotable weigh twice what technical signals do.
    expect(overallScore(scores(0, 100, 100, 100))).toBe(70);
    expect(overallScore(scores(100, 100, 100, 100))).toBe(100);
    expect(overallScore([])).toBe(0);
  });

  it('caps the overall score at 40 when a check says AI assistants cannot use the page', () => {
    const item = (status: 'pass' | 'fail', blocks?: true) => ({
      id: 'x',
      status,
      title: 'x',
      evidence: 'x',
      ...(blocks ? { blocks } : {}),
    });
    const category = (
      id: 'crawlerAccess' | 'citability',
      score: number,
      items: ReturnType<typeof item>[],
    ) => ({
      id,
      score,
      items,
    });
    const clean = [
      category('crawlerAccess', 100, [item('pass')]),
      category('citability', 90, [item('fail')]),
    ];
    expect(overallScore(clean)).toBe(95);
    expect(
      overallScore([category('crawlerAccess', 100, [item('fail', true)]), category('citability', 90, [])]),
    ).toBe(40);
    expect(
      overallScore([category('crawlerAccess', 20, [item('fail', true)]), category('citability', 10, [])]),
    ).toBe(15);
  });

  it('puts the band edges at 90 and 75', () => {
    expect(scoreBand(100)).toBe('green');
    expect(scoreBand(90)).toBe('green');
    expect(scoreBand(89)).toBe('yellow');
    expect(scoreBand(75)).toBe('yellow');
    expect(scoreBand(74)).toBe('red');
    expect(scoreBand(0)).toBe('red');
  });

  it('picks the message from the same edges', () => {
    expect(scoreMessage(90)).toBe('excellent');
    expect(scoreMessage(89)).toBe('good');
    expect(scoreMessage(75)).toBe('good');
    expect(scoreMessage(74)).toBe('needsWork');
    expect(scoreMessageKey(86)).toBe('results.overall.messages.good');
  });

  it('maps statuses to badge variants', () => {
    expect(categoryBadgeVariant('excellent')).toBe('default');
    expect(categoryBadgeVariant('good')).toBe('secondary');
    expect(categoryBadgeVariant('poor')).toBe('destructive');
    expect(itemBadgeVariant('pass')).toBe('success');
    expect(itemBadgeVariant('warning')).toBe('warning');
    expect(itemBadgeVariant('fail')).toBe('destructive');
  });
});

describe('audit address', () => {
  it('accepts http and https addresses and normalises them', () => {
    expect(parseAuditUrl('https://example.com')).toBe('https://example.com/');
    expect(parseAuditUrl('  http://www.example.fr/page?x=1 ')).toBe('http://www.example.fr/page?x=1');
    expect(parseAuditUrl('HTTPS://Example.COM:443/a#section')).toBe('https://example.com/a');
    expect(parseAuditUrl('http://example.com:80')).toBe('http://example.com/');
  });

  it('refuses anything else', () => {
    for (const value of [
      null,
      undefined,
      '',
      '   ',
      'javascript:alert(1)',
      'ftp://example.com',
      'data:text/html,hi',
      'https://user:pw@example.com',
    ]) {
      expect(parseAuditUrl(value), String(value)).toBeNull();
    }
    expect(parseAuditUrl(`https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`)).toBeNull();
  });
});

describe('page texts', () => {
  it.each(LANGUAGES)('name and summarise every category, with the checks it covers, in %s', (lang) => {
    const json = JSON.parse(readFileSync(path.resolve(`src/i18n/locales/${lang}/tools.json`), 'utf8')) as {
      results: { categories: Record<string, { name: string; summary: string }> };
      checks: { items: Record<string, string[]> };
      progress: { steps: Record<string, string> };
    };
    expect(Object.keys(json.results.categories).sort()).toEqual([...CATEGORY_IDS].sort());
    for (const id of CATEGORY_IDS) {
      expect(json.results.categories[id]?.name, id).toBeTruthy();
      expect(json.results.categories[id]?.summary, id).toBeTruthy();
      expect(json.checks.items[id]?.length, id).toBeGreaterThanOrEqual(4);
    }
    expect(Object.keys(json.progress.steps)).toEqual([...AUDIT_STEPS]);
  });
});

describe('category status', () => {
  it('follows the score edges', () => {
    expect(categoryStatus(100)).toBe('excellent');
    expect(categoryStatus(90)).toBe('excellent');
    expect(categoryStatus(89)).toBe('good');
    expect(categoryStatus(75)).toBe('good');
    expect(categoryStatus(74)).toBe('needsWork');
  });
});

describe('bare domains (issue 38)', () => {
  it('reads "brewlab.com" as https://brewlab.com, in the audit and the forms alike', async () => {
    const { isWebsiteUrl, withScheme } = await import('../../src/lib/urls.ts');
    expect(parseAuditUrl('brewlab.com')).toBe('https://brewlab.com/');
    expect(parseAuditUrl('  www.brewlab.fr/menu?x=1 ')).toBe('https://www.brewlab.fr/menu?x=1');
    expect(parseAuditUrl('brewlab.com:8443/a')).toBe('https://brewlab.com:8443/a');
    expect(isWebsiteUrl('brewlab.com')).toBe(true);
    expect(withScheme('http://brewlab.com')).toBe('http://brewlab.com');
    // What is no host stays refused.
    expect(parseAuditUrl('brewlab')).toBeNull();
    expect(parseAuditUrl('mailto:jo@brewlab.com')).toBeNull();
    expect(parseAuditUrl('ftp://brewlab.com')).toBeNull();
    expect(isWebsiteUrl('localhost:3000')).toBe(false);
  });
});
