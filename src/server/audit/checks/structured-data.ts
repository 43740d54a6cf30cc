import type { ItemStatus } from '../../../lib/audit.ts';
import { clip, comparableText } from '../../../lib/text.ts';
import { list, msg, verdict, type Verdict, worst } from '../check.ts';
import type { AuditContext } from '../context.ts';
import { metaByProperty } from '../read/html.ts';
import { GOOGLE_RULES } from '../structured/google.ts';
import { textsOf, valuesOf, type Entity, type Syntax } from '../structured/graph.ts';
import { siteIdentities } from '../structured/main-entity.ts';
import {
  describeDiagnostic,
  displayType,
  hasValue,
  SYNTAX_NAMES,
  valuesAt,
  type Rule,
  type ValidationFinding,
} from '../structured/validate.ts';
import { SCHEMA_ORG } from '../structured/vocabulary.ts';
import type { Message } from '../types.ts';

// The structured-data checks (issue 36): the page's JSON-LD, microdata and RDFa read as one graph
// (structured/, decision 058), then judged as engines judge it: can it be read, is it written as
// schema.org defines it, does it describe each thing once and consistently, does it have what
// Google documents for its types, who the site is, and on a product page, the product's essentials.
// Every finding names the entity, where it is (syntax and block or element), and the fix.

/** Types listed per syntax in evidence, at most (a page can declare dozens). */
const MAX_TYPES_SHOWN = 12;
/**
 * Findings spelled out in one check's evidence, three messages each (REPORT_BOUNDS.messagesPerFinding
 * keeps 12); the rest are counted.
 */
const MAX_FINDINGS_SHOWN = 3;

const SYNTAXES: readonly Syntax[] = ['json-ld', 'microdata', 'rdfa'];

const isA = (entity: Entity, type: string) => SCHEMA_ORG.isA(entity.types, type);

/** Types as a list for a message: "Product, Offer, …", or "—" for none. */
function typeList(types: readonly string[]): string {
  const shown = types.slice(0, MAX_TYPES_SHOWN).map((t) => clip(t, 40));
  if (shown.length === 0) return '—';
  return list(shown) + (types.length > shown.length ? ', …' : '');
}

/**
 * Where an entity is written (its JSON-LD block, or the element of its microdata or RDFa), ending
 * with the label of the fix that follows it.
 */
export function whereOf(entity: Entity): Message {
  const { syntax, block, path } = entity.source;
  if (syntax === 'json-ld') return msg('structured.where.jsonLd', { block: block ?? 1 });
  return msg(`structured.where.${syntax === 'rdfa' ? 'rdfa' : 'microdata'}`, { path: clip(path, 60) });
}

/** The syntax an entity was written in, as the report names it ("JSON-LD", "microdata", "RDFa"). */
export function syntaxOf(entity: Entity): string {
  return SYNTAX_NAMES[entity.source.syntax];
}

/** A finding as evidence: what is wrong, where (with the fix's label), and the fix. */
function findingEvidence(ctx: AuditContext, finding: ValidationFinding): Message[] {
  const entity = ctx.structured.entities[finding.entity];
  return [finding.message, entity ? whereOf(entity) : msg('structured.fixLabel'), finding.fix];
}

/**
 * A verdict from findings: fail on an error, warning on warnings only, the first few spelled out with
 * their fixes and the rest counted; `pass` (with `passEvidence`) when there is none.
 */
function findingsVerdict(
  ctx: AuditContext,
  findings: readonly ValidationFinding[],
  passEvidence: Message[],
  recommendation: Message,
): Verdict {
  if (findings.length === 0) return verdict('pass', passEvidence);
  const status = findings.some((f) => f.severity === 'error') ? 'fail' : 'warning';
  // Errors first: they are what engines drop.
  const ranked = [
    ...findings.filter((f) => f.severity === 'error'),
    ...findings.filter((f) => f.severity === 'warning'),
  ];
  const evidence = ranked.slice(0, MAX_FINDINGS_SHOWN).flatMap((f) => findingEvidence(ctx, f));
  const more = ranked.length - MAX_FINDINGS_SHOWN;
  if (more > 0) evidence.push(msg('structured.more', { count: more }));
  return verdict(status, evidence, recommendation);
}

