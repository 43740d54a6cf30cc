import { Router, type Request, type Response } from 'express';
import { ipKeyGenerator, MemoryStore, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import {
  parseAuditUrl,
  parseSitePages,
  type AuditFailure,
  type AuditReport,
  type AuditOutcome,
  type AuditStreamLine,
  type ReportData,
} from '../../lib/audit.ts';
import { badgeSvg, reportMarkdown } from './report-files.ts';
import { isLang, splitLangPath, type Lang } from '../../site.ts';
import { errorCode, type ApiError } from '../../lib/api-error.ts';
import { requestLanguage, sendApiError } from '../api-error.ts';
import { formMessage } from '../messages.ts';
import { perMinuteLimit } from '../rate-limit.ts';
import type { AuditService } from './service.ts';
import { classifyVisitor } from '../../lib/visitor.ts';

// The audit over HTTP (decision 017): GET /api/audit for scripts and the page's own progress stream,
// and the Tools page's `?url=` audits for people without JavaScript. One per-address limit covers
// both, so a visitor cannot go round it by switching between them.

declare module 'express-serve-static-core' {
  interface Request {
    auditLimited?: boolean;
  }
}

export interface AuditHttpDeps {
  service: AuditService;
  /** The site's canonical origin (a saved report's permanent link). */
  siteUrl: string;
  rateLimitPerMinute: number;
  logger: Logger;
  onRateLimited?: () => void;
  /** Whether report pages offer the monthly re-check (decision 032: the server runs and emails them). */
  rechecks?: boolean;
  /** Where the audit's limit counts (rate-limit.ts limitStore); this process's memory by default. */
  limitStore?: Store;
}

const NDJSON = 'application/x-ndjson';

/** The badge's own CSP: an image that loads nothing, runs nothing and is framed nowhere. */
export const BADGE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** How long a badge may be kept (decision 051): a day at most, and never past its report's expiry. */
export const BADGE_MAX_AGE_S = 24 * 60 * 60;

/**
 * The badge's Cache-Control: public (shared caches may keep it), at most a day, never past its
 * report's expiry (reckoned from the audit's time, a little before the report was saved).
 */
export function badgeCacheControl(auditedAt: string, reportDays: number, now: number): string {
  const expires = Date.parse(auditedAt) + reportDays * 24 * 60 * 60 * 1000;
  const left = Math.floor((expires - now) / 1000);
  return `public, max-age=${Number.isFinite(left) ? Math.max(0, Math.min(BADGE_MAX_AGE_S, left)) : 0}`;
}
/**
 * The audit's refusals for now, with their status and when to try again: every slot taken or the
 * server restarting (503), or this address's own audit still running (429: the client's own doing,
 * like the rate limit). An audit takes seconds, so a few seconds is an honest wait.
 */
const REFUSED_FOR_NOW: Partial<Record<AuditFailure['reason'], { status: number; retryAfter: string }>> = {
  busy: { status: 503, retryAfter: '5' },
  restarting: { status: 503, retryAfter: '5' },
  oneAtATime: { status: 429, retryAfter: '10' },
};

/** An audit that gave no report, as the API's error: its reason as the code (`notHtml` → `not_html`). */
function failureOf(failure: AuditFailure): ApiError {
  return { code: errorCode(failure.reason), message: failure.message };
}

/** The `?url=` value of a request, as given (possibly absent or repeated). */
function urlParam(req: Request): string | undefined {
  const value = req.query.url;
  return typeof value === 'string' ? value : undefined;
}

/** Whether a path is a Tools page: the only page that runs audits. */
export function isToolsPath(path: string): boolean {
  const split = splitLangPath(path);
  return split !== null && /^\/tools\/?$/.test(split.rest);
}

export function auditHttp(deps: AuditHttpDeps) {
  const store = deps.limitStore ?? new MemoryStore();
  const keyOf = (req: Request) => ipKeyGenerator(req.ip ?? '');
  const limiter = perMinuteLimit({
    limit: deps.rateLimitPerMinute,
    store,
    keyGenerator: keyOf,
    // The limit is noted, not answered here: the API answers 429 JSON, the page explains on itself.
    handler: (req, _res, next) => {
      req.auditLimited = true;
      deps.onRateLimited?.();
      next();
    },
  });
  const checkLimit = (req: Request, res: Response) =>
    new Promise<boolean>((resolve, reject) => {
      void limiter(req, res, (error?: unknown) => (error ? reject(error) : resolve(!req.auditLimited)));
    });
  /**
   * A site audit of `pages` pages counts as that many audits (decision 024): the first is checked as
   * usual, the others are counted after it, so a site audit goes through when the limit allows one
   * more audit and the next audits wait for the window to pass.
   */
  const takeLimit = async (req: Request, res: Response, pages: number) => {
    if (!(await checkLimit(req, res))) return false;
    for (let i = 1; i < pages; i++) await store.increment(keyOf(req));
    return true;
  };

  /**
   * One audit taken from the address's limit for work done elsewhere (the waitlist's welcome audit,
   * run later by the delivery worker, which no longer knows the address): whether it was allowed.
   * Counted on the store alone, so the form's answer carries no header of this limit.
   */
  const allowance = async (req: Request) =>
    (await store.increment(keyOf(req))).totalHits <= deps.rateLimitPerMinute;

  const logOutcome = (url: string, outcome: AuditOutcome) => {
    const host = new URL(url).host;
    if (outcome.ok) deps.logger.info({ host, overall: outcome.report.overall }, 'audit done');
    else deps.logger.info({ host, reason: outcome.reason }, 'audit not done');
  };

  /** A kept report says it offers the monthly re-check, so the Tools page shows its form (issue 38). */
  const offers = (report: AuditReport): AuditReport =>
    report.id && deps.rechecks ? { ...report, recheck: true } : report;

  const router = Router();
  router.get('/api/audit', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const lang = requestLanguage(req, res);
    const url = parseAuditUrl(urlParam(req));
    if (!url) {
      sendApiError(res, 400, {
        code: errorCode('websiteInvalid'),
        message: formMessage(lang, 'websiteInvalid'),
      });
      return;
    }
    const pages = parseSitePages(req.query.pages);
    if (!(await takeLimit(req, res, pages))) {
      sendApiError(res, 429, failureOf(deps.service.refusal(url, lang, 'rateLimited')));
      return;
    }

    const streaming = (req.get('accept') ?? '').includes(NDJSON);
    let open = false;
    const write = (line: AuditStreamLine) => {
      if (!open) {
        open = true;
        res.status(200).type(NDJSON);
        res.set('X-Accel-Buffering', 'no');
      }
      if (res.writableEnded || res.destroyed) return;
      res.write(`${JSON.stringify(line)}\n`);
      // compression() buffers until told to send what it has.
      (res as Response & { flush?: () => void }).flush?.();
    };
    // A person's audit is kept (its report gets a permanent address); a crawler's or a script's
    // that says it is a bot is not.
    const save = !(req.visitor ?? classifyVisitor(req.get('user-agent'))).isBot;
    const outcome = await deps.service.audit(url, lang, streaming ? write : undefined, pages, {
      save,
      visitor: keyOf(req),
    });
    logOutcome(url, outcome);

    if (outcome.ok) {
      const report = offers(outcome.report);
      if (streaming) {
        write({ result: report });
        res.end();
      } else res.json(report);
      return;
    }
    const error = failureOf(outcome);
    const forNow = REFUSED_FOR_NOW[outcome.reason];
    if (forNow && !open) {
      // Refused before any work began: a status and Retry-After a client can act on, streaming or not.
      res.set('Retry-After', forNow.retryAfter);
      sendApiError(res, forNow.status, error);
      return;
    }
    if (streaming) {
      // A stream always ends with its own line, whether or not a step came first.
      write({ error });
      res.end();
      return;
    }
    sendApiError(res, 422, error);
  });

  /**
   * The audit a Tools page shows for `?url=`, run on the server (the form works without JavaScript
   * and every report has an address). Undefined when there is nothing to audit; crawlers never
   * trigger one (the caller does not ask for them).
   */
  async function pageAudit(req: Request, res: Response, lang: Lang): Promise<AuditOutcome | undefined> {
    if (!isToolsPath(req.path)) return undefined;
    const raw = urlParam(req);
    const url = parseAuditUrl(raw);
    if (!url) return undefined; // the page shows the form's own message for an invalid address
    const pages = parseSitePages(req.query.pages);
    if (!(await takeLimit(req, res, pages))) return deps.service.refusal(url, lang, 'rateLimited');
    const outcome = await deps.service.audit(url, lang, undefined, pages, {
      save: true,
      visitor: keyOf(req),
    });
    logOutcome(url, outcome);
    if (!outcome.ok) {
      const forNow = REFUSED_FOR_NOW[outcome.reason];
      if (forNow) res.set('Retry-After', forNow.retryAfter);
      return outcome;
    }
    return { ok: true, report: offers(outcome.report) };
  }

  // A saved report as JSON, in the language asked (English by default), with what changed since
  // the report before it. Reports are one visitor's: never kept by a shared cache.
  router.get('/api/audit/report/:id', async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.set('X-Robots-Tag', 'noindex');
    const lang = requestLanguage(req, res);
    const report = await deps.service.savedReport(req.params.id, lang);
    if (!report) {
      sendApiError(res, 404, {
        code: errorCode('notFound'),
        message: deps.service.missingReport(lang),
        keptDays: deps.service.reportDays,
      });
      return;
    }
    res.json(report);
  });

  // A saved report's Markdown copy: /{lang}/tools/report/{id}.md, in that language.
  router.get('/:lang/tools/report/:file', async (req, res, next) => {
    const { lang, file } = req.params;
    const id = /^(.+)\.md$/.exec(file)?.[1];
    if (!isLang(lang) || id === undefined) return next();
    const report = await deps.service.savedReport(id, lang);
    res.set('Cache-Control', 'private, no-store').set('X-Robots-Tag', 'noindex');
    if (!report) {
      res
        .status(404)
        .type('text/plain; charset=utf-8')
        .send(`${deps.service.missingReport(lang)}\n`);
      return;
    }
    const permalink = `${deps.siteUrl}/${lang}/tools/report/${id}`;
    res
      .type('text/markdown; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="report-${id}.md"`)
      .send(reportMarkdown(report, lang, deps.service.texts(lang), permalink));
  });

  // The score badge of a saved report: /badge/{id}.svg (?lang=fr for its French label), made to be
  // shown on other sites (decision 051): the one response whose Cross-Origin-Resource-Policy is
  // cross-origin (every other keeps same-origin), under a CSP of its own that allows nothing, since
  // an SVG opened on its own is a document. A report never changes, but it ends: kept by browsers
  // and shared caches for a day at most, never past its expiry, after which its id is a 404.
  router.get('/badge/:file', async (req, res, next) => {
    const id = /^(.+)\.svg$/.exec(req.params.file)?.[1];
    if (id === undefined) return next();
    const lang: Lang = isLang(req.query.lang) ? req.query.lang : 'en';
    const report = await deps.service.savedReport(id, lang);
    if (!report) {
      res.set('Cache-Control', 'no-store');
      sendApiError(res, 404, { code: errorCode('notFound'), message: deps.service.missingReport(lang) });
      return;
    }
    const t = deps.service.texts(lang);
    res
      .type('image/svg+xml')
      .set('Cache-Control', badgeCacheControl(report.auditedAt, deps.service.reportDays, Date.now()))
      .set('Cross-Origin-Resource-Policy', 'cross-origin')
      .set('Content-Security-Policy', BADGE_CSP)
      .set('X-Robots-Tag', 'noindex')
      .send(
        badgeSvg(report.overall, t('report.badge.label'), t('report.badge.name', { score: report.overall })),
      );
  });

  /** A saved report's page data, for the page handler. */
  async function reportPage(id: string, lang: Lang): Promise<ReportData> {
    const report = (await deps.service.savedReport(id, lang)) ?? null;
    return {
      report,
      keptDays: deps.service.reportDays,
      ...(report && deps.rechecks ? { recheck: true } : {}),
    };
  }

  return { router, pageAudit, reportPage, allowance };
}
