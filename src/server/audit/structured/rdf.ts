import { MicrodataRdfParser } from 'microdata-rdf-streaming-parser';
import { RdfaParser } from 'rdfa-streaming-parser';
import { attr, isElement, type DomDocument, type DomNode } from '../read/dom.ts';
import {
  GraphBuilder,
  LimitReached,
  MAX_TRIPLES,
  type Diagnostic,
  type Entity,
  type Syntax,
  type Value,
} from './graph.ts';

// Microdata and RDFa into the page's graph. Both are read by the streaming parsers of the Comunica
// project (microdata-rdf-streaming-parser, rdfa-streaming-parser: W3C's "Microdata to RDF" and RDFa
// 1.1 Core, tested on the W3C test suites), fed from the DOM the audit already parsed within its
// limits (read/markup.ts) instead of parsing the page again: the walk below calls their tag
// callbacks. Their triples are then grouped into entities by subject; only schema.org properties and
// rdf:type are kept (Open Graph `<meta property>` tags are RDFa too, and not what we judge here).

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const SCHEMA_IRI = /^https?:\/\/schema\.org\//;
/**
 * Element ids the microdata parser may keep: it buffers every element with an id until it closes in
 * case an `itemref` names it, a cost in every element of a page whose root has an id. Only ids that
 * an `itemref` on the page names are passed to it, at most this many.
 */
export const MAX_REFERENCED_IDS = 100;
/** Ancestors named in an element's source path. */
const PATH_DEPTH = 6;

/** The parts of an RDF/JS term and quad (the parsers' output) read here. */
interface Term {
  termType: string;
  value: string;
}
interface Quad {
  subject: Term;
  predicate: Term;
  object: Term;
}

interface Triple {
  subject: Term;
  predicate: string;
  object: Term;
  /** The element being read when the parser gave the triple. */
  path: string;
}

interface TagListener {
  onTagOpen(name: string, attributes: Record<string, string>): void;
  onText(data: string): void;
  onTagClose(): void;
  onEnd(): void;
}

/** Elements whose content is not part of the page: not read, as elsewhere in the audit (read/dom.ts). */
const INERT = new Set(['template', 'noscript']);

function hasAttribute(document: DomDocument, names: readonly string[]): boolean {
  const stack: DomNode[] = [...document.children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    if (names.some((name) => attr(node, name) !== undefined)) return true;
    for (const child of node.children) stack.push(child);
  }
  return false;
}

function referencedIds(document: DomDocument): Set<string> {
  const ids = new Set<string>();
  const stack: DomNode[] = [...document.children];
  while (stack.length > 0 && ids.size < MAX_REFERENCED_IDS) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    for (const id of (attr(node, 'itemref') ?? '').split(/\s+/).filter(Boolean)) ids.add(id);
    for (const child of node.children) stack.push(child);
  }
  return new Set([...ids].slice(0, MAX_REFERENCED_IDS));
}

/**
 * Walks the DOM in document order, without recursion (pages nest up to 512 levels), calling the
 * parser's tag callbacks; `path()` names the element being read, for the triples it gives.
 */
function feed(
  document: DomDocument,
  listener: TagListener,
  attributesOf: (attribs: Record<string, string>) => Record<string, string>,
  setPath: (path: () => string) => void,
): void {
  const names: string[] = [];
  const counts: Map<string, number>[] = [new Map()];
  setPath(() => names.slice(-PATH_DEPTH).join(' > '));
  type Step = { node: DomNode } | { close: true };
  const stack: Step[] = [...document.children].reverse().map((node) => ({ node }));
  while (stack.length > 0) {
    const step = stack.pop()!;
    if ('close' in step) {
      listener.onTagClose();
      names.pop();
      counts.pop();
      continue;
    }
    const { node } = step;
    if (node.type === 'text') {
      listener.onText((node as { data: string }).data);
      continue;
    }
    if (!isElement(node) || INERT.has(node.name)) continue;
    const siblings = counts[counts.length - 1]!;
    const n = (siblings.get(node.name) ?? 0) + 1;
    siblings.set(node.name, n);
    names.push(`${node.name}[${n}]`);
    counts.push(new Map());
    listener.onTagOpen(node.name, attributesOf(node.attribs));
    stack.push({ close: true });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]! });
  }
  listener.onEnd();
}

/** A parser whose triples go to `sink` as they are made (its stream side is never read). */
function collecting(parser: TagListener, sink: (quad: Quad) => void): TagListener {
  // push() is the stream's: the parsers call it for every triple, synchronously, inside the callbacks.
  (parser as unknown as { push: (chunk: unknown) => boolean }).push = (quad: unknown) => {
    if (quad !== null) sink(quad as Quad);
    return true;
  };
  return parser;
}

