import { clip } from '../../../lib/text.ts';

// The page's JSON-LD, parsed once: every block, `@graph` flattened, nested nodes (an Article's
// author, a WebSite's publisher) collected too, and `{"@id": …}` references resolved, which is how
// most generators link their nodes. This is schema.org as engines read it, not a JSON-LD processor:
// no context expansion, only the usual "schema.org" vocabulary in its common spellings.

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export interface JsonLdError {
  /** 1-based number of the block on the page. */
  block: number;
  /** Why it was not read: a syntax error, or a block past the size or nesting limits. */
  problem: 'syntax' | 'tooLarge' | 'tooDeep';
  /** The text around a syntax error, clipped ('' for an empty block and the limits). */
  excerpt: string;
}

export interface JsonLdData {
  blocks: number;
  errors: JsonLdError[];
  /** Every node with an @type, top-level and nested, in document order. */
  entities: JsonObject[];
  byId: Map<string, JsonObject>;
}

/** Nesting followed at most, and nodes kept at most: bounded work on hostile markup. */
const MAX_DEPTH = 32;
const MAX_ENTITIES = 1000;
/**
 * Blocks parsed at most: their size, and how deep their arrays and objects nest. Real blocks are a few
 * kilobytes and a dozen levels deep; a larger or deeper one is refused before JSON.parse builds it.
 */
export const MAX_BLOCK_BYTES = 256 * 1024;
export const MAX_BLOCK_NESTING = 128;

/** How deep the arrays and objects of a JSON text nest, counted without parsing (strings skipped). */
function nestingOf(text: string, stopAt: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAt) return deepest;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return deepest;
}

/** Why a block is not read before parsing it, if it is past a limit. */
export function pastLimits(text: string): 'tooLarge' | 'tooDeep' | undefined {
  // A UTF-16 unit is at most 3 UTF-8 bytes: the exact size is only measured when it could matter.
  if (text.length * 3 > MAX_BLOCK_BYTES && Buffer.byteLength(text) > MAX_BLOCK_BYTES) return 'tooLarge';
  return nestingOf(text, MAX_BLOCK_NESTING) > MAX_BLOCK_NESTING ? 'tooDeep' : undefined;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Some sites still wrap their JSON in an HTML comment or CDATA section; browsers and engines cope. */
function unwrap(raw: string): string {
  return raw
    .trim()
    .replace(/^(<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '')
    .replace(/(-->|\/\/\s*\]\]>|\]\]>)$/, '')
    .trim();
}

/** A clipped piece of the block around the position JSON.parse complains about. */
export function excerptAt(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const position = /position (\d+)/.exec(message);
  const at = position ? Number(position[1]) : 0;
  const start = Math.max(0, at - 40);
  const piece = text.slice(start, at + 40);
  return `${start > 0 ? '…' : ''}${clip(piece, 80)}`;
}

function collect(value: JsonValue, depth: number, into: JsonObject[]): void {
  if (depth > MAX_DEPTH || into.length >= MAX_ENTITIES) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, depth + 1, into);
    return;
  }
  if (!isObject(value)) return;
  if (Object.hasOwn(value, '@type')) into.push(value);
  for (const [key, child] of Object.entries(value)) {
    if (key !== '@context') collect(child, depth + 1, into);
  }
}

export function readJsonLd(rawBlocks: string[]): JsonLdData {
  const errors: JsonLdError[] = [];
  const entities: JsonObject[] = [];
  rawBlocks.forEach((raw, index) => {
    const text = unwrap(raw);
    const limit = pastLimits(text);
    if (limit) {
      errors.push({ block: index + 1, problem: limit, excerpt: '' });
      return;
    }
    try {
      // JSON.parse keeps a "__proto__" key as an own property: nothing here can reach a prototype.
      collect(JSON.parse(text) as JsonValue, 0, entities);
    } catch (error) {
      errors.push({
        block: index + 1,
        problem: 'syntax',
        excerpt: text === '' ? '' : excerptAt(text, error),
      });
    }
  });
  const byId = new Map<string, JsonObject>();
  for (const entity of entities) {
    const id = entity['@id'];
    if (typeof id === 'string' && !byId.has(id)) byId.set(id, entity);
  }
  return { blocks: rawBlocks.length, errors, entities, byId };
}

/** A type name without its vocabulary prefix ("https://schema.org/Article" → "Article"). */
function shortType(type: string): string {
  return type.replace(/^(https?:\/\/schema\.org\/|schema:)/i, '').trim();
}

export function typesOf(node: JsonObject): string[] {
  const type = node['@type'];
  const names = Array.isArray(type) ? type : [type];
  return names.filter((t): t is string => typeof t === 'string').map(shortType);
}

export function hasType(node: JsonObject, types: ReadonlySet<string>): boolean {
  return typesOf(node).some((t) => types.has(t));
}

/** Distinct type names, in order of appearance. */
export function allTypes(data: JsonLdData): string[] {
  return [...new Set(data.entities.flatMap(typesOf))];
}

/** A property's value, with a reference ({"@id": …} alone) replaced by the node it names. */
export function prop(data: JsonLdData, node: JsonObject, name: string): JsonValue | undefined {
  const value = Object.hasOwn(node, name) ? node[name] : undefined;
  return resolveRef(data, value);
}

function resolveRef(data: JsonLdData, value: JsonValue | undefined): JsonValue | undefined {
  if (!isObject(value)) return value;
  const id = value['@id'];
  const keys = Object.keys(value);
  if (typeof id === 'string' && keys.length === 1) return data.byId.get(id) ?? value;
  return value;
}

/** The values of a property as a list (a single value becomes a one-item list), references resolved. */
export function propList(data: JsonLdData, node: JsonObject, name: string): JsonValue[] {
  const value = prop(data, node, name);
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => resolveRef(data, v) ?? null);
}

/** Whether a property holds something: not missing, null, empty text or an empty list. */
export function present(data: JsonLdData, node: JsonObject, name: string): boolean {
  return propList(data, node, name).some((v) => (typeof v === 'string' ? v.trim() !== '' : v !== null));
}

/** A readable text for a value: a string, or a node's name / text / url, or the first of a list. */
export function textOf(value: JsonValue | undefined, depth = 0): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  // A few levels are enough for {"name": {"@value": …}}; hostile nesting stops here.
  if (depth > 4) return undefined;
  if (Array.isArray(value)) return textOf(value[0], depth + 1);
  if (!isObject(value)) return undefined;
  for (const key of ['name', 'text', '@value', 'url', '@id']) {
    const text = textOf(value[key], depth + 1);
    if (text) return text;
  }
  return undefined;
}

export function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return isObject(value) ? value : undefined;
}
