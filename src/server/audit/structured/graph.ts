// The page's structured data as one graph of entities, whichever syntax wrote them (JSON-LD,
// microdata, RDFa), the shape the checks read (decision 058). Everything in it comes from the
// audited site: bounded here, clipped again by whoever quotes it.

export type Syntax = 'json-ld' | 'microdata' | 'rdfa';

/** One value of a property. */
export type Value =
  /** A literal (JSON string, microdata or RDFa text), clipped to `MAX_TEXT` characters. */
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  /** An address: a microdata or RDFa link, or a JSON-LD `{"@id": …}` naming no entity of the page. */
  | { kind: 'url'; value: string }
  /** Another entity of the graph, by its index in `StructuredData.entities`. */
  | { kind: 'entity'; entity: number };

export interface Source {
  syntax: Syntax;
  /** JSON-LD: the 1-based number of the `<script type="application/ld+json">` block. */
  block?: number;
  /**
   * JSON-LD: where in the block (`@graph[1].author`); microdata and RDFa: the element and its last
   * ancestors (`article[1] > div[2] > span[1]`, the index counting element siblings from 1).
   */
  path: string;
}

export interface Entity {
  /** Its index in `StructuredData.entities`, which values of kind `entity` refer to. */
  index: number;
  /** `@id`, `itemid` or the RDFa subject's address, when it has one. */
  id?: string;
  /**
   * Types as written, without the schema.org prefix (`"schema:Product"` and
   * `"https://schema.org/Product"` give `"Product"`), case kept: `"product"` stays `"product"`.
   * A type of another vocabulary keeps its full address.
   */
  types: string[];
  /** Property names as written (schema.org prefix removed, case kept), values in document order. */
  properties: Map<string, Value[]>;
  source: Source;
  /** The entity and property it is nested under (`author` of an Article), when it is nested. */
  parent?: { entity: number; property: string };
}

export type GraphLimit = 'entities' | 'values' | 'triples' | 'depth';

export type Diagnostic =
  /** A JSON-LD block engines cannot read: broken JSON, empty, or past our size or nesting limit. */
  | { syntax: 'json-ld'; block: number; problem: 'syntax'; excerpt: string }
  | { syntax: 'json-ld'; block: number; problem: 'empty' | 'tooLarge' | 'tooDeep' }
  /**
   * A JSON-LD block wrapped in a CDATA section (`<![CDATA[ … ]]>`, `/*<![CDATA[*\/ … /*]]>*\/`):
   * whether the JSON inside is valid, and where it breaks when it is not.
   */
  | { syntax: 'json-ld'; block: number; problem: 'cdata'; valid: boolean; excerpt: string }
  /** The page holds more than we read: what came before the limit is in the graph. */
  | { syntax: Syntax; problem: 'limit'; limit: GraphLimit }
  /** The microdata or RDFa parser stopped on something it could not handle. */
  | { syntax: Syntax; problem: 'unreadable' };

export interface StructuredData {
  entities: Entity[];
  diagnostics: Diagnostic[];
  /** JSON-LD blocks on the page, read or not. */
  jsonLdBlocks: number;
}

/** Entities kept at most, all syntaxes together (the JSON-LD reader's bound, read/jsonld.ts). */
export const MAX_ENTITIES = 1000;
/** Property values kept at most, all entities together. */
export const MAX_VALUES = 20_000;
/** Characters kept of one text value: enough for any description, bounded for a hostile one. */
export const MAX_TEXT = 5000;
/** How deep JSON-LD nodes are followed (the JSON-LD reader's bound). */
export const MAX_DEPTH = 32;
/** Triples read at most from each of the microdata and RDFa parsers. */
export const MAX_TRIPLES = 20_000;

const SCHEMA_PREFIX = /^(?:https?:\/\/schema\.org\/|schema:)/;

/** A type or property name without its schema.org prefix; other vocabularies keep their address. */
export function schemaName(name: string): string {
  return name.trim().replace(SCHEMA_PREFIX, '');
}

/** Whether a name is in schema.org's namespace (no other vocabulary's prefix or address). */
export function isSchemaName(name: string): boolean {
  return !/[:/#]/.test(name);
}

export class LimitReached extends Error {
  constructor(readonly limit: GraphLimit) {
    super(limit);
  }
}

/**
 * Collects one page's entities within the limits: `add` and `addValue` throw `LimitReached` past
 * them, which the readers catch to report the limit and keep what came before.
 */
export class GraphBuilder {
  readonly entities: Entity[] = [];
  private values = 0;

  add(entity: Omit<Entity, 'index' | 'properties'>): Entity {
    if (this.entities.length >= MAX_ENTITIES) throw new LimitReached('entities');
    const added: Entity = { index: this.entities.length, ...entity, properties: new Map() };
    this.entities.push(added);
    return added;
  }

  addValue(entity: Entity, property: string, value: Value): void {
    if (++this.values > MAX_VALUES) throw new LimitReached('values');
    const clipped =
      value.kind === 'text' || value.kind === 'url'
        ? { ...value, value: value.value.slice(0, MAX_TEXT) }
        : value;
    const values = entity.properties.get(property);
    if (values) values.push(clipped);
    else entity.properties.set(property, [clipped]);
  }
}

/** The values of a property, or none. */
export function valuesOf(entity: Entity, property: string): Value[] {
  return entity.properties.get(property) ?? [];
}

/** A property's literal values as trimmed text (numbers written out), empty ones left out. */
export function textsOf(entity: Entity, property: string): string[] {
  return valuesOf(entity, property).flatMap((v) =>
    v.kind === 'text' || v.kind === 'url'
      ? v.value.trim() === ''
        ? []
        : [v.value.trim()]
      : v.kind === 'number'
        ? [String(v.value)]
        : [],
  );
}

/** Steps followed up a parent chain at most (the JSON-LD reader nests no deeper than MAX_DEPTH). */
const MAX_CHAIN = 64;

/**
 * The entities an entity is nested in, nearest first, each with the property that holds the one
 * below it (an Offer's `offers`, then its Product's `mainEntity`…); bounded, as the page is untrusted.
 */
export function* ancestry(
  entity: Entity,
  entities: readonly Entity[],
): Generator<{ ancestor: Entity; property: string }> {
  let current: Entity | undefined = entity;
  for (let step = 0; current?.parent && step < MAX_CHAIN; step++) {
    const ancestor: Entity | undefined = entities[current.parent.entity];
    if (!ancestor) return;
    yield { ancestor, property: current.parent.property };
    current = ancestor;
  }
}