/** The checks' share of the findings: those of these rules. */
function byRules(ctx: AuditContext, rules: ReadonlySet<Rule>): ValidationFinding[] {
  return ctx.markupFindings.filter((f) => rules.has(f.rule));
}

/** Can engines read the page's structured data at all: which syntaxes, which types, what broke. */
export function markup(ctx: AuditContext): Verdict {
  const { entities, diagnostics } = ctx.structured;
  if (entities.length === 0 && diagnostics.length === 0) {
    // Said plainly: the audit reads the HTML as sent, as most AI crawlers do, and runs no script.
    if (ctx.page.jsonLdInScripts) {
      return verdict(
        'warning',
        [msg('items.markup.evidence.none'), msg('items.markup.evidence.inScripts')],
        msg('items.markup.recommendation.render'),
      );
    }
    return verdict('warning', [msg('items.markup.evidence.none')], msg('items.markup.recommendation.add'));
  }
  const evidence: Message[] = [];
  for (const syntax of SYNTAXES) {
    const written = entities.filter((e) => e.source.syntax === syntax);
    if (written.length === 0) continue;
    const types = [...new Set(written.filter((e) => !e.parent).flatMap((e) => e.types))];
    evidence.push(
      msg('items.markup.evidence.syntax', {
        syntax: SYNTAX_NAMES[syntax],
        count: written.length,
        types: typeList(types),
      }),
    );
  }
  const statuses: ItemStatus[] = [];
  for (const diagnostic of diagnostics) {
    const { message, fix } = describeDiagnostic(diagnostic, ctx.structured);
    evidence.push(message, ...(fix ? [msg('structured.fixLabel'), fix] : []));
    // What we could not read to the end, or a wrapper engines may forgive, weakens the page; a block
    // engines cannot parse is lost to them.
    const partial =
      diagnostic.problem === 'limit' ||
      diagnostic.problem === 'unreadable' ||
      (diagnostic.problem === 'cdata' && diagnostic.valid);
    statuses.push(partial ? 'warning' : 'fail');
  }
  const status = entities.length === 0 ? 'fail' : worst(statuses);
  return verdict(status, evidence, msg('items.markup.recommendation.fix'));
}

/** Rules on the words and values themselves: what schema.org defines, and how values are written. */
const VOCABULARY_RULES: ReadonlySet<Rule> = new Set<Rule>([
  'unknownType',
  'unknownProperty',
  'propertyNotOnType',
  'bareEnumeration',
  'unknownEnumeration',
  'expectedUrl',
  'emptyUrl',
  'expectedDate',
  'expectedNumber',
  'markupInText',
  'ratingOutOfRange',
]);

/** Types and properties schema.org defines, spelled as it spells them, with values of the right kind. */
export function vocabulary(ctx: AuditContext): Verdict {
  const { entities } = ctx.structured;
  // No structured data: nothing to judge here (the markup check says it is missing), not a pass.
  if (entities.length === 0) return verdict('notApplicable', [msg('items.vocabulary.evidence.nothing')]);
  const values = { count: entities.length };
  return findingsVerdict(
    ctx,
    byRules(ctx, VOCABULARY_RULES),
    [msg('items.vocabulary.evidence.valid', values)],
    msg('items.vocabulary.recommendation.fix'),
  );
}

const CONSISTENCY_RULES: ReadonlySet<Rule> = new Set<Rule>([
  'conflictingIdentifier',
  'conflictingOffer',
  'duplicateEntity',
]);

/** Each thing described once, or consistently: no two descriptions of one item that disagree. */
export function consistency(ctx: AuditContext): Verdict {
  const { entities } = ctx.structured;
  if (entities.length === 0) return verdict('notApplicable', [msg('items.consistency.evidence.nothing')]);
  return findingsVerdict(
    ctx,
    byRules(ctx, CONSISTENCY_RULES),
    [msg('items.consistency.evidence.consistent')],
    msg('items.consistency.recommendation.merge'),
  );
}

const GOOGLE_RULE_IDS: ReadonlySet<Rule> = new Set<Rule>([
  'required',
  'oneOf',
  'expectedEntity',
  'recommended',
]);

/**
 * The entity and every entity it holds, nested or referenced by `@id` (a product's offers, their
 * seller, its reviews and rating), by index.
 */
