import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_DURATION_MS,
  ANALYSIS_PROGRESS,
  MAX_URL_LENGTH,
  categoryBadgeVariant,
  itemBadgeVariant,
  overallScore,
  parseAuditUrl,
  scoreBand,
  scoreMessage,
  scoreMessageKey,
} from '../../src/lib/audit.ts';
import { SAMPLE_AUDIT } from '../../src/lib/audit-sample.ts';
import { LANGUAGES } from '../../src/site.ts';

const scores = (...values: number[]) => values.map((score) => ({ score }));

describe('audit scoring', () => {
  it('keeps the spec constants', () => {
    expect(ANALYSIS_DURATION_MS).toBe(3000);
    expect(ANALYSIS_PROGRESS).toBe(66);
  });

  it('rounds the mean of the category scores', () => {
    expect(overallScore(scores(92, 84, 78, 88))).toBe(86); // 85.5 rounds up
    expect(overallScore(scores(90, 90, 89, 89))).toBe(90); // 89.5 rounds up
    expect(overallScore(scores(75, 75, 74, 74))).toBe(75); // 74.5 rounds up
    expect(overallScore(scores(75, 74, 74, 74))).toBe(74); // 74.25 rounds down
    expect(overallScore(scores(100, 100, 100, 100))).toBe(100);
    expect(overallScore([])).toBe(0);
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
  });

  it('refuses anything else', () => {
    for (const value of [
      null,
      undefined,
      '',
      '   ',
      'example.com',
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

describe('sample report', () => {
  it('has four categories whose mean lands in the yellow band', () => {
    expect(SAMPLE_AUDIT).toHaveLength(4);
    expect(overallScore(SAMPLE_AUDIT)).toBe(86);
    expect(scoreBand(overallScore(SAMPLE_AUDIT))).toBe('yellow');
  });

  it('shows both category statuses, consistent with the scores, and a mix of item statuses', () => {
    expect(new Set(SAMPLE_AUDIT.map((c) => c.status))).toEqual(new Set(['excellent', 'good']));
    for (const c of SAMPLE_AUDIT) {
      expect(c.status, c.id).toBe(c.score >= 90 ? 'excellent' : 'good');
      expect(c.items.length, c.id).toBeGreaterThanOrEqual(4);
      expect(c.items.length, c.id).toBeLessThanOrEqual(5);
    }
    const items = SAMPLE_AUDIT.flatMap((c) => c.items);
    expect(new Set(items.map((i) => i.status))).toEqual(new Set(['pass', 'warning', 'fail']));
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it.each(LANGUAGES)('has a name, description and exactly the promised recommendations in %s', (lang) => {
    const json = JSON.parse(readFileSync(path.resolve(`src/i18n/locales/${lang}/tools.json`), 'utf8')) as {
      results: {
        categories: Record<
          string,
          { name: string; summary: string; items: Record<string, Record<string, string>> }
        >;
      };
    };
    const texts = json.results.categories;
    expect(Object.keys(texts).sort()).toEqual(SAMPLE_AUDIT.map((c) => c.id).sort());
    for (const c of SAMPLE_AUDIT) {
      expect(texts[c.id]?.name).toBeTruthy();
      expect(texts[c.id]?.summary).toBeTruthy();
      expect(Object.keys(texts[c.id]?.items ?? {}).sort()).toEqual(c.items.map((i) => i.id).sort());
      for (const item of c.items) {
        const text = texts[c.id]!.items[item.id]!;
        expect(text.name, `${c.id}.${item.id}`).toBeTruthy();
        expect(text.description, `${c.id}.${item.id}`).toBeTruthy();
        expect(Boolean(text.recommendation), `${c.id}.${item.id} recommendation`).toBe(
          item.hasRecommendation,
        );
      }
    }
  });
});
