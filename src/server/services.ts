import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { auditHttp } from './audit/http.ts';
import { createAnalysisPool } from './audit/analysis.ts';
import { createAuditService } from './audit/service.ts';
import { createLeadDelivery } from './delivery/index.ts';
import type { DeliveryConfig } from './delivery/config.ts';
import { deliveryMetrics } from './delivery/metrics.ts';
import { newsletterSecret } from './delivery/secret.ts';
import { createVisitorMailRenderer } from './email/visitor-mail.ts';
import { createMetrics } from './metrics.ts';
import { limitStore } from './rate-limit.ts';
import { createSharedState } from './shared-state.ts';
import { sharedSlots } from './audit/shared-slots.ts';
import { sharedRuns } from './audit/shared-runs.ts';
import { SITE_DEADLINE_MS } from './audit/run.ts';
import { createStoreHealth } from './store-health.ts';
import { newsletterActions } from './newsletter.ts';
import { createRecheckJob } from './recheck-job.ts';
import { recheckActions } from './recheck-links.ts';
import { openStore, type LeadStore } from './store/index.ts';

// What the server runs besides answering requests, built once per app (server.ts createServer): the
// store, the metrics, the audit (its worker pool, its service, saved reports and their hourly purge),
// lead delivery and its worker, the monthly re-check job, and the newsletter's and re-checks' links.
// `close()` stops them in order.

/** Days a monthly re-check request waits for its confirmation before it is deleted. */
const RECHECK_CONFIRM_DAYS = 7;

export interface ServicesInput {
  env: Record<string, string | undefined>;
  config: Config;
  deliveryConfig: DeliveryConfig;
  logger: Logger;
  /** The audit's analysis thread module: the built file, or the source through tsx. */
  auditWorker: { file: string; execArgv: string[] };
  /** Replaces the store chosen by configuration (tests). */
  store?: LeadStore | undefined;
  /** The clock of the re-checks and of the delivery worker (tests). */
  now?: (() => Date) | undefined;
  /** How often the re-check job looks for due subscriptions (tests). */
  recheckPollMs?: number | undefined;
}

