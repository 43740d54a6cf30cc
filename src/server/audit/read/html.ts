import { ElementType } from 'htmlparser2';
import { parseMarkup, type MarkupLimit } from './markup.ts';
import {
  attr,
  isElement,
  isHidden,
  placeElements,
  resolve,
  tokens,
  type DomDocument,
  type DomElement,
  type DomNode,
  type Placed,
} from './dom.ts';
import { bodyNodes, readMain, visibleText, type MainText } from './page-text.ts';
import type { StructuredData } from '../structured/graph.ts';
import { readStructuredData } from '../structured/read.ts';

// The audited page, parsed once with htmlparser2 (forgiving, like a browser's tokenizer, and safe:
// nothing runs, nothing is fetched) and reduced to what the checks look at: its head, metadata and
// elements here, its visible text in page-text.ts. Every string here comes from the audited site:
// checks clip() it before it enters a Message.

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
  /** JSON-LD, microdata and RDFa as one graph of entities (structured/, decision 058). */
  structured: StructuredData;
  headings: HeadingTag[];
  images: ImageTag[];
  /** `datetime` attributes of `<time>` elements. */
  times: string[];
  main: MainText;
  /** Visible text of the whole body, whitespace collapsed (for "is this answer on the page?"). */
  bodyText: string;
  /** `<script>` elements a browser would run (JSON data blocks excluded). */
  scripts: number;
  /** The id of an empty single-page-app mount point (`<div id="root"></div>`...), if there is one. */
  emptyMount: string | undefined;
  /** Elements marked `data-nosnippet`: Google keeps their text out of snippets and AI features. */
  nosnippetElements: number;
  /** An inline script carries schema.org data that only running it would put on the page. */
  jsonLdInScripts: boolean;
  /** The parsing limit the page reached, if any: everything above was read from the part before it. */
  limit: MarkupLimit | undefined;
}

const MOUNT_IDS = new Set([
  'root',
  'app',
  '__next',
  '__nuxt',
  '___gatsby',
  'svelte',
  'main-app',
  'react-root',
]);
const EXECUTABLE_SCRIPT = /^(|module|text\/javascript|application\/javascript|text\/ecmascript)$/;

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
  const jsonLd = scripts.filter((e) => scriptType(e) === 'application/ld+json').map(rawText);
  return {
    url,
    lang: htmlElement ? (attr(htmlElement, 'lang') ?? attr(htmlElement, 'xml:lang')) : undefined,
    title: titleElement ? rawText(titleElement) : undefined,
    metas: byName('meta').map(readMeta),
    links: byName('link').map((e) => readLink(e, base, head.has(e))),
    anchors: byName('a').map((e) => ({ url: resolve(attr(e, 'href'), base), rel: tokens(attr(e, 'rel')) })),
    jsonLd,
    structured: readStructuredData({ document, jsonLd, baseUrl: base.href }),
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
    nosnippetElements: placed.filter((p) => attr(p.element, 'data-nosnippet') !== undefined).length,
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
