import type { PageType } from '../../../lib/audit.ts';
import type { MainText } from '../read/page-text.ts';
import type { Entity, StructuredData } from './graph.ts';
import { PAGE_TYPES, type MainEntity } from './main-entity.ts';
import { SCHEMA_ORG, type Vocabulary } from './vocabulary.ts';

// What kind of page the audit judges (issue 36, item 4): its markup says it best, its address
// next, its content last. Each heuristic is one small rule below, named in its comment and tested
// on its own (tests/server/audit/structured/page-type.test.ts).

export type { PageType };

export interface PageTypeReading {
  type: PageType;
  /** What decided: the main entity's type, the address, or the main text ('other' comes from it too). */
  from: 'markup' | 'url' | 'content';
  /**
   * What it was, as the page wrote it: the entity's type (`NewsArticle`), the path segment (`blog`),
   * the dated path (`2024/05`) or the host (`docs.example.com`); none from the content. Clipped.
   */
  detail?: string;
}

type Found = Omit<PageTypeReading, 'from'>;

/** What the page wrote, clipped for the report (it is the audited site's text). */
const detail = (text: string) => text.slice(0, 60);

export interface PageTypeInput {
  structured: StructuredData;
  mainEntity: MainEntity | undefined;
  /** The page's address (after redirects). */
  url: URL;
  /** The page's main text (PageData.main): its length and how much of it is preformatted code. */
  main: Pick<MainText, 'text' | 'preformatted'>;
}

/**
 * Types whose entity decides the page type, most specific first: a TechArticle is an Article, and
 * documentation before article; ProductGroup is a Product; every LocalBusiness subtype (Restaurant,
 * Store…) is one. APIReference is a TechArticle, listed for the reader.
 */
const MARKUP_TYPES: readonly [string, PageType][] = [
  ['TechArticle', 'documentation'],
  ['APIReference', 'documentation'],
  ['Article', 'article'],
  ['Product', 'product'],
  ['LocalBusiness', 'localBusiness'],
];
/** Types that make a page the site's home only at the site's root. */
const HOME_TYPES = ['WebSite', 'Organization'];

/** Path segments naming a section of a site (compared lower-cased). */
const URL_SEGMENTS: ReadonlyMap<string, PageType> = new Map([
  ...['docs', 'doc', 'documentation', 'reference', 'api', 'manual'].map((s) => [s, 'documentation'] as const),
  ...['product', 'products', 'p', 'shop', 'item'].map((s) => [s, 'product'] as const),
  ...['blog', 'news', 'article', 'articles', 'post', 'posts'].map((s) => [s, 'article'] as const),
]);
/** A site's root, or a language's root (`/`, `/fr/`, `/en-gb/`, `/index.html`). */
const ROOT_PATH = /^\/(?:[a-z]{2}(?:[-_][a-z]{2})?\/?)?(?:index\.[a-z]+)?$/i;
/** A year then a month as path segments: `/2024/05/` is how blogs and newspapers date their posts. */
const YEAR = /^(?:19|20)\d{2}$/;
const MONTH = /^(?:0[1-9]|1[0-2])$/;

/**
 * A main text that is mostly code listings: at least this many preformatted characters, making up
 * at least this share of it (a tutorial with one snippet is not reference documentation).
 */
const CODE_CHARS = 200;
const CODE_SHARE = 0.3;

/**
 * The type a page's author meant: the type itself, or for a misspelt one ("product") the schema.org
 * type it is close to. Engines ignore the misspelt entity (the vocabulary check says so, with the
 * spelling), but the page is still the shop's product page, to be judged as one.
 */
function meant(type: string, vocabulary: Vocabulary): string {
  return vocabulary.isType(type) ? type : (vocabulary.suggestType(type) ?? type);
}

function typeOf(entity: Entity, vocabulary: Vocabulary, url: URL): Found | undefined {
  /** The entity's own type that is `type` or one of its subtypes (`NewsArticle` for Article), as written. */
  const written = (type: string) => entity.types.find((t) => vocabulary.isA([meant(t, vocabulary)], type));
  for (const [type, pageType] of MARKUP_TYPES) {
    const own = written(type);
    if (own) return { type: pageType, detail: detail(own) };
  }
  if (!ROOT_PATH.test(url.pathname)) return undefined;
  const own = HOME_TYPES.map(written).find((t) => t !== undefined);
  return own ? { type: 'home', detail: detail(own) } : undefined;
}

/**
 * The page type from markup: the main entity's type; without a main entity, the type every
 * top-level entity of a page type agrees on (two Products for one item are still a product page,
 * though the markup does not say which one it is about; a BlogPosting beside an FAQPage an article).
 */
function fromMarkup(input: PageTypeInput, vocabulary: Vocabulary): Found | undefined {
  if (input.mainEntity) return typeOf(input.mainEntity.entity, vocabulary, input.url);
  const { entities } = input.structured;
  // An FAQPage or a Recipe beside an article says nothing against it: only types that name a page
  // type are compared.
  const found = entities
    .filter(
      (e) =>
        !e.parent &&
        e.properties.size > 0 &&
        PAGE_TYPES.some((t) =>
          vocabulary.isA(
            e.types.map((w) => meant(w, vocabulary)),
            t,
          ),
        ),
    )
    .flatMap((e) => typeOf(e, vocabulary, input.url) ?? []);
  const types = new Set(found.map((f) => f.type));
  return types.size === 1 ? found[0] : undefined;
}

/**
 * The page type from its address: the first path segment naming a section (`/blog/api-news` is an
 * article, `/docs/blog` documentation), a dated path (`/2024/05/`), a `docs.` host, else the root.
 */
function fromUrl(url: URL): Found | undefined {
  const segments = url.pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s).toLowerCase();
      } catch {
        return s.toLowerCase();
      }
    });
  for (const [i, segment] of segments.entries()) {
    const section = URL_SEGMENTS.get(segment);
    // A blog's or a shop's own root (`/blog`, `/shop/`) lists articles or products: it is none of
    // them. Documentation's root is documentation all the same.
    const isListing = section !== 'documentation' && i === segments.length - 1;
    if (section && !isListing) return { type: section, detail: detail(segment) };
    if (YEAR.test(segment) && MONTH.test(segments[i + 1] ?? ''))
      return { type: 'article', detail: `${segment}/${segments[i + 1]}` };
  }
  if (/^docs?\./i.test(url.hostname)) return { type: 'documentation', detail: detail(url.hostname) };
  if (ROOT_PATH.test(url.pathname)) return { type: 'home' };
  return undefined;
}

/** The page type from its main text: mostly code listings make reference documentation. */
function fromContent(main: PageTypeInput['main']): PageType {
  const share = main.text.length === 0 ? 0 : main.preformatted / main.text.length;
  return main.preformatted >= CODE_CHARS && share >= CODE_SHARE ? 'documentation' : 'other';
}

/** What kind of page this is, and what said so: markup first, then the address, then the content. */
export function pageType(input: PageTypeInput, vocabulary: Vocabulary = SCHEMA_ORG): PageTypeReading {
  const markup = fromMarkup(input, vocabulary);
  if (markup) return { ...markup, from: 'markup' };
  const url = fromUrl(input.url);
  if (url) return { ...url, from: 'url' };
  return { type: fromContent(input.main), from: 'content' };
}
