import { describe, expect, it } from 'vitest';
import { mailAnswer } from '../../src/server/leads.ts';

// What a form's answer says of its visitor email (decision 067), from the outbox's row: the
// integration suites (visitor-mail-promises, visitor-mail-queue-postgres) show it through the server.

describe('mailAnswer', () => {
  const now = new Date('2026-11-29T10:00:00Z');
  const record = (over: Partial<Parameters<typeof mailAnswer>[0] & object> = {}) => ({
    status: 'pending' as const,
    notBefore: now,
    deliveredAt: null,
    waiting: false,
    included: false,
    ...over,
  });

  it('a new request: on its way, or queued with its time', () => {
    expect(mailAnswer(record(), 'stored', now)).toEqual({ delivery: 'sending', at: now.toISOString() });
    // Sent already by the time the answer is made: still "on its way" for the one who just asked.
    expect(mailAnswer(record({ status: 'delivered', deliveredAt: now }), 'stored', now)).toEqual({
      delivery: 'sending',
      at: now.toISOString(),
    });
    const later = new Date('2026-11-29T11:00:00Z');
    expect(mailAnswer(record({ notBefore: later, waiting: true }), 'stored', now)).toEqual({
      delivery: 'queued',
      at: later.toISOString(),
    });
  });

  it('a repeat: sent, on its way or queued, and said to be a repeat', () => {
    const sentAt = new Date('2026-11-29T09:58:00Z');
    expect(mailAnswer(record({ status: 'delivered', deliveredAt: sentAt }), 'duplicate', now)).toEqual({
      delivery: 'sent',
      at: sentAt.toISOString(),
      repeat: true,
    });
    expect(mailAnswer(record(), 'duplicate', now)).toMatchObject({ delivery: 'sending', repeat: true });
  });

  it('the re-check’s link in the report email: as that email goes', () => {
    const sentAt = new Date('2026-11-29T09:59:00Z');
    expect(
      mailAnswer(record({ status: 'delivered', deliveredAt: sentAt, included: true }), 'stored', now),
    ).toEqual({ delivery: 'sent', at: sentAt.toISOString(), included: true });
  });

  it('nothing to say of no email, or of one that failed for good', () => {
    expect(mailAnswer(undefined, 'stored', now)).toBeUndefined();
    expect(mailAnswer(record({ status: 'failed' }), 'stored', now)).toBeUndefined();
  });
});
