import { clip } from '../clip.ts';
import type { Finding, Message } from '../types.ts';
import { category, type AuditContext } from './context.ts';
import { finding, list, msg, worst } from './finding.ts';
import { metaByName, metaByProperty } from './html.ts';
import {
  allTypes,
  asObject,
  hasType,
  present,
  prop,
  propList,
  textOf,
  typesOf,
  MAX_BLOCK_BYTES,
  MAX_BLOCK_NESTING,
  type JsonObject,
} from './jsonld.ts';

// Does the page describe itself in a form machines trust? JSON-LD that parses, a brand identity,
// the properties each declared type needs, Open Graph, title and description, canonical, language.

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

function jsonLd(ctx: AuditContext): Finding {
  const data = ctx.jsonLd;
  if (data.blocks === 0) {
    return finding(
      'jsonLd',
      'warning',
      2,
      [msg('items.jsonLd.evidence.none')],
      msg('items.jsonLd.recommendation.add'),
    );
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
    return finding('jsonLd', 'fail', 2, evidence, msg('items.jsonLd.recommendation.fix'));
  }
  if (types.length === 0)
    return finding('jsonLd', 'warning', 2, evidence, msg('items.jsonLd.recommendation.add'));
  return finding('jsonLd', 'pass', 2, evidence);
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

function identity(ctx: AuditContext): Finding {
  const entities = ctx.jsonLd.entities;
  // The most complete organization node: sites often repeat a bare one as an Article's publisher.
  const organizations = entities.filter(isOrganization);
  const organization = organizations
    .map((node) => ({ node, missing: missingProperties(ctx, node, ['name', 'url', 'logo']).length }))
    .sort((a, b) => a.missing - b.missing)[0];
  const website = entities.find((node) => hasType(node, new Set(['WebSite'])));
  if (organization) {
    const evidence = identityEvidence(ctx, organization.node, ['name', 'url', 'logo']);
    if (organization.missing === 0) return finding('identity', 'pass', 1, evidence);
    const type = clip(typesOf(organization.node)[0] ?? '', 40);
    return finding(
      'identity',
      'warning',
      1,
      evidence,
      msg('items.identity.recommendation.complete', { type }),
    );
  }
  if (website) {
    const evidence = identityEvidence(ctx, website, ['name', 'url']);
    return finding('identity', 'warning', 1, evidence, msg('items.identity.recommendation.organization'));
  }
  return finding(
    'identity',
    'fail',
    1,
    [msg('items.identity.evidence.none')],
    msg('items.identity.recommendation.add'),
  );
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

function typeProperties(ctx: AuditContext): Finding {
  const checks = [...faqChecks(ctx), ...articleChecks(ctx), ...breadcrumbChecks(ctx)];
  if (checks.length === 0)
    return finding('typeProperties', 'pass', 1, [msg('items.typeProperties.evidence.nothing')]);
  const status = worst(checks.map((c) => c.status));
  // The recommendation of the most serious problem (FAQ first: misleading markup is the costliest).
  const recommendation = checks.find((c) => c.status === status && c.recommendation)?.recommendation;
  return finding(
    'typeProperties',
    status,
    1,
    checks.flatMap((c) => c.evidence),
    recommendation,
  );
}

const OPEN_GRAPH = ['og:title', 'og:description', 'og:image', 'og:url', 'og:type'];

function openGraph(ctx: AuditContext): Finding {
  const has = (tag: string) => metaByProperty(ctx.page, tag).some((c) => c !== '');
  const found = OPEN_GRAPH.filter(has);
  if (found.length === 0) {
    return finding(
      'openGraph',
      'fail',
      1,
      [msg('items.openGraph.evidence.none')],
      msg('items.openGraph.recommendation.add'),
    );
  }
  // og:url and og:type are alternatives here: either lets a preview name the page properly.
  const missing = ['og:title', 'og:description', 'og:image'].filter((t) => !has(t));
  if (!has('og:url') && !has('og:type')) missing.push('og:url');
  const evidence = [msg('items.openGraph.evidence.present', { tags: list(found) })];
  if (missing.length === 0) return finding('openGraph', 'pass', 1, evidence);
  evidence.push(msg('items.openGraph.evidence.missing', { tags: list(missing) }));
  return finding(
    'openGraph',
    'warning',
    1,
    evidence,
    msg('items.openGraph.recommendation.complete', { tags: list(missing) }),
  );
}

/** Sensible lengths, in characters: what results pages show without cutting, and not a single word. */
const TITLE_LENGTH = { min: 15, max: 70 };
const DESCRIPTION_LENGTH = { min: 50, max: 160 };

function length(text: string): number {
  return Array.from(clip(text, Number.MAX_SAFE_INTEGER)).length;
}

function titleDescription(ctx: AuditContext): Finding {
  const title = clip(ctx.page.title ?? '', Number.MAX_SAFE_INTEGER);
  const description = clip(metaByName(ctx.page, 'description')[0] ?? '', Number.MAX_SAFE_INTEGER);
  const evidence: Message[] = [];
  const problems: ('titleMissing' | 'title' | 'description')[] = [];
  if (title === '') {
    evidence.push(msg('items.titleDescription.evidence.noTitle'));
    problems.push('titleMissing');
  } else {
    evidence.push(
      msg('items.titleDescription.evidence.title', { title: clip(title, 80), length: length(title) }),
    );
    if (length(title) < TITLE_LENGTH.min || length(title) > TITLE_LENGTH.max) problems.push('title');
  }
  if (description === '') {
    evidence.push(msg('items.titleDescription.evidence.noDescription'));
    problems.push('description');
  } else {
    evidence.push(msg('items.titleDescription.evidence.description', { length: length(description) }));
    const n = length(description);
    if (n < DESCRIPTION_LENGTH.min || n > DESCRIPTION_LENGTH.max) problems.push('description');
  }
  if (problems.length === 0) return finding('titleDescription', 'pass', 1, evidence);
  const status = problems.includes('titleMissing') ? 'fail' : 'warning';
  const recommendation =
    problems[0] === 'description'
      ? msg('items.titleDescription.recommendation.description')
      : msg('items.titleDescription.recommendation.title');
  return finding('titleDescription', status, 1, evidence, recommendation);
}

/** The host without a leading "www.": http://www.example.com and https://example.com are one site. */
function siteOf(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}

/** The path compared for "same page": no trailing slash, no query, no fragment. */
function pagePath(url: URL): string {
  return url.pathname.replace(/\/+$/, '') || '/';
}

function canonical(ctx: AuditContext): Finding {
  const links = ctx.page.links.filter((l) => l.rel.includes('canonical') && l.href.trim() !== '');
  if (links.length === 0) {
    return finding(
      'canonical',
      'warning',
      1,
      [msg('items.canonical.evidence.none')],
      msg('items.canonical.recommendation.add'),
    );
  }
  const distinct = new Set(links.map((l) => l.url ?? l.href));
  if (distinct.size > 1) {
    const evidence = [msg('items.canonical.evidence.several', { count: distinct.size })];
    return finding('canonical', 'warning', 1, evidence, msg('items.canonical.recommendation.one'));
  }
  const link = links[0]!;
  const href = clip(link.href, 100);
  if (!/^https?:\/\//i.test(link.href.trim()) || !link.url) {
    const evidence = [msg('items.canonical.evidence.relative', { href })];
    return finding('canonical', 'warning', 1, evidence, msg('items.canonical.recommendation.absolute'));
  }
  const target = new URL(link.url);
  const url = clip(link.url, 100);
  if (siteOf(target) !== siteOf(ctx.page.url)) {
    const evidence = [msg('items.canonical.evidence.otherSite', { url })];
    return finding('canonical', 'fail', 1, evidence, msg('items.canonical.recommendation.sameSite'));
  }
  if (pagePath(target) !== pagePath(ctx.page.url)) {
    const evidence = [msg('items.canonical.evidence.otherPage', { url })];
    return finding('canonical', 'warning', 1, evidence, msg('items.canonical.recommendation.samePage'));
  }
  return finding('canonical', 'pass', 1, [msg('items.canonical.evidence.ok', { url })]);
}

/** BCP 47 as pages use it: language, optional script, region and variants ("en", "fr-FR", "zh-Hant-TW"). */
const LANG_CODE = /^[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?(-[a-z\d]{5,8})*$/i;
/** hreflang values: a language with an optional region, or x-default. */
const HREFLANG_CODE = /^(x-default|[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?)$/i;

function sameAddress(a: string, b: URL): boolean {
  try {
    const url = new URL(a);
    return siteOf(url) === siteOf(b) && pagePath(url) === pagePath(b) && url.search === b.search;
  } catch {
    return false;
  }
}

function langEvidence(lang: string | undefined): { ok: boolean; evidence: Message } {
  if (lang === undefined || lang.trim() === '')
    return { ok: false, evidence: msg('items.language.evidence.noLang') };
  const value = lang.trim();
  if (!LANG_CODE.test(value)) {
    return { ok: false, evidence: msg('items.language.evidence.badLang', { lang: clip(value, 40) }) };
  }
  return { ok: true, evidence: msg('items.language.evidence.lang', { lang: value }) };
}

function hreflangEvidence(ctx: AuditContext): { ok: boolean; evidence: Message } {
  const alternates = ctx.page.links.filter((l) => l.rel.includes('alternate') && l.hreflang !== '');
  if (alternates.length === 0) return { ok: true, evidence: msg('items.language.evidence.noHreflang') };
  const bad = alternates.filter((l) => !HREFLANG_CODE.test(l.hreflang)).map((l) => clip(l.hreflang, 20));
  if (bad.length > 0) {
    return {
      ok: false,
      evidence: msg('items.language.evidence.badHreflang', { codes: list([...new Set(bad)]) }),
    };
  }
  const canonicalUrl = ctx.page.links.find((l) => l.rel.includes('canonical'))?.url;
  const self = alternates.some(
    (l) =>
      l.url !== undefined &&
      (sameAddress(l.url, ctx.page.url) || (canonicalUrl !== undefined && l.url === canonicalUrl)),
  );
  const codes = list([...new Set(alternates.map((l) => l.hreflang))].slice(0, 12));
  if (!self)
    return {
      ok: false,
      evidence: msg('items.language.evidence.noSelf', { count: alternates.length, codes }),
    };
  return { ok: true, evidence: msg('items.language.evidence.hreflang', { count: alternates.length, codes }) };
}

function language(ctx: AuditContext): Finding {
  const lang = langEvidence(ctx.page.lang);
  const hreflang = hreflangEvidence(ctx);
  const evidence = [lang.evidence, hreflang.evidence];
  if (!lang.ok)
    return finding('language', 'warning', 0.5, evidence, msg('items.language.recommendation.lang'));
  if (!hreflang.ok)
    return finding('language', 'warning', 0.5, evidence, msg('items.language.recommendation.hreflang'));
  return finding('language', 'pass', 0.5, evidence);
}

/** Structured data checks, in report order. */
export const structuredData = category('structuredData', [
  jsonLd,
  identity,
  typeProperties,
  openGraph,
  titleDescription,
  canonical,
  language,
]);
