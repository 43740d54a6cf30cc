import { createServer as createHttpServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Logger } from 'pino';
import { loadBundles } from './src/server/bundles.ts';
import { ConfigError, loadConfig, type Config } from './src/server/config.ts';
import { sendApiStatus } from './src/server/api-error.ts';
import { answerClientError } from './src/server/client-error.ts';
import { chain } from './src/server/chain.ts';
import { CHECKS } from './src/server/audit/registry.ts';
import { describeChannels, loadDeliveryConfig } from './src/server/delivery/config.ts';
import { newsletterSecret } from './src/server/delivery/secret.ts';
import type { RecheckJob } from './src/server/recheck-job.ts';
import { crawlerFiles } from './src/server/crawler-files.ts';
import { trackCompressions } from './src/server/compressed.ts';
import { detectLanguage } from './src/server/language.ts';
import { leadsRouter } from './src/server/leads.ts';
import { formOfEndpoint } from './src/lib/form-limits.ts';
import { createLogger, httpLogger } from './src/server/logging.ts';
import { capConnections } from './src/server/connections.ts';
import { formOutcomesOf } from './src/server/flash.ts';
import type { Metrics } from './src/server/metrics.ts';
import { pageHandler, sendStatusPage, visitorClassifier, visitorOf } from './src/server/pages.ts';
import { perMinuteLimit } from './src/server/rate-limit.ts';
import { redirectFor } from './src/server/redirects.ts';
import type { RendererBundle } from './src/renderer/contract.ts';
import { requestGuard, siteUrlOf } from './src/server/request-guard.ts';
import { securityHeaders } from './src/server/security.ts';
import { hashedAssets, topLevelFiles } from './src/server/static-files.ts';
import { serviceWorkerSource } from './src/server/service-worker.ts';
import { vary } from './src/server/vary.ts';
import { createServices } from './src/server/services.ts';
import { operationsRoutes } from './src/server/operations.ts';
import type { LeadStore } from './src/server/store/index.ts';

// The project root, whether this runs from the sources (tsx, development) or from its built copy in
// dist/server/server.js (production).
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT =
  path.basename(HERE) === 'server' && path.basename(path.dirname(HERE)) === 'dist'
    ? path.resolve(HERE, '../..')
    : HERE;

/** The JSON endpoints that answer GET; every form's endpoint (FORM_TYPES) answers POST. */
const GET_ENDPOINTS: ReadonlySet<string> = new Set(['/api/visitor', '/api/audit']);

const UNLIMITED_PATHS = new Set([
  '/healthz',
  '/readyz',
  '/robots.txt',
  '/ai.txt',
  '/llms.txt',
  '/sitemap.xml',
]);

export interface ServerOptions {
  /** Vite in middleware mode with hot reload instead of the built bundles in dist/. */
  dev?: boolean;
  env?: Record<string, string | undefined>;
  logger?: Logger;
  /** Replaces the server bundle (tests use it to make rendering fail). */
  renderer?: RendererBundle;
  /** Replaces the lead store chosen by configuration (tests inject failing stores). */
  store?: LeadStore;
  /** The HTTP server, in development, so Vite's hot-reload websocket shares its port (CSP connect-src). */
  httpServer?: Server;
  /**
   * Tests: the clock of the monthly re-checks (their links and their job), of the lead delivery
   * worker that sends their emails and of form submissions (the visitor emails' limits per hour and
   * day), so that a test can move a month on.
   */
  now?: () => Date;
  /** Tests: how often the re-check job looks for due subscriptions (default 5 minutes). */
  recheckPollMs?: number;
}

