import { randomBytes } from 'node:crypto';
import type { Application, Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import type { FormOutcome } from '../lib/form-limits.ts';
import { BoundedCache, stringBytes } from './bounded-cache.ts';

// The outcome of a form posted without JavaScript, carried across the 303 redirect. The cookie holds
// only a random id; the outcome (which may include what the visitor typed) stays in memory for a
// few minutes and is read once. The memory belongs to the Express app that took the post (its
// `locals`), not to this module: two apps in one process (tests) never see each other's outcomes.
//
// The store is bounded in bytes, well inside the heap (the container's old space is 128 MB): a post
// may carry 16 KB of text, so a bound on the number of entries is no bound on memory. Past the bound
// the oldest outcome goes first; its visitor sees the page without the message, their post handled
// all the same (decision 020).

const COOKIE = 'form_result';
const TTL_MS = 5 * 60 * 1000;
/** About 120 outcomes of the largest kind at once, thousands of the usual ones. */
export const FORM_OUTCOMES_MAX_BYTES = 4 * 1024 * 1024;

/** The app's pending outcomes (a named cache), created on first use. */
export function formOutcomesOf(app: Application): BoundedCache<FormOutcome> {
  const locals = app.locals as { formOutcomes?: BoundedCache<FormOutcome> };
  locals.formOutcomes ??= new BoundedCache<FormOutcome>({
    ttlMs: TTL_MS,
    maxBytes: FORM_OUTCOMES_MAX_BYTES,
    sizeOf: (outcome) => stringBytes(JSON.stringify(outcome)),
  });
  return locals.formOutcomes;
}

export function putFlash(req: Request, res: Response, outcome: FormOutcome): void {
  const id = randomBytes(18).toString('base64url');
  formOutcomesOf(req.app).set(id, outcome);
  res.cookie(COOKIE, id, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: TTL_MS, secure: req.secure });
}

/** Reads and forgets the outcome for this request's cookie, if any. */
export function takeFlash(req: Request, res: Response): FormOutcome | undefined {
  const raw = req.headers.cookie;
  if (!raw || !raw.includes(COOKIE)) return undefined;
  const id = parseCookies(raw)[COOKIE];
  if (!id) return undefined;
  res.clearCookie(COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: req.secure });
  return formOutcomesOf(req.app).take(id);
}
