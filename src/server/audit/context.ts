import { parsePage, type PageData } from './read/html.ts';
import { pageLinks, type PageLink } from './read/links.ts';
import { readRobots, type RobotsState } from './read/robots.ts';
import { readSitemap, type SitemapState } from './read/sitemap.ts';
import { contradictions } from './structured/contradictions.ts';
import type { StructuredData } from './structured/graph.ts';
import { mainEntity, type MainEntity } from './structured/main-entity.ts';
import { pageType, type PageTypeReading } from './structured/page-type.ts';
import { validate, type ValidationFinding } from './structured/validate.ts';
import { engineVerdicts, type EngineVerdict } from './engines.ts';
import type { AuditInput } from './types.ts';

// What the checks read, parsed once per audit: the page's markup, its head links merged with its
// Link headers, its structured data as one graph (JSON-LD, microdata and RDFa) with its main entity,
// what was found wrong in it and the page's type, robots.txt and the sitemap, beside the fetched
// resources themselves.

export interface AuditContext {
  input: AuditInput;
  page: PageData;
  /**
   * The links that count for the canonical address and the alternates: `<link>` elements of the
   * `<head>`, then those of the `Link` response header (read/links.ts), each with its source.
   */
  links: PageLink[];
  /** JSON-LD, microdata and RDFa as one graph of entities (structured/, decision 058). */
  structured: StructuredData;
  /** The entity the page is about, when its markup says (decision 061). */
  main: MainEntity | undefined;
  /** What kind of page this is, and what said so: the checks that apply follow from it (issue 36). */
  pageType: PageTypeReading;
  /**
   * What schema.org and Google's documentation find wrong in the graph, and the entities that
   * contradict or repeat each other, in page order.
   */
  markupFindings: ValidationFinding[];
  robots: RobotsState;
  sitemap: SitemapState;
  /** Whether each answer engine can use the page, and why (engines.ts, decision 063). */
  engines: EngineVerdict[];
}

export function buildContext(input: AuditInput): AuditContext {
  const page = parsePage(input.page.body, input.page.finalUrl);
  const { structured } = page;
  const main = mainEntity(structured, page.url);
  const ctx: Omit<AuditContext, 'engines'> = {
    input,
    page,
    links: pageLinks(page, input.page.headers['link']),
    structured,
    main,
    pageType: pageType({ structured, mainEntity: main, url: page.url, main: page.main }),
    markupFindings: [...validate(structured.entities), ...contradictions(structured, page.url)].sort(
      (a, b) => a.entity - b.entity,
    ),
    robots: readRobots(input.robots),
    sitemap: readSitemap(input.sitemap, input.sitemapSource, input.page.finalUrl),
  };
  return { ...ctx, engines: engineVerdicts(ctx) };
}