export type App = Express & {
  locals: {
    config: Config;
    logger: Logger;
    metrics: Metrics;
    /** Serves /metrics alone, on METRICS_PORT when it is set. */
    metricsApp: Express;
    deliveryChannels: string;
    /** The monthly re-check job, when re-checks are on (tests run it with runDue()). */
    recheckJob: RecheckJob | undefined;
    /**
     * Drains the lead delivery worker (tests): resolves once nothing is due at its clock and no
     * attempt is in flight, so "nothing more was sent" is asserted without waiting.
     */
    deliveryIdle: () => Promise<void>;
    /**
     * Resolves once the cached pages' and crawler files' compressions under way are done (tests): the
     * best copies are made in the background after the request that made the entry.
     */
    compressionsIdle: () => Promise<void>;
    /**
     * Resolves once this replica shares its limits and audits through Redis (REDIS_URL; at once
     * without it): tests wait on it after starting or restarting Redis (decision 070).
     */
    sharedReady: () => Promise<void>;
    /** From SIGTERM on, /readyz answers 503 so that load balancers stop sending new requests. */
    drain: () => void;
    /**
     * Ends the audits under way as `restarting` (their streams with that final line) and starts no
     * more: called when the grace period ends, so that no request waits for a site audit's deadline.
     */
    stopAudits: () => void;
    /**
     * Probes the store's writability now, as a failed write does (tests, instead of waiting for the
     * 10 s interval, decision 051): resolves once /readyz and /metrics report the outcome.
     */
    probeStore: () => Promise<void>;
    close: () => Promise<void>;
  };
};

