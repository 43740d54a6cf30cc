import { randomBytes } from 'node:crypto';
import type { Application, Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import type { FormOutcome } from '../lib/form-limits.ts';

// The outcome of a form posted without JavaScript, carried across the 303 redirect. The cookie holds
// only a random id; the outcome (which may include what the visitor typed) stays in memory for a
// few minutes and is read once. The memory belongs to the Express app that took the post (its
// `locals`), not to this module: two apps in one process (tests) never see each other's outcomes.

const COOKIE = 'form_result';
const TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 10_000;

type Entries = Map<string, { outcome: FormOutcome; expires: number }>;

/** The app's pending outcomes, created with its first no-JavaScript post. */
function entriesOf(app: Application): Entries {
  const locals = app.locals as { formOutcomes?: Entries };
  locals.formOutcomes ??= new Map();
  return locals.formOutcomes;
}

function sweep(entries: Entries, now: number) {
  for (const [id, entry] of entries) if (entry.expires < now) entries.delete(id);
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}

export function putFlash(req: Request, res: Response, outcome: FormOutcome): void {
  const entries = entriesOf(req.app);
  const now = Date.now();
  sweep(entries, now);
  const id = randomBytes(18).toString('base64url');
  entries.set(id, { outcome, expires: now + TTL_MS });
  res.cookie(COOKIE, id, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: TTL_MS, secure: req.secure });
}

/** Reads and forgets the outcome for this request's cookie, if any. */
export function takeFlash(req: Request, res: Response): FormOutcome | undefined {
  const raw = req.headers.cookie;
  if (!raw || !raw.includes(COOKIE)) return undefined;
  const id = parseCookies(raw)[COOKIE];
  if (!id) return undefined;
  res.clearCookie(COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: req.secure });
  const entries = entriesOf(req.app);
  const entry = entries.get(id);
  entries.delete(id);
  return entry && entry.expires >= Date.now() ? entry.outcome : undefined;
}
