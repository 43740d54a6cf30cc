import { ancestry, textsOf, valuesOf, type Entity, type StructuredData, type Value } from './graph.ts';
import { SCHEMA_ORG, type Vocabulary } from './vocabulary.ts';

// The entity a page is about, and who wrote and published it, read the way engines do: from the
// page's main entity, never from the reviews, offers and sellers nested in it. A product page's
// customer review has an author and an offer has a seller Organization; neither is the page's author
// or the site's identity (issue 36, "It takes the wrong entity").

/** Why an entity was taken as the page's main entity, strongest reason first. */
export type MainEntityReason =
  /** Its `mainEntityOfPage` is the page, or a WebPage of the page names it as its `mainEntity`. */
  | 'mainEntityOfPage'
  /** A top-level entity whose `url` or `@id` is the page. */
  | 'pageUrl'
  /** The only top-level entity of a type a page is about (Product, Article, Recipe, Event…). */
  | 'topLevelType';

export interface MainEntity {
  entity: Entity;
  reason: MainEntityReason;
}

/**
 * Properties under which an entity belongs to someone else: a review's author is a customer, an
 * offer's seller a merchant, a list's items other pages. An entity whose parent chain passes
 * through one of these is never the page's main entity, author, publisher or identity.
 */
const FOREIGN = new Set(['review', 'reviews', 'offers', 'seller', 'itemListElement']);
/** A product's brand and manufacturer are someone else's identity too, not the site's. */
const FOREIGN_TO_IDENTITY = new Set([...FOREIGN, 'brand', 'manufacturer']);

/**
 * Types a page is about when it carries one of them alone: the types Google documents rich results
 * for, with their subtypes (NewsArticle, BlogPosting and TechArticle are Articles; Restaurant is a
 * LocalBusiness). Organization and WebSite are not: every page of a site may carry them.
 */
export const PAGE_TYPES = [
  'Product',
  'Article',
  'Recipe',
  'Event',
  'LocalBusiness',
  'JobPosting',
  'VideoObject',
  'FAQPage',
  'QAPage',
  'Course',
  'Dataset',
] as const;

/**
 * An address in a form two spellings of one page share: resolved against the page, without its
 * fragment (`/item#product` is the page `/item`, as `@id`s with a fragment name things on the page)
 * and without a trailing slash (`/item/` and `/item` are served as one page by most sites; engines
 * fold them when one redirects to the other). Host case and default ports fold through URL parsing.
 * Undefined for what is no http(s) address (blank nodes `_:b0`, `mailto:`).
 */
export function pageAddress(value: string, base: string | URL): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.startsWith('_:')) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  // The fragment is left out here.
  return `${url.protocol}//${url.host}${path}${url.search}`;
}

/** Whether the entity is nested under one of `properties` anywhere up its parent chain. */
export function isNestedUnder(
  entity: Entity,
  entities: readonly Entity[],
  properties: ReadonlySet<string>,
): boolean {
  for (const { property } of ancestry(entity, entities)) if (properties.has(property)) return true;
  return false;
}

/**
 * Whether an entity belongs to someone else: nested under a review, an offer, a seller or a list
 * item (a customer's review, a merchant, another page). Its author, dates and name are not the page's.
 */
export function isSomeoneElses(entity: Entity, entities: readonly Entity[]): boolean {
  return isNestedUnder(entity, entities, FOREIGN);
}

function isA(entity: Entity, type: string, vocabulary: Vocabulary): boolean {
  return vocabulary.isA(entity.types, type);
}

/** The addresses a value names: its text, or the `@id` and `url` of the entity it is. */
function addressesOf(value: Value, entities: readonly Entity[]): string[] {
  if (value.kind === 'text' || value.kind === 'url') return [value.value];
  if (value.kind !== 'entity') return [];
  const target = entities[value.entity];
  if (!target) return [];
  return [...(target.id ? [target.id] : []), ...ownUrls(target)];
}

function ownUrls(entity: Entity): string[] {
  return valuesOf(entity, 'url').flatMap((v) => (v.kind === 'text' || v.kind === 'url' ? [v.value] : []));
}

/** Whether one of the entity's own addresses (`@id`, `url`) is the page. */
function isAtPage(entity: Entity, page: string, base: string): boolean {
  return [...(entity.id ? [entity.id] : []), ...ownUrls(entity)].some((a) => pageAddress(a, base) === page);
}

/**
 * The entity the page is about, and why, or undefined when the markup does not say:
 * 1. an entity whose `mainEntityOfPage` is the page (an address, or a WebPage entity at that
 *    address), or the `mainEntity` of a WebPage entity that is the page (or names no address),
 *    unless that WebPage is itself of a page type (an FAQPage's mainEntity is its questions);
 * 2. else a top-level entity whose `url` or `@id` is the page, but not a mere WebPage wrapper
 *    (an ItemPage at the page's address says less than the Product beside it);
 * 3. else the only top-level entity of one of `PAGE_TYPES` (two Products: the markup does not say
 *    which one the page is about);
 * 4. else a WebPage wrapper at the page's address.
 * Entities nested under reviews, offers, sellers or list items are never taken.
 */
