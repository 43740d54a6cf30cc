import { clip } from '../../../lib/text.ts';
import { msg } from '../check.ts';
import { ancestry, textsOf, valuesOf, type Entity, type StructuredData, type Value } from './graph.ts';
import { isNestedUnder, pageAddress } from './main-entity.ts';
import { displayType, MAX_FINDINGS, type ValidationFinding } from './validate.ts';
import { SCHEMA_ORG, type Vocabulary } from './vocabulary.ts';

// Entities that describe the same thing and disagree (issue 36, item 3): a shop page with two
// Products for one item, one saying mpn "A-1" and the other "A-2", or offers at two prices: engines
// cannot tell which is right. Plain duplicates (the same entity marked up twice) are named too.

/** Product identifiers: two descriptions of one item with no value in common disagree. */
const IDENTIFIERS = ['sku', 'mpn', 'gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14', 'productID'];
/** What the offers of one item must agree on. */
const OFFER_PROPERTIES = ['price', 'priceCurrency', 'availability'];
/**
 * Entities that are not second descriptions of an item, though they share its name or address:
 * variants of a ProductGroup (under `hasVariant`, or saying they are one) differ in sku by design,
 * and offers are compared through the item they belong to (one Product's offers for two sizes
 * share its address and differ in sku and price).
 */
const COMPARED_THROUGH_PARENT = new Set(['hasVariant', 'offers']);
const VARIANT_PROPERTIES = ['isVariantOf', 'inProductGroupWithID'];
/**
 * Earlier descriptions each entity is compared with at most: a page naming one item a thousand
 * times is named for its first disagreements, in bounded work.
 */
const MAX_COMPARED = 50;
/** Characters quoted from the page in a message. */
const QUOTE = 80;

/** A name as engines match it: case and runs of whitespace folded. */
function foldName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** One value of a compared property in a form two spellings of it share. */
function canonical(property: string, value: string): string {
  if (property === 'price') {
    const number = Number(value.replace(',', '.'));
    return Number.isFinite(number) ? String(number) : value;
  }
  if (property === 'availability') return value.replace(/^https?:\/\/schema\.org\//, '');
  if (property === 'priceCurrency') return value.toUpperCase();
  return value;
}

/** Two entities of one type, or one a subtype of the other (a Product and a ProductGroup). */
function related(a: Entity, b: Entity, vocabulary: Vocabulary): boolean {
  return a.types.some((ta) =>
    b.types.some((tb) => ta === tb || vocabulary.ancestors(ta).has(tb) || vocabulary.ancestors(tb).has(ta)),
  );
}

/** The entities the offers of an entity are (`offers` values that are entities). */
function offersOf(entity: Entity, entities: readonly Entity[]): Entity[] {
  return valuesOf(entity, 'offers').flatMap((v) =>
    v.kind === 'entity' && entities[v.entity] ? [entities[v.entity]!] : [],
  );
}

/** The values of one compared property, as written (for messages) and as compared. */
interface Compared {
  written: string;
  canonical: ReadonlySet<string>;
}

/**
 * What two descriptions of one item must agree on, read once per entity: its identifiers, and its
 * offers' prices, currencies and availabilities (`offers.price`…).
 */
function factsOf(entity: Entity, entities: readonly Entity[]): Map<string, Compared> {
  const facts = new Map<string, Compared>();
  const add = (property: string, values: string[], key = property) => {
    if (values.length > 0)
      facts.set(key, { written: values[0]!, canonical: new Set(values.map((v) => canonical(property, v))) });
  };
  for (const property of IDENTIFIERS) add(property, textsOf(entity, property));
  const offers = offersOf(entity, entities);
  for (const property of OFFER_PROPERTIES)
    add(
      property,
      offers.flatMap((o) => textsOf(o, property)),
      `offers.${property}`,
    );
  return facts;
}

/** Whether two value sets have no value in common (one description says A, the other B). */
function disjoint(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const value of a) if (b.has(value)) return false;
  return true;
}

/**
 * Texts standing for entities and what they hold, nested entities included: two entities with the
 * same signature are the same markup twice. A nested entity is written as the number of its own
 * signature (interned), so each signature is as long as its entity's own values, however many
 * entities refer to each other; a reference back to an entity being written (JSON-LD references
 * loop: an author who works for the publisher who employs them) is written by its index.
 */
class Signatures {
  private readonly done = new Map<number, string>();
  private readonly interned = new Map<string, number>();
  private readonly writing = new Set<number>();

  constructor(private readonly entities: readonly Entity[]) {}

  of(entity: Entity): string {
    const known = this.done.get(entity.index);
    if (known !== undefined) return known;
    this.writing.add(entity.index);
    const properties = [...entity.properties.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([property, values]) => [property, values.map((v) => this.valueOf(v))]);
    this.writing.delete(entity.index);
    const written = JSON.stringify([[...entity.types].sort(), entity.id ?? null, properties]);
    this.done.set(entity.index, written);
    return written;
  }

  private valueOf(value: Value): string {
    if (value.kind !== 'entity') return `${value.kind}:${String(value.value)}`;
    const target = this.entities[value.entity];
    if (!target || this.writing.has(target.index)) return `@${value.entity}`;
    const written = this.of(target);
    let id = this.interned.get(written);
    if (id === undefined) {
      id = this.interned.size;
      this.interned.set(written, id);
    }
    return `#${id}`;
  }
}

/** What the entity is called in a message: its name, else its address. */
function label(entity: Entity): string {
  return clip(textsOf(entity, 'name')[0] ?? entity.id ?? textsOf(entity, 'url')[0] ?? '', QUOTE);
}

