import { list, msg, verdict, type Verdict, worst } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import {
  allTypes,
  asObject,
  hasType,
  type JsonObject,
  MAX_BLOCK_BYTES,
  MAX_BLOCK_NESTING,
  present,
  prop,
  propList,
  textOf,
  typesOf,
} from '../read/jsonld.ts';
import type { Finding, Message } from '../types.ts';

// JSON-LD that parses, a brand identity, and the properties each declared type needs.

const ORGANIZATION_TYPES = new Set([
  'Organization',
  'Corporation',
  'LocalBusiness',
  'OnlineBusiness',
  'OnlineStore',
  'NGO',
  'EducationalOrganization',
  'GovernmentOrganization',
  'NewsMediaOrganization',
  'MedicalOrganization',
  'ProfessionalService',
  'Store',
  'Airline',
  'Consortium',
]);

export const ARTICLE_TYPES = new Set(['Article', 'BlogPosting', 'NewsArticle', 'TechArticle']);

const ARTICLE_PROPERTIES = ['headline', 'author', 'datePublished', 'dateModified'];

/** Types listed in evidence, at most (a page can declare dozens). */
const MAX_TYPES_SHOWN = 12;

export function isOrganization(node: JsonObject): boolean {
  // schema.org has many Organization subtypes; the common ones are listed, the rest mostly end so.
  return hasType(node, ORGANIZATION_TYPES) || typesOf(node).some((t) => /(Organization|Business)$/.test(t));
}

export function jsonLd(ctx: AuditContext): Verdict {
  const data = ctx.jsonLd;
  if (data.blocks === 0) {
    // Said plainly: the audit reads the HTML as sent, as most AI crawlers do, and runs no script.
    if (ctx.page.jsonLdInScripts) {
      return verdict(
        'warning',
        [msg('items.jsonLd.evidence.none'), msg('items.jsonLd.evidence.inScripts')],
        msg('items.jsonLd.recommendation.render'),
      );
    }
    return verdict('warning', [msg('items.jsonLd.evidence.none')], msg('items.jsonLd.recommendation.add'));
  }
  const types = allTypes(data);
  const shown = types.slice(0, MAX_TYPES_SHOWN).map((t) => clip(t, 40));
  const typesText = shown.length > 0 ? list(shown) + (types.length > shown.length ? ', …' : '') : '—';
  const evidence: Message[] = data.errors.map((e) => {
    const values = { block: e.block, total: data.blocks };
    if (e.problem === 'tooLarge')
      return msg('items.jsonLd.evidence.tooLarge', { ...values, kb: MAX_BLOCK_BYTES / 1024 });
    if (e.problem === 'tooDeep')
      return msg('items.jsonLd.evidence.tooDeep', { ...values, limit: MAX_BLOCK_NESTING });
    return e.excerpt
      ? msg('items.jsonLd.evidence.invalid', { ...values, excerpt: e.excerpt })
      : msg('items.jsonLd.evidence.empty', values);
  });
  const valid = data.blocks - data.errors.length;
  if (valid > 0) evidence.push(msg('items.jsonLd.evidence.valid', { count: valid, types: typesText }));
  if (data.errors.length > 0) {
    return verdict('fail', evidence, msg('items.jsonLd.recommendation.fix'));
  }
  if (types.length === 0) return verdict('warning', evidence, msg('items.jsonLd.recommendation.add'));
  return verdict('pass', evidence);
}

function missingProperties(ctx: AuditContext, node: JsonObject, names: string[]): string[] {
  return names.filter((name) => !present(ctx.jsonLd, node, name));
}

function identityEvidence(ctx: AuditContext, node: JsonObject, required: string[]): Message[] {
  const type = clip(typesOf(node)[0] ?? '', 40);
  const name = textOf(prop(ctx.jsonLd, node, 'name'));
  const evidence = [
    name
      ? msg('items.identity.evidence.found', { type, name: clip(name, 80) })
      : msg('items.identity.evidence.foundUnnamed', { type }),
  ];
  const missing = missingProperties(ctx, node, required);
  if (missing.length > 0)
    evidence.push(msg('items.identity.evidence.missing', { type, properties: list(missing) }));
  return evidence;
}

