import { clip } from '../../../lib/text.ts';
import { msg } from '../check.ts';
import { MAX_BLOCK_BYTES, MAX_BLOCK_NESTING } from '../read/jsonld.ts';
import type { Message } from '../types.ts';
import { GOOGLE_RULES, type RuleContext } from './google.ts';
import {
  ancestry,
  isSchemaName,
  valuesOf,
  type Diagnostic,
  type Entity,
  type StructuredData,
  type Value,
} from './graph.ts';
import { isNestedUnder } from './main-entity.ts';
import { SCHEMA_ORG, type Vocabulary } from './vocabulary.ts';

// The page's entities checked against schema.org (case-sensitive: JSON-LD 1.1 §1.7 "Syntax Tokens
// and Keywords" makes all keys and values so, and microdata and RDFa names are URLs) and against the
// properties Google documents for its rich results (google.ts). Each finding names the entity, the
// property and the fix, as message keys of the `audit` namespace (`structured.*`) with their values,
// so reports say it in either language.

export type Rule =
  | 'unknownType'
  | 'unknownProperty'
  | 'propertyNotOnType'
  | 'bareEnumeration'
  | 'unknownEnumeration'
  | 'expectedUrl'
  | 'emptyUrl'
  | 'expectedDate'
  | 'expectedNumber'
  | 'markupInText'
  | 'required'
  | 'oneOf'
  | 'expectedEntity'
  | 'ratingOutOfRange'
  | 'recommended'
  /** contradictions.ts: two descriptions of one item disagree, or one entity is marked up twice. */
  | 'conflictingIdentifier'
  | 'conflictingOffer'
  | 'duplicateEntity';

export interface ValidationFinding {
  /** The entity's index in `StructuredData.entities`. */
  entity: number;
  property?: string;
  rule: Rule;
  /** `error`: engines ignore the markup or the rich result; `warning`: it is weaker than it could be. */
  severity: 'error' | 'warning';
  message: Message;
  fix: Message;
}

/** Findings kept at most: a page with thousands of broken items needs the first few named. */
export const MAX_FINDINGS = 200;
/** Values of one property checked at most: the same mistake repeated is named once anyway. */
const MAX_VALUES_CHECKED = 50;

/** schema.org's address for a term: what an enumeration value should be written as. */
const SCHEMA_URL = 'https://schema.org/';
const SCHEMA_ADDRESS = /^https?:\/\/schema\.org\//;
/** An HTML tag in text: `<p>`, `</b>`, `<br/>`, `<a href="…">`. */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const ISO_TIME = /^\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const DATE_TYPES = new Set(['Date', 'DateTime', 'Time']);
const NUMBER_TYPES = new Set(['Number', 'Integer', 'Float']);
/** Properties whose every value is an address: an empty one is a mistake, not "no value". */
const URL_TYPES = new Set(['URL']);

/** Values quoted from the page in a message, at most this long. */
const QUOTE = 80;

/** How a message names an entity: its types (`Thing` when it has none). */
export function displayType(entity: Entity): string {
  return clip(entity.types.join(', ') || 'Thing', 40);
}

function textOf(value: Value): string | undefined {
  return value.kind === 'text' || value.kind === 'url' ? value.value : undefined;
}

function isRealDate(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day)
  );
}

function isIsoDate(text: string, ranges: readonly string[]): boolean {
  const date = ISO_DATE.exec(text) ?? ISO_DATE_TIME.exec(text);
  if (date) return isRealDate(date[1]!, date[2]!, date[3]!);
  return ranges.includes('Time') && ISO_TIME.test(text);
}

function isAbsoluteUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

function isFilled(value: Value): boolean {
  const text = textOf(value);
  return text === undefined || text.trim() !== '';
}

/** The values at a property or a dotted path through nested entities (`item.name`). */
export function valuesAt(entity: Entity, path: string, entities: readonly Entity[]): Value[] {
  let current: Value[] = [{ kind: 'entity', entity: entity.index }];
  for (const step of path.split('.')) {
    current = current.flatMap((v) =>
      v.kind === 'entity' ? (entities[v.entity]?.properties.get(step) ?? []) : [],
    );
  }
  return current;
}

export function hasValue(entity: Entity, path: string, entities: readonly Entity[]): boolean {
  return valuesAt(entity, path, entities).some(isFilled);
}

class Findings {
  readonly list: ValidationFinding[] = [];

  add(finding: ValidationFinding): void {
    if (this.list.length < MAX_FINDINGS) this.list.push(finding);
  }

  get full(): boolean {
    return this.list.length >= MAX_FINDINGS;
  }
}

