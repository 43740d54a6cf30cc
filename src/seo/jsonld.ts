import type { CompanyIdentity } from '../lib/company.ts';
import { LANGUAGE_ENTRIES, SITE_NAME, SOCIAL_PROFILES, localePath, type Lang } from '../site.ts';

// JSON-LD builders: pure functions returning plain objects. They are serialised with
// serializeForHtml, never string-concatenated, so hostile text cannot break out of the script.

export type JsonLd = Record<string, unknown>;

export const organizationId = (siteUrl: string) => `${siteUrl}/#organization`;
export const websiteId = (siteUrl: string) => `${siteUrl}/#website`;

/** A company setting that is set: not a bracketed placeholder of an unpublished site (decision 029). */
const isSet = (value: string | undefined): value is string => Boolean(value) && !/^\[.*\]$/.test(value!);

export function organization(
  siteUrl: string,
  description: string,
  email: string,
  company?: CompanyIdentity,
): JsonLd {
  // The legal identity the legal notice shows, once the settings hold it.
  const identity = company
    ? {
        ...(isSet(company.name) ? { legalName: company.name } : {}),
        ...(isSet(company.address) ? { address: company.address } : {}),
        ...(isSet(company.phone) ? { telephone: company.phone } : {}),
        ...(isSet(company.vatNumber) ? { vatID: company.vatNumber } : {}),
      }
    : {};
  return {
    '@type': 'Organization',
    '@id': organizationId(siteUrl),
    name: SITE_NAME,
    ...identity,
    url: `${siteUrl}/`,
    logo: { '@type': 'ImageObject', url: `${siteUrl}/icon-512.png`, width: 512, height: 512 },
    description,
    email,
    sameAs: SOCIAL_PROFILES,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email,
      availableLanguage: ['English', 'French'],
    },
  };
}

export function website(siteUrl: string, lang: Lang, description: string): JsonLd {
  return {
    '@type': 'WebSite',
    '@id': websiteId(siteUrl),
    url: `${siteUrl}${localePath(lang)}`,
    name: SITE_NAME,
    description,
    inLanguage: LANGUAGE_ENTRIES[lang].locale,
    publisher: { '@id': organizationId(siteUrl) },
  };
}

export interface Crumb {
  name: string;
  url: string;
}

export function breadcrumbList(pageUrl: string, crumbs: readonly Crumb[]): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    '@id': `${pageUrl}#breadcrumb`,
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

export interface WebPageInput {
  url: string;
  lang: Lang;
  title: string;
  description: string;
  hasBreadcrumb: boolean;
  type?: string;
  /** When the content last changed (ISO 8601). */
  modified?: string | undefined;
}

export function webPage(siteUrl: string, input: WebPageInput): JsonLd {
  return {
    '@type': input.type ?? 'WebPage',
    '@id': `${input.url}#webpage`,
    url: input.url,
    name: input.title,
    description: input.description,
    inLanguage: LANGUAGE_ENTRIES[input.lang].locale,
    isPartOf: { '@id': websiteId(siteUrl) },
    publisher: { '@id': organizationId(siteUrl) },
    ...(input.modified ? { dateModified: input.modified } : {}),
    ...(input.hasBreadcrumb ? { breadcrumb: { '@id': `${input.url}#breadcrumb` } } : {}),
  };
}

export function graph(nodes: readonly JsonLd[]): JsonLd {
  return { '@context': 'https://schema.org', '@graph': nodes };
}

export interface QuestionAnswer {
  question: string;
  answer: string;
}

function question(pageUrl: string, qa: QuestionAnswer, index: number): JsonLd {
  return {
    '@type': 'Question',
    '@id': `${pageUrl}#question-${index + 1}`,
    name: qa.question,
    acceptedAnswer: { '@type': 'Answer', text: qa.answer },
  };
}

export function faqPage(pageUrl: string, lang: Lang, entries: readonly QuestionAnswer[]): JsonLd {
  return {
    '@type': 'FAQPage',
    '@id': `${pageUrl}#faq`,
    inLanguage: LANGUAGE_ENTRIES[lang].locale,
    mainEntity: entries.map((qa, i) => question(pageUrl, qa, i)),
  };
}

/** A single question with its accepted answer (a QAPage for the tools and guide paths). */
export function qaPage(pageUrl: string, lang: Lang, qa: QuestionAnswer): JsonLd {
  return {
    '@type': 'QAPage',
    '@id': `${pageUrl}#qa`,
    inLanguage: LANGUAGE_ENTRIES[lang].locale,
    mainEntity: { ...question(pageUrl, qa, 0), answerCount: 1 },
  };
}
