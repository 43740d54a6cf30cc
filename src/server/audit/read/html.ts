import { ElementType, type parseDocument } from 'htmlparser2';
import type { findOne } from 'domutils';
import { parseMarkup, type MarkupLimit } from './markup.ts';

// The audited page, parsed once with htmlparser2 (forgiving, like a browser's tokenizer, and safe:
// nothing runs, nothing is fetched) and reduced to what the checks look at. Every string here comes
// from the audited site: checks clip() it before it enters a Message.

// domhandler's node types, taken from the libraries' own signatures rather than from domhandler
// itself, which is not a direct dependency of the project.
type DomDocument = ReturnType<typeof parseDocument>;
type DomElement = NonNullable<ReturnType<typeof findOne>>;
type DomNode = DomDocument['children'][number];

export interface MetaTag {
  /** `name`, `property` and `http-equiv`, lower-cased; '' when absent. */
  name: string;
  property: string;
  httpEquiv: string;
  content: string;
}

export interface LinkTag {
  /** rel tokens, lower-cased. */
  rel: string[];
  /** The href as written ('' when absent). */
  href: string;
  /** The href resolved against the page (and its `<base>`), when it is a valid address. */
  url: string | undefined;
  type: string;
  /** The hreflang attribute exactly as written (spaces included); undefined when absent. */
  hreflang: string | undefined;
  /** Whether the element is in the document's head section (see `headSection`). */
  inHead: boolean;
}

/** A date given as a microdata property (HTML Living Standard, "Microdata"). */
export interface ItemDate {
  property: 'datePublished' | 'dateModified';
  /** The property's value: `<meta content>`, `<time datetime>` (else the time's text), else the text. */
  value: string;
}

export interface HeadingTag {
  level: number;
  text: string;
}

export interface ImageTag {
  /** undefined when the attribute is missing; '' is an explicit "decorative" alt. */
  alt: string | undefined;
  /** Hidden from assistive technology (role=presentation/none, aria-hidden): no alt needed. */
  decorative: boolean;
}

/** A range of `MainText.text`, in UTF-16 offsets. */
export interface Span {
  start: number;
  end: number;
}

export interface MainText {
  /** Where the text was taken from: `<main>`, the `<article>` elements, or the body minus its chrome. */
  source: 'main' | 'article' | 'body';
  /** Visible text, whitespace collapsed. */
  text: string;
  words: number;
  paragraphs: Span[];
  /** The first h1 inside the container, if any. */
  h1: Span | undefined;
  /** Lists with at least two items, and definition lists. */
  lists: number;
  /** Tables with at least two rows. */
  tables: number;
  /** Resolved http(s) addresses of the links inside the container. */
  links: string[];
}

export interface PageData {
  url: URL;
  lang: string | undefined;
  title: string | undefined;
  metas: MetaTag[];
  links: LinkTag[];
  /** `<a>` elements of the whole page: resolved address and rel tokens. */
  anchors: { url: string | undefined; rel: string[] }[];
  /** Raw text of each `<script type="application/ld+json">`, in order. */
  jsonLd: string[];
  headings: HeadingTag[];
  images: ImageTag[];
  /** `datetime` attributes of `<time>` elements. */
  times: string[];
  /** Microdata `datePublished` and `dateModified` properties of items on the page, in order. */
  itemDates: ItemDate[];
  main: MainText;
  /** Visible text of the whole body, whitespace collapsed (for "is this answer on the page?"). */
  bodyText: string;
  /** `<script>` elements a browser would run (JSON data blocks excluded). */
  scripts: number;
  /** The id of an empty single-page-app mount point (`<div id="root"></div>`...), if there is one. */
  emptyMount: string | undefined;
  /** An inline script carries schema.org data that only running it would put on the page. */
  jsonLdInScripts: boolean;
  /** The parsing limit the page reached, if any: everything above was read from the part before it. */
  limit: MarkupLimit | undefined;
}

