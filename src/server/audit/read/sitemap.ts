import { ElementType, type parseDocument } from 'htmlparser2';
import type { FetchOutcome } from '../types.ts';
import { parseMarkup } from './markup.ts';

// The sitemap (sitemaps.org protocol): a `<urlset>` of `<url><loc>` entries or a `<sitemapindex>` of
// `<sitemap><loc>` entries. htmlparser2 in XML mode reads it leniently; what matters here is whether
// an engine would find addresses in it, and the audited page's `<lastmod>` when it is listed.

export type SitemapState =
  | { kind: 'missing'; url: string; status: number | undefined; detail: string; html: boolean }
  | { kind: 'invalid'; url: string; problem: 'notXml' | 'root' | 'empty'; root: string }
  | {
      kind: 'valid';
      url: string;
      root: 'urlset' | 'sitemapindex';
      count: number;
      /** Whether the audited page is one of the `<loc>`s (only meaningful for a urlset). */
      listsPage: boolean;
      /** The page's `<lastmod>`, as written. */
      pageLastmod: string | undefined;
      /** The first addresses it lists, in order (for a site audit's choice of pages). */
      locs: string[];
    };

type XmlDocument = ReturnType<typeof parseDocument>;
type XmlNode = XmlDocument['children'][number];
interface XmlElement {
  name: string;
  children: XmlNode[];
}

function isElement(node: XmlNode): node is XmlNode & XmlElement {
  return ElementType.isTag(node);
}

/** The element name without a namespace prefix ("ns:urlset" → "urlset"). */
function localName(element: XmlElement): string {
  return element.name.slice(element.name.indexOf(':') + 1);
}

function children(element: XmlElement | XmlDocument, name?: string): XmlElement[] {
  return element.children.filter(isElement).filter((e) => !name || localName(e) === name);
}

function textOf(element: XmlElement | undefined): string {
  if (!element) return '';
  return element.children
    .map((c) => (c.type === ElementType.Text || c.type === ElementType.CDATA ? flatText(c) : ''))
    .join('')
    .trim();
}

function flatText(node: XmlNode): string {
  if ('data' in node && typeof node.data === 'string') return node.data;
  return 'children' in node ? node.children.map(flatText).join('') : '';
}

/** An address reduced for comparison: no fragment, no trailing slash on the path. */
export function comparable(address: string): string | undefined {
  try {
    const url = new URL(address);
    url.hash = '';
    return url.href.replace(/\/(?=$|\?)/, '');
  } catch {
    return undefined;
  }
}

function looksHtml(body: string, type: string): boolean {
  return /^\s*text\/html/i.test(type) || /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html)[\s>]/i.test(body);
}

/** Addresses kept from a sitemap: far more than a site audit takes, far fewer than a sitemap holds. */
const MAX_LOCS_KEPT = 500;

export function readSitemap(
  outcome: FetchOutcome,
  source: 'robots' | 'default',
  pageUrl: string,
): SitemapState {
  const url = outcome.url;
  if (!outcome.ok) return { kind: 'missing', url, status: undefined, detail: outcome.detail, html: false };
  if (outcome.status >= 300) return { kind: 'missing', url, status: outcome.status, detail: '', html: false };
  const html = looksHtml(outcome.body, outcome.headers['content-type'] ?? '');
  // An HTML page at the default address is a site's catch-all route, not a broken sitemap: the site
  // simply has none there. A sitemap robots.txt names must be one.
  if (html && source === 'default') return { kind: 'missing', url, status: outcome.status, detail: '', html };
  const { document } = parseMarkup(outcome.body, 'xml');
  const root = children(document)[0];
  if (!root || html) return { kind: 'invalid', url, problem: 'notXml', root: root ? root.name : '' };
  const rootName = localName(root);
  if (rootName !== 'urlset' && rootName !== 'sitemapindex') {
    return { kind: 'invalid', url, problem: 'root', root: root.name };
  }
  const entries = children(root, rootName === 'urlset' ? 'url' : 'sitemap');
  const located = entries.map((e) => ({ loc: textOf(children(e, 'loc')[0]), entry: e })).filter((e) => e.loc);
  if (located.length === 0) return { kind: 'invalid', url, problem: 'empty', root: rootName };
  const page = comparable(pageUrl);
  const listed = rootName === 'urlset' ? located.find((e) => comparable(e.loc) === page) : undefined;
  return {
    kind: 'valid',
    url,
    root: rootName,
    count: located.length,
    listsPage: listed !== undefined,
    locs: located.slice(0, MAX_LOCS_KEPT).map((e) => e.loc),
    pageLastmod: listed ? textOf(children(listed.entry, 'lastmod')[0]) || undefined : undefined,
  };
}
