import { MicrodataRdfParser } from 'microdata-rdf-streaming-parser';
import { RdfaParser } from 'rdfa-streaming-parser';
import { attr, isElement, type DomDocument, type DomElement, type DomNode } from '../read/dom.ts';
import {
  type GraphBuilder,
  LimitReached,
  MAX_ENTITIES,
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

interface WalkHandlers {
  /** An element, its path (`names` ends with it); false skips its content. */
  open(element: DomElement, names: readonly string[]): boolean;
  text?(data: string): void;
  /** After an opened element's content. */
  close?(): void;
}

/**
 * Walks elements in document order without recursion (pages nest up to 512 levels), naming each by
 * its tag and its rank among same-named siblings, after the names of `ancestors`; `rootName` names
 * the first node when it was ranked by an earlier walk of the whole page.
 */
function walk(
  nodes: readonly DomNode[],
  ancestors: readonly string[],
  handlers: WalkHandlers,
  rootName?: string,
): void {
  const names = [...ancestors];
  const counts: Map<string, number>[] = [new Map()];
  type Step = { node: DomNode } | { close: true };
  const stack: Step[] = [...nodes].reverse().map((node) => ({ node }));
  while (stack.length > 0) {
    const step = stack.pop()!;
    if ('close' in step) {
      handlers.close?.();
      names.pop();
      counts.pop();
      continue;
    }
    const { node } = step;
    if (node.type === 'text') {
      handlers.text?.((node as { data: string }).data);
      continue;
    }
    if (!isElement(node) || INERT.has(node.name)) continue;
    const siblings = counts[counts.length - 1]!;
    const n = (siblings.get(node.name) ?? 0) + 1;
    siblings.set(node.name, n);
    names.push(rootName !== undefined && node === nodes[0] ? rootName : `${node.name}[${n}]`);
    if (!handlers.open(node, names)) {
      names.pop();
      continue;
    }
    counts.push(new Map());
    stack.push({ close: true });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]! });
  }
}

/** A subtree to give the microdata parser, with its root's name and its ancestors' names. */
interface Root {
  element: DomElement;
  name?: string;
  ancestors: string[];
}

/** What one walk of the page says about its microdata and RDFa. */
interface Markup {
  microdata: boolean;
  /** RDFa that can describe schema.org entities: a `typeof` or a `vocab` (`property` alone is Open Graph's). */
  rdfa: boolean;
  /** Ids named by an `itemref`, at most MAX_REFERENCED_IDS. */
  referenced: Set<string>;
}

function survey(document: DomDocument): Markup {
  const markup: Markup = { microdata: false, rdfa: false, referenced: new Set() };
  walk(document.children, [], {
    open(element) {
      if (attr(element, 'itemscope') !== undefined) markup.microdata = true;
      if (attr(element, 'typeof') !== undefined || attr(element, 'vocab') !== undefined) markup.rdfa = true;
      for (const id of (attr(element, 'itemref') ?? '').split(/\s+/).filter(Boolean)) {
        if (markup.referenced.size < MAX_REFERENCED_IDS) markup.referenced.add(id);
      }
      return true;
    },
  });
  return markup;
}

/**
 * The subtrees the microdata parser needs: each item that is not inside another, and each element an
 * itemref names outside them. Microdata outside an item means nothing, so the rest of the page (most
 * of a long page) is never given to the parser, whose work per text node grows with the depth.
 */
function microdataRoots(document: DomDocument, referenced: ReadonlySet<string>): Root[] {
  const roots: Root[] = [];
  let inside = 0;
  const open: boolean[] = [];
  walk(document.children, [], {
    open(element, names) {
      const root =
        inside === 0 &&
        (attr(element, 'itemscope') !== undefined || referenced.has(attr(element, 'id') ?? '\u0000'));
      if (root)
        roots.push({ element, name: names[names.length - 1]!, ancestors: names.slice(-PATH_DEPTH, -1) });
      open.push(root);
      if (root) inside++;
      return true;
    },
    close() {
      if (open.pop()) inside--;
    },
  });
  return roots;
}

