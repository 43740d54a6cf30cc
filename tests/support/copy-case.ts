// Two rules of docs/copy-style.md that a machine can check on every string, used by
// tests/i18n/locales/copy-case.test.ts:
//
//   - English labels (headings, buttons, badges, table heads: the short strings without a sentence's
//     final stop) are in sentence case: only the first word and proper nouns take a capital.
//     "Join the waitlist", not "Join the Waitlist". Product and other proper names pass through
//     PROPER_NOUNS; acronyms (AI, GEO, JSON) always pass.
//   - One apostrophe in both languages, the typographic ’ (U+2019), never the straight ' (U+0027),
//     outside code, URLs and placeholders (stripTechnical, as for the other copy rules).

import { stripTechnical } from './french-typography.ts';

/**
 * Names, not Title Case: products, services (the names docs/copy-style.md fixes), companies,
 * languages and laws. Whole phrases are taken out before a label is judged, so "AI Visibility Audit"
 * passes and "Content Strategy" alone does not. Add a name here rather than lower-casing it.
 */
export const PROPER_NAMES: readonly string[] = [
  'GEO Platform',
  'AI Visibility Audit',
  'Technical GEO Implementation',
  'GEO Content Strategy',
  'AI Visibility Monitoring & Analytics',
  'Complete AI Transformation',
  'AI Compliance Consulting',
  'Core Web Vitals',
  'AI Overviews',
  'AI Mode',
  'Google Search Central',
  'AI Act',
  'European Union',
  'European Commission',
  'Jane Smith',
  'Example Co',
  ...`ChatGPT Perplexity Gemini Claude Copilot Google Microsoft OpenAI Anthropic Bing Markdown
     Lighthouse Supabase LinkedIn GitHub English French Français Schema.org SaaS`.split(/\s+/),
];

const SMALL_WORDS = new Set(
  'a an the and or nor but of to in on at by for from with as vs via per into onto over is it its your our'.split(
    ' ',
  ),
);

/**
 * Whether a label is in Title Case: after its first word, every word that is neither small, an
 * acronym, a number nor a proper noun starts with a capital, and there is at least one such word.
 * A string with a sentence's final stop, or longer than eight words, is prose, not a label.
 */
export function isTitleCase(raw: string): boolean {
  let text = stripTechnical(raw, '0').trim();
  // A sentence's stop, at the end or inside, makes it prose.
  if (/[.!?…]$|[.!?…] /.test(text)) return false;
  for (const name of PROPER_NAMES) text = text.split(name).join('x');
  const words = text.split(/[\s\u00a0]+/).filter((w) => /\p{L}/u.test(w));
  if (words.length < 2 || words.length > 8) return false;
  const judged = words
    .slice(1)
    .map((w) => w.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
    .filter((w) => w !== '' && !SMALL_WORDS.has(w.toLowerCase()) && !/^[\p{Lu}\d.+-]{2,}s?$/u.test(w));
  return judged.length > 0 && judged.every((w) => /^\p{Lu}/u.test(w));
}

/** Straight apostrophes in prose (code, URLs and placeholders removed), with a little context. */
export function straightApostrophes(raw: string): string[] {
  const text = stripTechnical(raw);
  return [...text.matchAll(/\p{L}'|'\p{L}/gu)].map((m) =>
    text.slice(Math.max(0, m.index - 15), m.index + 15).replace(/\n/g, '⏎'),
  );
}