/** Elements whose content is never shown as page text. */
const NOT_RENDERED = new Set([
  'head',
  'script',
  'style',
  'template',
  'noscript',
  'svg',
  'iframe',
  'object',
  'canvas',
  'select',
]);
/** Site chrome left out when the body is the only container (design: body minus nav/header/footer). */
const CHROME = new Set(['nav', 'header', 'footer', 'aside']);
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary']);
/** Elements that do not break a line: text on either side of them belongs to the same words. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'font',
  'i',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);
const MOUNT_IDS = new Set(['root', 'app', '__next', '__nuxt', '___gatsby', 'svelte', 'main-app']);
const EXECUTABLE_SCRIPT = /^(|module|text\/javascript|application\/javascript|text\/ecmascript)$/;

function isElement(node: DomNode): node is DomElement {
  return ElementType.isTag(node);
}

function attr(element: DomElement, name: string): string | undefined {
  return Object.hasOwn(element.attribs, name) ? element.attribs[name] : undefined;
}

function tokens(value: string | undefined): string[] {
  return (value ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** An element and what its ancestors say about it. */
interface Placed {
  element: DomElement;
  /** Inside `<template>` or `<noscript>`: not part of the page a crawler or a browser shows. */
  inert: boolean;
  /** Inside an element whose content is never shown as text (script, svg, [hidden]...). */
  unrendered: boolean;
  /** Inside an `<article>`. */
  inArticle: boolean;
  /** Inside an `<svg>` (whose `<title>` is not the document's). */
  inSvg: boolean;
  /** Inside an element with `itemscope`: its `itemprop` properties belong to that microdata item. */
  inItem: boolean;
}

/**
 * Every element in document order with its ancestors' flags, computed on the way down: the page is
 * untrusted and may nest elements thousands deep, so nothing here recurses or climbs to the root.
 */
function placeElements(document: DomDocument): Placed[] {
  const found: Placed[] = [];
  const stack: ({ node: DomNode } & Omit<Placed, 'element'>)[] = [];
  const pushChildren = (nodes: DomNode[], flags: Omit<Placed, 'element'>) => {
    for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes[i]!, ...flags });
  };
  pushChildren(document.children, {
    inert: false,
    unrendered: false,
    inArticle: false,
    inSvg: false,
    inItem: false,
  });
  while (stack.length > 0) {
    const { node, ...flags } = stack.pop()!;
    if (!isElement(node)) continue;
    found.push({ element: node, ...flags });
    pushChildren(node.children, {
      inert: flags.inert || node.name === 'template' || node.name === 'noscript',
      unrendered: flags.unrendered || isHidden(node),
      inArticle: flags.inArticle || node.name === 'article',
      inSvg: flags.inSvg || node.name === 'svg',
      inItem: flags.inItem || attr(node, 'itemscope') !== undefined,
    });
  }
  return found;
}

/** Collapses whitespace as it appends, so that recorded offsets point into the final text. */
class TextBuilder {
  private readonly chunks: string[] = [];
  private endsWithSpace = true;
  length = 0;

  add(raw: string): void {
    let text = raw.replace(/\s+/g, ' ');
    if (this.endsWithSpace && text.startsWith(' ')) text = text.slice(1);
    if (text === '') return;
    this.chunks.push(text);
    this.length += text.length;
    this.endsWithSpace = text.endsWith(' ');
  }

  space(): void {
    if (this.endsWithSpace) return;
    this.chunks.push(' ');
    this.length += 1;
    this.endsWithSpace = true;
  }

  toString(): string {
    return this.chunks.join('').trimEnd();
  }
}

interface Collector {
  paragraphs: Span[];
  h1: Span | undefined;
  lists: number;
  tables: number;
  links: string[];
}

function emptyCollector(): Collector {
  return { paragraphs: [], h1: undefined, lists: 0, tables: 0, links: [] };
}

