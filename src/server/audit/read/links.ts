import type { LinkTag, PageData } from './html.ts';

// HTTP `Link` header fields (RFC 8288, "Web Linking"), read the way its Appendix B.2 and B.3 parse
// them, and merged with the page's own `<link>` elements: search engines read a canonical or an
// hreflang alternate from either place (Google Search Central supports `rel="canonical"` and
// `rel="alternate" hreflang` in HTTP headers as well as in the `<head>`).
//
// Why not a library: http-link-header 1.1.4 (the most used npm parser, RFC 8288, no dependencies) was
// tried on the cases below and gets common real headers wrong. A parameter without a value, as in
// `</font.woff2>; rel=preload; as=font; crossorigin, <https://example.com/a>; rel=canonical`, makes
// it read the next link as part of that parameter's name (the canonical is lost); one stray
// character anywhere throws and loses every link of the field; `rel="a  b"` (two spaces) yields an
// empty relation type; `title*=x` without a charset throws. parse-link-header returns one object
// per relation type, so a second canonical overwrites the first, which is exactly what the canonical
// check must see. RFC 8288's own algorithm is short; it is written out here.

export interface HeaderLink {
  /** The target as sent between `<` and `>`. */
  href: string;
  /**
   * The target resolved against the page's address. RFC 8288 §3.1 and Appendix B.2: a relative
   * target is resolved against the URI of the response, never against a base carried in the body
   * (an HTML `<base>` does not apply to headers).
   */
  url: string | undefined;
  /** Relation types of the first `rel` parameter, lower-cased (§3.3: later `rel` parameters are ignored). */
  rel: string[];
  /** The `anchor` parameter resolved: the link is about that resource instead of the page (§3.2). */
  anchor: string | undefined;
  /** The other parameters (target attributes), names lower-cased, in order; a name may repeat. */
  params: { name: string; value: string }[];
}

/** A link of the page, from its `<head>` or from a `Link` header field. */
export interface PageLink extends LinkTag {
  source: 'head' | 'header';
}

/** Links read from one header value at most: far more than any real response sends. */
const MAX_LINKS = 500;

const OWS = new Set([' ', '\t']);

function skipOws(text: string, at: number): number {
  let i = at;
  while (i < text.length && OWS.has(text[i]!)) i++;
  return i;
}

function resolve(reference: string, base: URL): string | undefined {
  try {
    return new URL(reference.trim(), base).href;
  } catch {
    return undefined;
  }
}

/**
 * Skips to just after the next comma that separates two link-values: commas inside `<…>` and
 * inside quoted strings are part of a target or a value. Used to step over a malformed link-value.
 */
function skipElement(text: string, at: number): number {
  let i = at;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ',') return i + 1;
    if (c === '<') {
      const close = text.indexOf('>', i + 1);
      if (close < 0) return text.length;
      i = close + 1;
    } else if (c === '"') i = quotedString(text, i).end;
    else i++;
  }
  return i;
}

/** RFC 8288 Appendix B.4 (RFC 9110 §5.6.4): a quoted string; `\` escapes the next character. */
function quotedString(text: string, at: number): { value: string; end: number } {
  let value = '';
  let i = at + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      if (i + 1 < text.length) value += text[i + 1];
      i += 2;
    } else if (c === '"') return { value, end: i + 1 };
    else {
      value += c;
      i++;
    }
  }
  return { value, end: i };
}

/** RFC 8288 Appendix B.3: `*( OWS ";" OWS name [ BWS "=" BWS ( token / quoted-string ) ] )`. */
function parameters(text: string, at: number): { params: { name: string; value: string }[]; end: number } {
  const params: { name: string; value: string }[] = [];
  let i = at;
  for (;;) {
    i = skipOws(text, i);
    if (text[i] !== ';') return { params, end: i };
    i = skipOws(text, i + 1);
    const nameStart = i;
    while (i < text.length && !/[\s=;,]/.test(text[i]!)) i++;
    const name = text.slice(nameStart, i).toLowerCase();
    i = skipOws(text, i);
    let value = '';
    if (text[i] === '=') {
      i = skipOws(text, i + 1);
      if (text[i] === '"') {
        const quoted = quotedString(text, i);
        value = quoted.value;
        i = quoted.end;
      } else {
        const valueStart = i;
        while (i < text.length && text[i] !== ';' && text[i] !== ',') i++;
        // A token holds no whitespace: what precedes the next ";" is the OWS of the grammar.
        value = text.slice(valueStart, i).replace(/[ \t]+$/, '');
      }
    }
    // A parameter without a value ("crossorigin") is kept with an empty value (Appendix B.3, step 8).
    if (name !== '') params.push({ name, value });
  }
}