function treeOf(root: Entity, entities: readonly Entity[]): Set<number> {
  const tree = new Set([root.index]);
  const queue = [root];
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const values of next.properties.values()) {
      for (const value of values) {
        if (value.kind !== 'entity' || tree.has(value.entity) || !entities[value.entity]) continue;
        tree.add(value.entity);
        queue.push(entities[value.entity]!);
      }
    }
  }
  return tree;
}

/** The product a product page is about: its main entity when a Product, else its first top-level one. */
function productOf(ctx: AuditContext): Entity | undefined {
  const main = ctx.main?.entity;
  if (main && isA(main, 'Product')) return main;
  return ctx.structured.entities.find((e) => !e.parent && isA(e, 'Product'));
}

/** Whether an entity is of a type Google documents properties for. */
function isDocumented(entity: Entity): boolean {
  return Object.keys(GOOGLE_RULES).some((type) => isA(entity, type));
}

/** Comparable text (lib/text.ts) with any tags an answer holds taken out first. */
const comparable = (text: string) => comparableText(text.replace(/<[^>]*>/g, ' '));

/** FAQPage answers that do not appear on the page: markup that does not match the text is ignored. */
function faqEvidence(ctx: AuditContext): { status: ItemStatus; evidence: Message[] }[] {
  const { entities } = ctx.structured;
  const pageText = ` ${comparable(ctx.page.bodyText)} `;
  return entities
    .filter((e) => isA(e, 'FAQPage'))
    .slice(0, 3)
    .map((faq) => {
      const answers = valuesAt(faq, 'mainEntity.acceptedAnswer.text', entities).flatMap((v) =>
        v.kind === 'text' && v.value.trim() !== '' ? [v.value] : [],
      );
      if (answers.length === 0)
        return { status: 'warning', evidence: [msg('items.typeProperties.evidence.faqEmpty')] };
      // The start of each answer (its first 80 comparable characters) must be in the page's own text.
      const visible = answers.filter((a) =>
        pageText.includes(` ${comparable(a).slice(0, 80).trim()}`),
      ).length;
      const status = visible === answers.length ? 'pass' : visible === 0 ? 'fail' : 'warning';
      return {
        status,
        evidence: [msg('items.typeProperties.evidence.faq', { visible, total: answers.length })],
      };
    });
}

/**
 * The properties Google documents for the page's types (google.ts): required ones on every entity,
 * recommended ones on the page's main entity only (a publisher's missing logo is the identity
 * check's). On a product page the product and what it holds are the product check's.
 */
export function typeProperties(ctx: AuditContext): Verdict {
  const { entities } = ctx.structured;
  const product = ctx.pageType.type === 'product' ? productOf(ctx) : undefined;
  const productTree = product ? treeOf(product, entities) : new Set<number>();
  const main = ctx.main?.entity.index;
  const findings = byRules(ctx, GOOGLE_RULE_IDS).filter(
    (f) => !productTree.has(f.entity) && (f.rule !== 'recommended' || f.entity === main),
  );
  const faqs = faqEvidence(ctx);
  const documented = [
    ...new Set(
      entities.filter((e) => !productTree.has(e.index) && !e.parent && isDocumented(e)).map(displayType),
    ),
  ];
  // No type Google documents properties for, and no FAQ: nothing to check, not a pass (issue 38).
  if (documented.length === 0 && faqs.length === 0 && findings.length === 0)
    return verdict('notApplicable', [msg('items.typeProperties.evidence.nothing')]);
  const passEvidence =
    documented.length > 0
      ? [msg('items.typeProperties.evidence.complete', { types: typeList(documented) })]
      : [];
  const found = findingsVerdict(
    ctx,
    findings,
    passEvidence,
    msg('items.typeProperties.recommendation.complete'),
  );
  if (faqs.length === 0) return found;
  const status = worst([found.status, ...faqs.map((f) => f.status)]);
  const evidence = [...faqs.flatMap((f) => f.evidence), ...found.evidence];
  // Misleading FAQ markup is the costliest fault: its advice comes first.
  const recommendation = faqs.some((f) => f.status !== 'pass')
    ? msg('items.typeProperties.recommendation.faq')
    : found.recommendation;
  return verdict(status, evidence, recommendation);
}

