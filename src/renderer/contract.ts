// The renderer bundle as the Express process sees it: what src/renderer/entry.tsx exports (built to
// dist/server/renderer.js, or loaded from source by Vite in development). The server imports this
// module, for its types only, and nothing else under src/renderer/ (the linter checks it).
import type { AiTrainingPolicy } from '../lib/ai-policy.ts';
import type { ServerWork } from '../routes.tsx';
import type { BlogListData, BlogPostData } from '../content/blog-data.ts';
import type { SiteContextValue } from '../site-context.tsx';
import type { Lang } from '../site.ts';

/** How a human's page starts the client app (crawlers get no script at all; decision 074). */
export interface ClientScripts {
  /** Module scripts the page runs: the entry (in development, Vite's client and the entry from source). */
  entryModules: string[];
  /** Chunks the entry imports statically, preloaded so that they download in parallel with it. */
  preloadModules: string[];
  /**
   * For each lazy page module (by source path, as in a route's `handle.source`): its chunk and the
   * chunks it imports that the entry does not, preloaded on that page.
   */
  pageModules: Record<string, string[]>;
}

export interface RenderInput {
  /** Absolute URL of the request. */
  url: string;
  /** Language for pages outside a language prefix (the 404 of an unknown path). */
  fallbackLang: Lang;
  site: SiteContextValue;
  /** How the client app starts; ignored for crawlers, who get no script. */
  scripts: ClientScripts;
  /** What the routes may ask of the server for this request (src/routes.tsx); none for a Markdown copy. */
  server?: ServerWork;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  /** `private`: a page for one visitor, which no cache may keep (a route said so, RouteHandle.private). */
  | { kind: 'html'; status: number; private: boolean; html: string };

export interface StatusPageInput {
  status: number;
  lang: Lang;
  stylesheets: string[];
}

/** What every crawler file is made from, besides the pages and articles the bundle holds. */
export interface SiteFilesInput {
  siteUrl: string;
  /** The one published contact address (CONTACT_EMAIL). */
  contactEmail: string;
  policy: AiTrainingPolicy;
}

/** When content last changed (ISO 8601 dates or date-times), for Last-Modified headers. */
export interface ContentDates {
  /** A page ('' is home, 'guide'…) or an article ('blog/{slug}') in a language, when recorded. */
  page(lang: Lang, path: string): string | undefined;
  /** The newest article of a language: its feed. */
  feed(lang: Lang): string | undefined;
  /** The newest page or article in any language: the sitemap, llms.txt and llms-full.txt. */
  site(): string | undefined;
}

/** The files for crawlers and AI, each a pure function of its input and the bundle's content. */
export interface SiteFiles {
  robotsTxt(input: SiteFilesInput): string;
  aiTxt(input: SiteFilesInput): string;
  securityTxt(input: SiteFilesInput, now: Date): string;
  sitemapXml(input: SiteFilesInput): string;
  llmsTxt(input: SiteFilesInput): string;
  feedXml(input: SiteFilesInput, lang: Lang): string;
  /** An article's Markdown copy, or undefined when there is no such article. */
  postMarkdown(input: SiteFilesInput, lang: Lang, slug: string): string | undefined;
}

export interface RendererBundle {
  /** A page of the route tree as a complete HTML document, or the redirect its route asks for. */
  renderPage(input: RenderInput): Promise<RenderResult>;
  /** A self-contained error page for a status the router never saw (400, 405, 414, 429, 500…). */
  renderStatusPage(input: StatusPageInput): string;
  siteFiles: SiteFiles;
  contentDates: ContentDates;
  /** The blog's data for client-side navigations: the list of articles… */
  blogJson(lang: Lang): BlogListData;
  /** …or one article (undefined if there is none). */
  blogJson(lang: Lang, slug: string): BlogPostData | undefined;
  /** CSP source expressions (`'sha256-…'`) of the inline scripts people's pages hold. */
  scriptHashes: readonly string[];
}