function checkTypes(entity: Entity, vocabulary: Vocabulary, findings: Findings): void {
  for (const type of entity.types) {
    if (!isSchemaName(type) || vocabulary.isType(type)) continue;
    const suggestion = vocabulary.suggestType(type);
    findings.add({
      entity: entity.index,
      rule: 'unknownType',
      severity: 'error',
      message: msg('structured.finding.unknownType', { type: clip(type, QUOTE) }),
      fix: suggestion
        ? msg('structured.fix.typeSpelling', { type: clip(type, QUOTE), suggestion })
        : msg('structured.fix.typeUnknown'),
    });
  }
}

function checkValue(
  entity: Entity,
  property: string,
  ranges: readonly string[],
  value: Value,
  vocabulary: Vocabulary,
  findings: Findings,
): void {
  const text = textOf(value);
  if (text === undefined) return;
  const values = { type: displayType(entity), property, value: clip(text.trim(), QUOTE) };
  /** A warning on this value: the rule's message (with these values and `extra`) and its fix. */
  const warn = (rule: Rule, fix: Message, extra: Record<string, string> = {}) =>
    findings.add({
      entity: entity.index,
      property,
      rule,
      severity: 'warning',
      message: msg(`structured.finding.${rule}`, { ...values, ...extra }),
      fix,
    });
  const trimmed = text.trim();
  const enumerations = ranges.filter((r) => vocabulary.isEnumeration(r));
  if (enumerations.length > 0) {
    const member = trimmed.replace(SCHEMA_ADDRESS, '');
    const isMember = vocabulary.enumerationsOf(member).some((e) => enumerations.includes(e));
    if (isMember && !SCHEMA_ADDRESS.test(trimmed)) {
      warn('bareEnumeration', msg('structured.fix.enumerationUrl', { url: SCHEMA_URL + member }));
      return;
    }
    // Where text is allowed too (a Text range beside the enumeration), any wording is valid.
    if (!isMember && !ranges.includes('Text')) {
      const suggestion = vocabulary.suggestMember(member, enumerations);
      warn(
        'unknownEnumeration',
        suggestion
          ? msg('structured.fix.enumerationUrl', { url: SCHEMA_URL + suggestion })
          : msg('structured.fix.enumerationValue', { expected: enumerations.join(', ') }),
        { expected: enumerations.join(', ') },
      );
    }
    return;
  }
  // An empty logo or image (an ImageObject or a URL) is no image, as an empty url is no address.
  if (trimmed === '' && ranges.some((r) => URL_TYPES.has(r)) && !ranges.includes('Text')) {
    warn('emptyUrl', msg('structured.fix.emptyUrl', { property }));
    return;
  }
  if (ranges.every((r) => URL_TYPES.has(r))) {
    if (trimmed === '') {
      warn('emptyUrl', msg('structured.fix.emptyUrl', { property }));
    } else if (!isAbsoluteUrl(trimmed)) {
      warn('expectedUrl', msg('structured.fix.url'));
    }
    return;
  }
  if (value.kind === 'text' && ranges.every((r) => DATE_TYPES.has(r)) && !isIsoDate(trimmed, ranges)) {
    warn('expectedDate', msg('structured.fix.date'));
    return;
  }
  if (
    value.kind === 'text' &&
    ranges.every((r) => NUMBER_TYPES.has(r)) &&
    (trimmed === '' || !Number.isFinite(Number(trimmed)))
  ) {
    warn('expectedNumber', msg('structured.fix.number'));
    return;
  }
  if (
    value.kind === 'text' &&
    ranges.some((r) => r === 'Text' || vocabulary.ancestors(r).has('Text')) &&
    HTML_TAG.test(text)
  ) {
    warn('markupInText', msg('structured.fix.markup', { property }), {
      value: clip(HTML_TAG.exec(text)![0], QUOTE),
    });
  }
}

function checkProperties(entity: Entity, vocabulary: Vocabulary, findings: Findings): void {
  const known = entity.types.length > 0 && entity.types.every((t) => vocabulary.ancestors(t).size > 0);
  const ancestors = new Set(entity.types.flatMap((t) => [...vocabulary.ancestors(t)]));
  for (const [property, values] of entity.properties) {
    if (findings.full) return;
    if (!isSchemaName(property)) continue;
    const type = displayType(entity);
    // schema.org Actions name an input or output constraint `<property>-input` / `-output`.
    const name = property.replace(/-(?:input|output)$/, '');
    if (!vocabulary.isProperty(name)) {
      const suggestion = vocabulary.suggestProperty(property);
      findings.add({
        entity: entity.index,
        property,
        rule: 'unknownProperty',
        severity: 'warning',
        message: msg('structured.finding.unknownProperty', { type, property: clip(property, QUOTE) }),
        fix: suggestion
          ? msg('structured.fix.propertySpelling', { property: clip(property, QUOTE), suggestion })
          : msg('structured.fix.propertyUnknown', { type, property: clip(property, QUOTE) }),
      });
      continue;
    }
    const definition = vocabulary.property(name);
    if (!definition || name !== property) continue;
    if (known && definition.domains.length > 0 && !definition.domains.some((d) => ancestors.has(d))) {
      findings.add({
        entity: entity.index,
        property,
        rule: 'propertyNotOnType',
        severity: 'warning',
        message: msg('structured.finding.propertyNotOnType', { type, property }),
        fix: msg('structured.fix.propertyNotOnType', { property }),
      });
    }
    for (const value of values.slice(0, MAX_VALUES_CHECKED))
      checkValue(entity, property, definition.ranges, value, vocabulary, findings);
  }
}