/**
 * Entities that describe the same thing and disagree, and entities marked up twice identically, in
 * page order. Two entities describe the same thing when their types are related (same, or one a
 * subtype of the other) and they share an address (`@id` or `url`, compared as `pageAddress` does:
 * fragment and trailing slash ignored) or a name (case and whitespace folded). Each entity is
 * compared with the earlier ones it shares an address or name with, and each disagreement named once,
 * on the later entity: product identifiers (sku, mpn, gtin*, productID) with no
 * value in common are an error, and so are offers whose prices, currencies or availabilities have no
 * value in common.
 */
export function contradictions(
  data: StructuredData,
  pageUrl: string | URL,
  vocabulary: Vocabulary = SCHEMA_ORG,
): ValidationFinding[] {
  const { entities } = data;
  const base = String(pageUrl);
  const findings: ValidationFinding[] = [];
  const eligible = entities.filter(
    (e) =>
      e.types.length > 0 &&
      !isNestedUnder(e, entities, COMPARED_THROUGH_PARENT) &&
      !VARIANT_PROPERTIES.some((p) => valuesOf(e, p).length > 0),
  );

  const duplicates = duplicateGroups(eligible, entities);
  const copies = new Set(duplicates.flatMap((group) => group.slice(1)));
  for (const group of duplicates) {
    // Copies nested in a copy (the Offer of a duplicated Product) are part of that one finding.
    if (isInside(group[1]!, entities, copies) || findings.length >= MAX_FINDINGS) continue;
    findings.push({
      entity: group[0]!.index,
      rule: 'duplicateEntity',
      severity: 'warning',
      message: msg('structured.finding.duplicateEntity', {
        type: displayType(group[0]!),
        count: group.length,
      }),
      fix: msg('structured.fix.duplicateEntity', { type: displayType(group[0]!) }),
    });
  }

  const byKey = new Map<string, Entity[]>();
  for (const entity of eligible) {
    if (copies.has(entity)) continue;
    const addresses = [...(entity.id ? [entity.id] : []), ...textsOf(entity, 'url')].flatMap(
      (a) => pageAddress(a, base) ?? [],
    );
    const keys = new Set([
      ...addresses.map((a) => `address:${a}`),
      ...textsOf(entity, 'name').map((n) => `name:${foldName(n)}`),
    ]);
    for (const key of keys) {
      const group = byKey.get(key);
      if (group) group.push(entity);
      else byKey.set(key, [entity]);
    }
  }
  const facts = new Map<Entity, Map<string, Compared>>();
  const factsFor = (entity: Entity) => {
    let known = facts.get(entity);
    if (!known) facts.set(entity, (known = factsOf(entity, entities)));
    return known;
  };
  /** `later entity:property` already named: each disagreement once, against the first it contradicts. */
  const named = new Set<string>();
  for (const group of byKey.values()) {
    for (const [i, later] of group.entries()) {
      const laterFacts = factsFor(later);
      if (laterFacts.size === 0) continue;
      for (const first of group.slice(Math.max(0, i - MAX_COMPARED), i)) {
        if (first === later || !related(first, later, vocabulary)) continue;
        for (const [property, firstValues] of factsFor(first)) {
          const laterValues = laterFacts.get(property);
          const key = `${later.index}:${property}`;
          if (!laterValues || named.has(key) || !disjoint(firstValues.canonical, laterValues.canonical))
            continue;
          named.add(key);
          if (findings.length < MAX_FINDINGS)
            findings.push(
              disagreementFinding(first, later, property, firstValues.written, laterValues.written),
            );
        }
      }
    }
  }
  return findings.sort((a, b) => a.entity - b.entity);
}

function disagreementFinding(
  first: Entity,
  later: Entity,
  property: string,
  firstValue: string,
  laterValue: string,
): ValidationFinding {
  const offer = property.startsWith('offers.');
  const name = offer ? property.slice('offers.'.length) : property;
  const rule = offer ? 'conflictingOffer' : 'conflictingIdentifier';
  return {
    entity: later.index,
    property,
    rule,
    severity: 'error',
    message: msg(`structured.finding.${rule}`, {
      type: displayType(later),
      name: label(first) || label(later),
      property: name,
      first: clip(firstValue, QUOTE),
      second: clip(laterValue, QUOTE),
    }),
    fix: msg(`structured.fix.${rule}`, { property: name }),
  };
}

/** Groups of two or more entities with the same signature, each in page order. */
function duplicateGroups(eligible: readonly Entity[], entities: readonly Entity[]): Entity[][] {
  const signatures = new Signatures(entities);
  const bySignature = new Map<string, Entity[]>();
  for (const entity of eligible) {
    if (!NAMING.some((p) => textsOf(entity, p).length > 0) && entity.id === undefined) continue;
    // A nested value repeated under different parents (each review's own 5-star Rating, each
    // service's "Worldwide" area) is a shared value, not a second description: nested copies count
    // only under one parent.
    const key = `${signatures.of(entity)}${entity.parent ? `@${entity.parent.entity}` : ''}`;
    const group = bySignature.get(key);
    if (group) group.push(entity);
    else bySignature.set(key, [entity]);
  }
  return [...bySignature.values()].filter((group) => group.length > 1);
}

/**
 * What names a thing: an entity with none of these (and no `@id`) is a bare value, such as a teaser
 * holding only its date, which two items can share without being one.
 */
const NAMING = ['name', 'headline', 'url', ...IDENTIFIERS];

/** Whether one of the entity's ancestors is in `set`. */
function isInside(entity: Entity, entities: readonly Entity[], set: ReadonlySet<Entity>): boolean {
  for (const { ancestor } of ancestry(entity, entities)) if (set.has(ancestor)) return true;
  return false;
}
