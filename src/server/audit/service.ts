import { createHmac } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { textReader, type Translate } from '../../i18n/instance.ts';
import { loadNamespaces } from '../../i18n/resources.ts';
import {
  compareReports,
  overallScore,
  type AuditErrorReason,
  type AuditFailure,
  type AuditOutcome,
  type AuditReport,
  type AuditStep,
  type ReportNotKept,
} from '../../lib/audit.ts';
import { reportUrl } from '../../lib/report-bounds.ts';
import { boundedResult } from './bounded.ts';
import type { Lang } from '../../site.ts';
import type { AuditSettings } from '../config.ts';
import { auditUserAgents } from './agents.ts';
import type { Analysis } from './analysis.ts';
import { localizeEngines, localizeFindings, localizePageType, localizeSite } from './localize.ts';
import { bodyBudget } from './body-budget.ts';
import { runAudit, type RunOptions, type RunResult } from './run.ts';
import { noAnswer, wwwVariant } from './fetch-refusal.ts';
import type { SharedSlots } from './shared-slots.ts';
import type { Publisher, SharedRuns } from './shared-runs.ts';
import {
  AUDIT_REPORT_DAYS,
  REPORT_ID,
  newReportId,
  type AuditReportStore,
  type SavedAuditReport,
} from '../store/report-types.ts';

// The audit as the site offers it: one shared run per address at a time, results reused for a few
// minutes, a cap on audits in flight, outcomes counted, and texts in the reader's language. The
// report is kept language-neutral (findings) and translated per request, so English and French
// readers of one address share one fetch of the audited site.

/** A step of the first page done, or a further page of a site audit done. */
export type Progress =
  { step: AuditStep; done: number; total: number } | { page: { url: string; done: number; total: number } };
export type ProgressListener = (progress: Progress) => void;

export interface AuditService {
  /**
   * The audit of `url` (already normalised by parseAuditUrl) in `lang`, of `pages` pages of its site
   * (1 by default). Progress is reported as it happens; a result from the cache reports none. Never
   * throws for the audited site's faults.
   */
  audit(
    url: string,
    lang: Lang,
    onProgress?: ProgressListener,
    pages?: number,
    options?: AuditRequestOptions,
  ): Promise<AuditOutcome>;
  /** A saved report in `lang` with what changed since the one before it; undefined when unknown or expired. */
  savedReport(id: string, lang: Lang): Promise<AuditReport | undefined>;
  /**
   * The same, except that a store failure throws instead of reading as a missing report: for the
   * report email (decision 030), which is retried later rather than sent as "expired". With
   * `previousId` (a re-check's email, decision 032), what changed is measured against that report
   * while it is kept, else against the address's report before this one.
   */
  loadSavedReport(id: string, lang: Lang, previousId?: string): Promise<AuditReport | undefined>;
  /** Why a report id leads nowhere, in `lang` (missing, mistyped or expired). */
  missingReport(lang: Lang): string;
  /** How many days reports are kept. */
  readonly reportDays: number;
  /** The `tools` texts of a language (a saved report's Markdown copy and badge). */
  texts(lang: Lang): Translate;
  /** An outcome without running anything (rate limits decided outside the service). */
  refusal(url: string, lang: Lang, reason: AuditErrorReason): AuditFailure;
  /**
   * The server is shutting down: every run under way ends at once as `restarting` (its listeners
   * get that as their outcome, a stream its final line), and no audit starts any more.
   */
  shutdown(): void;
}

export interface AuditRequestOptions {
  /**
   * Keep the report (a person asked for it, never a crawler): its outcome then carries the saved
   * report's id and what changed since the address's report before it, or why it was not kept
   * (`notKept`). Each visitor who gets one run (joined or from the cache) gets a report of their own,
   * once, counted against their own daily cap and the store's budget (decision 048).
   */
  save?: boolean;
  /**
   * Who asks (the rate limiter's key of `req.ip`). Their reports are capped per day, under a keyed
   * hash of it for the day; and one address holds at most AUDIT_MAX_PER_ADDRESS audit slots (one by
   * default), so a few addresses cannot take every slot (joining a run under way or a report from
   * the cache takes none). Without it (a monthly re-check), neither applies.
   */
  visitor?: string;
  /**
   * The report this one follows (a monthly re-check: the subscription's last report). Its page
   * compares with that one and links it; without it, the address's report before it, unlinked
   * unless the same visitor made it.
   */
  follows?: string;
  /**
   * Audit the site now rather than reuse a finished run of the last few minutes (a monthly re-check:
   * its report must be of today's site, and its own). A run still under way is joined all the same.
   */
  fresh?: boolean;
  /**
   * `recheck`: the monthly re-check job, which has a slot of its own, so that it is never refused
   * because visitors hold every slot and never takes one from them.
   */
  lane?: 'visitor' | 'recheck';
}

