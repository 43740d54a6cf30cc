import { afterEach, describe, expect, it } from 'vitest';
import type { VisitorMailRenderer } from '../../src/server/delivery/channels/visitor-email.ts';
import { loadDeliveryConfig } from '../../src/server/delivery/config.ts';
import { createLeadDelivery } from '../../src/server/delivery/index.ts';
import type { DeliveryChannel } from '../../src/server/store/types.ts';
import { closePeers, onClose, parseMail, startSmtp } from '../support/delivery-peers.ts';
import {
  MAIL_FROM,
  silent,
  testClock,
  harness,
  ctx,
  waitlist,
  contact,
  newsletter,
  byChannel,
} from '../support/delivery-harness.ts';

// Lead delivery end to end on loopback (the harness of tests/support/delivery-harness.ts).
// The visitor emails: one per recipient per ten minutes, and never without a renderer.

afterEach(closePeers);

describe('visitor emails', () => {
  const renderer: VisitorMailRenderer = (request) => ({
    subject: `[${request.language}] ${request.kind}`,
    text: `Hello ${String(request.lead.email)}`,
    html: `<p>Hello</p>`,
    headers: {
      'List-Unsubscribe': '<https://geo.example/en/newsletter/unsubscribe?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });

  it('sends a mailbox at most 3 visitor emails an hour, whatever the form or spelling; past that the lead is refused', async () => {
    const smtp = await startSmtp();
    const clock = testClock();
    const all: DeliveryChannel[] = ['team-email', 'webhook', 'visitor-email'];
    // None may wait for the window: the refusal itself is what this shows (decision 067 queues them
    // up to MAILBOX_EMAILS_QUEUED: visitor-mail-promises.test.ts).
    const { store } = await harness({
      smtpPort: smtp.port,
      channels: all,
      renderer,
      clock,
      visitorMailLimits: { perHour: 3, perDay: 6, queued: 0 },
    });
    const t0 = new Date();
    const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
    const outcomes = [
      await store.save({ form: 'contact', data: contact }, ctx(t0)),
      await store.save(
        { form: 'newsletter', data: { email: 'ADA@example.org', lang: 'fr' } },
        ctx(minutes(1)),
      ),
      await store.save({ form: 'newsletter', data: newsletter }, ctx(minutes(2))),
      await store.save(
        { form: 'waitlist', data: { ...waitlist, email: 'ada@example.org' } },
        ctx(minutes(9.9)),
      ),
      // The same form and address within ten minutes: the same lead.
      await store.save(
        { form: 'waitlist', data: { ...waitlist, email: 'Ada@Example.org', name: 'A' } },
        ctx(minutes(10.1)),
      ),
      // A fourth visitor email to the mailbox within the hour: refused, nothing stored.
      await store.save(
        { form: 'contact', data: { ...contact, email: 'ada+x@example.org' } },
        ctx(minutes(10.5)),
      ),
    ];
    expect(outcomes).toEqual(['stored', 'stored', 'stored', 'stored', 'duplicate', 'limited']);
    const deliveries = await store.deliveries();
    expect(byChannel(deliveries, 'team-email')).toHaveLength(4);
    expect(byChannel(deliveries, 'webhook')).toHaveLength(4);
    expect(byChannel(deliveries, 'visitor-email').map((d) => [d.recipient, d.kind])).toEqual([
      ['ada@example.org', 'contact-ack'],
      ['ADA@example.org', 'newsletter-optin'],
      ['news@example.net', 'newsletter-optin'],
      ['ada@example.org', 'waitlist-confirmation'],
    ]);

    // Once the first two are over an hour old, another one may go.
    expect(
      await store.save(
        { form: 'contact', data: { ...contact, name: 'Later', lang: 'fr' } },
        ctx(minutes(61.5)),
      ),
    ).toBe('stored');
    const all5 = await store.deliveries();
    expect(byChannel(all5, 'team-email')).toHaveLength(5);
    const visitor = byChannel(all5, 'visitor-email');
    expect(visitor.map((d) => [d.recipient, d.kind])).toEqual([
      ['ada@example.org', 'contact-ack'],
      ['ADA@example.org', 'newsletter-optin'],
      ['news@example.net', 'newsletter-optin'],
      ['ada@example.org', 'waitlist-confirmation'],
      ['ada@example.org', 'contact-ack'],
    ]);

    // The worker sends them with the renderer's content and headers, in the page's language.
    clock.advance(63 * 60_000);
    const worker = createLeadDelivery({
      config: loadDeliveryConfig({
        SMTP_URL: `smtp://team:s3cret@127.0.0.1:${smtp.port}`,
        MAIL_FROM,
        LEADS_NOTIFY_TO: 'sales@geo.example',
      }),
      outbox: store,
      logger: silent,
      renderer,
      now: clock.now,
      pollIntervalMs: 5,
    });
    onClose(() => worker.stop());
    expect(Object.keys(worker.senders).sort()).toEqual(['team-email', 'visitor-email']);
    // Five team emails and five visitor emails; the webhook deliveries wait for a worker with a webhook.
    await worker.idle();
    expect((await store.outboxCounts()).delivered).toBe(10);
    expect((await store.outboxCounts()).pending).toBe(5);
    const toVisitor = smtp.messages
      .filter((m) => !m.to.includes('sales@geo.example'))
      .map((m) => ({ ...m, ...parseMail(m.raw) }));
    expect(toVisitor.map((m) => m.to.join()).sort()).toEqual([
      'ADA@example.org',
      'ada@example.org',
      'ada@example.org',
      'ada@example.org',
      'news@example.net',
    ]);
    expect(toVisitor.map((m) => m.headers.get('subject')).sort()).toEqual(
      [
        '[en] contact-ack',
        '[fr] newsletter-optin',
        '[en] newsletter-optin',
        `[${waitlist.lang}] waitlist-confirmation`,
        '[fr] contact-ack',
      ].sort(),
    );
    const later = toVisitor.find((m) => m.headers.get('subject') === '[fr] contact-ack')!;
    expect(later.headers.get('list-unsubscribe')).toBe(
      '<https://geo.example/en/newsletter/unsubscribe?token=abc>',
    );
    expect(later.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(later.headers.get('from')).toBe(MAIL_FROM);
    expect(later.headers.get('message-id')).toBe(`<${visitor[4]!.id}@geo.example>`);
    expect(later.text).toContain('Hello ada@example.org');
  });

  it('refuses to start visitor emails without a renderer, naming the setting, rather than fail each one', async () => {
    const smtp = await startSmtp();
    await expect(harness({ smtpPort: smtp.port, channels: ['visitor-email'] })).rejects.toThrow(
      /^Invalid configuration: .*NEWSLETTER_SECRET/,
    );
    expect(smtp.messages).toHaveLength(0);
  });
});
