import { PassThrough } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider, type Translations } from '../i18n/context.tsx';
import { ClientI18n } from '../i18n/client-i18n.ts';
import {
  createStaticHandler,
  createStaticRouter,
  RouterContextProvider,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom';
import { textReader } from '../i18n/instance.ts';
import { ALL_RESOURCES, assertLanguagesLoaded, pickResources } from './translations.ts';
import { isPrivateRoute, namespacesOf, statusOf, type RouteHandle } from '../route-handle.ts';
import { loadContext, routes, type LoadContext } from '../routes.tsx';
import { SiteContext, type SiteContextValue } from '../site-context.tsx';
import { LANGUAGES, PAGES, isLang, type Lang } from '../site.ts';
import { ErrorScreen } from '../pages/StatusScreens.tsx';
import type { ClientPayload } from '../payload.ts';
import { moduleTags, payloadScript, scriptHashes as hashesOf } from './client-scripts.ts';
import { JsonLdContext, type JsonLdSource } from '../seo/graph-builder.ts';
import { buildPageGraph } from '../seo/page-graph.ts';
import { loadServerHead } from '../seo/DocumentHead.tsx';

import {
  blogDataFrom,
  blogListData,
  blogPostData,
  type BlogListData,
  type BlogPostData,
} from '../content/blog-data.ts';
import { loadBlog } from './blog-loader.ts';
import * as files from './site-files.ts';
import type {
  ContentDates,
  RenderInput,
  RenderResult,
  RendererBundle,
  SiteFiles,
  StatusPageInput,
} from './contract.ts';
import { newest, pageAt, pageModified } from '../content/page-dates.ts';

assertLanguagesLoaded();
// The server builds every page's JSON-LD; the browser loads the builder only when it navigates.
const jsonLd: JsonLdSource = { build: buildPageGraph };
// The content module validates every post here, at start-up: a bad file stops the server.
const blog = loadBlog();
const blogData = blogDataFrom(blog);
const getBlogData = () => Promise.resolve(blogData);
const handler = createStaticHandler(routes);
await loadServerHead();

// Files for crawlers, made from the same page list, translations and articles as the pages.
export const siteFiles: SiteFiles = {
  robotsTxt: (input) => files.robotsTxt(input),
  aiTxt: (input) => files.aiTxt(input),
  securityTxt: (input, now) => files.securityTxt(input, now),
  sitemapXml: (input) => files.sitemapXml(input, blog),
  llmsTxt: (input) => files.llmsTxt(input, blog),
  feedXml: (input, lang) => files.feedXml(input, blog, lang),
  postMarkdown: (input, lang, slug) => files.postMarkdown(input, blog, lang, slug),
};

/** When each page, article, feed and the site as a whole last changed: Last-Modified headers. */
export const contentDates: ContentDates = {
  page(lang, path) {
    const article = /^blog\/([a-z0-9-]+)$/.exec(path);
    if (article) return blog.post(lang, article[1]!)?.updatedAt;
    const id = pageAt(path);
    return id ? pageModified(id, lang) : undefined;
  },
  feed: (lang) => newest(blog.summaries(lang).map((post) => post.updatedAt)),
  site: () =>
    newest(
      LANGUAGES.flatMap((lang) => [
        ...PAGES.map((page) => pageModified(page.id, lang)),
        ...blog.summaries(lang).map((post) => post.updatedAt),
      ]),
    ),
};

/** The blog's data for a client-side navigation: the list, or one article (undefined if unknown). */
export function blogJson(lang: Lang): BlogListData;
export function blogJson(lang: Lang, slug: string): BlogPostData | undefined;
export function blogJson(lang: Lang, slug?: string) {
  return slug === undefined ? blogListData(blog, lang) : blogPostData(blog, lang, slug);
}
// The texts of code outside React here (the status page): i18next, one instance per language.
const TEXTS = textReader(ALL_RESOURCES);
// The texts React renders pages with: the same reader the browser hydrates with (ClientI18n,
// decision 014), one per language, shared by every request. i18next's lookups were a third of a
// page's render time; this reader gives the same string for every key (tests/i18n/client-i18n.test.ts).
const PAGE_TEXTS = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, new ClientI18n(lang, ALL_RESOURCES)]),
) as Record<Lang, ClientI18n>;

/** The routes' loader data as the page's payload carries it (`hydration` in a route's handle). */
function hydrationData(context: StaticHandlerContext): Record<string, unknown> {
  const data = { ...context.loaderData };
  for (const { route } of context.matches) {
    const trim = (route.handle as RouteHandle | undefined)?.hydration;
    if (trim && route.id in data) data[route.id] = trim(data[route.id]);
  }
  return data;
}

function tree(i18n: Translations, site: SiteContextValue, children: ReactNode) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <SiteContext.Provider value={site}>
          <JsonLdContext.Provider value={jsonLd}>{children}</JsonLdContext.Provider>
        </SiteContext.Provider>
      </I18nProvider>
    </StrictMode>
  );
}

