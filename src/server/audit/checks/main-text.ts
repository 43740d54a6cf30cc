import { msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import { countWords, type Span } from '../read/page-text.ts';
import type { Message } from '../types.ts';

// Can an answer engine quote the page? Text in the server's HTML, a clear outline, an answer up
// front, and structured passages.

/** Below this the HTML is an empty shell (or nearly): nothing to read without running scripts. */
export const SHELL_WORDS = 50;

/** Below this the text is thin: answer engines prefer pages that cover their question. */
const THIN_WORDS = 300;

const SOURCE_TAG = { main: '<main>', article: '<article>', body: '<body>' } as const;

/**
 * Whether a short text is thin for this page (issue 36): an article or an answer page should cover
 * its question, but a product page is judged by its product's facts, a local business by where and
 * when it opens, and a reference page by its code listings, not by their word count.
 */
function isJudgedByLength(ctx: AuditContext): boolean {
  const { type } = ctx.pageType;
  if (type === 'product' || type === 'localBusiness') return false;
  return !(type === 'documentation' && ctx.page.main.preformatted > 0);
}

export function mainText(ctx: AuditContext): Verdict {
  const { main, scripts, emptyMount } = ctx.page;
  const source = SOURCE_TAG[main.source];
  if (main.words < SHELL_WORDS) {
    const evidence: Message[] =
      scripts > 0
        ? [msg('items.mainText.evidence.shell', { count: main.words, scripts })]
        : [msg('items.mainText.evidence.almostEmpty', { count: main.words })];
    if (emptyMount) evidence.push(msg('items.mainText.evidence.mount', { id: clip(emptyMount, 40) }));
    const recommendation =
      scripts > 0 ? msg('items.mainText.recommendation.render') : msg('items.mainText.recommendation.write');
    // Nothing to quote in the HTML as sent: like a page closed to every crawler (decision 063).
    return { ...verdict('fail', evidence, recommendation), blocks: true };
  }
  if (main.words < THIN_WORDS && isJudgedByLength(ctx)) {
    const evidence = [msg('items.mainText.evidence.thin', { count: main.words, source })];
    return verdict('warning', evidence, msg('items.mainText.recommendation.expand'));
  }
  return verdict('pass', [msg('items.mainText.evidence.words', { count: main.words, source })]);
}

export function headings(ctx: AuditContext): Verdict {
  const all = ctx.page.headings;
  const h1s = all.filter((h) => h.level === 1);
  const evidence: Message[] = [];
  if (h1s.length === 0) evidence.push(msg('items.headings.evidence.noH1'));
  else if (h1s.length === 1)
    evidence.push(msg('items.headings.evidence.oneH1', { text: clip(h1s[0]!.text, 80) }));
  else evidence.push(msg('items.headings.evidence.manyH1', { count: h1s.length }));
  // A skip is a step down of more than one level (h2 → h4); going back up any number is normal.
  const skips = all.flatMap((h, i) =>
    i > 0 && h.level > all[i - 1]!.level + 1 ? [{ from: all[i - 1]!, to: h }] : [],
  );
  const first = skips[0];
  if (first) {
    evidence.push(
      msg('items.headings.evidence.skips', {
        count: skips.length,
        from: first.from.level,
        to: first.to.level,
        text: clip(first.to.text, 60),
      }),
    );
  } else if (all.length > 1) {
    evidence.push(msg('items.headings.evidence.ordered', { count: all.length }));
  }
  if (h1s.length === 0) return verdict('fail', evidence, msg('items.headings.recommendation.h1'));
  if (h1s.length > 1) return verdict('warning', evidence, msg('items.headings.recommendation.h1'));
  if (first) return verdict('warning', evidence, msg('items.headings.recommendation.order'));
  return verdict('pass', evidence);
}

/** The answer must start within this many words of the h1 (or of the start of the main text). */
const ANSWER_WITHIN_WORDS = 150;

/** Bylines, dates and labels are paragraphs too: the answer is the first one with this many words. */
const ANSWER_MIN_CANDIDATE = 8;

const ANSWER_WORDS = { min: 15, max: 100 };

/** Openings that lean on what came before ("It…", "But…"): the paragraph does not stand alone. */
const DEPENDENT_WORDS = [
  ...['it', 'its', 'they', 'them', 'this is', 'these are', 'that is', 'he', 'she'],
  ...['but', 'and', 'also', 'however', 'so'],
  ...['il', 'elle', 'ils', 'elles', 'mais', 'et', 'donc', 'aussi', 'cependant', 'cela', 'ceci', 'ça'],
];

const DEPENDENT_START = new RegExp(`^(${DEPENDENT_WORDS.join('|')})(?![\\p{L}\\p{N}])`, 'iu');

/** Sentence-final punctuation, possibly followed by closing quotes or brackets. */
const SENTENCE_END = /[.!?…。！？]["'”’»)\]]*$/u;

function firstParagraph(ctx: AuditContext): { span: Span; wordsBefore: number } | undefined {
  const { main } = ctx.page;
  const from = main.h1?.end ?? 0;
  for (const span of main.paragraphs) {
    if (span.start < from) continue;
    const wordsBefore = countWords(main.text.slice(from, span.start));
    if (wordsBefore > ANSWER_WITHIN_WORDS) return undefined;
    if (countWords(main.text.slice(span.start, span.end)) >= ANSWER_MIN_CANDIDATE)
      return { span, wordsBefore };
  }
  return undefined;
}

function answerProblems(text: string, words: number): Message[] {
  const problems: Message[] = [];
  if (words < ANSWER_WORDS.min) problems.push(msg('items.directAnswer.evidence.tooShort'));
  if (words > ANSWER_WORDS.max) problems.push(msg('items.directAnswer.evidence.tooLong', { count: words }));
  if (!SENTENCE_END.test(text)) problems.push(msg('items.directAnswer.evidence.unfinished'));
  const dependent = DEPENDENT_START.exec(text);
  if (dependent)
    problems.push(msg('items.directAnswer.evidence.dependent', { word: clip(dependent[0], 20) }));
  return problems;
}

export function directAnswer(ctx: AuditContext): Verdict {
  const found = firstParagraph(ctx);
  if (!found) {
    return verdict(
      'warning',
      [msg('items.directAnswer.evidence.none', { count: ANSWER_WITHIN_WORDS })],
      msg('items.directAnswer.recommendation.answer'),
    );
  }
  const text = ctx.page.main.text.slice(found.span.start, found.span.end).trim();
  const words = countWords(text);
  const evidence = [msg('items.directAnswer.evidence.found', { count: words, excerpt: clip(text, 100) })];
  const problems = answerProblems(text, words);
  if (problems.length === 0) return verdict('pass', evidence);
  return verdict('warning', [...evidence, ...problems], msg('items.directAnswer.recommendation.answer'));
}

export function listsTables(ctx: AuditContext): Verdict {
  const { lists, tables } = ctx.page.main;
  const evidence = [msg('items.listsTables.evidence.counts', { lists, tables })];
  if (lists + tables > 0) return verdict('pass', evidence);
  return verdict('warning', evidence, msg('items.listsTables.recommendation.add'));
}