function checkGoogle(
  entity: Entity,
  entities: readonly Entity[],
  vocabulary: Vocabulary,
  findings: Findings,
): void {
  const isA = (types: readonly string[], type: string) => vocabulary.isA(types, type);
  const context: RuleContext = {
    entity,
    parent: entity.parent ? entities[entity.parent.entity] : undefined,
    typesIn: (property) =>
      valuesAt(entity, property, entities).flatMap((v) =>
        v.kind === 'entity' ? (entities[v.entity]?.types ?? []) : [],
      ),
    isA,
    nestedUnder: (properties) => isNestedUnder(entity, entities, properties),
    inside: (type) => {
      for (const { ancestor } of ancestry(entity, entities)) if (isA(ancestor.types, type)) return true;
      return false;
    },
  };
  const rules = Object.entries(GOOGLE_RULES)
    .filter(([ruleType, rule]) =>
      rule.exact ? entity.types.includes(ruleType) : isA(entity.types, ruleType),
    )
    .map(([, rule]) => rule)
    .filter((rule) => !rule.when || rule.when(context));
  if (rules.length === 0) return;
  // A type can inherit two documented types (a Restaurant is an Organization and a LocalBusiness):
  // their rules are merged, each property named once, required before recommended.
  const required = new Set(
    rules.flatMap((r) => [...(r.required ?? []), ...(entity.parent ? [] : (r.requiredUnlessNested ?? []))]),
  );
  const oneOf = new Map(rules.flatMap((r) => r.oneOf ?? []).map((group) => [group.join(', '), group]));
  const recommended = new Set(rules.flatMap((r) => r.recommended ?? []).filter((p) => !required.has(p)));
  const type = displayType(entity);
  // A path is asked for only when its first step is there (see google.ts).
  const missing = (path: string) =>
    !hasValue(entity, path, entities) &&
    (!path.includes('.') || hasValue(entity, path.split('.')[0]!, entities));
  for (const property of [...required].filter(missing)) {
    findings.add({
      entity: entity.index,
      property,
      rule: 'required',
      severity: 'error',
      message: msg('structured.finding.required', { type, property }),
      fix: msg('structured.fix.required', { type, property }),
    });
  }
  for (const [properties, group] of oneOf) {
    if (group.some((p) => hasValue(entity, p, entities))) continue;
    findings.add({
      entity: entity.index,
      rule: 'oneOf',
      severity: 'error',
      message: msg('structured.finding.oneOf', { type, properties }),
      fix: msg('structured.fix.oneOf', { type, properties }),
    });
  }
  for (const property of new Set(rules.flatMap((r) => r.entities ?? []))) {
    const text = valuesAt(entity, property, entities).find((v) => v.kind !== 'entity');
    if (!text) continue;
    findings.add({
      entity: entity.index,
      property,
      rule: 'expectedEntity',
      severity: 'error',
      message: msg('structured.finding.expectedEntity', {
        type,
        property,
        value: clip(textOf(text) ?? ('value' in text ? String(text.value) : ''), QUOTE),
      }),
      fix: msg('structured.fix.expectedEntity', { type, property }),
    });
  }
  for (const property of [...recommended].filter((p) => !hasValue(entity, p, entities))) {
    findings.add({
      entity: entity.index,
      property,
      rule: 'recommended',
      severity: 'warning',
      message: msg('structured.finding.recommended', { type, property }),
      fix: msg('structured.fix.required', { type, property }),
    });
  }
}