export async function createServices(input: ServicesInput) {
  const { env, config, deliveryConfig, logger, auditWorker } = input;
  const options = { store: input.store, now: input.now, recheckPollMs: input.recheckPollMs };
  const store =
    options.store ??
    (await openStore(config, {
      channels: deliveryConfig.channels,
      supabaseServiceRoleKey: deliveryConfig.supabaseServiceRoleKey,
      visitorMailLimits: {
        perHour: config.visitorMail.mailboxPerHour,
        perDay: config.visitorMail.mailboxPerDay,
        queued: config.visitorMail.mailboxQueued,
      },
    }));
  const metrics = createMetrics();
  // With REDIS_URL, what the replicas share (decision 070): every limit, the audit slots and runs.
  const shared = config.redis
    ? createSharedState({ ...config.redis, logger, registry: metrics.registry })
    : undefined;
  const limits = (name: string) => limitStore(shared, name);
  // Whether the store takes writes: probed in the background, reported by /readyz and /metrics
  // (decision 051).
  const storeHealth = createStoreHealth({ store, logger });
  metrics.watchStore(store.kind, () => storeHealth.writable);
  storeHealth.start();
  // The audit's parsing runs in worker threads (decision 022): the built module in production, the
  // TypeScript source through tsx in development and tests.
  const analysis = createAnalysisPool({
    worker: auditWorker,
    threads: config.audit.workers,
    memoryMb: config.audit.workerMemoryMb,
  });
  // Saved reports (decision 031), when the store keeps them: both stores do (Supabase with its
  // service_role key); expired ones are deleted every hour.
  const reports = store.reports;
  const tokenSecret = newsletterSecret({
    env,
    dataDir: config.dataDir,
    supabase: Boolean(config.supabaseUrl),
    needed: deliveryConfig.channels.has('visitor-email'),
  });
  // How long an audit holds a shared slot or lock at most: a wait in line for memory (one deadline),
  // then its run (a page's deadline, a site audit's); past it, the replica holding it died with it.
  const auditLapseMs = config.audit.timeoutMs + Math.max(config.audit.timeoutMs, SITE_DEADLINE_MS);
  const auditService = createAuditService({
    settings: config.audit,
    analysis,
    siteUrl: config.siteUrl,
    onOutcome: metrics.audit,
    ...(reports
      ? {
          reports: {
            store: reports,
            days: config.audit.reportDays,
            maxBytes: config.audit.reportsMaxBytes,
            perDay: config.audit.reportsPerDay,
            // The visitor hashes' key (decision 048): the links' key, shared by every replica, when
            // there is one; otherwise this process's own (each process then counts on its own).
            visitorSecret: tokenSecret ?? randomBytes(32),
            onError: (err: unknown) => {
              logger.error({ err }, 'saved report not written or read');
              void storeHealth.check();
            },
          },
        }
      : {}),
    ...(shared
      ? {
          sharedSlots: sharedSlots({
            shared,
            maxConcurrent: config.audit.maxConcurrent,
            perAddress: config.audit.perAddress,
            lapseMs: auditLapseMs,
          }),
          sharedRuns: sharedRuns({ shared, lapseMs: auditLapseMs }),
        }
      : {}),
    onNotKept: (reason) =>
      reason === 'full'
        ? logger.warn({ reason }, 'saved reports full: a report was not kept (AUDIT_REPORTS_MAX_MB)')
        : logger.info({ reason }, 'a visitor’s report was not kept: daily cap (AUDIT_REPORTS_PER_DAY)'),
  });
  // Monthly re-checks (decision 032): where reports are kept and visitor emails go out (their opt-in
  // and their news are emails). Requests never confirmed are deleted after a week.
  const rechecks =
    reports && store.rechecks && deliveryConfig.channels.has('visitor-email') ? store.rechecks : undefined;
  const purgeReports = reports
    ? setInterval(
        () => {
          const now = new Date();
          reports
            .purgeExpired(now)
            .catch((err: unknown) => logger.warn({ err }, 'expired reports not purged'));
          rechecks
            ?.purgeUnconfirmed(new Date(now.getTime() - RECHECK_CONFIRM_DAYS * 24 * 60 * 60 * 1000))
            .catch((err: unknown) => logger.warn({ err }, 'unconfirmed re-checks not purged'));
        },
        60 * 60 * 1000,
      ).unref()
    : undefined;
  const audits = auditHttp({
    service: auditService,
    siteUrl: config.siteUrl,
    rateLimitPerMinute: config.audit.rateLimitPerMinute,
    logger,
    onRateLimited: () => metrics.audit('rateLimited', undefined),
    rechecks: Boolean(rechecks),
    limitStore: limits('audit'),
  });

  // Lead delivery (decision 018): the store's outbox, drained by a worker in this process through the
  // channels that are configured; nothing runs when none is.
  const delivery = store.outbox
    ? createLeadDelivery({
        config: deliveryConfig,
        outbox: store.outbox,
        logger,
        onOutcome: deliveryMetrics(metrics.registry),
        ...(options.now ? { now: options.now } : {}),
        ...(tokenSecret
          ? {
              renderer: createVisitorMailRenderer({
                siteUrl: config.siteUrl,
                contactEmail: config.contactEmail,
                tokenSecret,
                audit: (url, lang) => auditService.audit(url, lang),
                savedReport: (id, lang) => auditService.loadSavedReport(id, lang),
              }),
            }
          : {}),
      })
    : undefined;
  delivery?.start();
  const recheckJob = rechecks
    ? createRecheckJob({
        rechecks,
        audit: (address, lang, pages, follows) =>
          auditService.audit(address, lang, undefined, pages, {
            save: true,
            fresh: true,
            follows,
            lane: 'recheck',
          }),
        logger,
        onMail: () => delivery?.nudge(),
        onOutcome: metrics.recheck,
        ...(options.now ? { now: options.now } : {}),
        ...(options.recheckPollMs ? { pollIntervalMs: options.recheckPollMs } : {}),
      })
    : undefined;
  recheckJob?.start();
  const recheckLinks = recheckActions({ rechecks, logger, ...(options.now ? { now: options.now } : {}) });
  const newsletter = newsletterActions({
    subscriptions: tokenSecret ? store.subscriptions : undefined,
    secret: tokenSecret,
    logger,
  });
  return {
    store,
    storeHealth,
    metrics,
    auditService,
    audits,
    rechecks,
    delivery,
    recheckJob,
    recheckLinks,
    newsletter,
    tokenSecret,
    /** Redis, when REDIS_URL is set (decision 070). */
    shared,
    /** Where each rate limit counts: Redis for every replica with REDIS_URL, else this process. */
    limits,
    /** A re-check in progress is recorded (its email enqueued), then deliveries in progress finish, before the store closes. */
    async close() {
      await recheckJob?.stop();
      await delivery?.stop();
      clearInterval(purgeReports);
      await analysis.close();
      await storeHealth.stop();
      await store.close();
      await shared?.close();
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
