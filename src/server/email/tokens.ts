import { createHmac, timingSafeEqual } from 'node:crypto';
import { isLang, type Lang } from '../../site.ts';

// Stateless signed tokens for the newsletter's links (decision 018): the confirmation link of the
// double opt-in and the unsubscribe link of every newsletter email. Nothing is stored: the token
// carries the address, the language and what it may be used for, signed with HMAC-SHA256.
//
//   token = base64url(JSON payload) + "." + base64url(HMAC-SHA256(secret, CONTEXT + first part))
//
// The purpose is inside the signed payload, so a confirm token cannot unsubscribe and the reverse.
// CONTEXT keeps these signatures apart from anything else the same secret may sign. A confirm token
// also carries when it was issued: the store refuses one issued before the address last
// unsubscribed (decision 021), so an old link replayed within its 7 days cannot subscribe it again.

export type TokenPurpose = 'confirm' | 'unsubscribe';

export interface TokenPayload {
  email: string;
  lang: Lang;
  purpose: TokenPurpose;
  /** Milliseconds since the epoch. Confirm tokens default to 7 days from now; unsubscribe tokens never expire. */
  expiresAt?: number;
}

export type TokenCheck =
  | {
      ok: true;
      email: string;
      lang: Lang;
      /** Confirm tokens: when the link was made (milliseconds since the epoch). */
      issuedAt?: number;
    }
  | { ok: false; reason: 'invalid' | 'expired' };

/** How long a confirmation link works. */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Longer tokens are refused before any work is done (an address is at most 254 characters). */
export const MAX_TOKEN_LENGTH = 2048;
/** A secret shorter than this is a configuration mistake, not a key. */
export const MIN_SECRET_BYTES = 16;

const CONTEXT = 'geo-platform/newsletter-token/v1:';
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const SIGNATURE_BYTES = 32;

/** The signed payload, with short keys to keep links short. */
interface Wire {
  p: TokenPurpose;
  e: string;
  l: Lang;
  x?: number;
  /** Issued at (confirm tokens made since decision 021; older ones were issued 7 days before `x`). */
  i?: number;
}

function checkSecret(secret: Buffer): void {
  if (!Buffer.isBuffer(secret) || secret.length < MIN_SECRET_BYTES) {
    throw new Error(`The email token secret must be at least ${MIN_SECRET_BYTES} bytes long`);
  }
}

function sign(secret: Buffer, body: string): Buffer {
  return createHmac('sha256', secret).update(CONTEXT).update(body).digest();
}

/** A URL-safe token for a newsletter link. */
export function signToken(secret: Buffer, payload: TokenPayload, now = Date.now()): string {
  checkSecret(secret);
  const expiresAt =
    payload.expiresAt ?? (payload.purpose === 'confirm' ? now + CONFIRM_TOKEN_TTL_MS : undefined);
  const wire: Wire = { p: payload.purpose, e: payload.email, l: payload.lang };
  if (expiresAt !== undefined) wire.x = Math.floor(expiresAt);
  if (payload.purpose === 'confirm') wire.i = Math.floor(now);
  const body = Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
  return `${body}.${sign(secret, body).toString('base64url')}`;
}

function isWire(value: unknown): value is Wire {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.p === 'confirm' || v.p === 'unsubscribe') &&
    typeof v.e === 'string' &&
    v.e.length > 0 &&
    v.e.length <= 254 &&
    isLang(v.l) &&
    (v.x === undefined || (typeof v.x === 'number' && Number.isFinite(v.x))) &&
    (v.i === undefined || (typeof v.i === 'number' && Number.isFinite(v.i)))
  );
}

/**
 * Checks a token from a link: its signature (compared in constant time), its purpose and, for
 * tokens that carry one, its expiry. Anything else about it (shape, size, encoding) is `invalid`.
 */
export function verifyToken(
  secret: Buffer,
  token: unknown,
  purpose: TokenPurpose,
  now = Date.now(),
): TokenCheck {
  checkSecret(secret);
  const invalid = { ok: false, reason: 'invalid' } as const;
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return invalid;
  const parts = token.split('.');
  if (parts.length !== 2) return invalid;
  const [body, signature] = parts as [string, string];
  if (!BASE64URL.test(body) || !BASE64URL.test(signature)) return invalid;

  const given = Buffer.from(signature, 'base64url');
  // Re-encoding must give the same text: one token, one spelling (no padding bits or variants).
  if (given.length !== SIGNATURE_BYTES || given.toString('base64url') !== signature) return invalid;
  if (!timingSafeEqual(given, sign(secret, body))) return invalid;

  let wire: unknown;
  try {
    wire = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return invalid;
  }
  if (!isWire(wire) || wire.p !== purpose) return invalid;
  // A confirmation link always carries its expiry; one without was not made by signToken.
  if (purpose === 'confirm' && wire.x === undefined) return invalid;
  if (wire.x !== undefined && now >= wire.x) return { ok: false, reason: 'expired' };
  if (purpose === 'confirm') {
    // Links sent before tokens carried their issue time were valid for exactly 7 days.
    const issuedAt = wire.i ?? wire.x! - CONFIRM_TOKEN_TTL_MS;
    return { ok: true, email: wire.e, lang: wire.l, issuedAt };
  }
  return { ok: true, email: wire.e, lang: wire.l };
}