/** Builds the Express app without listening, so tests can drive it with supertest. */
export async function createServer(options: ServerOptions = {}): Promise<App> {
  const env = options.env ?? process.env;
  const config = loadConfig(env);
  const deliveryConfig = loadDeliveryConfig(env);
  const logger = options.logger ?? createLogger(config.logLevel);
  const dev = options.dev ?? false;
  const { renderer, assets, vite } = await loadBundles(ROOT, options);
  const services = await createServices({
    env,
    config,
    deliveryConfig,
    logger,
    // The audit's parsing runs in worker threads (decision 022): the built module in production, the
    // TypeScript source through tsx in development and tests.
    auditWorker:
      HERE !== ROOT
        ? { file: path.join(HERE, 'audit-worker.js'), execArgv: [] }
        : { file: path.join(ROOT, 'src/server/audit/worker.ts'), execArgv: ['--import', 'tsx'] },
    store: options.store,
    now: options.now,
    recheckPollMs: options.recheckPollMs,
  });
  const {
    store,
    storeHealth,
    metrics,
    audits,
    rechecks,
    delivery,
    recheckJob,
    recheckLinks,
    newsletter,
    tokenSecret,
    limits,
  } = services;
  const statusPages = { renderer, assets };
  const site = {
    renderer,
    assets,
    siteUrl: config.siteUrl,
    contactEmail: config.contactEmail,
    company: config.company,
    policy: config.aiTrainingPolicy,
    // How many checks the free audit runs: stated in the copy ({{checks}}), counted from the registry.
    auditChecks: CHECKS.length,
    reportDays: config.audit.reportDays,
    leadStore: config.supabaseUrl ? ('supabase' as const) : ('embedded' as const),
    watchCache: metrics.watchCache,
    compressions: trackCompressions(),
  };

  const app = express() as unknown as App;
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  // ETags are set where they mean something (cached pages, crawler files, static files): computed
  // once per entry, not hashed again for every response.
  app.set('etag', false);

  // The pages (step 7), made first: step 2 asks whether their cache has a request's page.
  const pages = pageHandler({
    ...site,
    pageCacheMs: dev ? 0 : 60_000,
    onPageCache: metrics.pageCache,
    pageAudit: audits.pageAudit,
    savedReport: audits.reportPage,
    newsletterAction: newsletter,
    recheckAction: recheckLinks,
  });

  // A per-address limit on everything but static files: generous for people and polite crawlers
  // (a crawl delay of 1 s is 60 a minute), it stops floods with a 429, Retry-After and a real page.
  const siteLimit =
    config.rateLimitPerMinute > 0
      ? perMinuteLimit({
          limit: config.rateLimitPerMinute,
          store: limits('site'),
          headers: false,
          // Health checks, and the small policy files a crawler reads to learn how to behave: a
          // throttled crawler can still read robots.txt and see its crawl delay.
          skip: (req) => UNLIMITED_PATHS.has(req.path),
          handler: (req, res) => {
            if (req.path.startsWith('/api/')) {
              sendApiStatus(req, res, 429);
              return;
            }
            void sendStatusPage(req, res, statusPages, 429);
          },
        })
      : undefined;
  // The files for crawlers and AI, and the pages' Markdown copies (step 5).
  const files = crawlerFiles(site);

  // 1. Observe: one log line per request, metrics, the visitor's class. 2. Security headers on every
  // response, then refuse what no page could answer. Steps every request takes, run as one
  // middleware rather than five of the router's layers (decision 076).
  app.use(
    chain(
      httpLogger(logger),
      visitorClassifier({ watchCache: metrics.watchCache }),
      metrics.middleware,
      securityHeaders({
        dev,
        https: config.siteUrl.startsWith('https:'),
        scriptHashes: (await renderer()).scriptHashes,
      }),
      requestGuard((req, res, code) => sendStatusPage(req, res, statusPages, code)),
    ),
  );
  // A page its cache holds is answered now (decision 075), through the steps that apply to it: the
  // site-wide limit, the Markdown negotiation (its Vary and Link headers, or the copy for an agent
  // that prefers it) and the page, as it was compressed once (decisions 034, 037), without
  // compression's wrapper, which would find nothing to do (decision 073). Every step it leaves out
  // answers other addresses only (operations, static files, /api/), or a path whose answer depends
  // on the path alone (a redirect, a report's copy, a feed), which therefore never reached the
  // pages and is never in their cache. Walking those steps was a tenth of a cached page's time.
  const compress = compression();
  const cachedPage = chain(...(siteLimit ? [siteLimit] : []), files.pageCopies, pages);
  app.use((req, res, next) =>
    pages.answersFromCache(req) ? cachedPage(req, res, next) : compress(req, res, next),
  );

  // 3. Operations.
  // Set once SIGTERM arrives (startServer): /readyz asks to be taken out of rotation.
  const lifecycle = { draining: false };
  const { operations, metricsApp } = operationsRoutes({
    store,
    storeHealth,
    renderer,
    metrics,
    metricsToken: config.metrics.token,
    lifecycle,
  });
  app.use(operations);
  metrics.watchCache('form_outcomes', () => formOutcomesOf(app).stats);

  // 4. Static files: hashed assets cached for a year, content images for a month, everything else
  // from public/ for an hour.
  if (vite) {
    app.use(vite.middlewares);
  } else {
    const clientDir = path.join(ROOT, 'dist/client');
    // Hashed assets: the build's brotli and gzip copies when the client takes one (decision 035).
    app.use('/assets', hashedAssets(path.join(clientDir, 'assets')));
    // Content images keep their address for good (a new picture gets a new file name): a month.
    app.use(
      '/images',
      express.static(path.join(clientDir, 'images'), { maxAge: '30d', index: false, redirect: false }),
    );
    app.use(topLevelFiles(clientDir));
  }

  // The service worker: generated per build, never cached by the browser's HTTP cache.
  if (!vite) {
    const worker = serviceWorkerSource(assets);
    app.get('/sw.js', (_req, res) => {
      res
        .type('text/javascript; charset=utf-8')
        .set({ 'Cache-Control': 'no-cache', 'Service-Worker-Allowed': '/' })
        .send(worker);
    });
  }

  // The site-wide limit (made before step 2, which runs it first for a cached page).
  if (siteLimit) app.use(siteLimit);

  // 5. Saved reports' files and the audit API, files for crawlers and AI, then the JSON API (forms,
  // visitor profile); other /api paths are JSON 404/405. Reports come first: their Markdown copies
  // live under /{lang}/tools/report/, where the pages' copies would answer 404.
  app.use(audits.router);
  app.use(files);
  app.get('/api/visitor', (req, res) => {
    const { isBot, isAICrawler, name, category, priority, crawlDelay } = visitorOf(req);
    vary(res, 'User-Agent');
    res
      .set('Cache-Control', 'private, no-store')
      .json({ isBot, isAICrawler, name, category, priority, crawlDelay });
  });
  app.use(
    leadsRouter({
      store,
      source: config.projectSource,
      logger,
      siteUrl: config.siteUrl,
      rechecks: Boolean(rechecks),
      onLead: (form, outcome) => {
        metrics.lead(form, outcome);
        if (outcome === 'stored') delivery?.nudge();
        // A write that failed: is the store full, locked, gone? /readyz and /metrics say so.
        if (outcome === 'failed') void storeHealth.check();
      },
      rateLimitPerMinute: config.formRateLimitPerMinute,
      ...(options.now ? { now: options.now } : {}),
      ...(deliveryConfig.channels.has('visitor-email')
        ? {
            senderMail: {
              perHour: config.visitorMail.senderPerHour,
              perDay: config.visitorMail.senderPerDay,
            },
          }
        : {}),
      // The waitlist's welcome audit counts against the audit's per-address limit (decision 049).
      auditAllowance: audits.allowance,
      limitStore: limits,
    }),
  );
  app.all('/api/{*rest}', (req, res) => {
    const allow = formOfEndpoint(req.path) ? 'POST' : GET_ENDPOINTS.has(req.path) ? 'GET' : undefined;
    if (allow) res.set('Allow', allow);
    sendApiStatus(req, res, allow ? 405 : 404);
  });

  // 6. Language redirects, all on the server.
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = siteUrlOf(req, config.siteUrl);
    const target = redirectFor(url.pathname, url.search, () => detectLanguage(req, res));
    if (!target) return next();
    vary(res, 'Cookie, Accept-Language');
    res.redirect(target.status, target.location);
  });

  // 7. Pages: GET and HEAD only, rendered by React for humans and crawlers; two exceptions, the
  // newsletter's and the re-check's unsubscribe, which a button or a mail client's one-click request
  // (RFC 8058) posts.
  const oneClick = express.urlencoded({ extended: false, limit: '1kb' });
  app.post(['/:lang/newsletter/unsubscribe', '/:lang/tools/recheck/unsubscribe'], oneClick, pages);
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    res.set('Allow', 'GET, HEAD');
    void sendStatusPage(req, res, statusPages, 405);
  });
  app.get('/{*splat}', pages);

  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const code = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (code >= 500)
      logger.error({ err, req: { id: req.id, method: req.method, path: req.path } }, 'request failed');
    if (res.headersSent) {
      res.end();
      return;
    }
    // The JSON API answers in JSON (a body its parsers refused, a failure of ours), except to a
    // browser's own form post, which gets a page it can show.
    if (req.path.startsWith('/api/') && req.accepts(['json', 'html']) === 'json') {
      sendApiStatus(req, res, code);
      return;
    }
    void sendStatusPage(req, res, statusPages, code);
  };
  app.use(onError);

  // The key that signs no-JavaScript form outcomes kept in their cookie (src/server/flash.ts), so
  // that any process can show one: the email links' key, or with the embedded store the one its
  // processes share in DATA_DIR. Without either (Supabase, no NEWSLETTER_SECRET) outcomes stay in
  // the memory of the process that took the post.
  app.locals.flashKey =
    tokenSecret ??
    (config.supabaseUrl
      ? undefined
      : newsletterSecret({ env, dataDir: config.dataDir, supabase: false, needed: true }));
  app.locals.config = config;
  app.locals.logger = logger;
  app.locals.metrics = metrics;
  app.locals.metricsApp = metricsApp;
  app.locals.deliveryChannels = describeChannels(deliveryConfig);
  app.locals.recheckJob = recheckJob;
  app.locals.deliveryIdle = async () => delivery?.idle();
  app.locals.compressionsIdle = () => site.compressions.idle();
  app.locals.sharedReady = async () => services.shared?.whenReady();
  app.locals.drain = () => {
    lifecycle.draining = true;
  };
  app.locals.stopAudits = () => services.auditService.shutdown();
  app.locals.probeStore = () => storeHealth.check();
  app.locals.close = async () => {
    // Pending deliveries wait in the outbox.
    await services.close();
    await vite?.close();
  };
  return app;
}

