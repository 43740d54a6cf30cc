import { list, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import { isoDay, monthsBetween, parseDate, withinMonths } from '../read/dates.ts';
import { metaByName, metaByProperty } from '../read/html.ts';
import { hasType, present, prop, textOf } from '../read/jsonld.ts';
import type { Message } from '../types.ts';
import { ARTICLE_TYPES, isOrganization } from './json-ld.ts';

// Who stands behind the text and when: author, dates, and how fresh the page is. Dates are read
// from every structured form Google documents for articles ("Article (Article, NewsArticle,
// BlogPosting) structured data", Google Search Central: JSON-LD, microdata or RDFa, with
// datePublished and dateModified in ISO 8601), from Open Graph's article:* tags, `<time datetime>`,
// the Last-Modified header and the sitemap.

/** Microdata values of one property that are real dates (ISO 8601, as schema.org Date expects). */
function itemDates(ctx: AuditContext, property: 'datePublished' | 'dateModified'): string[] {
  return ctx.page.itemDates
    .filter((d) => d.property === property && parseDate(d.value) !== undefined)
    .map((d) => d.value);
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
  if (itemDates(ctx, 'datePublished').length > 0) sources.push('microdata datePublished');
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
export function authorDate(ctx: AuditContext): Verdict {
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
  if (found === 2) return verdict('pass', evidence);
  return verdict(found === 1 ? 'warning' : 'fail', evidence, msg('items.authorDate.recommendation.add'));
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
    ['microdata dateModified', () => latest(itemDates(ctx, 'dateModified'))],
    ['article:modified_time', () => latest(metaByProperty(ctx.page, 'article:modified_time'))],
    ['og:updated_time', () => latest(metaByProperty(ctx.page, 'og:updated_time'))],
    ['Last-Modified', () => latest([ctx.input.page.headers['last-modified']])],
    ['sitemap lastmod', () => latest([sitemapLastmod])],
    // Without an update date, the publication date is the last known state of the text.
    ['JSON-LD datePublished', () => latest(jsonLdDates('datePublished'))],
    ['microdata datePublished', () => latest(itemDates(ctx, 'datePublished'))],
    ['article:published_time', () => latest(metaByProperty(ctx.page, 'article:published_time'))],
    // Last, the dates the page shows in <time datetime>: the latest is as recent as the text gets.
    ['<time datetime>', () => latest(ctx.page.times)],
  ];
  for (const [source, read] of candidates) {
    const date = read();
    if (date) return { date, source };
  }
  return undefined;
}

export function freshness(ctx: AuditContext): Verdict {
  const found = updateDate(ctx);
  if (!found) {
    return verdict(
      'warning',
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
  if (withinMonths(found.date, now, 12)) return verdict('pass', evidence);
  const status = withinMonths(found.date, now, 24) ? 'warning' : 'fail';
  return verdict(status, evidence, msg('items.freshness.recommendation.update'));
}