/** Where reports are kept, for how long, and within which bounds (decision 048). */
export interface ReportKeeping {
  store: AuditReportStore;
  days: number;
  /** The reports' total size in bytes, past which the oldest anonymous ones go. */
  maxBytes: number;
  /** Reports one visitor may save per UTC day. */
  perDay: number;
  /**
   * The key of the visitor hashes (visitorKey): the same for every replica when they share one (the
   * email links' key), so they count one visitor alike.
   */
  visitorSecret: Buffer;
  /** A report that could not be saved or read: the audit is answered all the same. */
  onError?: (error: unknown) => void;
}

export interface AuditServiceOptions {
  settings: AuditSettings;
  /** Where the analysis runs (the server's worker pool). */
  analysis: Analysis;
  siteUrl: string;
  /** Counts each outcome (`ok`, a failure reason, `busy`) and how long a run took. */
  onOutcome?: (outcome: string, seconds: number | undefined) => void;
  resolve?: RunOptions['resolve'];
  now?: () => Date;
  /** Saved reports (decision 031); without it, audits are not kept. */
  reports?: ReportKeeping;
  /** Counts a report a person asked for and did not get kept ('daily', 'full'). */
  onNotKept?: (reason: ReportNotKept) => void;
  /**
   * The visitors' slots counted in Redis for every replica (REDIS_URL, decision 070); in this
   * process's memory without it, or while Redis does not answer.
   */
  sharedSlots?: SharedSlots;
  /**
   * Audits in flight and their reports shared by every replica (REDIS_URL, decision 070): one run
   * of an address at a time across them all, its report reused by all for AUDIT_CACHE_SECONDS.
   */
  sharedRuns?: SharedRuns<Progress>;
}

/** How many addresses the cache keeps at most (oldest first out). */
const CACHE_ENTRIES = 500;

/** Visitors whose saved report a run remembers (more are saved again, each within its own cap). */
const SAVED_PER_RUN = 64;

/**
 * A visitor's key for the day: an HMAC of the UTC day and their address, so the store keeps no
 * address, and one day's keys cannot be linked to another's. The daily cap counts reports by it.
 */
export function visitorKey(secret: Buffer, visitor: string, now: Date): string {
  return createHmac('sha256', secret)
    .update(`${now.toISOString().slice(0, 10)}\n${visitor}`)
    .digest('hex')
    .slice(0, 32);
}

/** A report a person asked to keep: saved, or not kept and why; undefined when the store failed. */
type Kept = { saved: SavedAuditReport } | { notKept: ReportNotKept } | undefined;

/**
 * Audits the re-check job may run at once, beside the visitors' AUDIT_MAX_CONCURRENT: the job takes
 * its due subscriptions one after the other, so one is all it uses.
 */
export const RECHECK_SLOTS = 1;

/** Who holds the audit slots of one service: the visitors' pool, by address, and the re-checks'. */
interface Slots {
  visitors: number;
  /** Visitor slots held by each address (AUDIT_MAX_PER_ADDRESS at most, one by default). */
  holders: Map<string, number>;
  rechecks: number;
}

/** A slot taken (its release), or why there is none. */
type Slot = (() => void) | 'busy' | 'oneAtATime' | 'restarting';

interface Run {
  result: Promise<RunResult>;
  progress: Progress[];
  listeners: Set<ProgressListener>;
  /** When the result stops being reused (set once it succeeds). */
  expires: number;
  /** Each visitor's saved report of this run, by visitor key ('' for none), once they asked for it. */
  saved?: Map<string, Promise<Kept>>;
}