/** Whether any of the entities a property holds has a value at `path`. */
function anyHas(entity: Entity, property: string, path: string, entities: readonly Entity[]): boolean {
  return valuesOf(entity, property).some(
    (v) =>
      v.kind === 'entity' &&
      entities[v.entity] !== undefined &&
      hasValue(entities[v.entity]!, path, entities),
  );
}

/** The first text at a path under the entities a property holds (`offers` → `price`). */
function firstIn(
  entity: Entity,
  property: string,
  path: string,
  entities: readonly Entity[],
): string | undefined {
  for (const value of valuesOf(entity, property)) {
    if (value.kind !== 'entity') continue;
    const found = valuesAt(entities[value.entity]!, path, entities).flatMap((v) =>
      v.kind === 'text' || v.kind === 'url' ? [v.value.trim()] : v.kind === 'number' ? [String(v.value)] : [],
    );
    const text = found.find((t) => t !== '');
    if (text !== undefined) return clip(text, 60);
  }
  return undefined;
}

/**
 * A product page's essentials, as Google documents them for merchant listings and product snippets
 * ("Merchant listing (Product, Offer) structured data", "Product snippet structured data", Google
 * Search Central): a name, an image and an offer with its price and currency are required; the
 * offer's availability and the brand are what shoppers and answer engines ask first; a rating must
 * count at least the reviews it marks up. Google's other findings on the product and what it holds
 * (its offers, reviews, rating) are this check's too.
 */
export function product(ctx: AuditContext): Verdict {
  const { entities } = ctx.structured;
  const item = productOf(ctx);
  if (!item) {
    return verdict('fail', [msg('items.product.evidence.none')], msg('items.product.recommendation.add'));
  }
  const name = textsOf(item, 'name')[0];
  const evidence: Message[] = [
    name
      ? msg('items.product.evidence.found', {
          type: displayType(item),
          name: clip(name, 80),
          syntax: syntaxOf(item),
        })
      : msg('items.product.evidence.foundUnnamed', { type: displayType(item), syntax: syntaxOf(item) }),
  ];
  const offerHas = (...paths: string[]) => paths.some((p) => anyHas(item, 'offers', p, entities));
  const essentials: [string, boolean, 'required' | 'expected'][] = [
    ['name', name !== undefined, 'required'],
    ['image', hasValue(item, 'image', entities), 'required'],
    ['offers.price', offerHas('price', 'lowPrice', 'priceSpecification.price'), 'required'],
    ['offers.priceCurrency', offerHas('priceCurrency', 'priceSpecification.priceCurrency'), 'required'],
    ['offers.availability', offerHas('availability'), 'expected'],
    ['brand', hasValue(item, 'brand', entities), 'expected'],
  ];
  const price = firstIn(item, 'offers', 'price', entities) ?? firstIn(item, 'offers', 'lowPrice', entities);
  if (price !== undefined) {
    const currency = firstIn(item, 'offers', 'priceCurrency', entities) ?? '';
    const availability = firstIn(item, 'offers', 'availability', entities)?.replace(
      /^https?:\/\/schema\.org\//,
      '',
    );
    evidence.push(
      availability
        ? msg('items.product.evidence.offer', { price, currency, availability })
        : msg('items.product.evidence.price', { price, currency }),
    );
  }
  const missing = essentials.filter(([, given]) => !given);
  if (missing.length > 0)
    evidence.push(msg('items.product.evidence.missing', { properties: list(missing.map(([p]) => p)) }));
  const statuses: ItemStatus[] = missing.map(([, , need]) => (need === 'required' ? 'fail' : 'warning'));

  const rating = valuesOf(item, 'aggregateRating').find((v) => v.kind === 'entity');
  const reviews = valuesOf(item, 'review').length + valuesOf(item, 'reviews').length;
  if (rating?.kind === 'entity') {
    const aggregate = entities[rating.entity]!;
    const value = textsOf(aggregate, 'ratingValue')[0];
    const counted = Number(textsOf(aggregate, 'reviewCount')[0] ?? textsOf(aggregate, 'ratingCount')[0]);
    if (value !== undefined && Number.isFinite(counted))
      evidence.push(msg('items.product.evidence.rating', { rating: clip(value, 10), count: counted }));
    // A rating counting fewer reviews than the page marks up cannot be the average of them.
    if (Number.isFinite(counted) && reviews > counted) {
      evidence.push(msg('items.product.evidence.ratingCount', { marked: reviews, counted }));
      statuses.push('warning');
    }
  }

  const tree = treeOf(item, entities);
  const google = byRules(ctx, GOOGLE_RULE_IDS).filter((f) => tree.has(f.entity) && f.rule !== 'recommended');
  // What the essentials above already name is not repeated.
  const named = new Set(missing.map(([p]) => p.split('.').pop()));
  const extra = google.filter((f) => !(f.entity === item.index && f.property && named.has(f.property)));
  // Two spelled out, beside the product's own evidence (five messages at most): twelve in all.
  const shown = MAX_FINDINGS_SHOWN - 1;
  for (const f of extra.slice(0, shown)) evidence.push(...findingEvidence(ctx, f));
  statuses.push(...extra.map((f) => (f.severity === 'error' ? 'fail' : 'warning')));
  if (extra.length > shown) evidence.push(msg('structured.more', { count: extra.length - shown }));
  const status = worst(statuses);
  return verdict(status, evidence, msg('items.product.recommendation.complete'));
}

