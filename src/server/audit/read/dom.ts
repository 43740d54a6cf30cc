import { ElementType, type parseDocument } from 'htmlparser2';
import type { findOne } from 'domutils';

// The parsed page's elements: the node types, attribute reading, and one walk that lists every
// element with what its ancestors say about it. Shared by the page's metadata reading (html.ts) and
// its visible text (page-text.ts).

// domhandler's node types, taken from the libraries' own signatures rather than from domhandler
// itself, which is not a direct dependency of the project.
export type DomDocument = ReturnType<typeof parseDocument>;
export type DomElement = NonNullable<ReturnType<typeof findOne>>;
export type DomNode = DomDocument['children'][number];

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

export function isElement(node: DomNode): node is DomElement {
  return ElementType.isTag(node);
}

export function attr(element: DomElement, name: string): string | undefined {
  return Object.hasOwn(element.attribs, name) ? element.attribs[name] : undefined;
}

export function tokens(value: string | undefined): string[] {
  return (value ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

export function resolve(href: string | undefined, base: URL): string | undefined {
  if (href === undefined || href.trim() === '') return undefined;
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return undefined;
  }
}

export function isHidden(element: DomElement): boolean {
  return attr(element, 'hidden') !== undefined || NOT_RENDERED.has(element.name);
}

/** An element and what its ancestors say about it. */
export interface Placed {
  element: DomElement;
  /** Inside `<template>` or `<noscript>`: not part of the page a crawler or a browser shows. */
  inert: boolean;
  /** Inside an element whose content is never shown as text (script, svg, [hidden]...). */
  unrendered: boolean;
  /** Inside an `<article>`. */
  inArticle: boolean;
  /** Inside an `<svg>` (whose `<title>` is not the document's). */
  inSvg: boolean;
}

/**
 * Every element in document order with its ancestors' flags, computed on the way down: the page is
 * untrusted and may nest elements thousands deep, so nothing here recurses or climbs to the root.
 */
export function placeElements(document: DomDocument): Placed[] {
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
    });
  }
  return found;
}
