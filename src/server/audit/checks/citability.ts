import { clip } from '../clip.ts';
import type { Finding, Message } from '../types.ts';
import { category, type AuditContext } from './context.ts';
import { isoDay, monthsBetween, parseDate, withinMonths } from './dates.ts';
import { finding, list, msg } from './finding.ts';
import { countWords, metaByName, metaByProperty, type Span } from './html.ts';
import { hasType, present, prop, textOf } from './jsonld.ts';
import { ARTICLE_TYPES, isOrganization } from './structured-data.ts';

// Can an answer engine quote the page? Text in the server's HTML, a clear outline, an answer up
// front, structured passages, verifiable facts, who wrote it and when, and described images.

/** Below this the HTML is an empty shell (or nearly): nothing to read without running scripts. */
const SHELL_WORDS = 50;
/** Below this the text is thin: answer engines prefer pages that cover their question. */
const THIN_WORDS = 300;

const SOURCE_TAG = { main: '<main>', article: '<article>', body: '<body>' } as const;

function mainText(ctx: AuditContext): Finding {
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
    return finding('mainText', 'fail', 2, evidence, recommendation);
  }
  if (main.words < THIN_WORDS) {
    const evidence = [msg('items.mainText.evidence.thin', { count: main.words, source })];
    return finding('mainText', 'warning', 2, evidence, msg('items.mainText.recommendation.expand'));
  }
  return finding('mainText', 'pass', 2, [
    msg('items.mainText.evidence.words', { count: main.words, source }),
  ]);
}

