import { list, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import { isoDay, monthsBetween, parseDate, withinMonths } from '../read/dates.ts';
import { metaByName, metaByProperty } from '../read/html.ts';
import { textsOf, type Entity } from '../structured/graph.ts';
import { authorOf, isSomeoneElses, publisherOf, siteIdentities } from '../structured/main-entity.ts';
import { SCHEMA_ORG } from '../structured/vocabulary.ts';
import type { Message } from '../types.ts';
import { syntaxOf } from './structured-data.ts';

// Who stands behind the text and when: author, dates, and how fresh the page is. Dates are read
// from every structured form Google documents for articles ("Article (Article, NewsArticle,
// BlogPosting) structured data", Google Search Central: JSON-LD, microdata or RDFa, with
// datePublished and dateModified in ISO 8601), from Open Graph's article:* tags, `<time datetime>`,
// the Last-Modified header and the sitemap. Authors and dates come from the page's own entities,
// its main entity first, never from a customer review, an offer or a list item (issue 36).

/** The entity whose author and dates are the page's: an article, else the page's main entity. */
function subjectOf(ctx: AuditContext): Entity | undefined {
  const main = ctx.main?.entity;
  if (main && SCHEMA_ORG.isA(main.types, 'Article')) return main;
  const { entities } = ctx.structured;
  return entities.find((e) => SCHEMA_ORG.isA(e.types, 'Article') && !isSomeoneElses(e, entities)) ?? main;
}

/** The page's own entities (none of someone else's), its subject first: where its dates are read. */
function ownEntities(ctx: AuditContext): Entity[] {
  const { entities } = ctx.structured;
  const subject = subjectOf(ctx);
  const own = entities.filter((e) => e !== subject && !isSomeoneElses(e, entities));
  return subject ? [subject, ...own] : own;
}

/** Dates of a property on the page's own entities: each real date with the syntax it came from. */
function entityDates(ctx: AuditContext, property: string): { date: Date; source: string }[] {
  return ownEntities(ctx).flatMap((e) =>
    textsOf(e, property).flatMap((text) => {
      const date = parseDate(text);
      return date ? [{ date, source: `${syntaxOf(e)} ${property}` }] : [];
    }),
  );
}

interface Signals {
  sources: string[];
  name: string | undefined;
}

function authorSignals(ctx: AuditContext, publisherCounts: boolean): Signals {
  const sources: string[] = [];
  let name: string | undefined;
  // The article's own author first: the markup says whose text it is; a meta tag is site-wide often.
  const subject = subjectOf(ctx);
  const authors = authorOf(ctx.structured, subject);
  if (subject && authors.length > 0) {
    sources.push(`${syntaxOf(subject)} author`);
    name = authors.find((a) => a.name)?.name;
  }
  const meta = metaByName(ctx.page, 'author').find((c) => c !== '');
  if (meta) {
    sources.push('meta author');
    name ??= meta;
  }
  const relAuthor = [...ctx.page.links, ...ctx.page.anchors].some((l) => l.rel.includes('author'));
  if (relAuthor) sources.push('rel=author');
  if (publisherCounts && sources.length === 0) {
    const publisher =
      publisherOf(ctx.structured, subject).find((p) => p.entity || p.name) ??
      siteIdentities(ctx.structured, subject)
        .filter((e) => SCHEMA_ORG.isA(e.types, 'Organization'))
        .map((e) => ({ entity: e, name: textsOf(e, 'name')[0] }))[0];
    if (publisher) {
      sources.push(publisher.entity ? `${syntaxOf(publisher.entity)} publisher` : 'publisher');
      name = publisher.name;
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
  sources.push(...new Set(entityDates(ctx, 'datePublished').map((d) => d.source)));
  // A page that is not an article is dated by its last update (markup, sitemap or HTTP header).
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
  const article = ctx.pageType.type === 'article' || isArticleOg(ctx);
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

/** The latest of dates, with where it was read. */
function latestOf(found: { date: Date; source: string }[]): { date: Date; source: string } | undefined {
  return [...found].sort((a, b) => b.date.getTime() - a.date.getTime())[0];
}

/** The latest valid date among texts. */
function latest(texts: (string | undefined)[]): Date | undefined {
  const dates = texts.map(parseDate).filter((d): d is Date => d !== undefined);
  return dates.sort((a, b) => b.getTime() - a.getTime())[0];
}

/** Where the page's last update can be read, most telling first. */
function updateDate(ctx: AuditContext): { date: Date; source: string } | undefined {
  const sitemapLastmod = ctx.sitemap.kind === 'valid' ? ctx.sitemap.pageLastmod : undefined;
  const dated = (source: string, date: Date | undefined) => (date ? { date, source } : undefined);
  const candidates: (() => { date: Date; source: string } | undefined)[] = [
    () => latestOf(entityDates(ctx, 'dateModified')),
    () => dated('article:modified_time', latest(metaByProperty(ctx.page, 'article:modified_time'))),
    () => dated('og:updated_time', latest(metaByProperty(ctx.page, 'og:updated_time'))),
    () => dated('Last-Modified', latest([ctx.input.page.headers['last-modified']])),
    () => dated('sitemap lastmod', latest([sitemapLastmod])),
    // Without an update date, the publication date is the last known state of the text.
    () => latestOf(entityDates(ctx, 'datePublished')),
    () => dated('article:published_time', latest(metaByProperty(ctx.page, 'article:published_time'))),
    // Last, the dates the page shows in <time datetime>: the latest is as recent as the text gets.
    () => dated('<time datetime>', latest(ctx.page.times)),
  ];
  for (const read of candidates) {
    const found = read();
    if (found) return found;
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