/** Listens on `port`, resolves with the port it got (port 0 asks the system for a free one). */
async function listen(server: Server, port: number, host: string): Promise<number> {
  server.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

/**
 * Starts listening and shuts down gracefully on SIGTERM/SIGINT: /readyz answers 503 for
 * SHUTDOWN_GRACE_MS while the server still serves, then it stops accepting, ends the audits still
 * running (decision 049), finishes the requests in flight and exits 0 (decision 020).
 */
export async function startServer(options: ServerOptions = {}): Promise<Server> {
  const started = performance.now();
  const server = createHttpServer();
  const app = await createServer({ ...options, httpServer: server });
  const { config, logger, metrics } = app.locals;
  let stopping = false;
  // While stopping, every response closes its connection, so no keep-alive socket outlives it. First
  // of the listeners, so the header is set before the app can answer.
  server.on('request', (_req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
  });
  server.on('request', app);
  // Requests Node refuses before Express sees them still get a short page, not an empty answer.
  server.on('clientError', answerClientError);
  // Deliberate limits: slow clients cannot hold sockets open forever, nor take every descriptor.
  server.headersTimeout = 15_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  capConnections(
    server,
    { max: config.connections.max, perAddress: config.connections.perAddress },
    { logger, onRefused: metrics.connectionRefused },
  );
  const port = await listen(server, config.port, config.host);
  const metricsServer =
    config.metrics.port === undefined ? undefined : createHttpServer(app.locals.metricsApp);
  // One scraper reads it: a handful of connections is plenty, whoever else can reach the port.
  if (metricsServer) metricsServer.maxConnections = 16;
  const metricsPort = metricsServer
    ? await listen(metricsServer, config.metrics.port!, config.metrics.host)
    : undefined;
  logger.info(
    {
      port,
      node: process.version,
      siteUrl: config.siteUrl,
      contactEmail: config.contactEmail,
      store: config.supabaseUrl ? 'supabase' : 'embedded',
      // Where limits and audits are shared (decision 070): Redis, or this process alone.
      shared: config.redis ? 'redis' : 'memory',
      deliveryChannels: app.locals.deliveryChannels,
      startupMs: Math.round(performance.now() - started),
    },
    `listening on http://localhost:${port}`,
  );
  logger.info({ channels: app.locals.deliveryChannels }, `lead delivery: ${app.locals.deliveryChannels}`);
  logger.info(
    { metricsPort, metricsHost: metricsServer ? config.metrics.host : undefined },
    metricsServer
      ? `metrics on http://${config.metrics.host}:${metricsPort}/metrics${config.metrics.token ? ' (token required)' : ''}`
      : config.metrics.token
        ? 'metrics on /metrics with the METRICS_TOKEN bearer token'
        : 'metrics off: set METRICS_PORT or METRICS_TOKEN to serve /metrics',
  );

  const stop = () => {
    logger.info('stopped accepting connections; finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('in-flight requests did not finish in 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // A site audit may run 30 s, longer than the 10 s above: audits still running end now, each
    // request answered with its final line (decision 049), so the requests in flight finish.
    app.locals.stopAudits();
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    server.close(async () => {
      await app.locals.close();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
    // Connections that finish their last request after this point are closed as they go idle.
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Not ready from now on: load balancers stop sending new visitors during the grace period, and the
    // connections they open meanwhile are still answered instead of reset.
    app.locals.drain();
    const graceMs = config.connections.shutdownGraceMs;
    logger.info(
      { signal, graceMs },
      'shutting down: /readyz answers 503, serving on during the grace period',
    );
    if (graceMs > 0) setTimeout(stop, graceMs);
    else stop();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return server;
}

const isMain = Boolean(process.argv[1]) && path.resolve(process.argv[1]!) === fileURLToPath(import.meta.url);
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
