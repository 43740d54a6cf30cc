import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { mailboxKey } from '../../src/server/mailbox.ts';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import { startTeaSite, type TeaSite } from '../fixtures/tea-site.ts';
import { closePeers } from '../support/delivery-peers.ts';
import { HUMAN_UA } from '../support/test-server.ts';
import { savedAudit, startReportServer, type Smtp } from '../support/report-harness.ts';

// Inbox bombing (issue 34, finding 2; decision 050) through the real server, a real SMTP server and
// the embedded store: 20 spellings of one Gmail inbox posted to "Email me this report" and to the
// monthly re-check, from one sender's address and from 20, and the inbox counts what it received.
// Defaults: 3 visitor emails per mailbox an hour, 6 a day, 3 more waiting for the mailbox's window
// (decision 067); 10 per sender an hour, 30 a day.

const INBOX = 'victim@gmail.com';
/** 20 addresses that all reach INBOX. */
const ALIASES = [
  'victim@gmail.com',
  'VICTIM@GMAIL.COM',
  'Victim@Gmail.com',
  'victim@googlemail.com',
  'v.i.c.t.i.m@gmail.com',
  'vi.ctim@googlemail.com',
  ...Array.from({ length: 14 }, (_, i) => `${i % 2 ? 'v.ictim' : 'Victim'}+${i + 1}@gmail.com`),
];

let site: TeaSite;
beforeAll(async () => {
  site = await startTeaSite();
});
afterAll(() => site.close());
afterEach(closePeers);

/** A server with every channel on, trusting one proxy hop (X-Forwarded-For is the sender), on a clock the test moves. */
async function setup(env: Record<string, string> = {}) {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const server = await startReportServer(site, { TRUST_PROXY: '1', ...env }, { now });
  return {
    ...server,
    now,
    advance: (ms: number) => {
      offsetMs += ms;
    },
  };
}

/** Emails the SMTP server received for INBOX, whatever spelling they were sent to. */
const inbox = (smtp: Smtp) => smtp.messages.filter((m) => m.to.some((to) => mailboxKey(to) === INBOX));

/**
 * Drains the delivery worker, then checks that the outbox has nothing left to send now: the inbox
 * holds all it will get until the queued emails' time (decision 067), which is after the clock's.
 */
async function drained(app: App, now = new Date()) {
  await app.locals.deliveryIdle();
  const store = await EmbeddedStore.open(app.locals.config.dataDir);
  try {
    expect(await store.outboxCounts()).toMatchObject({ failed: 0 });
    for (const waiting of await store.deliveries(['pending'])) {
      expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    }
  } finally {
    await store.close();
  }
}

const post = (app: App, form: 'report-email' | 'recheck', email: string, report: string, sender: string) =>
  request(app).post(`/api/${form}`).set('X-Forwarded-For', sender).send({ email, report, lang: 'en' });

describe('one inbox, 20 spellings of its address', () => {
  it.each([
    ['one sender', () => '198.51.100.7'],
    ['20 senders', (i: number) => `198.51.100.${10 + i}`],
  ])(
    'from %s: "Email me this report" and the re-check together reach it 3 times, 3 more an hour later',
    async (_, sender) => {
      const { app, smtp, now, advance, close } = await setup();
      try {
        const report = await savedAudit(app, `${site.origin}/`);
        const statuses: number[] = [];
        const answered: { form: string; alias: string; status: number; body: Record<string, unknown> }[] = [];
        for (const [i, alias] of ALIASES.entries()) {
          for (const form of ['report-email', 'recheck'] as const) {
            const res = await post(app, form, alias, report.id, sender(i));
            statuses.push(res.status);
            answered.push({ form, alias, status: res.status, body: res.body });
            if (res.status === 429) {
              expect(res.body.error).toEqual({
                code: 'mailbox_limited',
                message: expect.stringMatching(/^We have recently sent this address as many emails/),
                fields: { email: expect.any(String) },
              });
            }
          }
        }
        await drained(app, now());
        // 40 requests: the first three are sent, the next three emails wait for the hour after them (a
        // re-check may ride in a waiting report email: no email of its own); a repeat of a request
        // within 10 minutes is that request (200, stored once); every other is told why nothing is
        // sent (429), or that the email has as many re-checks as it may (409).
        expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
        expect(statuses.every((status) => [200, 409, 429].includes(status))).toBe(true);
        expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
        // Six emails of their own, no more, whatever the spelling: every other 200 is a repeat or rides
        // in a report email.
        const own = answered.filter((a) => a.status === 200 && !a.body.repeat && !a.body.included);
        expect(own.map((a) => a.body.delivery)).toEqual([
          'sending',
          'sending',
          'sending',
          'queued',
          'queued',
          'queued',
        ]);
        const waiting = answered.filter(
          (a) => a.status === 200 && a.body.delivery === 'queued' && !a.body.repeat && !a.body.included,
        );
        expect(waiting).toHaveLength(3);
        expect(inbox(smtp)).toHaveLength(3);
        advance(60 * 60 * 1000);
        await drained(app, now());
        expect(inbox(smtp)).toHaveLength(6);
        // Refused re-check requests leave no pending subscription behind: each one the store holds
        // was answered 200.
        const store = await EmbeddedStore.open(app.locals.config.dataDir);
        try {
          const accepted = answered
            .filter((a) => a.form === 'recheck' && a.status === 200)
            .map((a) => a.alias);
          const held = (await store.rechecks.list()).map((r) => r.email);
          expect(held.length).toBeGreaterThan(0);
          for (const email of held) expect(accepted).toContain(email);
        } finally {
          await store.close();
        }
      } finally {
        await close();
      }
    },
  );
});

