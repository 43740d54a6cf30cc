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
  /** HTTP status for the response when this is the deepest match (the `*` route is 404). */
  status?: number;
  /**
   * The route's lazy page module, as a source path ("src/pages/guide.tsx"): the server has the
   * browser preload it, with its imports, when the page starts.
   */
  source?: string;
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
