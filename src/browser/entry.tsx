import '@vitejs/plugin-react/preamble';
import '../styles.css';
import { StrictMode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nProvider } from '../i18n/context.tsx';
import {
  createBrowserRouter,
  RouterContextProvider,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { ClientI18n } from '../i18n/client-i18n.ts';
import { forgetThemeCookie } from '../lib/preferences.ts';
import { pagePayload, type ClientPayload } from '../payload.ts';
import { JsonLdContext, type GraphBuilder, type JsonLdSource } from '../seo/graph-builder.ts';
import { loadPageHead } from '../seo/DocumentHead.tsx';
import { startServices } from './services.ts';
import { loadContext, routes, type LoadContext } from '../routes.tsx';
import { SiteContext } from '../site-context.tsx';
import { ThemeContext, createThemeStore } from '../components/theme.ts';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

/** The theme chosen in this browser, for the life of the page. */
const themeStore = createThemeStore();

function App({
  payload,
  router,
  hydratedJsonLd,
}: {
  payload: ClientPayload;
  router: ReturnType<typeof createBrowserRouter>;
  hydratedJsonLd: JsonLdSource['hydrated'];
}) {
  // Strict Mode runs a mount effect twice in development: the services start once.
  const servicesStarted = useRef(false);
  useEffect(() => {
    forgetThemeCookie();
    // A marker for tests and tools: the page is interactive from here on.
    document.documentElement.dataset.hydrated = 'true';
    // What is no part of the page starts once the page is the app's (its code is not needed to use it).
    if (servicesStarted.current) return;
    servicesStarted.current = true;
    startServices(router, payload.site.visitor);
  }, [router, payload]);
  const jsonLd = useGraphBuilderOnDemand(hydratedJsonLd);
  return (
    <SiteContext.Provider value={payload.site}>
      <ThemeContext.Provider value={themeStore}>
        <JsonLdContext.Provider value={jsonLd}>
          <RouterProvider router={router} />
        </JsonLdContext.Provider>
      </ThemeContext.Provider>
    </SiteContext.Provider>
  );
}

/**
 * The head's JSON-LD in the browser: the server's copy for the hydrated page, and the builder, loaded
 * when a client navigation first asks for it (a chunk of its own, decision 012) and kept from then on.
 */
function useGraphBuilderOnDemand(hydrated: JsonLdSource['hydrated']): JsonLdSource {
  const [build, setBuild] = useState<GraphBuilder>();
  const load = useCallback(() => {
    import('../seo/page-graph.ts').then(
      (module) => setBuild(() => module.buildPageGraph),
      () => {},
    );
  }, []);
  return useMemo(() => ({ build, load, hydrated }), [build, load, hydrated]);
}

/** The routes of the tree, at any depth, whose ids are in `ids`. */
function routesWithIds(tree: RouteObject[], ids: ReadonlySet<string>): RouteObject[] {
  return tree.flatMap((route) => [
    ...(route.id && ids.has(route.id) ? [route] : []),
    ...routesWithIds(route.children ?? [], ids),
  ]);
}

/** The JSON-LD the server rendered for this page, with the canonical URL it belongs to. */
function readServerJsonLd(): JsonLdSource['hydrated'] {
  const json = document.querySelector('head > script[type="application/ld+json"]')?.textContent;
  const canonical = document.querySelector('head > link[rel="canonical"]')?.getAttribute('href');
  return json && canonical ? { canonical, json } : undefined;
}

/**
 * The map of every language's translation chunks is needed only from the first client navigation
 * on, so it is a chunk of its own rather than part of the first page's JavaScript, loaded by that
 * navigation.
 */
const translationLoaders = () => import('../i18n/namespaces.ts');

async function start(payload: ClientPayload) {
  const i18n = new ClientI18n(payload.lang, payload.resources);
  // What route loaders use in this browser, for the life of the page (src/routes.tsx, LoadContext):
  // the translations above, and the blog's client, loaded with the blog's first navigation (a
  // failed download is tried again on the next).
  let blog: ReturnType<LoadContext['blog']> | undefined;
  const loaders: LoadContext = {
    blog: () =>
      (blog ??= import('./blog-client.ts').then(
        (module) => module.blogOverHttp(),
        (error: unknown) => {
          blog = undefined;
          throw error;
        },
      )),
    // A navigation also waits for the head's code, so the new page never shows the old one's head
    // (and goes on without it if it cannot be loaded: the page matters more than its head).
    loadNamespaces: async (lang, namespaces) => {
      const [loaders] = await Promise.all([translationLoaders(), loadPageHead().catch(() => undefined)]);
      await loaders.ensureNamespaces(i18n, lang, namespaces);
    },
  };
  // React Router deserialises route errors from this global itself.
  window.__staticRouterHydrationData = payload.router;

  // Lazy page modules of the first page must be in place before hydration, or React would see an
  // empty outlet where the server rendered the page (React Router's documented step for lazy routes
  // with server rendering). The server's loader data names the routes it rendered (every lazy route
  // has a loader); their chunks are already downloading, named by the page's modulepreload links.
  const rendered = new Set([
    ...Object.keys(payload.router.loaderData),
    ...Object.keys(payload.router.errors ?? {}),
  ]);
  await Promise.all(
    routesWithIds(routes, rendered).map(async (route) => {
      const lazy = route.lazy;
      if (lazy && typeof lazy === 'object' && lazy.Component) {
        const Component = await lazy.Component();
        Object.assign(route, { Component, lazy: undefined });
      }
    }),
  );

  const router = createBrowserRouter(routes, {
    getContext: () => new RouterContextProvider(new Map([[loadContext, loaders]])),
  });
  hydrateRoot(
    document,
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App payload={payload} router={router} hydratedJsonLd={readServerJsonLd()} />
      </I18nProvider>
    </StrictMode>,
  );
}

// The entry hydrates the whole document once. In development a hot update can re-run this module;
// reload the page then rather than hydrate twice. A page shown at another address than the one it
// was rendered for (the service worker's offline page, offline, in place of a page never visited)
// stays as it is: it works without the app, and the app would try to load the other page.
if (document.documentElement.dataset.hydrated) window.location.reload();
else {
  const payload = pagePayload();
  if (payload?.path === window.location.pathname) void start(payload);
}