describe('the mailbox’s hour and day', () => {
  it('3 an hour, 6 a day, counted on the clock of the submissions', async () => {
    const { app, smtp, now, advance, close } = await setup();
    try {
      const report = await savedAudit(app, `${site.origin}/`);
      // Each its own spelling even in lower case, so that none is a repeat of another (stored once).
      const ask = (i: number) =>
        post(app, 'report-email', `victim+h${i}@gmail.com`, report.id, `203.0.113.${i}`);
      const hour = 60 * 60 * 1000;
      const start = Date.now();
      /** Each answer: what became of its email, when it goes (hours after the start), or 429. */
      const answers = async (from: number, count: number) => {
        const out: (string | number)[] = [];
        for (let i = from; i < from + count; i++) {
          const res = await ask(i);
          out.push(
            res.status === 200
              ? `${res.body.delivery} +${Math.round((Date.parse(res.body.at) - start) / hour)}h`
              : res.status,
          );
        }
        return out;
      };
      // Three now, three queued for the hour after, then three waiting already: refused.
      expect(await answers(0, 7)).toEqual([
        'sending +0h',
        'sending +0h',
        'sending +0h',
        'queued +1h',
        'queued +1h',
        'queued +1h',
        429,
      ]);
      await drained(app, now());
      expect(inbox(smtp)).toHaveLength(3);
      advance(hour + 60_000);
      await drained(app, now());
      expect(inbox(smtp)).toHaveLength(6);
      // The day's six are spent: the next waits for a day after the first three.
      advance(hour);
      expect(await answers(7, 1)).toEqual(['queued +24h']);
      await drained(app, now());
      expect(inbox(smtp)).toHaveLength(6);
      advance(22 * hour);
      await drained(app, now());
      expect(inbox(smtp)).toHaveLength(7);
    } finally {
      await close();
    }
  });

  it('says so without JavaScript, in French, and keeps what was typed', async () => {
    // None may wait: past the hour's one email, refused.
    const { app, close } = await setup({ MAILBOX_EMAILS_PER_HOUR: '1', MAILBOX_EMAILS_QUEUED: '0' });
    try {
      const report = await savedAudit(app, `${site.origin}/`, 'fr');
      const path = `/fr/tools/report/${report.id}`;
      const agent = request.agent(app);
      const send = (email: string) =>
        agent
          .post('/api/report-email')
          .set('Accept', 'text/html')
          .type('form')
          .send({ email, report: report.id, lang: 'fr', returnTo: path });
      expect((await send('victim@gmail.com')).status).toBe(303);
      await agent.get(path).set('User-Agent', HUMAN_UA);
      const refused = await send('v.ictim+2@gmail.com');
      expect(refused.status).toBe(303);
      const page = (await agent.get(path).set('User-Agent', HUMAN_UA)).text;
      expect(page).toContain('<div role="alert" class="form-status error">');
      expect(page).toContain('Nous avons envoyé récemment à cette adresse autant d’e-mails');
      expect(page).toContain('value="v.ictim+2@gmail.com"');
    } finally {
      await close();
    }
  });
});

describe('one sender, many inboxes', () => {
  it('10 visitor emails an hour from one address, then a clear 429; other senders are not affected', async () => {
    const { app, smtp, now, close } = await setup();
    try {
      const report = await savedAudit(app, `${site.origin}/`);
      const sender = '192.0.2.44';
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        statuses.push((await post(app, 'report-email', `person${i}@example.org`, report.id, sender)).status);
      }
      expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(429)]);
      const refused = await post(app, 'report-email', 'person99@example.org', report.id, sender);
      expect(refused.body.error).toEqual({
        code: 'sender_limited',
        message: expect.stringMatching(/^Your connection has recently asked for as many emails/),
      });
      // Another sender is not affected.
      const other = '192.0.2.45';
      expect((await post(app, 'report-email', 'person100@example.org', report.id, other)).status).toBe(200);
      await drained(app, now());
      expect(smtp.messages.filter((m) => m.to.some((to) => to.startsWith('person')))).toHaveLength(11);
    } finally {
      await close();
    }
  });
});
