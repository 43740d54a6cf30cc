import { parsePage, type PageData } from './read/html.ts';
import { readJsonLd, type JsonLdData } from './read/jsonld.ts';
import { pageLinks, type PageLink } from './read/links.ts';
import { readRobots, type RobotsState } from './read/robots.ts';
import { readSitemap, type SitemapState } from './read/sitemap.ts';
import type { AuditInput } from './types.ts';

// What the checks read, parsed once per audit: the page's markup, its head links merged with its
// Link headers, its JSON-LD, robots.txt and the sitemap, beside the fetched resources themselves.

export interface AuditContext {
  input: AuditInput;
  page: PageData;
  /**
   * The links that count for the canonical address and the alternates: `<link>` elements of the
   * `<head>`, then those of the `Link` response header (read/links.ts), each with its source.
   */
  links: PageLink[];
  jsonLd: JsonLdData;
  robots: RobotsState;
  sitemap: SitemapState;
}

export function buildContext(input: AuditInput): AuditContext {
  const page = parsePage(input.page.body, input.page.finalUrl);
  return {
    input,
    page,
    links: pageLinks(page, input.page.headers['link']),
    jsonLd: readJsonLd(page.jsonLd),
    robots: readRobots(input.robots),
    sitemap: readSitemap(input.sitemap, input.sitemapSource, input.page.finalUrl),
  };
}