function headings(ctx: AuditContext): Finding {
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
  if (h1s.length === 0)
    return finding('headings', 'fail', 1, evidence, msg('items.headings.recommendation.h1'));
  if (h1s.length > 1)
    return finding('headings', 'warning', 1, evidence, msg('items.headings.recommendation.h1'));
  if (first) return finding('headings', 'warning', 1, evidence, msg('items.headings.recommendation.order'));
  return finding('headings', 'pass', 1, evidence);
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

function directAnswer(ctx: AuditContext): Finding {
  const found = firstParagraph(ctx);
  if (!found) {
    return finding(
      'directAnswer',
      'warning',
      1,
      [msg('items.directAnswer.evidence.none', { count: ANSWER_WITHIN_WORDS })],
      msg('items.directAnswer.recommendation.answer'),
    );
  }
  const text = ctx.page.main.text.slice(found.span.start, found.span.end).trim();
  const words = countWords(text);
  const evidence = [msg('items.directAnswer.evidence.found', { count: words, excerpt: clip(text, 100) })];
  const problems = answerProblems(text, words);
  if (problems.length === 0) return finding('directAnswer', 'pass', 1, evidence);
  return finding(
    'directAnswer',
    'warning',
    1,
    [...evidence, ...problems],
    msg('items.directAnswer.recommendation.answer'),
  );
}

function listsTables(ctx: AuditContext): Finding {
  const { lists, tables } = ctx.page.main;
  const evidence = [msg('items.listsTables.evidence.counts', { lists, tables })];
  if (lists + tables > 0) return finding('listsTables', 'pass', 0.5, evidence);
  return finding('listsTables', 'warning', 0.5, evidence, msg('items.listsTables.recommendation.add'));
}

// Citable facts in the main text. Dates are taken out first, then percentages, so that "2024" or
// "45 %" are not also counted as plain figures.
const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|' +
  'oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[uû]t|' +
  'septembre|octobre|novembre|d[ée]cembre';
const DATE_PATTERN = new RegExp(
  [
    String.raw`\b\d{4}-\d{2}-\d{2}\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th|er)?\s+(?:${MONTHS})\.?\s+\d{4}\b`,
    String.raw`\b(?:${MONTHS})\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b`,
    String.raw`\b(?:${MONTHS})\s+\d{4}\b`,
    String.raw`\b\d{1,2}/\d{1,2}/\d{4}\b`,
    String.raw`\b(?:19|20)\d{2}\b`,
  ].join('|'),
  'giu',
);
const PERCENT_PATTERN = /(?<![\p{L}\p{N}])\d+(?:[.,]\d+)?\s?(?:%|percent\b|pour\s?cent\b)/giu;
// A figure: an amount ("€3,000"), a grouped number ("1 200", "1,250.5"), a decimal, or two digits or more.
const FIGURE_PATTERN = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:[$€£¥]\s?\d[\d.,]*|\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|` +
    String.raw`\d+[.,]\d+|\d{2,})(?![\p{L}\p{N}])`,
  'gu',
);

function countAndBlank(text: string, pattern: RegExp): { count: number; rest: string } {
  let count = 0;
  const rest = text.replace(pattern, (match) => {
    count++;
    return ' '.repeat(match.length);
  });
  return { count, rest };
}

function siteOf(hostname: string): string {
  return hostname.replace(/^www\./, '');
}

function facts(ctx: AuditContext): Finding {
  const dates = countAndBlank(ctx.page.main.text, DATE_PATTERN);
  const percentages = countAndBlank(dates.rest, PERCENT_PATTERN);
  const figures = countAndBlank(percentages.rest, FIGURE_PATTERN);
  const own = siteOf(ctx.page.url.hostname);
  const external = new Set(
    ctx.page.main.links
      .filter((href) => siteOf(new URL(href).hostname) !== own)
      .map((href) => href.split('#')[0]),
  );
  const values = {
    figures: figures.count,
    percentages: percentages.count,
    dates: dates.count,
    links: external.size,
  };
  const evidence = [msg('items.facts.evidence.counts', values)];
  const factCount = figures.count + percentages.count + dates.count;
  if (factCount >= 3 && external.size >= 1) return finding('facts', 'pass', 1, evidence);
  const status = factCount + external.size === 0 ? 'fail' : 'warning';
  return finding('facts', status, 1, evidence, msg('items.facts.recommendation.add'));
}

interface Signals {
  sources: string[];
  name: string | undefined;
}

function authorSignals(ctx: AuditContext, publisherCounts: boolean): Signals {
  const sources: string[] = [];
  let name: string | undefined;
  const meta = metaByName(ctx.page, 'author').find((c) => c !== '');
  if (meta) {
    sources.push('meta author');
    name = meta;
  }
  const authored = ctx.jsonLd.entities.find((node) => present(ctx.jsonLd, node, 'author'));
  if (authored) {
    sources.push('JSON-LD author');
    name ??= textOf(prop(ctx.jsonLd, authored, 'author'));
  }
  const relAuthor = [...ctx.page.links, ...ctx.page.anchors].some((l) => l.rel.includes('author'));
  if (relAuthor) sources.push('rel=author');
  if (publisherCounts && sources.length === 0) {
    const publisher = ctx.jsonLd.entities.find(
      (node) => present(ctx.jsonLd, node, 'publisher') || isOrganization(node),
    );
    if (publisher) {
      sources.push('JSON-LD publisher');
      name = textOf(
        isOrganization(publisher)
          ? prop(ctx.jsonLd, publisher, 'name')
          : prop(ctx.jsonLd, publisher, 'publisher'),
      );
    }
  }
  return { sources, name };
}

function dateSignals(ctx: AuditContext, updateCounts: boolean): string[] {
  const sources: string[] = [];
  if (ctx.page.times.length > 0) sources.push('<time datetime>');
  if (metaByProperty(ctx.page, 'article:published_time').some((c) => c !== '')) {
    sources.push('article:published_time');
  }
  if (ctx.jsonLd.entities.some((node) => present(ctx.jsonLd, node, 'datePublished'))) {
    sources.push('JSON-LD datePublished');
  }
  // A page that is not an article is dated by its last update (JSON-LD, sitemap or HTTP header).
  if (updateCounts && sources.length === 0) {
    const updated = updateDate(ctx);
    if (updated) sources.push(updated.source);
  }
  return sources;
}

/**
 * Who stands behind the text and when. An article needs a named author and a publication date; any
 * other page (home, product, pricing) is vouched for by its publisher and dated by its last update.
 */
function authorDate(ctx: AuditContext): Finding {
  const article = ctx.jsonLd.entities.some((node) => hasType(node, ARTICLE_TYPES)) || isArticleOg(ctx);
  const author = authorSignals(ctx, !article);
  const dates = dateSignals(ctx, !article);
  const evidence: Message[] = [];
  if (author.sources.length === 0) evidence.push(msg('items.authorDate.evidence.noAuthor'));
  else if (author.name) {
    const values = { name: clip(author.name, 60), sources: list(author.sources) };
    evidence.push(msg('items.authorDate.evidence.authorNamed', values));
  } else evidence.push(msg('items.authorDate.evidence.author', { sources: list(author.sources) }));
  if (dates.length === 0) evidence.push(msg('items.authorDate.evidence.noDate'));
  else evidence.push(msg('items.authorDate.evidence.date', { sources: list(dates) }));
  const found = (author.sources.length > 0 ? 1 : 0) + (dates.length > 0 ? 1 : 0);
  if (found === 2) return finding('authorDate', 'pass', 1, evidence);
  return finding(
    'authorDate',
    found === 1 ? 'warning' : 'fail',
    1,
    evidence,
    msg('items.authorDate.recommendation.add'),
  );
}

const isArticleOg = (ctx: AuditContext) => metaByProperty(ctx.page, 'og:type').includes('article');

/** The latest valid date among texts. */
function latest(texts: (string | undefined)[]): Date | undefined {
  const dates = texts.map(parseDate).filter((d): d is Date => d !== undefined);
  return dates.sort((a, b) => b.getTime() - a.getTime())[0];
}

/** Where the page's last update can be read, most telling first. */
function updateDate(ctx: AuditContext): { date: Date; source: string } | undefined {
  const entities = ctx.jsonLd.entities;
  const jsonLdDates = (name: string) => entities.map((node) => textOf(prop(ctx.jsonLd, node, name)));
  const sitemapLastmod = ctx.sitemap.kind === 'valid' ? ctx.sitemap.pageLastmod : undefined;
  const candidates: [string, () => Date | undefined][] = [
    ['JSON-LD dateModified', () => latest(jsonLdDates('dateModified'))],
    ['article:modified_time', () => latest(metaByProperty(ctx.page, 'article:modified_time'))],
    ['og:updated_time', () => latest(metaByProperty(ctx.page, 'og:updated_time'))],
    ['Last-Modified', () => latest([ctx.input.page.headers['last-modified']])],
    ['sitemap lastmod', () => latest([sitemapLastmod])],
    // Without an update date, the publication date is the last known state of the text.
    ['JSON-LD datePublished', () => latest(jsonLdDates('datePublished'))],
    ['article:published_time', () => latest(metaByProperty(ctx.page, 'article:published_time'))],
  ];
  for (const [source, read] of candidates) {
    const date = read();
    if (date) return { date, source };
  }
  return undefined;
}

function freshness(ctx: AuditContext): Finding {
  const found = updateDate(ctx);
  if (!found) {
    return finding(
      'freshness',
      'warning',
      1,
      [msg('items.freshness.evidence.unknown')],
      msg('items.freshness.recommendation.declare'),
    );
  }
  const { now } = ctx.input;
  const months = monthsBetween(found.date, now);
  const values = { updatedDate: isoDay(found.date), source: found.source };
  const evidence = [
    months === 0
      ? msg('items.freshness.evidence.recent', values)
      : msg('items.freshness.evidence.age', { ...values, count: months }),
  ];
  if (withinMonths(found.date, now, 12)) return finding('freshness', 'pass', 1, evidence);
  const status = withinMonths(found.date, now, 24) ? 'warning' : 'fail';
  return finding('freshness', status, 1, evidence, msg('items.freshness.recommendation.update'));
}

function imageAlt(ctx: AuditContext): Finding {
  const images = ctx.page.images.filter((i) => !i.decorative);
  if (images.length === 0) return finding('imageAlt', 'pass', 1, [msg('items.imageAlt.evidence.none')]);
  const withAlt = images.filter((i) => i.alt !== undefined);
  const decorative = withAlt.filter((i) => i.alt!.trim() === '').length;
  const share = withAlt.length / images.length;
  const evidence: Message[] = [
    msg('items.imageAlt.evidence.coverage', {
      withAlt: withAlt.length,
      total: images.length,
      percent: Math.floor(share * 100),
      decorative,
    }),
  ];
  if (share >= 0.9) return finding('imageAlt', 'pass', 1, evidence);
  const status = share >= 0.7 ? 'warning' : 'fail';
  return finding('imageAlt', status, 1, evidence, msg('items.imageAlt.recommendation.describe'));
}

/** Citability checks, in report order. */
export const citability = category('citability', [
  mainText,
  headings,
  directAnswer,
  listsTables,
  facts,
  authorDate,
  freshness,
  imageAlt,
]);
