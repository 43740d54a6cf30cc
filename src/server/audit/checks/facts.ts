import { msg, verdict, type Verdict } from '../check.ts';
import { bareHost } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';

// Verifiable facts in the main text: figures, percentages, dates and links to other sites.

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

export function facts(ctx: AuditContext): Verdict {
  const dates = countAndBlank(ctx.page.main.text, DATE_PATTERN);
  const percentages = countAndBlank(dates.rest, PERCENT_PATTERN);
  const figures = countAndBlank(percentages.rest, FIGURE_PATTERN);
  const own = bareHost(ctx.page.url.hostname);
  const external = new Set(
    ctx.page.main.links
      .filter((href) => bareHost(new URL(href).hostname) !== own)
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
  if (factCount >= 3 && external.size >= 1) return verdict('pass', evidence);
  const status = factCount + external.size === 0 ? 'fail' : 'warning';
  return verdict(status, evidence, msg('items.facts.recommendation.add'));
}
