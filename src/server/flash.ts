import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Application, Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { z } from 'zod';
import { FORM_TYPES, MAIL_DELIVERIES, type FormOutcome } from '../lib/form-limits.ts';
import { BoundedCache, stringBytes } from './bounded-cache.ts';

// The outcome of a form posted without JavaScript, carried across the 303 redirect, read once.
//
// - **In the cookie, signed**, when the app has a key (`app.locals.flashKey`, the key every process
//   of the site shares: server.ts) and the outcome fits: the page after the redirect may reach any
//   process behind a load balancer and still shows it. HMAC-SHA256 over the outcome and its expiry,
//   so nobody can make the page show text of their choosing; the cookie is HttpOnly, lives five
//   minutes and is cleared when read.
// - **In memory**, under a random id the cookie holds, otherwise (no key, or an outcome that carries
//   too much of what the visitor typed for a cookie): a few minutes, in the process that took the
//   post. The memory belongs to the Express app (its `locals`), not to this module: two apps in one
//   process (tests) never see each other's outcomes. It is bounded in bytes, well inside the heap (a
//   post may carry 16 KB of text); past the bound the oldest outcome goes first, its visitor seeing
//   the page without the message, their post handled all the same (decision 020).

const COOKIE = 'form_result';
const TTL_MS = 5 * 60 * 1000;
/** About 120 outcomes of the largest kind at once, thousands of the usual ones. */
export const FORM_OUTCOMES_MAX_BYTES = 4 * 1024 * 1024;
/** A cookie value past this goes to memory: browsers keep about 4 KB per cookie, name included. */
const MAX_COOKIE_VALUE = 3_500;
const SIGNED = 's.';
/** Keeps these signatures apart from anything else the same key signs (email links). */
const CONTEXT = 'geo-platform form outcome v1\n';

declare module 'express-serve-static-core' {
  interface Locals {
    /** The key that signs form outcomes kept in the cookie, shared by every process (server.ts). */
    flashKey?: Buffer | undefined;
  }
}

const text = z.string().max(6_000);
const signedOutcome = z.object({
  x: z.number(),
  o: z.strictObject({
    form: z.enum(FORM_TYPES),
    ok: z.boolean(),
    error: text.optional(),
    fields: z.record(z.string().max(40), text).optional(),
    values: z.record(z.string().max(40), text).optional(),
    mail: z
      .strictObject({
        delivery: z.enum(MAIL_DELIVERIES),
        at: z.iso.datetime(),
        repeat: z.boolean().optional(),
        included: z.boolean().optional(),
      })
      .optional(),
  }),
});

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

function signature(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(CONTEXT).update(body).digest('base64url');
}

export function putFlash(req: Request, res: Response, outcome: FormOutcome, now = Date.now()): void {
  const key = req.app.locals.flashKey;
  let value: string | undefined;
  if (key) {
    const body = Buffer.from(JSON.stringify({ x: now + TTL_MS, o: outcome }), 'utf8').toString('base64url');
    const signed = `${SIGNED}${body}.${signature(key, body)}`;
    if (signed.length <= MAX_COOKIE_VALUE) value = signed;
  }
  if (value === undefined) {
    value = randomBytes(18).toString('base64url');
    formOutcomesOf(req.app).set(value, outcome);
  }
  res.cookie(COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: TTL_MS,
    secure: req.secure,
  });
}

/**
 * Whether a request may carry a form's outcome (its cookie is there), without reading or taking it:
 * such a request's page is rendered for that visitor, never answered from a cache.
 */
export function mayCarryFlash(req: Request): boolean {
  return Boolean(req.headers.cookie?.includes(COOKIE));
}

/** Reads and forgets the outcome for this request's cookie, if any. */
export function takeFlash(req: Request, res: Response, now = Date.now()): FormOutcome | undefined {
  const raw = req.headers.cookie;
  if (!raw || !raw.includes(COOKIE)) return undefined;
  const value = parseCookies(raw)[COOKIE];
  if (!value) return undefined;
  res.clearCookie(COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: req.secure });
  return value.startsWith(SIGNED)
    ? signedFlash(req.app.locals.flashKey, value.slice(SIGNED.length), now)
    : formOutcomesOf(req.app).take(value);
}

/** The outcome a signed cookie carries, when its signature holds and it has not expired. */
function signedFlash(key: Buffer | undefined, value: string, now: number): FormOutcome | undefined {
  const [body, mac, extra] = value.split('.');
  if (!key || !body || !mac || extra !== undefined) return undefined;
  const expected = Buffer.from(signature(key, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const parsed = signedOutcome.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success && parsed.data.x > now ? (parsed.data.o as FormOutcome) : undefined;
  } catch {
    return undefined;
  }
}
