import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACTIONS_SHOWN,
  CASE_STUDY_IDS,
  STRATEGIES_SHOWN,
  previewCaseStudy,
  readCaseStudies,
} from '../../src/lib/case-studies.ts';
import { copyReader } from '../../src/i18n/copy.ts';
import { LANGUAGES } from '../../src/site.ts';

/** A tiny `t` over the guide namespace's JSON (keys as `guide:path`), enough for readCaseStudies. */
function translator(lang: string) {
  const json = JSON.parse(
    readFileSync(path.resolve('src/i18n/locales', lang, 'guide.json'), 'utf8'),
  ) as Record<string, unknown>;
  return (key: string) =>
    key
      .replace(/^guide:/, '')
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], json);
}

describe('case study preview', () => {
  it('shows the first three strategies and two action items and counts the rest together', () => {
    const preview = previewCaseStudy({
      keyStrategies: ['s1', 's2', 's3', 's4', 's5', 's6'],
      actionItems: ['a1', 'a2', 'a3', 'a4'],
    });
    expect(preview.strategies).toEqual(['s1', 's2', 's3']);
    expect(preview.actions).toEqual(['a1', 'a2']);
    expect(preview.more).toBe(5);
  });

  it('counts nothing more when everything fits', () => {
    expect(previewCaseStudy({ keyStrategies: ['s1', 's2'], actionItems: ['a1'] })).toEqual({
      strategies: ['s1', 's2'],
      actions: ['a1'],
      more: 0,
    });
  });
});

describe.each(LANGUAGES)('the six case studies in %s', (lang) => {
  const studies = readCaseStudies(copyReader(translator(lang), 'guide'), lang);

  it('have the spec shape, with enough strategies and action items for "+N more"', () => {
    expect(studies.map((s) => s.id)).toEqual([...CASE_STUDY_IDS]);
    for (const study of studies) {
      expect(study.industry).not.toBe('');
      expect(study.keyStrategies.length).toBeGreaterThanOrEqual(5);
      expect(study.actionItems.length).toBeGreaterThanOrEqual(4);
      expect(study.keyStrategies.length).toBeGreaterThan(STRATEGIES_SHOWN);
      expect(study.actionItems.length).toBeGreaterThan(ACTIONS_SHOWN);
      for (const value of Object.values(study.metrics)) expect(value).toMatch(/^\+\d+[\u00a0\u202f]?%$/);
      expect(study.implementation.timeline).not.toBe('');
      expect(study.implementation.complexity).not.toMatch(/^caseStudies\./);
      expect(study.implementation.keyFocus).not.toBe('');
    }
  });
});