function isHidden(element: DomElement): boolean {
  return attr(element, 'hidden') !== undefined || NOT_RENDERED.has(element.name);
}

function isChrome(element: DomElement): boolean {
  return CHROME.has(element.name) || CHROME_ROLES.has((attr(element, 'role') ?? '').toLowerCase());
}

function childElements(element: DomElement): DomElement[] {
  return element.children.filter(isElement);
}

/** Items of a list (direct children only: bounded work, even on absurdly nested lists). */
function listItems(element: DomElement): number {
  return childElements(element).filter((e) => e.name === 'li').length;
}

const TABLE_SECTIONS = new Set(['thead', 'tbody', 'tfoot']);

/** Rows of a table, directly or in its thead/tbody/tfoot. */
function tableRows(element: DomElement): number {
  return childElements(element).reduce(
    (sum, e) => sum + (e.name === 'tr' ? 1 : TABLE_SECTIONS.has(e.name) ? sectionRows(e) : 0),
    0,
  );
}

function sectionRows(section: DomElement): number {
  return childElements(section).filter((e) => e.name === 'tr').length;
}

interface WalkOptions {
  skipChrome: boolean;
  skipNav: boolean;
  base: URL;
}

function skipped(element: DomElement, options: WalkOptions): boolean {
  if (isHidden(element)) return true;
  if (options.skipChrome && isChrome(element)) return true;
  return options.skipNav && element.name === 'nav';
}

/** What an element adds to the collector once its text is known. */
function record(element: DomElement, span: Span, into: Collector, base: URL): void {
  const name = element.name;
  if (name === 'p') into.paragraphs.push(span);
  else if (name === 'h1' && !into.h1) into.h1 = span;
  else if ((name === 'ul' || name === 'ol') && listItems(element) >= 2) into.lists++;
  else if (name === 'dl') into.lists++;
  else if (name === 'table' && tableRows(element) >= 2) into.tables++;
  else if (name === 'a') {
    const url = resolve(attr(element, 'href'), base);
    if (url && /^https?:/.test(url)) into.links.push(url);
  }
}

type Frame = { node: DomNode } | { exit: DomElement; start: number; block: boolean };

/** Appends the visible text below `roots` to `out`, recording paragraphs, the h1, lists and links. */
function walkText(roots: DomNode[], out: TextBuilder, into: Collector, options: WalkOptions): void {
  // An explicit stack rather than recursion: a hostile page can nest elements deeper than the call stack.
  const stack: Frame[] = roots.map((node) => ({ node })).reverse();
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if ('exit' in frame) {
      if (frame.block) out.space();
      record(frame.exit, { start: frame.start, end: out.length }, into, options.base);
      continue;
    }
    const { node } = frame;
    if (node.type === ElementType.Text) out.add((node as { data: string }).data);
    if (!isElement(node) || skipped(node, options)) continue;
    const block = !INLINE.has(node.name);
    if (block || node.name === 'br') out.space();
    stack.push({ exit: node, start: out.length, block });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]! });
  }
}

/**
 * Words in a text. Scripts written without spaces (Chinese, Japanese) count one word per two
 * characters, a usual approximation; elsewhere a word is a run of letters or digits, with inner
 * apostrophes, hyphens and decimal marks ("l’IA", "state-of-the-art", "3.5").
 */