/** Gives the parser each subtree's tags and text, and the path of the element being read. */
function feed(
  roots: readonly Root[],
  listener: TagListener,
  options: {
    attributesOf: (attribs: Record<string, string>) => Record<string, string>;
    /** Text is only given inside an element with this attribute (microdata values: `itemprop`). */
    textWithin?: string;
    setPath: (path: () => string) => void;
  },
): void {
  let current: readonly string[] = [];
  options.setPath(() => current.slice(-PATH_DEPTH).join(' > '));
  // Elements open with the attribute: text elsewhere is no value, and costs the parser a pass over
  // its stack for each text node.
  let within = 0;
  const opened: boolean[] = [];
  for (const root of roots) {
    walk(
      [root.element],
      root.ancestors,
      {
        open(element, names) {
          current = names;
          const marks = options.textWithin !== undefined && attr(element, options.textWithin) !== undefined;
          opened.push(marks);
          if (marks) within++;
          listener.onTagOpen(element.name, options.attributesOf(element.attribs));
          return true;
        },
        text(data) {
          if (options.textWithin === undefined || within > 0) listener.onText(data);
        },
        close() {
          listener.onTagClose();
          if (opened.pop()) within--;
        },
      },
      root.name,
    );
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
  markup: Markup,
  baseIRI: string,
  /** Entities the graph can still take: parsing stops past them rather than read what is dropped. */
  room: number,
): { triples: Triple[]; diagnostic?: Diagnostic } {
  const triples: Triple[] = [];
  const subjects = new Set<string>();
  let path = () => '';
  const sink = (quad: Quad) => {
    const predicate = quad.predicate.value;
    if (predicate !== RDF_TYPE && !SCHEMA_IRI.test(predicate)) return;
    if (triples.length >= MAX_TRIPLES) throw new LimitReached('triples');
    subjects.add(termKey(quad.subject));
    if (subjects.size > room) throw new LimitReached('entities');
    triples.push({ subject: quad.subject, predicate, object: quad.object, path: path() });
  };
  let attributesOf = (attribs: Record<string, string>) => attribs;
  let parser: TagListener;
  let roots: Root[];
  if (syntax === 'microdata') {
    parser = collecting(new MicrodataRdfParser({ baseIRI }), sink);
    roots = microdataRoots(document, markup.referenced);
    attributesOf = (attribs) => {
      const kept = { ...attribs };
      // An id no itemref names is left out (the parser would resolve it for nothing).
      if (kept.id !== undefined && !markup.referenced.has(kept.id)) delete kept.id;
      // WHATWG microdata: itemtype and itemid mean something only with itemscope. The parser would
      // give a stray itemtype to the enclosing item (an Offer becoming an OfferItemCondition too, on
      // a real shop page): it never sees one.
      if (kept.itemscope === undefined) {
        delete kept.itemtype;
        delete kept.itemid;
      }
      return kept;
    };
  } else {
    // RDFa inherits its vocabulary, prefixes and subjects from any ancestor: the whole page is read.
    parser = collecting(new RdfaParser({ baseIRI, profile: 'html' }), sink);
    roots = document.children.filter(isElement).map((element) => ({ element, ancestors: [] }));
  }
  try {
    feed(roots, parser, {
      attributesOf,
      ...(syntax === 'microdata' ? { textWithin: 'itemprop' } : {}),
      setPath: (p) => {
        path = p;
      },
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
  const markup = survey(document);
  const syntaxes = (['microdata', 'rdfa'] as const).filter((syntax) => markup[syntax]);
  for (const syntax of syntaxes) {
    const room = MAX_ENTITIES - graph.entities.length;
    const { triples, diagnostic } = readTriples(syntax, document, markup, baseIRI, room);
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