export function mainEntity(
  data: StructuredData,
  pageUrl: string | URL,
  vocabulary: Vocabulary = SCHEMA_ORG,
): MainEntity | undefined {
  const base = String(pageUrl);
  const page = pageAddress(base, base);
  if (page === undefined) return undefined;
  const { entities } = data;
  const candidates = entities.filter((e) => !isNestedUnder(e, entities, FOREIGN));

  const declared = candidates.find((e) =>
    valuesOf(e, 'mainEntityOfPage').some((v) =>
      addressesOf(v, entities).some((a) => pageAddress(a, base) === page),
    ),
  );
  if (declared) return { entity: declared, reason: 'mainEntityOfPage' };
  // An FAQPage's or a QAPage's mainEntity is its questions, parts of the page, not what it is about.
  for (const webPage of candidates.filter((e) => isWebPageWrapper(e, vocabulary))) {
    if (webPage.id !== undefined || ownUrls(webPage).length > 0) {
      if (!isAtPage(webPage, page, base)) continue;
    }
    for (const value of valuesOf(webPage, 'mainEntity')) {
      const target = resolveEntity(value, entities, base);
      if (target && !isNestedUnder(target, entities, FOREIGN))
        return { entity: target, reason: 'mainEntityOfPage' };
    }
  }

  const topLevel = candidates.filter((e) => !e.parent);
  const atPage = topLevel.filter((e) => isAtPage(e, page, base));
  const content = atPage.find((e) => !isWebPageWrapper(e, vocabulary));
  if (content) return { entity: content, reason: 'pageUrl' };

  // An item with no property at all (an advertisement slot marked up as a NewsArticle) is about nothing.
  const typed = topLevel.filter(
    (e) => e.properties.size > 0 && PAGE_TYPES.some((t) => isA(e, t, vocabulary)),
  );
  if (typed.length === 1) return { entity: typed[0]!, reason: 'topLevelType' };
  // Only a wrapper is at the page's address: it is all the markup says the page is.
  return atPage[0] ? { entity: atPage[0], reason: 'pageUrl' } : undefined;
}

/** A WebPage that only wraps the page (WebPage, ItemPage…), not one whose type says what is on it. */
function isWebPageWrapper(entity: Entity, vocabulary: Vocabulary): boolean {
  return isA(entity, 'WebPage', vocabulary) && !PAGE_TYPES.some((t) => isA(entity, t, vocabulary));
}

/** The entity a value is: a nested or referenced entity, or an address naming an entity's `@id`. */
function resolveEntity(value: Value, entities: readonly Entity[], base: string): Entity | undefined {
  if (value.kind === 'entity') return entities[value.entity];
  if (value.kind !== 'url' && value.kind !== 'text') return undefined;
  const address = pageAddress(value.value, base);
  if (address === undefined) return undefined;
  return entities.find((e) => e.id !== undefined && pageAddress(e.id, base) === address);
}

/** Someone named as an author, publisher or identity. */
export interface Party {
  /** The entity, when the markup gives one (a plain text author has none). */
  entity: Entity | undefined;
  name: string | undefined;
  types: readonly string[];
}

function partiesAt(data: StructuredData, entity: Entity | undefined, property: string): Party[] {
  if (!entity || isNestedUnder(entity, data.entities, FOREIGN)) return [];
  return valuesOf(entity, property).flatMap((value): Party[] => {
    if (value.kind === 'text') {
      return value.value.trim() === '' ? [] : [{ entity: undefined, name: value.value.trim(), types: [] }];
    }
    if (value.kind !== 'entity') return [];
    const target = data.entities[value.entity];
    // A reference to someone nested in a review is a customer, whoever points at them.
    if (!target || isNestedUnder(target, data.entities, FOREIGN)) return [];
    return [{ entity: target, name: textsOf(target, 'name')[0], types: target.types }];
  });
}

/** The main entity's authors (its `author` values); none when there is no main entity. */
export function authorOf(data: StructuredData, entity: Entity | undefined): Party[] {
  return partiesAt(data, entity, 'author');
}

/** The main entity's publishers (its `publisher` values); none when there is no main entity. */
export function publisherOf(data: StructuredData, entity: Entity | undefined): Party[] {
  return partiesAt(data, entity, 'publisher');
}

/**
 * The entities that may speak for the site itself: Organizations (LocalBusiness and the other
 * subtypes included) and WebSites, the main entity's publisher first, then in page order. Never one
 * under a review, offer, seller, list item, brand or manufacturer: a marketplace's seller or a
 * product's maker is another company.
 */
export function siteIdentities(
  data: StructuredData,
  main: Entity | undefined,
  vocabulary: Vocabulary = SCHEMA_ORG,
): Entity[] {
  const { entities } = data;
  const isIdentity = (e: Entity) =>
    (isA(e, 'Organization', vocabulary) || isA(e, 'WebSite', vocabulary)) &&
    !isNestedUnder(e, entities, FOREIGN_TO_IDENTITY);
  const publishers = publisherOf(data, main)
    .flatMap((p) => (p.entity ? [p.entity] : []))
    .filter(isIdentity);
  const rest = entities.filter((e) => isIdentity(e) && !publishers.includes(e));
  return [...publishers, ...rest];
}
