import { Router, type RequestHandler } from 'express';
import type { AiTrainingPolicy } from '../lib/ai-policy.ts';
import { errorCode } from '../lib/api-error.ts';
import type { CompanyIdentity } from '../lib/company.ts';
import type { LeadStoreKind } from '../site-context.tsx';
import { isLang, localePath, markdownCopyPath, markdownCopyTarget } from '../site.ts';
import { sendApiError } from './api-error.ts';
import type { PageAssets } from './assets.ts';
import type { WatchCache } from './bounded-cache.ts';
import type { Compressions } from './compressed.ts';
import { encodedFiles } from './encoded-files.ts';
import { apiMessage } from './messages.ts';
import { pageMarkdownService } from './page-markdown.ts';
import { copyTarget } from './page-paths.ts';
import { sendStatusPage, setLastModified } from './pages.ts';
import { vary } from './vary.ts';
import type { RendererBundle } from '../renderer/contract.ts';

// Files for crawlers and AI (see docs/architecture.md), all generated from the route tree and the
// content module: robots.txt, ai.txt, security.txt, sitemap.xml, llms.txt, llms-full.txt, feeds, and
// the Markdown copy of every page. Each is the same bytes for everyone, so each is compressed once
// and sent as brotli or gzip with its own ETag (src/server/encoded-files.ts, decision 035).

export interface CrawlerFilesDeps {
  renderer: () => Promise<RendererBundle>;
  siteUrl: string;
  contactEmail: string;
  /** The publisher's identity, for the Markdown copies of the pages that show it. */
  company: CompanyIdentity;
  policy: AiTrainingPolicy;
  auditChecks: number;
  /** What the privacy pages' Markdown copies state: the reports' days and the store's processor. */
  reportDays: number;
  leadStore: LeadStoreKind;
  assets: PageAssets;
  /** Reports the Markdown copies' cache and the compressed files' memo to /metrics. */
  watchCache?: WatchCache | undefined;
  /** Tracks the files' compressions (server.ts: `app.locals.compressionsIdle()`). */
  compressions?: Compressions | undefined;
}

