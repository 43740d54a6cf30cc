import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import enAudit from '../../../src/i18n/locales/en/audit.json';
import frAudit from '../../../src/i18n/locales/fr/audit.json';
import { AUDIT_STEPS, CATEGORY_IDS } from '../../../src/lib/audit.ts';
import { CATEGORIES, CHECKS } from '../../../src/server/audit/registry.ts';

// The registry of checks is the one place a check is declared (decision 023): categories, the
// resources an audit fetches and the number of checks the copy states all follow from it.

describe('the registry of checks', () => {
  it('declares each check once, with a weight and a title in both languages', () => {
    const ids = CHECKS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const check of CHECKS) {
      expect(check.weight, check.id).toBeGreaterThanOrEqual(0);
      for (const audit of [enAudit, frAudit]) {
        expect((audit.items as Record<string, { title?: string }>)[check.id]?.title, check.id).toBeTruthy();
      }
    }
  });

  it('makes the categories, in report order, from the checks', () => {
    expect(CATEGORIES.map((c) => c.id)).toEqual(CATEGORY_IDS);
    expect(CATEGORIES.flatMap((c) => c.checks)).toHaveLength(CHECKS.length);
    for (const category of CATEGORIES) expect(category.checks.length, category.id).toBeGreaterThan(0);
  });

  it('needs only resources the audit fetches, and every resource fetched serves a check', () => {
    const fetched = AUDIT_STEPS.filter((s) => s !== 'analysis' && s !== 'page');
    const needed = new Set(CHECKS.flatMap((c) => c.needs));
    expect([...needed].sort()).toEqual([...fetched].sort());
  });
});

describe('the number of checks in the copy', () => {
  const localeFiles = ['en', 'fr'].flatMap((lang) =>
    readdirSync(path.resolve('src/i18n/locales', lang)).map((f) => path.resolve('src/i18n/locales', lang, f)),
  );
  const articles = ['en', 'fr'].flatMap((lang) =>
    readdirSync(path.resolve('content/blog', lang)).map((f) => path.resolve('content/blog', lang, f)),
  );
  // "30 checks", "31 vérifications", "30 contrôles": a count of the audit's checks written in figures.
  const WRITTEN_COUNT = /\b\d+[\s\u00a0\u202f]+(?:checks|vérifications|contrôles)\b/i;

  it('is never written in figures: it is {{checks}}, filled from the registry', () => {
    const offenders = [...localeFiles, ...articles].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, where: `${path.relative(process.cwd(), file)}:${i + 1}` }))
        .filter(({ line }) => WRITTEN_COUNT.test(line))
        .map(({ where, line }) => `${where}: ${line.trim().slice(0, 100)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('is stated where the site states it: the stat grids of home, About and Services, the FAQ and the AI Act statement', () => {
    const uses = localeFiles.filter((file) => readFileSync(file, 'utf8').includes('{{checks}}'));
    expect(uses.map((f) => path.relative('src/i18n/locales', f)).sort()).toEqual([
      'en/about.json',
      'en/aiAct.json',
      'en/faq.json',
      'en/home.json',
      'en/services.json',
      'fr/about.json',
      'fr/aiAct.json',
      'fr/faq.json',
      'fr/home.json',
      'fr/services.json',
    ]);
  });
});
