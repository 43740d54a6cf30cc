import {
  Outlet,
  createContext,
  data,
  isRouteErrorResponse,
  redirect,
  useRouteError,
  type LoaderFunctionArgs,
  type RouteObject,
  type RouterContextProvider,
} from 'react-router-dom';
import type { BlogData, BlogPostData } from './content/blog-data.ts';
import type { AuditOutcome, ReportData, ToolsData } from './lib/audit.ts';
import {
  isNewsletterAction,
  newsletterStatus,
  type NewsletterAction,
  type NewsletterOutcome,
} from './lib/newsletter.ts';
import { isRecheckAction, recheckStatus, type RecheckAction, type RecheckOutcome } from './lib/recheck.ts';
import { Document } from './Document.tsx';
import { ErrorScreen, NotFoundScreen, OfflineScreen } from './pages/StatusScreens.tsx';
import type { RouteHandle } from './route-handle.ts';
import { PAGES, isLang, isLegalPage, localePath, type Lang, type PageEntry, type PageId } from './site.ts';
import { useT } from './i18n/hooks.ts';
import { longDate } from './lib/format.ts';

// The one route tree (decision 001), rendered by the server's static handler and hydrated by the
// browser router. Page components are lazy chunks; each page's translations are one namespace,
// loaded by its loader before a client navigation commits (on the server they are all in memory).

/** A page module: its component. */
type PageModule = { default: React.ComponentType };

// One lazy chunk per page module (the status screens are part of the app itself). A page's module is
// named after its translation namespace, in kebab-case: src/pages/guide.tsx reads `guide`,
// src/pages/ai-act.tsx reads `aiAct`, the four legal pages share src/pages/legal.tsx and `legal`.
const PAGE_MODULES = import.meta.glob<PageModule>(['./pages/*.tsx', '!./pages/StatusScreens.tsx']);

/** A page module's lazy component and, for the server's preloading, its source path. */
function pageModule(file: string) {
  const load = PAGE_MODULES[`./pages/${file}.tsx`];
  if (!load) throw new Error(`No page module src/pages/${file}.tsx`);
  const Component = async () => (await load()).default;
  return { source: `src/pages/${file}.tsx`, lazy: { Component } };
}

/**
 * The work a route asks of the server before it renders, each bound to the request by the server
 * (src/server/pages.ts): a loader calls what its page needs, and the browser has none of it.
 */
export interface ServerWork {
  /** The Tools page's audit of its `?url=` for a person (undefined for a crawler, who gets the plain page). */
  audit(lang: Lang): Promise<AuditOutcome | undefined>;
  /** Checks and records a newsletter link (src/server/newsletter.ts). */
  newsletter(action: NewsletterAction): Promise<NewsletterOutcome | undefined>;
  /** Checks and records a monthly re-check's link (src/server/recheck-links.ts). */
  recheck(action: RecheckAction): Promise<RecheckOutcome | undefined>;
  /** A saved report's page data, from the store (src/server/audit/service.ts); undefined when reports are off. */
  report(id: string, lang: Lang): Promise<ReportData | undefined>;
}

/**
 * What the loaders get from the entry that created the router, in React Router's loader context:
 * the renderer gives its content and the server's work for this request (a new one per request),
 * the browser its translations and the blog's JSON endpoints (one for the page's lifetime).
 */
export interface LoadContext {
  /** The blog's data: the renderer's content, or the browser's client, loaded with the blog's first navigation. */
  blog: () => Promise<BlogData>;
  /**
   * Loads a language's translation namespaces before a client navigation commits (the browser's
   * `ensureNamespaces`); the server has every namespace in memory and gives none.
   */
  loadNamespaces?: (lang: Lang, namespaces: readonly string[]) => Promise<void>;
  /** On the server only: what the routes ask of it for this request. */
  server?: ServerWork;
}

/** The key of the LoadContext in a RouterContextProvider (`context.set(loadContext, value)`). */
export const loadContext = createContext<LoadContext>();

function contextOf(args: LoaderFunctionArgs): LoadContext {
  return (args.context as RouterContextProvider).get(loadContext);
}

function langOf(args: LoaderFunctionArgs) {
  const { lang } = args.params;
  if (!isLang(lang)) throw data(null, { status: 404, statusText: 'Not Found' });
  return lang;
}

/** Checks the language of the path (404 when it is none) and loads its namespaces where needed. */
async function loadNamespaces(args: LoaderFunctionArgs, namespaces: readonly string[]) {
  const lang = langOf(args);
  await contextOf(args).loadNamespaces?.(lang, namespaces);
}

/** A route's data besides its translations, for a path whose language is checked. */
type LoadData = (args: LoaderFunctionArgs, lang: Lang) => Promise<unknown>;

interface ModuleRoute {
  id: string;
  path: string;
  handle: RouteHandle;
  load?: LoadData;
  shouldRevalidate?: RouteObject['shouldRevalidate'];
}

