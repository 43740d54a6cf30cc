import { createContext, useContext } from 'react';
import type { buildPageGraph } from './page-graph.ts';

// How the head gets the page's JSON-LD builder, given by the entry that renders the tree: the
// renderer has it in its bundle; the browser loads it after the first page has hydrated, off the
// critical path, since it needs it only for client-side navigations (decision 012).

export type GraphBuilder = typeof buildPageGraph;

export interface JsonLdSource {
  /** The builder: always on the server; in the browser once `load` has brought it. */
  build?: GraphBuilder | undefined;
  /** Browser: loads the builder, which then arrives as `build` (the tree renders again). */
  load?: () => void;
  /**
   * Browser: the server's JSON-LD of the page that was hydrated and that page's canonical URL, read
   * from the DOM before hydration, so the head reuses it instead of building it again.
   */
  hydrated?: { canonical: string; json: string } | undefined;
}

/** Without a provider there is no builder and nothing adopted: no JSON-LD (the HTTP tests would see it). */
export const JsonLdContext = createContext<JsonLdSource>({});

export function useJsonLdSource(): JsonLdSource {
  return useContext(JsonLdContext);
}
