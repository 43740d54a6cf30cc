import { ElementType } from 'htmlparser2';
import {
  attr,
  isElement,
  isHidden,
  resolve,
  type DomDocument,
  type DomElement,
  type DomNode,
  type Placed,
} from './dom.ts';

// The page's visible text: the main text (its container, paragraphs, h1, lists, tables and links)
// and the text of any part of the page, whitespace collapsed as a browser shows it.

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
  /** Characters of visible text inside `<pre>` elements (code listings, outermost `<pre>` only). */
  preformatted: number;
  /** Resolved http(s) addresses of the links inside the container. */
  links: string[];
}

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
  preformatted: number;
  links: string[];
}

function emptyCollector(): Collector {
  return { paragraphs: [], h1: undefined, lists: 0, tables: 0, preformatted: 0, links: [] };
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

/** Whether an element has a `<pre>` ancestor (a few levels up: code listings are not deeply nested). */
function insidePre(element: DomElement): boolean {
  let node = element.parent;
  for (let depth = 0; node && depth < 8; depth++, node = node.parent) {
    if (isElement(node as DomNode) && (node as DomElement).name === 'pre') return true;
  }
  return false;
}

/** What an element adds to the collector once its text is known. */
function record(element: DomElement, span: Span, into: Collector, base: URL): void {
  const name = element.name;
  if (name === 'p') into.paragraphs.push(span);
  else if (name === 'h1' && !into.h1) into.h1 = span;
  else if ((name === 'ul' || name === 'ol') && listItems(element) >= 2) into.lists++;
  else if (name === 'dl') into.lists++;
  else if (name === 'table' && tableRows(element) >= 2) into.tables++;
  // A <pre> inside a <pre> (invalid, but parsed as written) is already counted by its outer one.
  else if (name === 'pre' && !insidePre(element)) into.preformatted += span.end - span.start;
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
export function bodyNodes(placed: Placed[], document: DomDocument): DomNode[] {
  return placed.find((p) => p.element.name === 'body')?.element.children ?? document.children;
}

export function readMain(placed: Placed[], document: DomDocument, base: URL): MainText {
  const { source, roots } = mainContainers(placed, document);
  const out = new TextBuilder();
  const into = emptyCollector();
  walkText(roots, out, into, { skipChrome: source === 'body', skipNav: true, base });
  const text = out.toString();
  return { source, text, words: countWords(text), ...into };
}

export function visibleText(nodes: DomNode[], base: URL): string {
  const out = new TextBuilder();
  walkText(nodes, out, emptyCollector(), { skipChrome: false, skipNav: false, base });
  return out.toString().trim();
}
