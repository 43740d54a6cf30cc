import type { TFunction } from 'i18next';
import type { Lang } from '../site.ts';
import type { JsonLd } from './jsonld.ts';

export interface PageJsonLdContext {
  /** Bound to the page language; use `ns:key` for the page's own namespace. */
  t: TFunction;
  lang: Lang;
  siteUrl: string;
  /** The site's one contact address (CONTACT_EMAIL): copy that names it gets it as {{email}}. */
  contactEmail: string;
  /** How many checks the free audit runs: copy that states it gets it as {{checks}}. */
  auditChecks: number;
  /** How many AI crawlers the site recognises, as the copy states it: {{crawlers}}. */
  aiCrawlers: number;
  /** Absolute canonical URL of the page. */
  pageUrl: string;
}

/** Builds a page's own JSON-LD nodes (Service, ItemList, HowTo…); they join the page's @graph. */
export type PageJsonLd = (ctx: PageJsonLdContext) => JsonLd[];
