import type { AuditInput } from '../types.ts';
import { parsePage, type PageData } from './html.ts';
import { readJsonLd, type JsonLdData } from './jsonld.ts';
import { readRobots, type RobotsState } from './robots.ts';
import { readSitemap, type SitemapState } from './sitemap.ts';

// What several categories read, parsed once per audit: the page's markup, its JSON-LD, robots.txt
// and the sitemap. Each category function builds it when called alone (tests), analyze() shares it.

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
    robots: readRobots(input.robots, input.page.finalUrl),
    sitemap: readSitemap(input.sitemap, input.sitemapSource, input.page.finalUrl),
  };
}
