import type { CategoryId } from '../../../lib/audit.ts';
import type { AuditInput, CategoryFindings, Finding } from '../types.ts';
import { parsePage, type PageData } from './html.ts';
import { readJsonLd, type JsonLdData } from './jsonld.ts';
import { readRobots, type RobotsState } from './robots.ts';
import { readSitemap, type SitemapState } from './sitemap.ts';

// What several categories read, parsed once per audit: the page's markup, its JSON-LD, robots.txt
// and the sitemap. Each category function builds it when called alone (tests), analyze() shares it.
// A category is its list of checks (`category`), each reading the context and giving one finding.

export interface AuditContext {
  input: AuditInput;
  page: PageData;
  jsonLd: JsonLdData;
  robots: RobotsState;
  sitemap: SitemapState;
}

export function buildContext(input: AuditInput): AuditContext {
  const page = parsePage(input.page.body, input.page.finalUrl);
  return {
    input,
    page,
    jsonLd: readJsonLd(page.jsonLd),
    robots: readRobots(input.robots),
    sitemap: readSitemap(input.sitemap, input.sitemapSource, input.page.finalUrl),
  };
}

/** One check: reads the context, gives one finding. */
export type Check = (ctx: AuditContext) => Finding;

/** A category's checks run on an audit: on the shared context, or on one of its own (tests). */
export type Category = (input: AuditInput, ctx?: AuditContext) => CategoryFindings;

/** A category of the audit from its checks, in report order. */
export function category(id: CategoryId, checks: readonly Check[]): Category {
  return (input, ctx = buildContext(input)) => ({ id, findings: checks.map((check) => check(ctx)) });
}