export function crawlerFiles(deps: CrawlerFilesDeps): Router & { pageCopies: RequestHandler } {
  const router = Router();
  const input = {
    siteUrl: deps.siteUrl,
    contactEmail: deps.contactEmail,
    policy: deps.policy,
  };
  const markdown = pageMarkdownService(deps);
  const send = encodedFiles({ watchCache: deps.watchCache, compressions: deps.compressions });

  // A file made from the site's content says when that content last changed (Last-Modified, so a
  // conditional request gets a 304); robots.txt, ai.txt and security.txt follow the settings instead.
  const file =
    (
      path: string,
      type: string,
      make: (r: RendererBundle) => string | Promise<string>,
      modified?: (r: RendererBundle) => string | undefined,
    ): RequestHandler =>
    async (req, res) => {
      const renderer = await deps.renderer();
      const body = await make(renderer);
      setLastModified(res, modified?.(renderer));
      res.type(type).set('Cache-Control', 'public, max-age=3600');
      await send(req, res, path, body);
    };
  const site = (r: RendererBundle) => r.contentDates.site();
  const TEXT = 'text/plain; charset=utf-8';
  const files: Parameters<typeof file>[] = [
    ['/robots.txt', TEXT, (r) => r.siteFiles.robotsTxt(input)],
    ['/ai.txt', TEXT, (r) => r.siteFiles.aiTxt(input)],
    // Expires is counted from today: a new day makes a new body, hence a new entry and ETag.
    ['/.well-known/security.txt', TEXT, (r) => r.siteFiles.securityTxt(input, new Date())],
    ['/llms.txt', TEXT, (r) => r.siteFiles.llmsTxt(input), site],
    ['/llms-full.txt', TEXT, () => markdown.fullText(), site],
    ['/sitemap.xml', 'application/xml; charset=utf-8', (r) => r.siteFiles.sitemapXml(input), site],
  ];
  for (const args of files) router.get(args[0], file(...args));

  router.get('/:lang/feed.xml', async (req, res, next) => {
    const lang = req.params.lang;
    if (!isLang(lang)) return next();
    const renderer = await deps.renderer();
    setLastModified(res, renderer.contentDates.feed(lang));
    res.type('application/rss+xml; charset=utf-8').set('Cache-Control', 'public, max-age=3600');
    await send(req, res, `/${lang}/feed.xml`, renderer.siteFiles.feedXml(input, lang));
  });

  // Markdown for agents: every page that has a Markdown copy says so on its answer (Vary: Accept,
  // and an RFC 8288 Link header to the copy and to llms.txt), and a request that prefers
  // text/markdown to text/html gets the copy itself at the page's own address. Browsers, which ask
  // for HTML or anything, get the page. server.ts also runs it before a page its cache holds
  // (decision 075).
  const pageCopies: RequestHandler = async (req, res, next) => {
    const target = copyTarget(req.path);
    if (!target) return next();
    vary(res, 'Accept');
    // Both links in one field (RFC 8288 §3: a Link field is a list): one header where two cost a
    // cached page 3 µs of its 90 (decision 077).
    res.append(
      'Link',
      `<${target.copy}>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby"`,
    );
    // Only a client that names text/markdown can prefer it (a tie, `*/*` or `text/*`, goes to HTML):
    // the others skip the negotiation's parse.
    const accept = req.headers.accept;
    if (!accept?.toLowerCase().includes('markdown')) return next();
    if (req.accepts(['text/html', 'text/markdown']) !== 'text/markdown') return next();
    const text = await markdown.markdownFor(target.lang, target.path);
    if (text === undefined) return next();
    setLastModified(res, (await deps.renderer()).contentDates.page(target.lang, target.path));
    res
      .type('text/markdown; charset=utf-8')
      .set('Cache-Control', 'public, max-age=3600')
      .set('Content-Location', target.copy);
    // The copy's own body: one compressed entry for both addresses.
    await send(req, res, target.copy, text);
  };
  router.get('/{*path}', pageCopies);

  // /{lang}/index.md, /{lang}/guide.md, /{lang}/blog/{slug}.md …
  router.get('/{*path}', async (req, res, next) => {
    // Markdown copies live under a language; other .md paths go on to the rest of the site.
    if (!req.path.endsWith('.md') || !isLang(req.path.split('/')[1])) return next();
    const target = markdownCopyTarget(req.path);
    const text = target ? await markdown.markdownFor(target.lang, target.path) : undefined;
    // No such copy: the short status page, not a render of the whole 404 document, so an address
    // someone made up costs next to nothing.
    if (!target || text === undefined) return void sendStatusPage(req, res, deps, 404);
    setLastModified(res, (await deps.renderer()).contentDates.page(target.lang, target.path));
    res
      .type('text/markdown; charset=utf-8')
      .set('Cache-Control', 'public, max-age=3600')
      .set('Link', `<${deps.siteUrl}${localePath(target.lang, target.path)}>; rel="canonical"`);
    // Keyed by the copy's own address, like the negotiated answer above: one compressed entry for both.
    await send(req, res, markdownCopyPath(target.lang, target.path), text);
  });

  // The blog's data for client-side navigation (the server renders the same data into pages).
  router.get(['/api/blog/:lang', '/api/blog/:lang/:slug'], async (req, res, next) => {
    const { lang, slug } = req.params as { lang: string; slug?: string };
    if (!isLang(lang)) return next();
    const renderer = await deps.renderer();
    const data = slug === undefined ? renderer.blogJson(lang) : renderer.blogJson(lang, slug);
    if (!data) {
      sendApiError(res, 404, { code: errorCode('notFound'), message: apiMessage(lang, 'articleNotFound') });
      return;
    }
    res.set('Cache-Control', 'public, max-age=300').json(data);
  });
  return Object.assign(router, { pageCopies });
}