export function countWords(text: string): number {
  const words = text.match(/[\p{L}\p{N}\p{M}]+(?:['’.,-][\p{L}\p{N}\p{M}]+)*/gu) ?? [];
  let count = 0;
  for (const word of words) {
    const dense = word.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
    count += dense === 0 ? 1 : Math.ceil(dense / 2) + (word.length > dense ? 1 : 0);
  }
  return count;
}

function resolve(href: string | undefined, base: URL): string | undefined {
  if (href === undefined || href.trim() === '') return undefined;
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return undefined;
  }
}

/** The container of the main text: `<main>`, else the outermost `<article>`s, else the body. */
function mainContainers(
  placed: Placed[],
  document: DomDocument,
): { source: MainText['source']; roots: DomNode[] } {
  const visible = placed.filter((p) => !p.unrendered && !isHidden(p.element));
  const main = visible.find(
    (p) => p.element.name === 'main' || (attr(p.element, 'role') ?? '').toLowerCase() === 'main',
  );
  if (main) return { source: 'main', roots: main.element.children };
  // Only outermost articles: a comment thread's nested <article>s are already part of their parent.
  const articles = visible.filter((p) => p.element.name === 'article' && !p.inArticle);
  if (articles.length > 0) return { source: 'article', roots: articles.map((p) => p.element) };
  return { source: 'body', roots: bodyNodes(placed, document) };
}

/** The body's children, or the whole document when the markup has no `<body>` tag. */
function bodyNodes(placed: Placed[], document: DomDocument): DomNode[] {
  return placed.find((p) => p.element.name === 'body')?.element.children ?? document.children;
}

function readMain(placed: Placed[], document: DomDocument, base: URL): MainText {
  const { source, roots } = mainContainers(placed, document);
  const out = new TextBuilder();
  const into = emptyCollector();
  walkText(roots, out, into, { skipChrome: source === 'body', skipNav: true, base });
  const text = out.toString();
  return { source, text, words: countWords(text), ...into };
}

function visibleText(nodes: DomNode[], base: URL): string {
  const out = new TextBuilder();
  walkText(nodes, out, emptyCollector(), { skipChrome: false, skipNav: false, base });
  return out.toString().trim();
}

function rawText(element: DomElement): string {
  return element.children
    .map((c) => (c.type === ElementType.Text ? (c as { data: string }).data : ''))
    .join('');
}

function baseUrl(placed: Placed[], pageUrl: URL): URL {
  const href = placed.find((p) => p.element.name === 'base' && attr(p.element, 'href'))?.element.attribs.href;
  try {
    return href ? new URL(href, pageUrl) : pageUrl;
  } catch {
    return pageUrl;
  }
}

/** The id of the first empty mount point; only a few candidates are looked into (bounded work). */
function emptyMount(placed: Placed[], base: URL): string | undefined {
  const candidates = placed.filter((p) => MOUNT_IDS.has(attr(p.element, 'id') ?? '')).slice(0, 5);
  return candidates.find((p) => visibleText(p.element.children, base) === '')?.element.attribs.id;
}

function readImage(element: DomElement): ImageTag | undefined {
  // Tracking pixels are not content.
  if (attr(element, 'width') === '1' || attr(element, 'height') === '1') return undefined;
  if (attr(element, 'width') === '0' || attr(element, 'height') === '0') return undefined;
  const role = (attr(element, 'role') ?? '').toLowerCase();
  const decorative = role === 'presentation' || role === 'none' || attr(element, 'aria-hidden') === 'true';
  return { alt: attr(element, 'alt'), decorative };
}

function readLink(element: DomElement, base: URL, inHead: boolean): LinkTag {
  const href = attr(element, 'href') ?? '';
  return {
    rel: tokens(attr(element, 'rel')),
    href,
    url: resolve(href, base),
    type: (attr(element, 'type') ?? '').trim().toLowerCase(),
    hreflang: attr(element, 'hreflang'),
    inHead,
  };
}

/**
 * What the HTML parser puts in the head: the start tags its "in head" insertion mode handles itself
 * (metadata content, `<noscript>`, `<template>` and three obsolete elements).
 */
const HEAD_CONTENT = new Set([
  'base',
  'basefont',
  'bgsound',
  'link',
  'meta',
  'noframes',
  'noscript',
  'script',
  'style',
  'template',
  'title',
]);

/**
 * The elements of the document's head section, as a browser builds it. htmlparser2 keeps the markup
 * as written and builds no implied `<head>`, so this follows the HTML parsing algorithm instead (HTML
 * Living Standard, 13.2.6.4.4 "in head" and 13.2.6.4.6 "after head"): from the start of the document,
 * head content belongs to the head, whether or not a `<head>` tag opened it, and even when it comes
 * after `</head>`; the head ends at the first thing that starts the body: `<body>`, any element the
 * head may not hold (`<div>`, `<p>`, `<img>`…, also when written inside `<head>`) or text that is not
 * whitespace. Search engines read `<link rel=canonical>` and hreflang only there: Google ignores a
 * `rel=canonical` found in the body ("5 common mistakes with rel=canonical", Google Search Central
 * blog) and stops reading the head at the first element that does not belong in it ("Use valid HTML
 * to specify page metadata", Google Search Central documentation).
 */
function headSection(document: DomDocument): Set<DomElement> {
  const head = new Set<DomElement>();
  const stack: DomNode[] = [...document.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === ElementType.Text) {
      if (/\S/.test((node as { data: string }).data)) break;
      continue;
    }
    // Comments, the doctype and processing instructions neither belong to nor end the head.
    if (!isElement(node)) continue;
    if (node.name === 'html' || node.name === 'head') {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    } else if (HEAD_CONTENT.has(node.name)) head.add(node);
    else break;
  }
  return head;
}

const ITEM_DATES = new Set(['datePublished', 'dateModified']);
/** Microdata dates read, at most: bounded work on a hostile page. */
const MAX_ITEM_DATES = 100;

/**
 * `datePublished` and `dateModified` given as microdata properties of an item (an `itemprop` inside
 * an element with `itemscope`; `itemprop` may name several properties, space-separated). The value is
 * the one the HTML Standard's microdata "property value" gives these elements: a `<meta>`'s
 * content, a `<time>`'s datetime (its text without one), and the text of any other element.
 * `itemref` is not followed.
 */
function readItemDates(placed: Placed[], base: URL): ItemDate[] {
  const dates: ItemDate[] = [];
  for (const p of placed) {
    if (dates.length >= MAX_ITEM_DATES) break;
    const itemprop = attr(p.element, 'itemprop');
    if (!p.inItem || itemprop === undefined) continue;
    const properties = itemprop.split(/\s+/).filter((name) => ITEM_DATES.has(name));
    if (properties.length === 0) continue;
    const { element } = p;
    const value =
      element.name === 'meta'
        ? (attr(element, 'content') ?? '')
        : element.name === 'time' && attr(element, 'datetime') !== undefined
          ? attr(element, 'datetime')!
          : visibleText(element.children, base);
    for (const property of properties) {
      dates.push({ property: property as ItemDate['property'], value: value.trim() });
    }
  }
  return dates;
}

function readMeta(element: DomElement): MetaTag {
  return {
    name: (attr(element, 'name') ?? '').trim().toLowerCase(),
    property: (attr(element, 'property') ?? '').trim().toLowerCase(),
    httpEquiv: (attr(element, 'http-equiv') ?? '').trim().toLowerCase(),
    content: (attr(element, 'content') ?? '').trim(),
  };
}

function scriptType(element: DomElement): string {
  return (attr(element, 'type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** schema.org markup written inside a script's code (`"@context":"https://schema.org"`, escaped or not). */
const SCHEMA_IN_SCRIPT = /@context\\?["']?\s*:\s*\\?["']https?:\\?\/\\?\/schema\.org/i;
/** Characters of each inline script searched: state blobs can be megabytes. */
const MAX_SCRIPT_SCAN = 256 * 1024;

/** Whether a response's Content-Type is an HTML page (no type at all is read as HTML, as browsers do). */
export function isHtmlType(contentType: string | undefined): boolean {
  return /^(text\/html|application\/xhtml\+xml)\b/i.test(contentType ?? 'text/html');
}

/** Headings read, at most: enough for any real page, bounded for a hostile one. */
const MAX_HEADINGS = 500;

/** Parses the page once and extracts everything the checks need. */
export function parsePage(html: string, finalUrl: string): PageData {
  const url = new URL(finalUrl);
  const { document, limit } = parseMarkup(html, 'html');
  const placed = placeElements(document).filter((p) => !p.inert);
  const base = baseUrl(placed, url);
  const byName = (name: string) => placed.filter((p) => p.element.name === name).map((p) => p.element);
  const head = headSection(document);
  const htmlElement = byName('html')[0];
  // The document's title: the first <title> outside SVG (an SVG's <title> labels the drawing).
  const titleElement = placed.find((p) => p.element.name === 'title' && !p.inSvg)?.element;
  const scripts = byName('script');
  return {
    url,
    lang: htmlElement ? (attr(htmlElement, 'lang') ?? attr(htmlElement, 'xml:lang')) : undefined,
    title: titleElement ? rawText(titleElement) : undefined,
    metas: byName('meta').map(readMeta),
    links: byName('link').map((e) => readLink(e, base, head.has(e))),
    anchors: byName('a').map((e) => ({ url: resolve(attr(e, 'href'), base), rel: tokens(attr(e, 'rel')) })),
    jsonLd: scripts.filter((e) => scriptType(e) === 'application/ld+json').map(rawText),
    headings: placed
      .filter((p) => /^h[1-6]$/.test(p.element.name) && !p.unrendered && !isHidden(p.element))
      .slice(0, MAX_HEADINGS)
      .map((p) => ({ level: Number(p.element.name[1]), text: visibleText(p.element.children, base) })),
    images: byName('img')
      .map(readImage)
      .filter((i): i is ImageTag => i !== undefined),
    times: byName('time')
      .map((e) => attr(e, 'datetime')?.trim() ?? '')
      .filter(Boolean),
    itemDates: readItemDates(placed, base),
    main: readMain(placed, document, base),
    bodyText: visibleText(bodyNodes(placed, document), base),
    scripts: scripts.filter((e) => EXECUTABLE_SCRIPT.test(scriptType(e))).length,
    // Structured data a script would add once run (a framework's state, a tag manager): visible to
    // a browser, not to a crawler that reads the HTML as sent. Inline scripts only: bundles are not fetched.
    jsonLdInScripts: scripts.some(
      (e) =>
        EXECUTABLE_SCRIPT.test(scriptType(e)) && SCHEMA_IN_SCRIPT.test(rawText(e).slice(0, MAX_SCRIPT_SCAN)),
    ),
    emptyMount: emptyMount(placed, base),
    limit,
  };
}

/** Contents of the `<meta>` tags with this name (lower-case), in order. */
export function metaByName(page: PageData, name: string): string[] {
  return page.metas.filter((m) => m.name === name).map((m) => m.content);
}

/** Contents of the `<meta>` tags with this Open Graph or article property (lower-case), in order. */
export function metaByProperty(page: PageData, property: string): string[] {
  return page.metas.filter((m) => m.property === property || m.name === property).map((m) => m.content);
}

/**
 * The page's Markdown alternate (`<link rel="alternate" type="text/markdown" href>`), resolved, when
 * it declares an http(s) one. The orchestrator fetches it before the checks run.
 */
export function markdownAlternateOf(html: string, finalUrl: string): string | undefined {
  const { document } = parseMarkup(html, 'html');
  const placed = placeElements(document).filter((p) => !p.inert);
  const base = baseUrl(placed, new URL(finalUrl));
  const head = headSection(document);
  const link = placed
    .filter((p) => p.element.name === 'link')
    .map((p) => readLink(p.element, base, head.has(p.element)))
    .find(
      (l) => l.rel.includes('alternate') && l.type === 'text/markdown' && l.url && /^https?:/.test(l.url),
    );
  return link?.url;
}