/** One page, server-rendered to a complete HTML document (or the redirect its route asks for). */
export async function renderPage(input: RenderInput): Promise<RenderResult> {
  const request = new Request(input.url, { method: 'GET' });
  // The loaders' context for this request: the content, and what the server did before rendering.
  const loaders: LoadContext = { blog: getBlogData, server: input.server };
  const context = await handler.query(request, {
    requestContext: new RouterContextProvider(new Map([[loadContext, loaders]])),
  });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }

  // The deepest route decides the page's status from its data; React Router's own (a loader's 404)
  // comes first. Any matched route may make the page private.
  const deepest = context.matches.at(-1)?.route;
  const status =
    context.statusCode !== 200
      ? context.statusCode
      : statusOf(deepest?.handle as RouteHandle | undefined, deepest && context.loaderData[deepest.id]);
  const url = new URL(input.url);
  const isPrivate = context.matches.some((m) => isPrivateRoute(m.route.handle as RouteHandle, url));
  const pathLang = context.matches.find((m) => m.route.id === 'lang')?.params.lang;
  const lang: Lang = isLang(pathLang) ? pathLang : input.fallbackLang;
  const i18n = PAGE_TEXTS[lang];
  const router = createStaticRouter(handler.dataRoutes, context);
  const isCrawler = input.site.visitor.isBot;

  // A person's page loads the app's modules from its head and ends with the hydration payload
  // (client-scripts.ts); a crawler's holds no script but its JSON-LD.
  let head = '';
  let body = '';
  if (!isCrawler) {
    const payload: ClientPayload = {
      path: url.pathname,
      lang,
      resources: pickResources(
        lang,
        namespacesOf(context.matches.map((m) => (m.route.handle ?? {}) as RouteHandle)),
      ),
      site: input.site,
      router: {
        loaderData: hydrationData(context),
        actionData: context.actionData,
        errors: serializeErrors(context.errors),
      },
    };
    // The rendered page's own chunks, which the entry imports before it hydrates, download with it.
    const pageModules = context.matches.flatMap(
      (m) => input.scripts.pageModules[(m.route.handle as RouteHandle | undefined)?.source ?? ''] ?? [],
    );
    head = moduleTags(input.scripts.entryModules, [...input.scripts.preloadModules, ...pageModules]);
    body = payloadScript(payload);
  }

  const html = await toHtml(
    tree(i18n, input.site, <StaticRouterProvider router={router} context={context} hydrate={false} />),
  );
  return {
    kind: 'html',
    status,
    private: isPrivate,
    html: before('</body>', before('</head>', html, head), body),
  };
}

/**
 * The document with `markup` put just before its closing `tag` (React writes one of each): the head's
 * is its first, the body's its last (escaped text never holds either).
 */
function before(tag: '</head>' | '</body>', html: string, markup: string): string {
  const at = tag === '</head>' ? html.indexOf(tag) : html.lastIndexOf(tag);
  return markup && at !== -1 ? `${html.slice(0, at)}${markup}${html.slice(at)}` : html;
}

/** Route errors as React Router's client expects them in hydration data. */
function serializeErrors(errors: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, error] of Object.entries(errors)) {
    if (error && typeof error === 'object' && 'status' in error && 'internal' in error) {
      const e = error as { status: number; statusText: string; data: unknown; internal: boolean };
      out[id] = {
        __type: 'RouteErrorResponse',
        status: e.status,
        statusText: e.statusText,
        data: e.data,
        internal: e.internal,
      };
    } else {
      // Never the message or stack of a server error: the client shows its generic screen.
      out[id] = { __type: 'Error', message: 'Unexpected Server Error' };
    }
  }
  return out;
}

function toHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const { pipe } = renderToPipeableStream(element, {
      // The whole page is sent at once (onAllReady), so every Suspense boundary is written in place.
      // Left at its default (12.8 KB), React would move large boundaries to the end of the body and
      // put them back with an inline script: text out of order for crawlers, a layout shift for people.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: (error) => {
        failed = true;
        reject(error);
      },
      onError: (error) => {
        failed = true;
        reject(error);
      },
      onAllReady: () => {
        if (failed) return;
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        sink.on('error', reject);
        pipe(sink);
      },
    });
  });
}

/**
 * A complete error page that needs neither the router nor the app: what the server sends when
 * rendering itself throws (500) or when a request is rejected before routing (400, 405, 414…).
 */
export function renderStatusPage(options: StatusPageInput): string {
  const t = TEXTS(options.lang, 'common');
  const { status } = options;
  // Which copy fits the status: a missing page, a refused method, a flood, a bad address, a failure.
  const key =
    status === 404
      ? 'notFound'
      : status === 405
        ? 'methodNotAllowed'
        : status === 429
          ? 'tooMany'
          : status < 500
            ? 'badRequest'
            : 'error';
  const title = t(`${key}.title`);
  const body = (
    <ErrorScreen
      title={title}
      text={t(`${key}.text`)}
      refresh={t('error.refresh')}
      home={status < 500 ? t('badRequest.home') : t('error.home')}
    />
  );
  const markup = renderToStaticMarkup(
    <html lang={options.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} | GEO Platform`}</title>
        {options.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />
      </head>
      <body>
        <main id="main-content" className="main">
          {body}
        </main>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${markup}`;
}

/** The CSP hashes of the inline scripts people's pages hold (the head script's). */
export const scriptHashes = hashesOf();

// The bundle's exports are exactly the contract the server is written against.
({ renderPage, renderStatusPage, siteFiles, contentDates, blogJson, scriptHashes }) satisfies RendererBundle;
