import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { isTitleCase, straightApostrophes } from '../../support/copy-case.ts';
import { phrases } from '../../support/copy-style.ts';

// Sentence case for English labels and one apostrophe (’) in both languages (docs/copy-style.md),
// over every locale file and every article. Rules: tests/support/copy-case.ts.

const LOCALES = path.resolve('src/i18n/locales');
const ARTICLES = path.resolve('content/blog');
const LANGS = ['en', 'fr'] as const;

/**
 * Offenses in files another branch of issue 38 owns (home, services, FAQ, guide, blog): listed here
 * so that the rule holds everywhere else now, and so that "nothing is pending" fails until the lead
 * applies these fixes after merging, then empties this list. Each entry must still offend.
 */
const PENDING: readonly string[] = [];

/** Document titles quoted as their publishers write them (the sources a page cites). */
const QUOTED_TITLES = /^sources\.titles\./;

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;

/** Every offense of the rules, named `rule: file key` (or `rule: file` for an article). */
function offenses(): Map<string, string> {
  const found = new Map<string, string>();
  for (const lang of LANGS) {
    for (const file of readdirSync(path.join(LOCALES, lang)).filter((f) => f.endsWith('.json'))) {
      for (const [key, value] of phrases(read(path.join(LOCALES, lang, file)))) {
        const at = `${lang}/${file} ${key}`;
        if (
          lang === 'en' &&
          !key.endsWith('(value + label)') &&
          !QUOTED_TITLES.test(key) &&
          isTitleCase(value)
        )
          found.set(`title case: ${at}`, value);
        const straight = straightApostrophes(value);
        if (straight.length > 0) found.set(`apostrophe: ${at}`, straight.join(' | '));
      }
    }
    for (const file of readdirSync(path.join(ARTICLES, lang)).filter((f) => f.endsWith('.md'))) {
      const raw = readFileSync(path.join(ARTICLES, lang, file), 'utf8');
      const at = `${lang}/${file}`;
      const straight = straightApostrophes(raw);
      if (straight.length > 0) found.set(`apostrophe: ${at}`, straight.join(' | '));
      if (lang !== 'en') continue;
      const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(raw);
      const title = (parseYaml(front?.[1] ?? '') as { title?: string } | null)?.title;
      const headings = raw.split('\n').filter((line) => /^#{1,6} /.test(line));
      for (const label of [title ?? '', ...headings.map((h) => h.replace(/^#+ /, ''))])
        if (isTitleCase(label)) found.set(`title case: ${at} “${label}”`, label);
    }
  }
  return found;
}

describe('sentence case and one apostrophe', () => {
  const found = offenses();

  it('every English label is in sentence case and every text uses ’, but for the pending list', () => {
    const unexpected = [...found].filter(([where]) => !PENDING.includes(where));
    expect(unexpected.map(([where, text]) => `${where}: ${text}`).join('\n')).toBe('');
  });

  it('lists as pending only what still offends', () => {
    expect(PENDING.filter((where) => !found.has(where))).toEqual([]);
  });

  it('has nothing pending: the lead applies these fixes after merging, then empties PENDING', () => {
    expect(PENDING.map((where) => `${where}: ${found.get(where) ?? ''}`)).toEqual([]);
  });
});

describe('the sentence case rule', () => {
  it('refuses Title Case labels and accepts sentence case, names and acronyms', () => {
    for (const label of ['Join the Waitlist', 'Most Popular', 'About the Author', 'Go Back', 'Who It’s For'])
      expect(isTitleCase(label), label).toBe(true);
    for (const label of [
      'Join the waitlist',
      'Audit your site',
      'Download JSON',
      'Our AI Visibility Audit',
      'EU AI Act: no prohibited or high-risk AI (self-assessed)',
      'Open in ChatGPT',
      'GEO Platform',
      'Ask GEO Platform a question. We Reply Fast.',
      'Analyze',
    ])
      expect(isTitleCase(label), label).toBe(false);
  });

  it('finds straight apostrophes in prose, not in code or URLs', () => {
    expect(straightApostrophes('We’re here, it’s fine')).toEqual([]);
    expect(straightApostrophes("We're here")).toHaveLength(1);
    expect(straightApostrophes("the authors' benchmark")).toHaveLength(1);
    expect(straightApostrophes("Run `echo 'hi'` or see https://x.example/it's")).toEqual([]);
  });
});
