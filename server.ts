import { createServer as createHttpServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { developmentAssets, productionAssets, type PageAssets } from './src/server/assets.ts';
import { ConfigError, loadConfig, type Config } from './src/server/config.ts';
import { detectLanguage } from './src/server/language.ts';
import { createLogger, httpLogger } from './src/server/logging.ts';
import { pageHandler, sendStatusPage, visitorOf } from './src/server/pages.ts';
import { redirectFor } from './src/server/redirects.ts';
import type { Renderer } from './src/server/renderer.ts';
import { leadsRouter } from './src/server/leads.ts';
import { requestGuard } from './src/server/request-guard.ts';
import { isLang } from './src/site.ts';
import { openStore, type LeadStore } from './src/server/store/index.ts';
import { nonce, securityHeaders } from './src/server/security.ts';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

export interface ServerOptions {
  /** Vite in middleware mode with hot reload instead of the built bundles in dist/. */
  dev?: boolean;
  env?: Record<string, string | undefined>;
  logger?: Logger;
  /** Replaces the server bundle (tests use it to make rendering fail). */
  renderer?: Renderer;
  /** Replaces the lead store chosen by configuration (tests inject failing stores). */
  store?: LeadStore;
  /** The HTTP server, in development, so Vite's hot-reload websocket shares its port (CSP connect-src). */
  httpServer?: Server;
}

export type App = Express & { locals: { config: Config; logger: Logger; close: () => Promise<void> } };

/** Builds the Express app without listening, so tests can drive it with supertest. */
export async function createServer(options: ServerOptions = {}): Promise<App> {
  const config = loadConfig(options.env ?? process.env);
  const logger = options.logger ?? createLogger(config.logLevel);
  const dev = options.dev ?? false;
  const app = express() as unknown as App;
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  // Client bundle and server bundle: Vite's dev server in development, dist/ in production.
  let renderer: () => Promise<Renderer>;
  let assets: PageAssets;
  const closers: (() => Promise<void>)[] = [];
  const vite = dev
    ? await (await import('vite')).createServer({ root: ROOT, server: { middlewareMode: true, hmr: options.httpServer ? { server: options.httpServer } : false }, appType: 'custom' })
    : undefined;
  if (vite) {
    closers.push(() => vite.close());
    renderer = () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<Renderer>;
    assets = developmentAssets();
  } else {
    const clientDir = path.join(ROOT, 'dist/client');
    assets = productionAssets(clientDir);
    const bundle: Renderer = options.renderer ?? ((await import(pathToFileURL(path.join(ROOT, 'dist/server/entry-server.js')).href)) as Renderer);
    renderer = () => Promise.resolve(bundle);
  }
  const store = options.store ?? (await openStore(config));
  closers.push(() => store.close());
  const status = { renderer, assets };
  const siteFiles = { siteUrl: config.siteUrl, policy: config.aiTrainingPolicy, buildDate: new Date().toISOString() };

  app.use(httpLogger(logger));
  app.use(requestGuard((req, res, code) => sendStatusPage(req, res, status, code)));
  app.use((req, _res, next) => {
    visitorOf(req);
    next();
  });
  app.use(nonce, securityHeaders({ dev, https: config.siteUrl.startsWith('https:') }));
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      await store.ping();
      res.json({ status: 'ready', store: store.kind });
    } catch {
      res.status(503).json({ status: 'unavailable', store: store.kind });
    }
  });

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const clientDir = path.join(ROOT, 'dist/client');
    // Hashed build output: cached forever. Everything else from public/: an hour.
    app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: true }));
    app.use(express.static(clientDir, { maxAge: '1h', index: false, dotfiles: 'ignore', redirect: false }));
  }

  // Generated files for crawlers (design §7).
  const textFile = (type: string, make: (r: Renderer) => string): RequestHandler => async (_req, res) => {
    const body = make(await renderer());
    res.type(type).set('Cache-Control', 'public, max-age=3600').send(body);
  };
  app.get('/robots.txt', textFile('text/plain; charset=utf-8', (r) => r.robotsTxt(siteFiles)));
  app.get('/ai.txt', textFile('text/plain; charset=utf-8', (r) => r.aiTxt(siteFiles)));
  app.get('/llms.txt', textFile('text/plain; charset=utf-8', (r) => r.llmsTxt(siteFiles)));
  app.get('/sitemap.xml', textFile('application/xml; charset=utf-8', (r) => r.sitemapXml(siteFiles)));
  app.get('/:lang/feed.xml', async (req, res, next) => {
    if (!isLang(req.params.lang)) return next();
    const xml = (await renderer()).feedXml(siteFiles, req.params.lang);
    res.type('application/rss+xml; charset=utf-8').set('Cache-Control', 'public, max-age=3600').send(xml);
  });
  app.get('/:lang/blog/:file', async (req, res, next) => {
    const { lang, file } = req.params;
    if (!isLang(lang) || !file.endsWith('.md')) return next();
    const markdown = (await renderer()).postMarkdown(siteFiles, lang, file.slice(0, -3));
    if (markdown === undefined) return next();
    res.type('text/markdown; charset=utf-8').set('Cache-Control', 'public, max-age=3600').send(markdown);
  });

  // The blog's data for client-side navigation (the server renders the same data into pages).
  app.get(['/api/blog/:lang', '/api/blog/:lang/:slug'], async (req, res, next) => {
    const { lang, slug } = req.params as { lang: string; slug?: string };
    if (!isLang(lang)) return next();
    const data = (await renderer()).blogJson(lang, slug);
    if (!data) {
      res.status(404).json({ success: false, error: 'No such article.' });
      return;
    }
    res.set('Cache-Control', 'public, max-age=300').json(data);
  });

  // Forms (design §6), then anything else under /api answers JSON, never a page.
  app.use(leadsRouter({ store, source: config.projectSource, logger }));
  app.all('/api/{*rest}', (req, res) => {
    const known = ['/api/waitlist', '/api/contact', '/api/newsletter'].includes(req.path);
    if (known) res.set('Allow', 'POST');
    res.status(known ? 405 : 404).json({ success: false, error: known ? 'Use POST for this endpoint.' : 'No such endpoint.' });
  });

  // Language redirects, all on the server.
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = new URL(req.originalUrl, 'http://x');
    const target = redirectFor(url.pathname, url.search, detectLanguage(req, res));
    if (!target) return next();
    res.vary('Cookie').vary('Accept-Language');
    res.redirect(target.status, target.location);
  });

  // Pages: GET and HEAD only.
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    res.set('Allow', 'GET, HEAD');
    void sendStatusPage(req, res, status, 405);
  });
  app.get('/{*splat}', pageHandler({ renderer, assets, siteUrl: config.siteUrl, policy: config.aiTrainingPolicy }));

  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const code = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (code >= 500) req.log?.error({ err }, 'request failed');
    if (res.headersSent) {
      res.end();
      return;
    }
    void sendStatusPage(req, res, status, code);
  };
  app.use(onError);

  app.locals.config = config;
  app.locals.logger = logger;
  app.locals.close = async () => {
    for (const close of closers) await close();
  };
  return app;
}

/** Starts listening and shuts down gracefully on SIGTERM/SIGINT: in-flight requests finish, then exit 0. */
export async function startServer(options: ServerOptions = {}): Promise<Server> {
  const started = performance.now();
  const server = createHttpServer();
  const app = await createServer({ ...options, httpServer: server });
  const { config, logger } = app.locals;
  server.on('request', app);
  server.listen(config.port, config.host);
  // Deliberate limits: slow clients cannot hold sockets open forever.
  server.headersTimeout = 15_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(
    { port, siteUrl: config.siteUrl, store: config.supabaseUrl ? 'supabase' : 'embedded', startupMs: Math.round(performance.now() - started) },
    `listening on http://localhost:${port}`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('in-flight requests did not finish in 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      await app.locals.close();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return server;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  startServer({ dev: process.argv.includes('--dev') }).catch((error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(`Server failed to start: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(1);
  });
}

