import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CONFIRM_TOKEN_TTL_MS,
  MAX_TOKEN_LENGTH,
  signToken,
  verifyToken,
} from '../../../src/server/email/tokens.ts';
import { SECRET, NOW, DAY } from '../../support/visitor-mail.ts';

// The signed tokens of the newsletter's links (src/server/email/tokens.ts).

describe('newsletter tokens', () => {
  const payload = { email: 'jane@example.com', lang: 'fr', purpose: 'confirm' } as const;

  it('round-trip, URL-safe', () => {
    const token = signToken(SECRET, payload, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyToken(SECRET, token, 'confirm', NOW)).toEqual({
      ok: true,
      email: 'jane@example.com',
      lang: 'fr',
      issuedAt: NOW,
    });
    const unsubscribe = signToken(SECRET, { ...payload, purpose: 'unsubscribe' });
    expect(verifyToken(SECRET, unsubscribe, 'unsubscribe', Date.now() + 100_000 * DAY).ok).toBe(true);
  });

  it('a confirm token made before tokens carried their issue time was issued 7 days before its expiry', () => {
    // The signed payload of such a token: purpose, email, language and expiry only.
    const body = Buffer.from(
      JSON.stringify({ p: 'confirm', e: 'jane@example.com', l: 'fr', x: NOW + CONFIRM_TOKEN_TTL_MS }),
    ).toString('base64url');
    const signature = createHmac('sha256', SECRET)
      .update('geo-platform/newsletter-token/v1:')
      .update(body)
      .digest('base64url');
    expect(verifyToken(SECRET, `${body}.${signature}`, 'confirm', NOW + 1000)).toEqual({
      ok: true,
      email: 'jane@example.com',
      lang: 'fr',
      issuedAt: NOW,
    });
  });

  it('confirm tokens expire after 7 days; an explicit expiry is kept', () => {
    const token = signToken(SECRET, payload, NOW);
    expect(verifyToken(SECRET, token, 'confirm', NOW + CONFIRM_TOKEN_TTL_MS - 1).ok).toBe(true);
    expect(verifyToken(SECRET, token, 'confirm', NOW + CONFIRM_TOKEN_TTL_MS)).toEqual({
      ok: false,
      reason: 'expired',
    });
    const short = signToken(SECRET, { ...payload, purpose: 'unsubscribe', expiresAt: NOW + 1000 });
    expect(verifyToken(SECRET, short, 'unsubscribe', NOW + 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects a tampered signature or payload, and another secret', () => {
    const token = signToken(SECRET, payload, NOW);
    const [body, signature] = token.split('.') as [string, string];
    const flipped = `${signature.slice(0, 5)}${signature[5] === 'A' ? 'B' : 'A'}${signature.slice(6)}`;
    expect(verifyToken(SECRET, `${body}.${flipped}`, 'confirm', NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const forged = Buffer.from(
      JSON.stringify({ p: 'confirm', e: 'mallory@example.com', l: 'fr', x: NOW + DAY }),
    ).toString('base64url');
    expect(verifyToken(SECRET, `${forged}.${signature}`, 'confirm', NOW).ok).toBe(false);
    expect(verifyToken(Buffer.from('another-secret-of-32-bytes-long!'), token, 'confirm', NOW).ok).toBe(
      false,
    );
  });

  it('rejects the wrong purpose', () => {
    const token = signToken(SECRET, payload, NOW);
    expect(verifyToken(SECRET, token, 'unsubscribe', NOW)).toEqual({ ok: false, reason: 'invalid' });
    const unsubscribe = signToken(SECRET, { ...payload, purpose: 'unsubscribe' });
    expect(verifyToken(SECRET, unsubscribe, 'confirm', NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects malformed and oversized tokens', () => {
    const token = signToken(SECRET, payload, NOW);
    const [body, signature] = token.split('.') as [string, string];
    for (const bad of [
      '',
      'abc',
      '.',
      `${body}.`,
      `.${signature}`,
      `${token}.x`,
      `${body}.${signature}=`,
      `${body}+.${signature}`,
      `${body}.${signature.slice(0, -2)}`,
      ` ${token}`,
      null,
      undefined,
      42,
      {},
      `${'a'.repeat(MAX_TOKEN_LENGTH)}.${signature}`,
    ]) {
      expect(verifyToken(SECRET, bad, 'confirm', NOW), String(bad).slice(0, 40)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });

  it('needs a real secret', () => {
    expect(() => signToken(Buffer.alloc(8), payload)).toThrow(/16 bytes/);
    expect(() => verifyToken(Buffer.alloc(0), 'a.b', 'confirm')).toThrow(/16 bytes/);
  });
});
