import type { TFunction } from 'i18next';
import { useMatches } from 'react-router-dom';
import type { Crumb } from './seo/jsonld.ts';
import type { Lang, PageId } from './site.ts';

export interface PageMeta {
  title: string;
  description: string;
  ogType?: 'website' | 'article';
  noindex?: boolean;
  /** One quotable sentence for AI assistants (defaults to the description). */
  quote?: string;
  /** Breadcrumb steps between Home and this page (e.g. Blog for an article). */
  parents?: Crumb[];
}

/** What a route tells the document about itself. */
export interface RouteHandle {
  page?: PageId | 'blogPost' | 'report' | 'recheck' | 'offline' | 'newsletter' | 'notFound';
  /** Translation namespaces the route's component reads (besides 'common'). */
  ns?: string[];
  /**
   * The response's status when this is the deepest route, from its loader's data (an audit refused
   * for now is a 429, a saved report that is gone a 404); 200 when it says nothing. The one place a
   * page's status is decided (src/renderer/entry.tsx asks it).
   */
  status?: number | ((data: unknown) => number);
  /**
   * A page for one visitor (their link, their report): rendered for the request alone, never kept by
   * any cache, never indexed (src/server/pages.ts). Always, or for the addresses it names.
   */
  private?: boolean | ((url: URL) => boolean);
  /**
   * The route's lazy page module, as a source path ("src/pages/guide.tsx"): the server has the
   * browser preload it, with its imports, when the page starts.
   */
  source?: string;
  /**
   * The loader data as the hydration payload carries it, when the server-rendered page holds part of
   * it already (an article's body): what the browser can read from the page is not sent twice.
   */
  hydration?: (data: unknown) => unknown;
  /** Page metadata from the route's loader data; by default it comes from `{ns}:meta`. */
  meta?: (args: { data: unknown; t: TFunction; lang: Lang; siteUrl: string }) => PageMeta;
}

export interface HandleMatch {
  id: string;
  pathname: string;
  data: unknown;
  handle: RouteHandle;
}

export function useHandleMatches(): HandleMatch[] {
  return useMatches().map((m) => ({
    id: m.id,
    pathname: m.pathname,
    data: m.loaderData,
    handle: (m.handle ?? {}) as RouteHandle,
  }));
}

/** The deepest route that names a page. */
export function deepestPage(matches: readonly HandleMatch[]): HandleMatch | undefined {
  return [...matches].reverse().find((m) => m.handle.page);
}

/** Every namespace the matched routes need, 'common' first. */
export function namespacesOf(handles: readonly RouteHandle[]): string[] {
  const set = new Set<string>(['common']);
  for (const h of handles) for (const ns of h.ns ?? []) set.add(ns);
  return [...set];
}

/** The status a route gives its page, from its loader's data. */
export function statusOf(handle: RouteHandle | undefined, data: unknown): number {
  const status = handle?.status;
  return typeof status === 'function' ? status(data) : (status ?? 200);
}

/** Whether a route makes the page at `url` private to one visitor. */
export function isPrivateRoute(handle: RouteHandle | undefined, url: URL): boolean {
  const marked = handle?.private;
  return typeof marked === 'function' ? marked(url) : marked === true;
}