const IDENTITY_PROPERTIES = ['name', 'url', 'logo'];

/** A name as compared with another: letters and digits, lower case ("Acme Inc." is "acmeinc"). */
const foldName = (name: string) => comparableText(name).replaceAll(' ', '');

/**
 * The site's identity: the Organization that publishes the page (the main entity's publisher first,
 * never a seller, a brand or a reviewed business), with a name, url and logo, named as the site names
 * itself (its WebSite markup, else og:site_name).
 */
export function identity(ctx: AuditContext): Verdict {
  const { entities } = ctx.structured;
  const identities = siteIdentities(ctx.structured, ctx.main?.entity);
  const missingOf = (e: Entity, names: readonly string[]) => names.filter((n) => !hasValue(e, n, entities));
  // The most complete organization: sites often repeat a bare one as an Article's publisher.
  const organization = identities
    .filter((e) => isA(e, 'Organization'))
    .map((e) => ({ entity: e, missing: missingOf(e, IDENTITY_PROPERTIES) }))
    .sort((a, b) => a.missing.length - b.missing.length)[0];
  const website = identities.find((e) => isA(e, 'WebSite'));
  const found = (e: Entity, missing: string[]) => {
    const name = textsOf(e, 'name')[0];
    const values = { type: displayType(e), syntax: syntaxOf(e) };
    return [
      name
        ? msg('items.identity.evidence.found', { ...values, name: clip(name, 80) })
        : msg('items.identity.evidence.foundUnnamed', values),
      ...(missing.length > 0
        ? [msg('items.identity.evidence.missing', { type: values.type, properties: list(missing) })]
        : []),
    ];
  };
  if (!organization) {
    if (website) {
      return verdict(
        'warning',
        found(website, missingOf(website, ['name', 'url'])),
        msg('items.identity.recommendation.organization'),
      );
    }
    return verdict('fail', [msg('items.identity.evidence.none')], msg('items.identity.recommendation.add'));
  }
  const evidence = found(organization.entity, organization.missing);
  const statuses: ItemStatus[] = organization.missing.length > 0 ? ['warning'] : [];
  let recommendation = msg('items.identity.recommendation.complete', {
    type: displayType(organization.entity),
  });

  const organizationName = textsOf(organization.entity, 'name')[0];
  const websiteName = website ? textsOf(website, 'name')[0] : undefined;
  const ogName = metaByProperty(ctx.page, 'og:site_name').find((n) => n.trim() !== '');
  const siteName = websiteName ?? ogName?.trim();
  if (organizationName && siteName) {
    const [a, b] = [foldName(organizationName), foldName(siteName)];
    // "Acme" and "Acme Inc." or "Acme Blog" are one name; "Acme" and "Globex" are two.
    if (a !== '' && b !== '' && !a.includes(b) && !b.includes(a)) {
      evidence.push(
        msg('items.identity.evidence.nameDiffers', {
          organization: clip(organizationName, 60),
          site: clip(siteName, 60),
          source: websiteName ? 'WebSite' : 'og:site_name',
        }),
      );
      statuses.push('warning');
      recommendation = msg('items.identity.recommendation.oneName');
    }
  }
  return verdict(worst(statuses), evidence, recommendation);
}
