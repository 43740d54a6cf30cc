import type { Resource } from 'i18next';
import type { SiteContextValue } from './site-context.tsx';
import type { Lang } from './site.ts';

/** What the server hands the browser in `window.__APP__` for hydration (humans only). */
export interface ClientPayload {
  /** The path the server rendered this page for (the service worker may show it at another). */
  path: string;
  lang: Lang;
  resources: Resource;
  site: Omit<SiteContextValue, 'setTheme'>;
  router: {
    loaderData: Record<string, unknown>;
    actionData: Record<string, unknown> | null;
    errors: Record<string, unknown> | null;
  };
}

declare global {
  interface Window {
    __APP__?: ClientPayload;
  }
}