export function identity(ctx: AuditContext): Verdict {
  const entities = ctx.jsonLd.entities;
  // The most complete organization node: sites often repeat a bare one as an Article's publisher.
  const organizations = entities.filter(isOrganization);
  const organization = organizations
    .map((node) => ({ node, missing: missingProperties(ctx, node, ['name', 'url', 'logo']).length }))
    .sort((a, b) => a.missing - b.missing)[0];
  const website = entities.find((node) => hasType(node, new Set(['WebSite'])));
  if (organization) {
    const evidence = identityEvidence(ctx, organization.node, ['name', 'url', 'logo']);
    if (organization.missing === 0) return verdict('pass', evidence);
    const type = clip(typesOf(organization.node)[0] ?? '', 40);
    return verdict('warning', evidence, msg('items.identity.recommendation.complete', { type }));
  }
  if (website) {
    const evidence = identityEvidence(ctx, website, ['name', 'url']);
    return verdict('warning', evidence, msg('items.identity.recommendation.organization'));
  }
  return verdict('fail', [msg('items.identity.evidence.none')], msg('items.identity.recommendation.add'));
}

/** Text reduced for "does this answer appear on the page?": letters and digits, lower case. */
function comparableText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface TypeCheck {
  evidence: Message[];
  status: Finding['status'];
  recommendation?: Message;
}

function articleChecks(ctx: AuditContext): TypeCheck[] {
  const articles = ctx.jsonLd.entities.filter((node) => hasType(node, ARTICLE_TYPES)).slice(0, 3);
  return articles.map((node) => {
    const type = clip(typesOf(node).find((t) => ARTICLE_TYPES.has(t)) ?? '', 40);
    const missing = missingProperties(ctx, node, ARTICLE_PROPERTIES);
    if (missing.length === 0) {
      return { status: 'pass', evidence: [msg('items.typeProperties.evidence.articleComplete', { type })] };
    }
    const properties = list(missing);
    return {
      status: 'warning',
      evidence: [msg('items.typeProperties.evidence.articleMissing', { type, properties })],
      recommendation: msg('items.typeProperties.recommendation.article', { type, properties }),
    };
  });
}

function faqChecks(ctx: AuditContext): TypeCheck[] {
  const data = ctx.jsonLd;
  const pageText = ` ${comparableText(ctx.page.bodyText)} `;
  const faqs = data.entities.filter((node) => hasType(node, new Set(['FAQPage']))).slice(0, 3);
  return faqs.map((node) => {
    const questions = propList(data, node, 'mainEntity')
      .map(asObject)
      .filter((q): q is JsonObject => q !== undefined && hasType(q, new Set(['Question'])));
    const answers = questions
      .map((q) => textOf(asObject(prop(data, q, 'acceptedAnswer'))?.text))
      .filter((a): a is string => typeof a === 'string' && a.trim() !== '');
    if (answers.length === 0) {
      return {
        status: 'warning',
        evidence: [msg('items.typeProperties.evidence.faqEmpty')],
        recommendation: msg('items.typeProperties.recommendation.faq'),
      };
    }
    // The start of each answer (its first 80 comparable characters) must be in the page's own text.
    const visible = answers.filter((a) =>
      pageText.includes(` ${comparableText(a).slice(0, 80).trim()}`),
    ).length;
    const evidence = [msg('items.typeProperties.evidence.faq', { visible, total: answers.length })];
    if (visible === answers.length) return { status: 'pass', evidence };
    const status = visible === 0 ? 'fail' : 'warning';
    return { status, evidence, recommendation: msg('items.typeProperties.recommendation.faq') };
  });
}

function breadcrumbChecks(ctx: AuditContext): TypeCheck[] {
  const data = ctx.jsonLd;
  const lists = data.entities.filter((node) => hasType(node, new Set(['BreadcrumbList']))).slice(0, 3);
  return lists.map((node) => {
    const items = propList(data, node, 'itemListElement').map(asObject);
    const good = items.filter((item) => {
      const position = item ? prop(data, item, 'position') : undefined;
      const value = typeof position === 'string' ? Number(position) : position;
      const target = item && (present(data, item, 'item') || present(data, item, 'name'));
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && target;
    }).length;
    if (items.length > 0 && good === items.length) {
      return {
        status: 'pass',
        evidence: [msg('items.typeProperties.evidence.breadcrumbs', { count: good })],
      };
    }
    return {
      status: 'warning',
      evidence: [
        msg('items.typeProperties.evidence.breadcrumbsInvalid', {
          bad: items.length - good,
          total: items.length,
        }),
      ],
      recommendation: msg('items.typeProperties.recommendation.breadcrumbs'),
    };
  });
}

export function typeProperties(ctx: AuditContext): Verdict {
  const checks = [...faqChecks(ctx), ...articleChecks(ctx), ...breadcrumbChecks(ctx)];
  if (checks.length === 0) return verdict('pass', [msg('items.typeProperties.evidence.nothing')]);
  const status = worst(checks.map((c) => c.status));
  // The recommendation of the most serious problem (FAQ first: misleading markup is the costliest).
  const recommendation = checks.find((c) => c.status === status && c.recommendation)?.recommendation;
  return verdict(
    status,
    checks.flatMap((c) => c.evidence),
    recommendation,
  );
}
