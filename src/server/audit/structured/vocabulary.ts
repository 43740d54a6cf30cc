import data from './schemaorg/vocabulary.json' with { type: 'json' };

// The schema.org vocabulary (schemaorg/README.md says which release and where it came from), indexed
// once when the module loads; read-only afterwards.

interface PropertyDefinition {
  domains: string[];
  ranges: string[];
  supersededBy?: string;
}

export interface Vocabulary {
  /** Whether schema.org defines this type (or data type), spelled exactly. */
  isType(name: string): boolean;
  /** Whether schema.org defines this property, spelled exactly. */
  isProperty(name: string): boolean;
  property(name: string): PropertyDefinition | undefined;
  /** A type and every type it inherits from (itself first); empty for a type we know no parents of. */
  ancestors(name: string): ReadonlySet<string>;
  /** Whether one of these types is `type` or a subtype of it (`NewsArticle` is an `Article`). */
  isA(types: readonly string[], type: string): boolean;
  /** Whether a type is an enumeration (a descendant of Enumeration). */
  isEnumeration(name: string): boolean;
  /** The enumerations a member belongs to (`InStock` → `ItemAvailability`). */
  enumerationsOf(member: string): readonly string[];
  /** Members of an enumeration. */
  membersOf(enumeration: string): readonly string[];
  /** The right spelling of a type that is not one, when one is close (case, or one or two letters). */
  suggestType(name: string): string | undefined;
  suggestProperty(name: string): string | undefined;
  suggestMember(value: string, enumerations: readonly string[]): string | undefined;
}

const types = data.types as Record<string, string[]>;
const properties = data.properties as Record<string, PropertyDefinition>;
const members = data.members as Record<string, string[]>;

/** Edit distance, stopping early past `max` (names are short; the pools are a few thousand). */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = row;
  }
  return previous[b.length]!;
}

/** A close name from `pool`: same letters in another case first, else one within two edits. */
function closest(
  name: string,
  pool: readonly string[],
  byLowerCase: ReadonlyMap<string, string>,
): string | undefined {
  const folded = name.toLowerCase().replace(/[\s_-]+/g, '');
  const sameLetters = byLowerCase.get(folded);
  if (sameLetters) return sameLetters;
  if (name.length < 4) return undefined;
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of pool) {
    const d = distance(folded, candidate.toLowerCase(), 2);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function lowerCaseIndex(names: readonly string[]): Map<string, string> {
  return new Map(names.map((name) => [name.toLowerCase(), name]));
}

function buildVocabulary(): Vocabulary {
  const typeNames = [...Object.keys(types), ...data.laterTypes];
  const propertyNames = [...Object.keys(properties), ...data.laterProperties];
  const knownTypes = new Set(typeNames);
  const knownProperties = new Set(propertyNames);
  const typesByLowerCase = lowerCaseIndex(typeNames);
  const propertiesByLowerCase = lowerCaseIndex(propertyNames);
  const ancestry = new Map<string, Set<string>>();
  const ancestorsOf = (name: string): Set<string> => {
    const known = ancestry.get(name);
    if (known) return known;
    const found = new Set<string>();
    const queue = [name];
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (found.has(next) || !(next in types)) continue;
      found.add(next);
      queue.push(...types[next]!);
    }
    ancestry.set(name, found);
    return found;
  };
  for (const name of Object.keys(types)) ancestorsOf(name);
  const membersByEnumeration = new Map<string, string[]>();
  for (const [member, enumerations] of Object.entries(members)) {
    for (const enumeration of enumerations) {
      membersByEnumeration.set(enumeration, [...(membersByEnumeration.get(enumeration) ?? []), member]);
    }
  }
  return {
    isType: (name) => knownTypes.has(name),
    isProperty: (name) => knownProperties.has(name),
    property: (name) => (Object.hasOwn(properties, name) ? properties[name] : undefined),
    ancestors: (name) => ancestry.get(name) ?? new Set(),
    isA: (names, type) => names.some((name) => ancestry.get(name)?.has(type) ?? false),
    isEnumeration: (name) => (ancestry.get(name)?.has('Enumeration') ?? false) && name !== 'Enumeration',
    enumerationsOf: (member) => (Object.hasOwn(members, member) ? members[member]! : []),
    membersOf: (enumeration) => membersByEnumeration.get(enumeration) ?? [],
    suggestType: (name) => closest(name, typeNames, typesByLowerCase),
    suggestProperty: (name) => closest(name, propertyNames, propertiesByLowerCase),
    suggestMember: (value, enumerations) => {
      const pool = enumerations.flatMap((e) => membersByEnumeration.get(e) ?? []);
      return closest(value, pool, lowerCaseIndex(pool));
    },
  };
}

/** The vocabulary, built once per thread: immutable data, like the JSON it comes from. */
export const SCHEMA_ORG: Vocabulary = buildVocabulary();
