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
const PENDING: readonly string[] = [
  'title case: en/blog.json featured',
  'title case: en/blog.json allArticles',
  'title case: en/blog.json clear',
  'title case: en/blog.json article.share',
  'title case: en/blog.json article.aboutAuthor',
  'title case: en/blog.json article.related',
  'title case: en/blog.json article.audit',
  'title case: en/blog.json article.services',
  'title case: en/home.json audience.title',
  'title case: en/services.json catalogue.onRequest',
  'title case: en/ai-visibility-tracking-guide.md “Measuring AI Visibility: Citations, Attribution and Recommendations”',
  'title case: en/brands-primary-sources-ai-2025.md “How Brands Become Primary Sources for AI Assistants”',
  'title case: en/ultimate-geo-guide-2025.md “The Ultimate Guide to Generative Engine Optimization (GEO)”',
  'apostrophe: en/blog.json article.copiedText',
  'apostrophe: en/faq.json groups.0.items.4.a',
  'apostrophe: en/faq.json groups.1.items.2.a',
  'apostrophe: en/faq.json groups.2.items.3.a',
  'apostrophe: en/faq.json groups.6.items.2.a',
  'apostrophe: en/faqsets.json sets.product.3.a',
  'apostrophe: en/guide.json definition.text',
  'apostrophe: en/guide.json phases.items.0.tasks.0',
  'apostrophe: en/guide.json caseStudies.items.healthcare.keyStrategies.0',
  'apostrophe: en/guide.json caseStudies.items.financial-services.keyStrategies.0',
  'apostrophe: en/guide.json caseStudies.items.professional-services.keyStrategies.0',
  'apostrophe: en/guide.json caseStudies.items.travel-hospitality.keyStrategies.5',
  'apostrophe: en/home.json audience.title',
  'apostrophe: en/services.json proof.items.2 (value + label)',
  'apostrophe: en/services.json catalogue.included',
  'apostrophe: en/services.json items.ai-visibility-audit.features.0',
  'apostrophe: en/ai-platform-optimization-strategies.md',
  'apostrophe: en/ai-visibility-tracking-guide.md',
  'apostrophe: en/brands-primary-sources-ai-2025.md',
  'apostrophe: en/seo-to-geo-ai-citation-digital-currency.md',
  'apostrophe: en/strategic-ai-compliance-excellence.md',
  'apostrophe: en/ultimate-geo-guide-2025.md',
];

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
