import express, {
  Router,
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import {
  FORM_ENDPOINTS,
  FORM_TYPES,
  HONEYPOT_FIELD,
  formEndpoint,
  formOfEndpoint,
  type FormOutcome,
  type FormType,
  type MailAnswer,
} from '../lib/form-limits.ts';
import { LANGUAGES, isLang, localePath, type Lang } from '../site.ts';
import { reportPageUrl } from './email/links.ts';
import { putFlash } from './flash.ts';
import { parseForm, type ParsedForm } from './forms.ts';
import { detectLanguage } from './language.ts';
import { formMessage } from './messages.ts';
import { sendApiError } from './api-error.ts';
import { perMinuteLimit, windowLimit } from './rate-limit.ts';
import { errorCode } from '../lib/api-error.ts';
import type { LeadStore } from './store/index.ts';
import { newReportId } from './store/report-types.ts';
import {
  StoreRefusedError,
  type SaveOutcome,
  type Submission,
  type VisitorMailRecord,
} from './store/types.ts';

// POST /api/{form} for each of FORM_TYPES (/api/waitlist, /api/contact, /api/newsletter; decision 006;
// /api/report-email, "Email me this report", decision 030; /api/recheck, the monthly re-check,
// decision 032).
// JSON or url-encoded bodies up to 16 KB. Scripts get JSON answers; a plain HTML form post gets a 303
// back to its page, which shows the outcome (and, on failure, what the visitor typed).

export const BODY_LIMIT = '16kb';

export interface LeadsDeps {
  store: LeadStore;
  source: string;
  logger: Logger;
  /** SITE_URL: the permanent link a report lead carries. */
  siteUrl: string;
  /**
   * Whether monthly re-checks can run here (the store keeps them and visitor emails go out): without
   * them, /api/recheck answers 503, as the report page offers no such form.
   */
  rechecks?: boolean;
  /** Submissions per IP per minute on the form endpoints. */
  rateLimitPerMinute?: number;
  /**
   * When visitor emails go out: how many submissions that enqueue one a sender's address (req.ip,
   * after TRUST_PROXY) may make per hour and per day, whatever mailboxes they name (decision 050).
   * The mailbox's own limits are the store's (`save` answers `limited`).
   */
  senderMail?: { perHour: number; perDay: number };
  /** Tests: when a submission arrives (its lead's time, and the mailbox limits' hour and day). */
  now?: () => Date;
  onLead?: (form: FormType, outcome: 'stored' | 'duplicate' | 'failed' | 'rejected') => void;
  /**
   * Whether the visitor's address may have one more audit (the audit's per-address limit, which this
   * takes from): asked for a waitlist post with a website, whose welcome email audits it. When not,
   * the lead says so and the email offers the audit's link instead (decision 049).
   */
  auditAllowance?: (req: Request) => Promise<boolean>;
  /** Where each limit counts (rate-limit.ts limitStore): Redis for every replica, or this process. */
  limitStore?: (name: string) => Store;
}

/** Set on a response whose request enqueued a visitor email: what the sender's limits count. */
const MAIL_ENQUEUED = 'visitorMailEnqueued';

/** A browser form post without JavaScript: url-encoded and asking for HTML. */
function isHtmlPost(req: Request): boolean {
  return Boolean(req.is('application/x-www-form-urlencoded')) && req.accepts(['json', 'html']) === 'html';
}

/** A page of the site in one of its languages, with an optional query and fragment of safe characters. */
const RETURN_TO = new RegExp(
  `^/(${LANGUAGES.join('|')})(/[A-Za-z0-9/_-]*)?(\\?[A-Za-z0-9=&%_.-]*)?(#[A-Za-z0-9_-]+)?$`,
);

/** Where a no-JavaScript post returns: the page it came from, never another site. */
function returnPath(req: Request, lang: Lang): string {
  const body = req.body as Record<string, unknown> | undefined;
  const candidate = typeof body?.returnTo === 'string' ? body.returnTo : '';
  return RETURN_TO.test(candidate) && !candidate.startsWith('//') ? candidate : localePath(lang);
}

function languageOf(req: Request, res: Response): Lang {
  const body = req.body as Record<string, unknown> | undefined;
  return isLang(body?.lang) ? body.lang : detectLanguage(req, res);
}

/** What the visitor typed, kept for the page to refill after a failed no-JavaScript post. */
function typedValues(req: Request): Record<string, string> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const key of ['name', 'email', 'website', 'service', 'message']) {
    if (typeof body[key] === 'string') values[key] = (body[key] as string).slice(0, 6000);
  }
  return values;
}