/**
 * The links of a `Link` field value. Several fields arrive joined with ", " (the fetcher does so, as
 * RFC 9110 §5.3 allows for list-based fields), which is the same list grammar (`#link-value`), so one
 * value or several joined read alike. A malformed link-value is skipped up to the next separating
 * comma rather than ending the parse (Appendix B.2 stops there, but with fields joined that would
 * also drop every later field's links).
 */
export function parseLinkHeader(value: string | undefined, base: URL): HeaderLink[] {
  const links: HeaderLink[] = [];
  if (!value) return links;
  let i = 0;
  while (i < value.length && links.length < MAX_LINKS) {
    i = skipOws(value, i);
    if (i >= value.length) break;
    // Empty list elements (", ,") are allowed and ignored (RFC 9110 §5.6.1).
    if (value[i] === ',') {
      i++;
      continue;
    }
    if (value[i] !== '<') {
      i = skipElement(value, i);
      continue;
    }
    const close = value.indexOf('>', i + 1);
    if (close < 0) break;
    const href = value.slice(i + 1, close);
    const { params, end } = parameters(value, close + 1);
    i = skipOws(value, end);
    if (i < value.length && value[i] !== ',') {
      // Something else follows the parameters: not a link-value of the grammar.
      i = skipElement(value, i);
      continue;
    }
    const rel = params.find((p) => p.name === 'rel')?.value ?? '';
    const anchor = params.find((p) => p.name === 'anchor')?.value;
    links.push({
      href,
      url: resolve(href, base),
      rel: rel
        .toLowerCase()
        .split(/[ \t]+/)
        .filter(Boolean),
      anchor: anchor === undefined ? undefined : resolve(anchor, base),
      params: params.filter((p) => p.name !== 'rel' && p.name !== 'anchor'),
    });
  }
  return links;
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/** The first value of a target attribute, if the link has it. */
function param(link: HeaderLink, name: string): string | undefined {
  return link.params.find((p) => p.name === name)?.value;
}

/** A header link in the shape of a `<link>` element, when it is about the page itself. */
function asPageLink(link: HeaderLink, page: URL): PageLink | undefined {
  // A link whose anchor names another resource says nothing about this page (RFC 8288 §3.2).
  if (link.anchor !== undefined && withoutFragment(link.anchor) !== withoutFragment(page.href)) {
    return undefined;
  }
  return {
    source: 'header',
    rel: link.rel,
    href: link.href,
    url: link.url,
    type: (param(link, 'type') ?? '').trim().toLowerCase(),
    // Kept as sent: a value with spaces is an invalid language tag, not one to tidy up. §3.4.1
    // allows several hreflang parameters; the first is read, as a `<link>` element has one.
    hreflang: param(link, 'hreflang'),
    inHead: false,
  };
}

/**
 * The links that count for the page's canonical address and its alternates: the `<link>` elements of
 * its `<head>` (one in the `<body>` is ignored by search engines) followed by those of its `Link`
 * header fields, each marked with where it came from.
 */
export function pageLinks(page: PageData, linkHeader: string | undefined): PageLink[] {
  const head = page.links.filter((l) => l.inHead).map((l): PageLink => ({ ...l, source: 'head' }));
  const header = parseLinkHeader(linkHeader, page.url)
    .map((l) => asPageLink(l, page.url))
    .filter((l): l is PageLink => l !== undefined);
  return [...head, ...header];
}