/**
 * The route of a page module, its parent's index when it has no path. Its handle names the module's
 * source, which the server has the browser preload. Its loader checks the language first, so that
 * `load` never acts on a path that is no page, then loads the translations and the data in parallel.
 */
function moduleRoute(file: string, { id, path, handle, load, shouldRevalidate }: ModuleRoute): RouteObject {
  const { source, lazy } = pageModule(file);
  return {
    id,
    ...(path ? { path } : { index: true }),
    handle: { ...handle, source } satisfies RouteHandle,
    loader: async (args) => {
      const lang = langOf(args);
      const [, found] = await Promise.all([loadNamespaces(args, handle.ns ?? []), load?.(args, lang)]);
      return found ?? null;
    },
    ...(shouldRevalidate ? { shouldRevalidate } : {}),
    lazy,
  };
}

/** Pages whose content comes from data (the blog) rather than translations alone. */
const PAGE_DATA: Partial<Record<PageId, LoadData>> = {
  blog: async (args, lang) => (await contextOf(args).blog()).list(lang),
  // The server runs the audit of `?url=` before rendering; in the browser the page runs its own.
  tools: async (args, lang): Promise<ToolsData> => {
    const { server } = contextOf(args);
    const asked = new URL(args.request.url).searchParams.has('url');
    return { audit: (server && asked ? await server.audit(lang) : undefined) ?? null };
  },
};

/**
 * The Tools page's status: an audit refused for now says so, too many or one already running for
 * this address (429), or busy or restarting (503).
 */
function toolsStatus(data: unknown): number {
  const { audit } = data as ToolsData;
  if (!audit || audit.ok) return 200;
  if (audit.reason === 'rateLimited' || audit.reason === 'oneAtATime') return 429;
  return audit.reason === 'busy' || audit.reason === 'restarting' ? 503 : 200;
}

/** What a page's route tells the server beyond the defaults (a page of the list is public, 200). */
const PAGE_HANDLES: Partial<Record<PageId, Pick<RouteHandle, 'status' | 'private'>>> = {
  // A report of another site, rendered on demand for one visitor.
  tools: { status: toolsStatus, private: (url) => url.searchParams.has('url') },
};

function pageRoute(page: PageEntry): RouteObject {
  const ns = isLegalPage(page.id) ? 'legal' : page.id;
  const namespaces = [ns, ...(page.pathFaq ? ['faqsets'] : []), ...(page.extraNs ?? [])];
  // File names are kebab-case: the `aiAct` namespace's page is src/pages/ai-act.tsx.
  const file = ns.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  const load = PAGE_DATA[page.id];
  return moduleRoute(file, {
    id: `page-${page.id}`,
    path: page.path,
    handle: { page: page.id, ns: namespaces, ...PAGE_HANDLES[page.id] },
    load,
    // Filters live in the query string and filter data already loaded: no refetch for them.
    ...(load
      ? { shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname }
      : {}),
  });
}

/** /{lang}/blog/{slug}: the article, its metadata from the post itself. */
const articleRoute = moduleRoute('blog-post', {
  id: 'blog-post',
  path: 'blog/:slug',
  handle: {
    page: 'blogPost',
    ns: ['blog'],
    // The body is on the page already: the article component reads it from there when it hydrates.
    // Only the server builds payloads, so the browser's bundle leaves this out.
    hydration: import.meta.env.SSR
      ? (data) => {
          const { post, related } = data as BlogPostData;
          return { post: { ...post, html: undefined }, related } satisfies BlogPostData;
        }
      : undefined,
    meta: ({ data, t, lang, siteUrl }) => {
      const { post } = data as BlogPostData;
      return {
        title: post.title,
        description: post.excerpt,
        quote: post.aiQuoteExcerpt,
        ogType: 'article',
        parents: [{ name: t('nav.blog'), url: `${siteUrl}/${lang}/blog` }],
      };
    },
  },
  load: async (args, lang) => {
    const found = await (await contextOf(args).blog()).post(lang, args.params.slug ?? '');
    // Unknown or missing slug: a 302 to the listing (silently: a link to a removed article still lands on the blog), with the query string,
    // as with every redirect of the site (decision 001).
    if (!found) throw redirect(`${localePath(lang, 'blog')}${new URL(args.request.url).search}`, 302);
    return found;
  },
});

/**
 * A route an email's link leads to (`:action` is confirm or unsubscribe, anything else a 404). The
 * server checks the link and records the change before rendering; the page, never indexed, shows the
 * address the link is for and acts on it.
 */