/**
 * A form's answer: to a browser's own form post, a 303 back to its page with the outcome (decision
 * 038); to a script, `{ success: true }`, or the API's error shape with `code` (decision 040).
 */
function answer(req: Request, res: Response, status: number, outcome: FormOutcome, code = 'invalid_fields') {
  if (isHtmlPost(req)) {
    putFlash(req, res, outcome.ok ? outcome : { ...outcome, values: typedValues(req) });
    res.redirect(303, returnPath(req, languageOf(req, res)));
    return;
  }
  if (outcome.ok) {
    res.status(status).json({ success: true, ...outcome.mail });
    return;
  }
  // The store could not take it for now (decision 051): a script may try again in a moment.
  if (status === 503) res.set('Retry-After', '30');
  sendApiError(res, status, {
    code,
    message: outcome.error ?? '',
    ...(outcome.fields ? { fields: outcome.fields } : {}),
  });
}

/**
 * What the answer says of the visitor email (decision 067), from the outbox's row: a new request's
 * email is on its way or queued; a repeat's (or the report email a re-check's link rides in) went,
 * is on its way or is queued. An email that failed for good is not described: the form's own text
 * stands.
 */
export function mailAnswer(
  record: VisitorMailRecord | undefined,
  outcome: SaveOutcome,
  now: Date,
): MailAnswer | undefined {
  if (!record || record.status === 'failed') return undefined;
  const repeat = outcome === 'duplicate';
  const flags = { ...(repeat ? { repeat } : {}), ...(record.included ? { included: true } : {}) };
  if (record.waiting) {
    return { delivery: 'queued', at: record.notBefore.toISOString(), ...flags };
  }
  if (record.deliveredAt && (repeat || record.included)) {
    return { delivery: 'sent', at: record.deliveredAt.toISOString(), ...flags };
  }
  return { delivery: 'sending', at: now.toISOString(), ...flags };
}

/**
 * The lead a validated form becomes, or why there is none. A report or re-check request names a
 * saved report: it must exist and not have expired (`reportUnknown` otherwise), and the lead carries
 * its audited address and permanent link. A re-check request also asks the store for the
 * subscription (decision 032): `recheckLimit` when the email has too many, `quiet` when it already
 * has this address re-checked (nothing stored, nothing sent, and the answer is the same as for a new
 * request, so the form tells no one what an email is subscribed to). A store failure throws
 * (StoreUnavailableError), as a save would.
 */
async function submissionOf(
  parsed: ParsedForm,
  deps: LeadsDeps,
  now: Date,
): Promise<
  (Submission & { created?: boolean }) | 'reportUnknown' | 'recheckLimit' | 'quiet' | 'unavailable'
> {
  if (parsed.form !== 'report' && parsed.form !== 'recheck') return parsed;
  const { report: id, lang, email } = parsed.data;
  const saved = await deps.store.reports?.get(id, now);
  if (!saved) return 'reportUnknown';
  const reportUrl = reportPageUrl(deps.siteUrl, lang, id);
  const website = saved.address;
  if (parsed.form === 'report') return { form: 'report', data: { ...parsed.data, website, reportUrl } };
  const rechecks = deps.store.rechecks;
  if (!rechecks || !deps.rechecks) return 'unavailable';
  const { outcome, subscription } = await rechecks.request({
    id: newReportId(),
    email,
    address: saved.address,
    pages: saved.pages,
    language: lang,
    reportId: id,
    now,
  });
  if (outcome === 'limit') return 'recheckLimit';
  if (!subscription || subscription.status !== 'pending') return 'quiet';
  return {
    form: 'recheck',
    data: { ...parsed.data, website, reportUrl, recheckId: subscription.id },
    created: outcome === 'created',
  };
}

