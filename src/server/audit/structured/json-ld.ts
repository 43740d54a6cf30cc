import { excerptAt, pastLimits, type JsonObject, type JsonValue } from '../read/jsonld.ts';
import {
  type GraphBuilder,
  LimitReached,
  MAX_DEPTH,
  schemaName,
  type Diagnostic,
  type Entity,
  type Value,
} from './graph.ts';

// JSON-LD blocks into the page's graph: `@graph` and arrays flattened, nested nodes become entities
// linked to their parent, `{"@id": …}` references resolved to the node of that id anywhere on the
// page. As engines read schema.org, not as a JSON-LD processor: no remote context is fetched, the
// schema.org prefixes are the only ones understood (the JSON-LD reader's rule, read/jsonld.ts).

/**
 * A CDATA section around the JSON, in the spellings found on pages: bare, or hidden from scripts
 * with `//` or `/* *\/` comments. The HTML parser keeps a script's text as it is, so JSON.parse sees it.
 */
const CDATA_OPEN = /^(?:\/\*\s*<!\[CDATA\[\s*\*\/|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/;
const CDATA_CLOSE = /(?:\/\*\s*\]\]>\s*\*\/|\/\/\s*\]\]>|\]\]>)$/;
/** An HTML comment around the JSON: old pages hid scripts from old browsers; engines cope. */
const COMMENT_OPEN = /^<!--/;
const COMMENT_CLOSE = /-->$/;

function unwrap(raw: string): { text: string; cdata: boolean } {
  let text = raw.trim();
  const cdata = CDATA_OPEN.test(text) && CDATA_CLOSE.test(text);
  if (cdata) text = text.replace(CDATA_OPEN, '').replace(CDATA_CLOSE, '').trim();
  if (COMMENT_OPEN.test(text) && COMMENT_CLOSE.test(text)) {
    text = text.replace(COMMENT_OPEN, '').replace(COMMENT_CLOSE, '').trim();
  }
  return { text, cdata };
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A reference to resolve once every block is read. */
interface PendingRef {
  entity: Entity;
  property: string;
  position: number;
  id: string;
}

interface BlockReader {
  graph: GraphBuilder;
  block: number;
  refs: PendingRef[];
}

function typesOf(node: JsonObject): string[] {
  const type = node['@type'];
  return (Array.isArray(type) ? type : [type])
    .filter((t): t is string => typeof t === 'string')
    .map(schemaName);
}

/** A node that only points to another: `{"@id": "…"}`. */
function referenceOf(node: JsonObject): string | undefined {
  const id = node['@id'];
  const keys = Object.keys(node).filter((k) => k !== '@context');
  return typeof id === 'string' && keys.length === 1 ? id : undefined;
}

function literalOf(value: JsonValue): Value | undefined {
  if (typeof value === 'string') return { kind: 'text', value };
  if (typeof value === 'number') return { kind: 'number', value };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  return undefined;
}

function readValue(
  reader: BlockReader,
  owner: Entity,
  property: string,
  value: JsonValue,
  path: string,
  depth: number,
): void {
  if (depth > MAX_DEPTH) throw new LimitReached('depth');
  if (Array.isArray(value)) {
    value.forEach((item, i) => readValue(reader, owner, property, item, `${path}[${i}]`, depth + 1));
    return;
  }
  const literal = literalOf(value);
  if (literal) {
    reader.graph.addValue(owner, property, literal);
    return;
  }
  if (!isObject(value)) return;
  if ('@value' in value) {
    const inner = literalOf(value['@value']!);
    if (inner) reader.graph.addValue(owner, property, inner);
    return;
  }
  const ref = referenceOf(value);
  if (ref !== undefined) {
    reader.refs.push({
      entity: owner,
      property,
      position: owner.properties.get(property)?.length ?? 0,
      id: ref,
    });
    reader.graph.addValue(owner, property, { kind: 'url', value: ref });
    return;
  }
  const child = readNode(reader, value, path, depth + 1, { entity: owner.index, property });
  reader.graph.addValue(owner, property, { kind: 'entity', entity: child.index });
}

function readNode(
  reader: BlockReader,
  node: JsonObject,
  path: string,
  depth: number,
  parent?: Entity['parent'],
): Entity {
  if (depth > MAX_DEPTH) throw new LimitReached('depth');
  const id = typeof node['@id'] === 'string' ? node['@id'] : undefined;
  const entity = reader.graph.add({
    ...(id !== undefined ? { id } : {}),
    types: typesOf(node),
    source: { syntax: 'json-ld', block: reader.block, path: path || '(block)' },
    ...(parent ? { parent } : {}),
  });
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    readValue(reader, entity, schemaName(key), value, path ? `${path}.${key}` : key, depth);
  }
  return entity;
}

function readTop(reader: BlockReader, value: JsonValue, path: string, depth: number): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => readTop(reader, item, `${path}[${i}]`, depth + 1));
    return;
  }
  if (!isObject(value)) return;
  if (Array.isArray(value['@graph']) || isObject(value['@graph'])) {
    readTop(reader, value['@graph'], `${path}@graph`, depth + 1);
    // A node may carry properties beside its @graph; they describe the graph, rarely anything else.
    if (!Object.keys(value).some((k) => !k.startsWith('@'))) return;
  }
  readNode(reader, value, path, depth);
}

/** Every JSON-LD block (raw text, in page order) into the graph, with what kept a block unread. */
export function readJsonLdBlocks(rawBlocks: readonly string[], graph: GraphBuilder): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const refs: PendingRef[] = [];
  try {
    rawBlocks.forEach((raw, index) => {
      const block = index + 1;
      const { text, cdata } = unwrap(raw);
      const limit = pastLimits(text);
      if (limit) {
        diagnostics.push({ syntax: 'json-ld', block, problem: limit });
        return;
      }
      if (text === '') {
        diagnostics.push({ syntax: 'json-ld', block, problem: 'empty' });
        return;
      }
      let parsed: JsonValue;
      try {
        // JSON.parse keeps a "__proto__" key as an own property: nothing here can reach a prototype.
        parsed = JSON.parse(text) as JsonValue;
      } catch (error) {
        const excerpt = excerptAt(text, error);
        diagnostics.push(
          cdata
            ? { syntax: 'json-ld', block, problem: 'cdata', valid: false, excerpt }
            : { syntax: 'json-ld', block, problem: 'syntax', excerpt },
        );
        return;
      }
      if (cdata) diagnostics.push({ syntax: 'json-ld', block, problem: 'cdata', valid: true, excerpt: '' });
      readTop({ graph, block, refs }, parsed, '', 0);
    });
  } catch (error) {
    if (!(error instanceof LimitReached)) throw error;
    diagnostics.push({ syntax: 'json-ld', problem: 'limit', limit: error.limit });
  }
  resolveReferences(graph, refs);
  return diagnostics;
}

/** `{"@id": …}` values become links to the page's node of that id (the first, as engines merge). */
function resolveReferences(graph: GraphBuilder, refs: readonly PendingRef[]): void {
  const byId = new Map<string, number>();
  for (const entity of graph.entities) {
    if (entity.source.syntax === 'json-ld' && entity.id !== undefined && !byId.has(entity.id)) {
      byId.set(entity.id, entity.index);
    }
  }
  for (const ref of refs) {
    const target = byId.get(ref.id);
    const values = ref.entity.properties.get(ref.property);
    if (target !== undefined && values && values[ref.position])
      values[ref.position] = { kind: 'entity', entity: target };
  }
}