function emailLinkRoute<Action extends string, Result>(route: {
  id: 'newsletter' | 'recheck';
  path: string;
  ns: string[];
  /** The page's title and description keys: `${meta}.title`, `${meta}.description`. */
  meta: string;
  isAction: (action: string | undefined) => action is Action;
  act: (server: ServerWork, action: Action) => Promise<{ result: Result } | undefined>;
  status: (result: Result) => number;
}): RouteObject {
  return moduleRoute(route.id, {
    id: route.id,
    path: route.path,
    handle: {
      page: route.id,
      ns: route.ns,
      meta: ({ t }) => ({
        title: t(`${route.meta}.title`),
        description: t(`${route.meta}.description`),
        noindex: true,
      }),
      private: true,
      status: (outcome) => (outcome ? route.status((outcome as { result: Result }).result) : 200),
    },
    load: async (args) => {
      const { action } = args.params;
      if (!route.isAction(action)) throw data(null, { status: 404, statusText: 'Not Found' });
      const { server } = contextOf(args);
      return server ? await route.act(server, action) : undefined;
    },
  });
}

/**
 * /{lang}/newsletter/confirm and /unsubscribe: where the newsletter emails' links lead, checked and
 * recorded by src/server/newsletter.ts. Shows the address of the link.
 */
const newsletterRoute = emailLinkRoute({
  id: 'newsletter',
  path: 'newsletter/:action',
  ns: ['newsletter'],
  meta: 'newsletter:meta',
  isAction: isNewsletterAction,
  act: (server, action) => server.newsletter(action),
  status: newsletterStatus,
});

/**
 * /{lang}/tools/recheck/confirm and /unsubscribe: where the monthly re-check's emails lead, checked
 * and recorded by src/server/recheck-links.ts. Shows the address re-checked for one email.
 */
const recheckRoute = emailLinkRoute({
  id: 'recheck',
  path: 'tools/recheck/:action',
  ns: ['tools'],
  meta: 'tools:recheck.meta',
  isAction: isRecheckAction,
  act: (server, action) => server.recheck(action),
  status: recheckStatus,
});

/**
 * /{lang}/tools/report/{id}: a saved audit report. The server reads it from the store before
 * rendering; a client navigation (the link to an earlier report) asks the API. Never indexed.
 */
const reportRoute = moduleRoute('report', {
  id: 'report',
  path: 'tools/report/:id',
  handle: {
    page: 'report',
    ns: ['tools', 'forms'],
    meta: ({ data, t, lang }) => {
      const { report } = data as ReportData;
      if (!report)
        return {
          title: t('tools:report.notFound.title'),
          description: t('tools:report.notFound.title'),
          noindex: true,
        };
      const host = new URL(report.url).host;
      return {
        // The address and the audit's date: what a printed page's running header shows.
        title: t('tools:report.meta.title', { host, date: longDate(report.auditedAt, lang) }),
        description: t('tools:report.meta.description', { host }),
        noindex: true,
      };
    },
    // One visitor's site, at an address only they were given.
    private: true,
    status: (data) => ((data as ReportData).report ? 200 : 404),
  },
  load: async (args, lang) => {
    const id = args.params.id ?? '';
    const { server } = contextOf(args);
    if (!server) return fetchReport(id, lang, args.request.signal);
    return (await server.report(id, lang)) ?? { report: null, keptDays: 0 };
  },
});

/** A saved report from the API, for a client-side navigation to one. */
async function fetchReport(id: string, lang: Lang, signal: AbortSignal): Promise<ReportData> {
  const res = await fetch(`/api/audit/report/${encodeURIComponent(id)}?lang=${lang}`, { signal });
  const body = (await res.json()) as ReportData['report'] & { keptDays?: number };
  if (res.status === 404) return { report: null, keptDays: body?.keptDays ?? 0 };
  if (!res.ok) throw data(null, { status: res.status });
  return { report: body, keptDays: 0 };
}

function Root() {
  return (
    <Document>
      <Outlet />
    </Document>
  );
}

/** Errors a loader throws (a language that does not exist) or a render that fails in the browser. */
function RootErrorBoundary() {
  const error = useRouteError();
  const { t } = useT('common');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status !== 404) console.error(error);
  return (
    <Document errorStatus={status}>
      {status === 404 ? (
        <NotFoundScreen />
      ) : (
        <ErrorScreen
          title={t('error.title')}
          text={t('error.text')}
          refresh={t('error.refresh')}
          home={t('error.home')}
        />
      )}
    </Document>
  );
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Root,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        id: 'lang',
        path: ':lang',
        loader: async (args) => {
          await loadNamespaces(args, ['common']);
          return null;
        },
        children: [
          ...PAGES.map(pageRoute),
          articleRoute,
          newsletterRoute,
          recheckRoute,
          reportRoute,
          {
            id: 'offline',
            path: 'offline',
            Component: OfflineScreen,
            handle: {
              page: 'offline',
              meta: ({ t }) => ({
                title: t('offline.metaTitle'),
                description: t('offline.text'),
                noindex: true,
              }),
            } satisfies RouteHandle,
          },
          {
            id: 'not-found',
            path: '*',
            Component: NotFoundScreen,
            handle: { page: 'notFound', status: 404 } satisfies RouteHandle,
          },
        ],
      },
      {
        id: 'root-not-found',
        path: '*',
        Component: NotFoundScreen,
        handle: { page: 'notFound', status: 404 } satisfies RouteHandle,
      },
    ],
  },
];