const AUDIT_TEXTS = await loadNamespaces(['audit', 'tools']);

export function createAuditService(options: AuditServiceOptions): AuditService {
  const { settings } = options;
  const agents = auditUserAgents(options.siteUrl);
  const read = textReader(AUDIT_TEXTS);
  const runs = new Map<string, Run>();
  // Runs whose slot is being asked of Redis, by key: a request of the same key waits for it.
  const starting = new Map<string, Promise<Run | undefined>>();
  const slots: Slots = { visitors: 0, holders: new Map(), rechecks: 0 };
  const closing = new AbortController();
  // One budget for the bodies of every audit this service runs: the process's (decision 049).
  const bodies = bodyBudget();
  // Every run under way listens to it (at most AUDIT_MAX_CONCURRENT plus the re-checks' slot).
  setMaxListeners(0, closing.signal);

  /** A run's result, or `restarting` as soon as the server shuts down, whichever comes first. */
  function untilShutdown(url: string, work: Promise<RunResult>): Promise<RunResult> {
    let onClose: () => void = () => {};
    const closed = new Promise<RunResult>((resolve) => {
      onClose = () => resolve({ ok: false, url, reason: 'restarting', detail: 'server shutting down' });
      if (closing.signal.aborted) onClose();
      else closing.signal.addEventListener('abort', onClose, { once: true });
    });
    return Promise.race([work, closed]).finally(() => closing.signal.removeEventListener('abort', onClose));
  }

  /**
   * Takes a slot for a new run, or says why there is none: `oneAtATime` when the address already
   * holds all it may, `busy` when its pool is full, `restarting` once the server shuts down. The
   * function returned gives the slot back. Synchronous in memory; a promise when Redis counts the
   * visitors' slots of every replica (decision 070).
   */
  function takeSlot(request: AuditRequestOptions): Slot | Promise<Slot> {
    if (closing.signal.aborted) return 'restarting';
    if (request.lane === 'recheck') {
      if (slots.rechecks >= RECHECK_SLOTS) return 'busy';
      slots.rechecks += 1;
      return () => (slots.rechecks -= 1);
    }
    if (!options.sharedSlots) return takeLocalSlot(request.visitor);
    return options.sharedSlots.take(request.visitor).then((shared) => {
      if (closing.signal.aborted) {
        if (typeof shared === 'function') shared();
        return 'restarting';
      }
      return shared ?? takeLocalSlot(request.visitor);
    });
  }

  function takeLocalSlot(client: string | undefined): Slot {
    const held = client === undefined ? 0 : (slots.holders.get(client) ?? 0);
    if (held >= settings.perAddress) return 'oneAtATime';
    if (slots.visitors >= settings.maxConcurrent) return 'busy';
    slots.visitors += 1;
    if (client !== undefined) slots.holders.set(client, held + 1);
    return () => {
      slots.visitors -= 1;
      if (client === undefined) return;
      const left = (slots.holders.get(client) ?? 1) - 1;
      if (left > 0) slots.holders.set(client, left);
      else slots.holders.delete(client);
    };
  }

  /** The run of `key` to join or reuse, if any (an expired one, or a finished one when `fresh`, is dropped). */
  function current(key: string, request: AuditRequestOptions): Run | undefined {
    const run = runs.get(key);
    if (run && (run.expires <= Date.now() || (request.fresh && run.expires !== Infinity))) {
      runs.delete(key);
      return undefined;
    }
    return run;
  }

  /**
   * The run of `key`: joined or reused when there is one, else started once a slot is taken. While a
   * slot is asked of Redis, later requests of the same key wait for that run rather than ask for
   * slots of their own (a visitor's second click is no `oneAtATime`).
   */
  async function findOrStart(
    url: string,
    pages: number,
    key: string,
    request: AuditRequestOptions,
  ): Promise<{ run: Run; joined: boolean } | Exclude<Slot, () => void>> {
    const found = current(key, request);
    if (found) return { run: found, joined: true };
    const pending = starting.get(key);
    if (pending) {
      const run = await pending;
      if (run) return { run, joined: true };
      // Refused for the request that asked: this one may have a slot of its own.
      return findOrStart(url, pages, key, request);
    }
    let attempt: Promise<{ run: Run; joined: boolean } | Exclude<Slot, () => void>>;
    if (options.sharedRuns) {
      attempt = startShared(options.sharedRuns, url, pages, key, request);
    } else {
      const slot = takeSlot(request);
      if (!(slot instanceof Promise)) {
        return typeof slot === 'string' ? slot : { run: start(url, pages, key, slot), joined: false };
      }
      attempt = slot.then((taken) =>
        typeof taken === 'string' ? taken : { run: start(url, pages, key, taken), joined: false },
      );
    }
    starting.set(
      key,
      attempt.then((outcome) => (typeof outcome === 'string' ? undefined : outcome.run)),
    );
    try {
      return await attempt;
    } finally {
      starting.delete(key);
    }
  }

  // `detail` names what the site answered with, where the message quotes it (a challenge's vendor).
  const refusal = (url: string, lang: Lang, reason: AuditErrorReason, detail = ''): AuditFailure => ({
    ok: false,
    url,
    reason,
    message: read(lang, 'tools')(`errors.${reason}`, { url, marker: detail }),
  });

  /**
   * Registers a run of `key` whose result `work` makes (telling its progress), for joiners and, once
   * it succeeds, for the cache.
   */
  function track(key: string, work: (tell: ProgressListener) => Promise<RunResult>, expires = Infinity): Run {
    const run: Run = {
      result: Promise.resolve() as never,
      progress: [],
      listeners: new Set(),
      expires,
    };
    const tell = (progress: Progress) => {
      run.progress.push(progress);
      for (const listener of run.listeners) listener(progress);
    };
    run.result = work(tell).then((result) => {
      run.listeners.clear();
      if (run.expires !== Infinity) return result;
      // Only reports are reused: a failure may be gone at the next try.
      if (result.ok && settings.cacheSeconds > 0) run.expires = Date.now() + settings.cacheSeconds * 1000;
      else runs.delete(key);
      return result;
    });
    runs.set(key, run);
    while (runs.size > CACHE_ENTRIES) runs.delete(runs.keys().next().value!);
    return run;
  }

  /**
   * Audits `url` here, its slot taken: progress told to this process's listeners and, when other
   * replicas joined through Redis, published to them with the result (decision 070).
   */
  function execute(
    url: string,
    pages: number,
    tell: ProgressListener,
    release: () => void,
    publisher?: Publisher<Progress>,
  ): Promise<RunResult> {
    const say = publisher
      ? (progress: Progress) => {
          tell(progress);
          publisher.progress(progress);
        }
      : tell;
    const started = performance.now();
    const attempt = (address: string) =>
      runAudit(address, {
        ...agents,
        signal: closing.signal,
        bodies,
        allowedHosts: settings.allowedHosts,
        analysis: options.analysis,
        timeoutMs: settings.timeoutMs,
        pages,
        onStep: (step, done, total) => say({ step, done, total }),
        onPage: (page, done, total) => say({ page: { url: reportUrl(page), done, total } }),
        ...(options.resolve ? { resolve: options.resolve } : {}),
        ...(options.now ? { now: options.now } : {}),
      });
    // People type "brewlab.com" for a site that only answers at www.brewlab.com, and browsers find it
    // there: so does the audit, when the host without www. does not answer at all (issue 38). The
    // report then names the address it audited.
    const www = wwwVariant(url);
    const work = attempt(url).then((first) =>
      !first.ok && www && noAnswer(first.reason, first.detail)
        ? attempt(www).then((second) => (second.ok ? second : first))
        : first,
    );
    return untilShutdown(url, work)
      .catch((error: unknown): RunResult => {
        // A fault of ours, not of the audited site: reported as unreachable, never as a crash.
        const detail = error instanceof Error ? error.message : String(error);
        return { ok: false, url, reason: 'unreachable', detail: `internal error: ${detail}` };
      })
      .then((result) => {
        release();
        options.onOutcome?.(result.ok ? 'ok' : result.reason, (performance.now() - started) / 1000);
        // Shared within the report's bounds, as it is shown and saved (decision 048).
        publisher?.done(result.ok ? boundedResult(result) : result, settings.cacheSeconds * 1000);
        return result;
      });
  }

  function start(
    url: string,
    pages: number,
    key: string,
    release: () => void,
    publisher?: Publisher<Progress>,
  ) {
    return track(key, (tell) => execute(url, pages, tell, release, publisher));
  }

  /**
   * The run of `key` through Redis (decision 070): a report another replica kept, a run another
   * replica has under way (joined: its progress and result told through Redis; run here after all
   * if that replica or Redis goes away), or a run here that the others may join.
   */
  async function startShared(
    shared: SharedRuns<Progress>,
    url: string,
    pages: number,
    key: string,
    request: AuditRequestOptions,
  ): Promise<{ run: Run; joined: boolean } | Exclude<Slot, () => void>> {
    const kept = request.fresh ? undefined : await shared.finished(key);
    const claim = kept ? { finished: kept } : await shared.claim(key);
    if (claim && 'finished' in claim) {
      if (!request.fresh) {
        const { result, ttlMs } = claim.finished;
        return { run: track(key, async () => result, Date.now() + ttlMs), joined: true };
      }
      // A re-check wants today's site: this replica runs it, unshared.
    }
    if (claim && 'join' in claim) {
      const run = track(key, async (tell) => {
        const result = await claim.join(tell);
        // Undefined, or `restarting`: the replica running it went away; this one runs it instead.
        if (result && !(!result.ok && result.reason === 'restarting')) return result;
        const slot = await takeSlot(request);
        if (typeof slot === 'string') {
          // The run this request joined is gone; its own slot is not to be had now.
          return { ok: false, url, reason: slot === 'restarting' ? slot : 'busy', detail: 'shared run lost' };
        }
        return execute(url, pages, tell, slot);
      });
      return { run, joined: true };
    }
    const publisher = claim && 'run' in claim ? claim.run : undefined;
    const slot = await takeSlot(request);
    if (typeof slot === 'string') {
      publisher?.abandon();
      return slot;
    }
    return { run: start(url, pages, key, slot, publisher), joined: false };
  }

  const now = options.now ?? (() => new Date());

  type Report = Extract<RunResult, { ok: true }>;
  function toReport(unbounded: Report, lang: Lang): AuditReport {
    const t = read(lang, 'audit');
    // Shown within the report's bounds, whenever and by whomever it was made (decision 048).
    const result = boundedResult(unbounded);
    const categories = localizeFindings(result.categories, t);
    const pageType = result.pageType && localizePageType(result.pageType, t);
    return {
      url: result.url,
      finalUrl: result.finalUrl,
      auditedAt: result.auditedAt,
      overall: overallScore(categories),
      ...(pageType ? { pageType } : {}),
      ...(result.engines ? { engines: localizeEngines(result.engines, t) } : {}),
      ...(result.crawlers ? { crawlers: result.crawlers } : {}),
      ...(result.markup ? { markup: result.markup } : {}),
      categories,
      ...(result.site ? { site: localizeSite(result.site, t) } : {}),
    };
  }

  function toOutcome(result: RunResult, lang: Lang): AuditOutcome {
    if (!result.ok) return refusal(result.url, lang, result.reason, result.detail);
    return { ok: true, report: toReport(result, lang) };
  }

  /**
   * Saves a run's report within its bounds (decision 048): the result held to the report's bounds,
   * the visitor's daily cap and the store's budget checked in the save's transaction.
   */
  async function keep(
    result: Report,
    pages: number,
    keeping: ReportKeeping,
    visitor: string,
    follows: string | undefined,
  ): Promise<Kept> {
    const createdAt = now();
    const saved: SavedAuditReport = {
      id: newReportId(),
      address: result.url,
      pages,
      overall: toReport(result, 'en').overall,
      result: JSON.stringify(boundedResult(result)),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + keeping.days * 24 * 60 * 60 * 1000),
      ...(visitor ? { visitorKey: visitor } : {}),
      ...(follows ? { follows } : {}),
    };
    try {
      const outcome = await keeping.store.save(saved, {
        perVisitor: keeping.perDay,
        budgetBytes: keeping.maxBytes,
      });
      if (outcome === 'saved') return { saved };
      options.onNotKept?.(outcome);
      return { notKept: outcome };
    } catch (error) {
      keeping.onError?.(error);
      return undefined;
    }
  }

  /**
   * A saved report in a language, with its id and what changed since `previousId` (when given and
   * kept) or the address's report before it. The earlier report's id is shown only when it is
   * `previousId` (the reader came with it: a re-check's chain) or was asked for by the same visitor
   * key (the same address, the same day): the address's report before it may be another person's.
   */
  async function presentSaved(
    saved: SavedAuditReport,
    lang: Lang,
    keeping: ReportKeeping,
    explicitId?: string,
  ) {
    const previousId = explicitId ?? saved.follows;
    const report: AuditReport = { ...toReport(JSON.parse(saved.result) as Report, lang), id: saved.id };
    const chosen =
      previousId && previousId !== saved.id ? await keeping.store.get(previousId, now()) : undefined;
    const earlier = chosen ?? (await keeping.store.previous(saved.address, saved.createdAt, now()));
    if (earlier) {
      const previous = toReport(JSON.parse(earlier.result) as Report, lang);
      const own = earlier.visitorKey !== undefined && earlier.visitorKey === saved.visitorKey;
      report.changes = compareReports(report, previous, chosen || own ? earlier.id : undefined);
    }
    return report;
  }

  async function loadSavedReport(id: string, lang: Lang, previousId?: string) {
    const keeping = options.reports;
    if (!keeping || !REPORT_ID.test(id)) return undefined;
    const saved = await keeping.store.get(id, now());
    return saved ? await presentSaved(saved, lang, keeping, previousId) : undefined;
  }

  return {
    refusal,
    shutdown: () => closing.abort(),
    reportDays: options.reports?.days ?? AUDIT_REPORT_DAYS,
    texts: (lang) => read(lang, 'tools'),
    missingReport: (lang) =>
      read(lang, 'tools')('report.notFound.text', { days: options.reports?.days ?? AUDIT_REPORT_DAYS }),
    async savedReport(id, lang) {
      try {
        return await loadSavedReport(id, lang);
      } catch (error) {
        options.reports?.onError?.(error);
        return undefined;
      }
    },
    loadSavedReport,
    async audit(url, lang, onProgress, pages = 1, request = {}) {
      // A site audit is another run than the page's own: its report holds more.
      const key = pages > 1 ? `${url}\n${pages}` : url;
      const found = await findOrStart(url, pages, key, request);
      if (typeof found === 'string') {
        options.onOutcome?.(found, undefined);
        return refusal(url, lang, found);
      }
      const { run } = found;
      if (found.joined && run.expires !== Infinity) options.onOutcome?.('cached', undefined);
      if (onProgress && run.expires === Infinity) {
        // Joining a run under way: the progress it has made, then the rest as it comes.
        for (const progress of run.progress) onProgress(progress);
        run.listeners.add(onProgress);
      }
      const result = await run.result;
      const keeping = options.reports;
      if (!result.ok || !request.save || !keeping) return toOutcome(result, lang);
      // Each visitor their own report of the run, once (decision 048): never another's id.
      const visitor =
        request.visitor === undefined ? '' : visitorKey(keeping.visitorSecret, request.visitor, now());
      run.saved ??= new Map();
      let kept = run.saved.get(visitor);
      if (!kept) {
        kept = keep(result, pages, keeping, visitor, request.follows);
        if (run.saved.size < SAVED_PER_RUN) run.saved.set(visitor, kept);
      }
      const outcome = await kept;
      if (!outcome) return toOutcome(result, lang);
      if ('notKept' in outcome) {
        const message = read(lang, 'tools')(`report.notKept.${outcome.notKept}`, { count: keeping.perDay });
        return {
          ok: true,
          report: { ...toReport(result, lang), notKept: { reason: outcome.notKept, message } },
        };
      }
      const { saved } = outcome;
      try {
        return { ok: true, report: await presentSaved(saved, lang, keeping) };
      } catch (error) {
        keeping.onError?.(error);
        return { ok: true, report: { ...toReport(result, lang), id: saved.id } };
      }
    },
  };
}
