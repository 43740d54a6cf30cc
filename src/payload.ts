import type { Resource } from 'i18next';
import type { SiteContextValue } from './site-context.tsx';
import type { Lang } from './site.ts';

/**
 * What the server hands the browser for hydration (people only), as JSON in the page's
 * `<script type="application/json" id="app-data">` (src/renderer/client-scripts.ts): data, not a
 * script, so the page's one inline script stays the same for every page (a hash-based CSP).
 */
export interface ClientPayload {
  /** The path the server rendered this page for (the service worker may show it at another). */
  path: string;
  lang: Lang;
  resources: Resource;
  site: SiteContextValue;
  router: {
    loaderData: Record<string, unknown>;
    actionData: Record<string, unknown> | null;
    errors: Record<string, unknown> | null;
  };
}

/** The id of the element that holds the payload. */
export const PAYLOAD_ID = 'app-data';

/** The payload of the page the browser is showing, if it has one. */
export function pagePayload(): ClientPayload | undefined {
  const text = document.getElementById(PAYLOAD_ID)?.textContent;
  return text ? (JSON.parse(text) as ClientPayload) : undefined;
}