function readTriples(
  syntax: Exclude<Syntax, 'json-ld'>,
  document: DomDocument,
  baseIRI: string,
): { triples: Triple[]; diagnostic?: Diagnostic } {
  const triples: Triple[] = [];
  let path = () => '';
  const sink = (quad: Quad) => {
    const predicate = quad.predicate.value;
    if (predicate !== RDF_TYPE && !SCHEMA_IRI.test(predicate)) return;
    if (triples.length >= MAX_TRIPLES) throw new LimitReached('triples');
    triples.push({ subject: quad.subject, predicate, object: quad.object, path: path() });
  };
  let attributesOf = (attribs: Record<string, string>) => attribs;
  let parser: TagListener;
  if (syntax === 'microdata') {
    parser = collecting(new MicrodataRdfParser({ baseIRI }), sink);
    const keep = referencedIds(document);
    attributesOf = (attribs) => {
      if (attribs.id === undefined || keep.has(attribs.id)) return attribs;
      const { id: _dropped, ...rest } = attribs;
      return rest;
    };
  } else {
    parser = collecting(new RdfaParser({ baseIRI, profile: 'html' }), sink);
  }
  try {
    feed(document, parser, attributesOf, (p) => {
      path = p;
    });
    return { triples };
  } catch (error) {
    if (error instanceof LimitReached) {
      return { triples, diagnostic: { syntax, problem: 'limit', limit: error.limit } };
    }
    // The parsers are third-party code reading hostile markup: what they read before stopping is kept.
    return { triples, diagnostic: { syntax, problem: 'unreadable' } };
  }
}

function termKey(term: Term): string {
  return `${term.termType}:${term.value}`;
}

/** The triples of one syntax as entities: one per subject, nested ones linked to their parent. */
function addEntities(syntax: Syntax, triples: readonly Triple[], graph: GraphBuilder): void {
  const bySubject = new Map<string, Entity>();
  for (const triple of triples) {
    const key = termKey(triple.subject);
    if (bySubject.has(key)) continue;
    const id = triple.subject.termType === 'NamedNode' ? triple.subject.value : undefined;
    bySubject.set(
      key,
      graph.add({ ...(id !== undefined ? { id } : {}), types: [], source: { syntax, path: triple.path } }),
    );
  }
  for (const triple of triples) {
    const entity = bySubject.get(termKey(triple.subject))!;
    if (triple.predicate === RDF_TYPE) {
      const type = triple.object.value.replace(SCHEMA_IRI, '');
      if (!entity.types.includes(type)) entity.types.push(type);
      continue;
    }
    const property = triple.predicate.replace(SCHEMA_IRI, '');
    const target = triple.object.termType === 'Literal' ? undefined : bySubject.get(termKey(triple.object));
    let value: Value;
    if (target && target !== entity) {
      value = { kind: 'entity', entity: target.index };
      if (!target.parent && !isAncestor(graph, target.index, entity))
        target.parent = { entity: entity.index, property };
    } else if (triple.object.termType === 'NamedNode') value = { kind: 'url', value: triple.object.value };
    else value = { kind: 'text', value: triple.object.value };
    graph.addValue(entity, property, value);
  }
}

/** Whether `candidate` is `entity` or one of its parents (an itemref loop must not make a cycle). */
function isAncestor(graph: GraphBuilder, candidate: number, entity: Entity): boolean {
  let current: Entity | undefined = entity;
  for (let steps = 0; current && steps < graph.entities.length; steps++) {
    if (current.index === candidate) return true;
    current = current.parent ? graph.entities[current.parent.entity] : undefined;
  }
  return false;
}

/** The page's microdata and RDFa into the graph; the work is skipped when the page has none. */
export function readMarkupData(document: DomDocument, baseIRI: string, graph: GraphBuilder): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const syntaxes: [Exclude<Syntax, 'json-ld'>, string[]][] = [
    ['microdata', ['itemscope', 'itemprop']],
    ['rdfa', ['typeof', 'vocab', 'property']],
  ];
  for (const [syntax, markers] of syntaxes) {
    if (!hasAttribute(document, markers)) continue;
    const { triples, diagnostic } = readTriples(syntax, document, baseIRI);
    if (diagnostic) diagnostics.push(diagnostic);
    try {
      addEntities(syntax, triples, graph);
    } catch (error) {
      if (!(error instanceof LimitReached)) throw error;
      diagnostics.push({ syntax, problem: 'limit', limit: error.limit });
      break;
    }
  }
  return diagnostics;
}