function numberOf(values: readonly Value[]): number | undefined {
  const value = values[0];
  if (value?.kind === 'number') return value.value;
  if (value?.kind !== 'text' || value.value.trim() === '') return undefined;
  const parsed = Number(value.value.trim());
  return Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * A rating outside its scale: Google's review snippet documentation reads ratingValue between
 * worstRating and bestRating, 1 and 5 when they are not given.
 */
function checkRating(entity: Entity, vocabulary: Vocabulary, findings: Findings): void {
  if (!vocabulary.isA(entity.types, 'Rating')) return;
  const rating = numberOf(valuesOf(entity, 'ratingValue'));
  if (rating === undefined) return;
  const best = numberOf(valuesOf(entity, 'bestRating')) ?? 5;
  const worst = numberOf(valuesOf(entity, 'worstRating')) ?? 1;
  if (rating >= worst && rating <= best) return;
  findings.add({
    entity: entity.index,
    property: 'ratingValue',
    rule: 'ratingOutOfRange',
    severity: 'error',
    message: msg('structured.finding.ratingOutOfRange', { type: displayType(entity), rating, worst, best }),
    fix: msg('structured.fix.ratingOutOfRange'),
  });
}

/**
 * A breadcrumb's items (Google's breadcrumb documentation): `item` is the address of the step's page,
 * or an entity whose @id or url is one. (A position that is no whole number passes Google's Rich
 * Results Test, as the validator gallery's breadcrumb cases show: it is not flagged.)
 */
function checkBreadcrumbItem(entity: Entity, entities: readonly Entity[], findings: Findings): void {
  if (!entity.types.includes('ListItem')) return;
  const parent = entity.parent ? entities[entity.parent.entity] : undefined;
  if (!parent?.types.includes('BreadcrumbList')) return;
  const type = displayType(entity);
  for (const item of valuesOf(entity, 'item')) {
    const target = item.kind === 'entity' ? entities[item.entity] : undefined;
    const address = target
      ? (target.id ?? textOf(valuesOf(target, 'url')[0] ?? { kind: 'text', value: '' }))
      : textOf(item);
    if (address !== undefined && isAbsoluteUrl(address.trim())) continue;
    findings.add({
      entity: entity.index,
      property: 'item',
      rule: 'expectedUrl',
      severity: 'error',
      message: msg('structured.finding.expectedUrl', {
        type,
        property: 'item',
        value: clip((address ?? '').trim(), QUOTE),
      }),
      fix: msg('structured.fix.url'),
    });
  }
}

/** Every entity checked against schema.org and Google's documented properties, in page order. */
export function validate(
  entities: readonly Entity[],
  vocabulary: Vocabulary = SCHEMA_ORG,
): ValidationFinding[] {
  const findings = new Findings();
  for (const entity of entities) {
    if (findings.full) break;
    checkTypes(entity, vocabulary, findings);
    checkProperties(entity, vocabulary, findings);
    checkGoogle(entity, entities, vocabulary, findings);
    checkRating(entity, vocabulary, findings);
    checkBreadcrumbItem(entity, entities, findings);
  }
  return findings.list;
}

/** What a diagnostic of the reader says, and its fix, in the `audit` namespace's words. */
export function describeDiagnostic(
  diagnostic: Diagnostic,
  data: StructuredData,
): { message: Message; fix?: Message } {
  if (diagnostic.problem === 'limit') {
    return { message: msg('structured.diagnostic.limit', { syntax: SYNTAX_NAMES[diagnostic.syntax] }) };
  }
  if (diagnostic.problem === 'unreadable') {
    return { message: msg('structured.diagnostic.unreadable', { syntax: SYNTAX_NAMES[diagnostic.syntax] }) };
  }
  const values = { block: diagnostic.block, total: data.jsonLdBlocks };
  switch (diagnostic.problem) {
    case 'cdata':
      return diagnostic.valid
        ? { message: msg('structured.diagnostic.cdataValid', values), fix: msg('structured.fix.cdata') }
        : {
            message: msg('structured.diagnostic.cdataInvalid', { ...values, excerpt: diagnostic.excerpt }),
            fix: msg('structured.fix.cdataAndSyntax'),
          };
    case 'syntax':
      return {
        message: msg('structured.diagnostic.syntax', { ...values, excerpt: diagnostic.excerpt }),
        fix: msg('structured.fix.syntax'),
      };
    case 'empty':
      return { message: msg('structured.diagnostic.empty', values) };
    case 'tooLarge':
      return { message: msg('structured.diagnostic.tooLarge', { ...values, kb: MAX_BLOCK_KB }) };
    case 'tooDeep':
      return { message: msg('structured.diagnostic.tooDeep', { ...values, limit: MAX_BLOCK_NESTING }) };
  }
}

const MAX_BLOCK_KB = MAX_BLOCK_BYTES / 1024;
export const SYNTAX_NAMES: Record<Diagnostic['syntax'], string> = {
  'json-ld': 'JSON-LD',
  microdata: 'microdata',
  rdfa: 'RDFa',
};