export function leadsRouter(deps: LeadsDeps): Router {
  const router = Router();
  const endpoints = [...FORM_ENDPOINTS];

  // 415 before anything reads the body.
  router.post(endpoints, (req, res, next) => {
    if (req.is(['application/json', 'application/x-www-form-urlencoded'])) return next();
    const lang = detectLanguage(req, res);
    sendApiError(res, 415, {
      code: errorCode('unsupportedMediaType'),
      message: formMessage(lang, 'unsupported'),
    });
  });

  router.post(
    endpoints,
    perMinuteLimit({
      limit: deps.rateLimitPerMinute ?? 10,
      ...(deps.limitStore ? { store: deps.limitStore('form') } : {}),
      handler: (req, res) => {
        const form = formOfEndpoint(req.path) ?? 'contact';
        deps.onLead?.(form, 'rejected');
        const lang = detectLanguage(req, res);
        answer(req, res, 429, { form, ok: false, error: formMessage(lang, 'rateLimited') }, 'rate_limited');
      },
    }),
    express.json({ limit: BODY_LIMIT, strict: true }),
    express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 50 }),
  );

  // A sender's visitor emails per hour and per day, counted once a request has enqueued one (the
  // limiter counts every request, then gives back those that did not).
  if (deps.senderMail) {
    for (const [seconds, limit] of [
      [3600, deps.senderMail.perHour],
      [86_400, deps.senderMail.perDay],
    ] as const) {
      router.post(
        endpoints,
        windowLimit(seconds, {
          limit,
          ...(deps.limitStore ? { store: deps.limitStore(`sender-${seconds}`) } : {}),
          skipFailedRequests: true,
          requestWasSuccessful: (_req, res) => res.locals[MAIL_ENQUEUED] === true,
          handler: (req, res) => {
            const form = formOfEndpoint(req.path) ?? 'contact';
            deps.onLead?.(form, 'rejected');
            deps.logger.info({ form, outcome: 'senderLimited' }, 'form submission refused');
            answer(
              req,
              res,
              429,
              { form, ok: false, error: formMessage(languageOf(req, res), 'senderLimited') },
              errorCode('senderLimited'),
            );
          },
        }),
      );
    }
  }

  for (const form of FORM_TYPES) {
    const handler: RequestHandler = async (req, res) => {
      const lang = languageOf(req, res);
      const body = (req.body ?? {}) as Record<string, unknown>;
      // Bots fill every field; people never see this one. Pretend success, store nothing: with
      // visitor emails on, the answer looks like a new request's (decision 067).
      if (typeof body[HONEYPOT_FIELD] === 'string' && body[HONEYPOT_FIELD].trim() !== '') {
        deps.logger.info({ form, outcome: 'honeypot' }, 'form submission ignored');
        deps.onLead?.(form, 'rejected');
        const at = (deps.now?.() ?? new Date()).toISOString();
        const mail = deps.senderMail ? { mail: { delivery: 'sending' as const, at } } : {};
        answer(req, res, 200, { form, ok: true, ...mail });
        return;
      }
      const parsed = parseForm(form, { ...body, lang });
      if (!parsed.ok) {
        const fields = Object.fromEntries(
          Object.entries(parsed.fields).map(([field, key]) => [field, formMessage(lang, key)]),
        );
        deps.logger.info(
          { form, outcome: 'invalid', fields: Object.keys(fields) },
          'form submission rejected',
        );
        deps.onLead?.(form, 'rejected');
        // The report's id is no field the visitor sees: its message is the form's message.
        const error = fields.report ?? formMessage(lang, 'summary');
        answer(req, res, 400, { form, ok: false, error, fields });
        return;
      }
      const ctx = { source: deps.source, submittedAt: deps.now?.() ?? new Date() };
      try {
        const submission = await submissionOf(parsed.value, deps, ctx.submittedAt);
        if (submission === 'reportUnknown' || submission === 'recheckLimit') {
          // The report's id is well formed but names no report (never saved, or expired); or the
          // email has as many re-checks as it may.
          const message = formMessage(lang, submission);
          const field = submission === 'reportUnknown' ? 'report' : 'email';
          deps.logger.info({ form, outcome: 'invalid', fields: [field] }, 'form submission rejected');
          deps.onLead?.(form, 'rejected');
          answer(
            req,
            res,
            submission === 'reportUnknown' ? 400 : 409,
            { form, ok: false, error: message, fields: { [field]: message } },
            errorCode(submission),
          );
          return;
        }
        if (submission === 'unavailable') {
          deps.onLead?.(form, 'failed');
          answer(
            req,
            res,
            503,
            { form, ok: false, error: formMessage(lang, 'storeUnavailable') },
            'store_unavailable',
          );
          return;
        }
        if (submission === 'quiet') {
          deps.logger.info({ form, outcome: 'duplicate' }, 'form submission already subscribed');
          deps.onLead?.(form, 'duplicate');
          answer(req, res, 200, { form, ok: true });
          return;
        }
        const welcome =
          submission.form === 'waitlist' && submission.data.website && deps.auditAllowance
            ? await deps.auditAllowance(req)
            : true;
        const stored: Submission =
          !welcome && submission.form === 'waitlist'
            ? { form: 'waitlist', data: { ...submission.data, welcomeAudit: 'link' } }
            : submission;
        const outcome = await deps.store.save(stored, ctx);
        if (outcome === 'limited') {
          // The mailbox has had its visitor emails for now: nothing was stored, and the visitor is
          // told so rather than to check an inbox nothing will reach. A re-check's subscription that
          // this request created goes too: it would hold one of the email's slots for a week.
          if (submission.form === 'recheck' && submission.created)
            await deps.store.rechecks?.discard(submission.data.recheckId);
          deps.logger.info({ form, outcome: 'mailboxLimited' }, 'form submission refused');
          deps.onLead?.(form, 'rejected');
          const message = formMessage(lang, 'mailboxLimited');
          answer(
            req,
            res,
            429,
            { form, ok: false, error: message, fields: { email: message } },
            errorCode('mailboxLimited'),
          );
          return;
        }
        // What became of its email, said as it is (decision 067). A store that cannot tell (a
        // failure reading it back) leaves the form's own text: the lead is stored all the same.
        const record = await deps.store.mailOf?.(stored, ctx.submittedAt).catch((failure: unknown) => {
          deps.logger.warn(
            { form, err: { name: (failure as Error).name, message: (failure as Error).message } },
            'visitor email state not readable',
          );
          return undefined;
        });
        const mail = mailAnswer(record, outcome, ctx.submittedAt);
        deps.logger.info(
          { form, outcome, store: deps.store.kind, ...(mail ? { mail: mail.delivery } : {}) },
          'form submission stored',
        );
        deps.onLead?.(form, outcome);
        if (outcome === 'stored') res.locals[MAIL_ENQUEUED] = true;
        answer(req, res, 200, { form, ok: true, ...(mail ? { mail } : {}) });
      } catch (failure) {
        deps.logger.error(
          { form, err: { name: (failure as Error).name, message: (failure as Error).message } },
          'form submission failed',
        );
        deps.onLead?.(form, 'failed');
        // A refusal carries the backend's own text for the visitor; an outage, ours.
        const refused = failure instanceof StoreRefusedError;
        const error = refused ? failure.publicMessage.slice(0, 300) : formMessage(lang, 'storeUnavailable');
        answer(req, res, 503, { form, ok: false, error }, refused ? 'store_refused' : 'store_unavailable');
      }
    };
    router.post(formEndpoint(form), handler);
  }

  // Body errors (too large, malformed JSON) as clear JSON, never a 500.
  const onError: ErrorRequestHandler = (err, req, res, next) => {
    if (!req.path.startsWith('/api/')) return next(err);
    const form = formOfEndpoint(req.path) ?? 'contact';
    const lang = detectLanguage(req, res);
    const status = err?.type === 'entity.too.large' ? 413 : 400;
    const key = status === 413 ? 'tooLarge' : 'summary';
    answer(
      req,
      res,
      status,
      { form, ok: false, error: formMessage(lang, key) },
      status === 413 ? 'too_large' : 'invalid_body',
    );
  };
  router.use(onError);
  return router;
}
