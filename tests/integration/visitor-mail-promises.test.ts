import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { mailboxKey } from '../../src/server/mailbox.ts';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import { startTeaSite, type TeaSite } from '../fixtures/tea-site.ts';
import { closePeers } from '../support/delivery-peers.ts';
import { HUMAN_UA } from '../support/test-server.ts';
import {
  SITE_URL,
  entities,
  hrefs,
  mailsTo,
  savedAudit,
  startReportServer,
  type Smtp,
} from '../support/report-harness.ts';

// Issue 38, bug 1 (decision 067): every "sent" the page says is true. Through the built server, a
// real SMTP server on loopback and the embedded store, on a clock the test moves: each way a visitor
// asks for an email (the waitlist then "Email me this report", the report then "Re-check monthly",
// each again within ten minutes, past the mailbox's limits, a re-check asked again while pending)
// ends with the email in the inbox, or the answer says when it will come, and the inbox then gets it.

const HOUR = 60 * 60 * 1000;

let site: TeaSite;
beforeAll(async () => {
  site = await startTeaSite();
});
afterAll(() => site.close());
afterEach(closePeers);

async function setup(env: Record<string, string> = {}) {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const server = await startReportServer(site, { TRUST_PROXY: '1', ...env }, { now });
  return { ...server, now, advance: (ms: number) => void (offsetMs += ms) };
}

/** Drains the worker; the outbox then holds nothing due (queued emails wait for their time). */
async function drained(app: App) {
  await app.locals.deliveryIdle();
}

async function outbox(app: App) {
  const store = await EmbeddedStore.open(app.locals.config.dataDir);
  try {
    return await store.deliveries();
  } finally {
    await store.close();
  }
}

const post = (app: App, form: 'report-email' | 'recheck' | 'waitlist', body: Record<string, string>) =>
  request(app)
    .post(`/api/${form}`)
    .set('X-Forwarded-For', '198.51.100.7')
    .send({ lang: 'en', ...body });

/** The confirm link of a re-check in a received email, if any. */
const confirmLink = (html: string, lang = 'en') =>
  hrefs(html).find((href) => href.startsWith(`${SITE_URL}/${lang}/tools/recheck/confirm?id=`));

const inbox = (smtp: Smtp, address: string) =>
  smtp.messages.filter((m) => m.to.some((to) => mailboxKey(to) === mailboxKey(address)));

describe('an email asked for on the page is sent, or the answer says when', () => {
  it('the waitlist then "Email me this report": both reach the visitor', async () => {
    const { app, smtp, close } = await setup();
    try {
      const report = await savedAudit(app, `${site.origin}/`);
      const visitor = 'joiner@example.org';
      const joined = await post(app, 'waitlist', { email: visitor, website: `${site.origin}/` });
      expect(joined.status).toBe(200);
      expect(joined.body).toMatchObject({ success: true, delivery: 'sending' });
      const asked = await post(app, 'report-email', { email: visitor, report: report.id });
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({ success: true, delivery: 'sending', at: expect.any(String) });
      await drained(app);
      expect(mailsTo(smtp, visitor)).toHaveLength(2);
      const sent = (await outbox(app)).filter((d) => d.channel === 'visitor-email');
      expect(sent.map((d) => [d.kind, d.status])).toEqual([
        ['waitlist-confirmation', 'delivered'],
        ['report-summary', 'delivered'],
      ]);
    } finally {
      await close();
    }
  });

  it('past the mailbox’s hour: queued with its time, sent when the hour allows; past the queue, refused', async () => {
    const { app, smtp, now, advance, close } = await setup();
    try {
      const report = await savedAudit(app, `${site.origin}/`);
      // Six spellings of one inbox: none a repeat of another.
      const answers = [];
      for (let i = 0; i < 7; i++) {
        const res = await post(app, 'report-email', { email: `victim+${i}@gmail.com`, report: report.id });
        answers.push(res);
      }
      const start = now().getTime();
      expect(answers.slice(0, 3).map((r) => r.body.delivery)).toEqual(['sending', 'sending', 'sending']);
      const queued = answers.slice(3, 6);
      for (const res of queued) {
        expect(res.status).toBe(200);
        expect(res.body.delivery).toBe('queued');
        const at = Date.parse(res.body.at as string);
        // An hour after the first three, give or take the few ms the requests took.
        expect(at).toBeGreaterThan(start + HOUR - 60_000);
        expect(at).toBeLessThanOrEqual(start + HOUR);
      }
      // Three waiting already: the seventh is refused, and told why.
      expect(answers[6]!.status).toBe(429);
      expect(answers[6]!.body.error.code).toBe('mailbox_limited');
      await drained(app);
      expect(inbox(smtp, 'victim@gmail.com')).toHaveLength(3);
      // The worker leases nothing before its time.
      expect((await outbox(app)).filter((d) => d.status === 'pending')).toHaveLength(3);
      advance(HOUR);
      await drained(app);
      expect(inbox(smtp, 'victim@gmail.com')).toHaveLength(6);
      expect((await outbox(app)).filter((d) => d.status === 'pending')).toHaveLength(0);
    } finally {
      await close();
    }
  });

  it('a repeat within ten minutes says the email already went, or is already queued', async () => {
    const { app, smtp, close } = await setup({ MAILBOX_EMAILS_PER_HOUR: '1' });
    try {
      const report = await savedAudit(app, `${site.origin}/`);
      const other = await savedAudit(app, `${site.origin}/`);
      const visitor = 'again@example.org';
      const first = await post(app, 'report-email', { email: visitor, report: report.id });
      expect(first.body.delivery).toBe('sending');
      await drained(app);
      const again = await post(app, 'report-email', { email: visitor, report: report.id });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ success: true, delivery: 'sent', at: expect.any(String), repeat: true });
      // Another report to the same address: past the hour's one email, queued.
      const queued = await post(app, 'report-email', { email: visitor, report: other.id });
      expect(queued.body).toEqual({ success: true, delivery: 'queued', at: expect.any(String) });
      const queuedAgain = await post(app, 'report-email', { email: visitor, report: other.id });
      expect(queuedAgain.body).toEqual({ ...queued.body, repeat: true });
      await drained(app);
      expect(mailsTo(smtp, visitor)).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('a re-check asked again while pending says its link already went', async () => {
    const { app, smtp, close } = await setup();
    try {
      const report = await savedAudit(app, `${site.origin}/`);
      const visitor = 'pending@example.org';
      const first = await post(app, 'recheck', { email: visitor, report: report.id });
      expect(first.body.delivery).toBe('sending');
      await drained(app);
      const again = await post(app, 'recheck', { email: visitor, report: report.id });
      expect(again.body).toMatchObject({ success: true, delivery: 'sent', repeat: true });
      await drained(app);
      const mails = mailsTo(smtp, visitor);
      expect(mails).toHaveLength(1);
      expect(confirmLink(mails[0]!.html)).toBeDefined();
    } finally {
      await close();
    }
  });
});

describe('"Email me this report" then "Re-check monthly": one email when both are asked', () => {
  it.each(['en', 'fr'] as const)(
    'in %s: the queued report email carries the confirm link, and no second email goes',
    async (lang) => {
      // One email an hour, one waiting at most: the re-check adds no email, so nothing refuses it.
      const { app, smtp, advance, close } = await setup({
        MAILBOX_EMAILS_PER_HOUR: '1',
        MAILBOX_EMAILS_QUEUED: '1',
      });
      try {
        const report = await savedAudit(app, `${site.origin}/`, lang);
        const visitor = `both-${lang}@example.org`;
        const joined = await post(app, 'waitlist', { email: visitor, website: `${site.origin}/`, lang });
        expect(joined.body.delivery).toBe('sending');
        const asked = await post(app, 'report-email', { email: visitor, report: report.id, lang });
        expect(asked.body.delivery).toBe('queued');
        const recheck = await post(app, 'recheck', { email: visitor, report: report.id, lang });
        expect(recheck.status).toBe(200);
        expect(recheck.body).toEqual({
          success: true,
          delivery: 'queued',
          at: asked.body.at,
          included: true,
        });
        // Asked again at once: the same request, its link in the same queued email.
        const repeat = await post(app, 'recheck', { email: visitor, report: report.id, lang });
        expect(repeat.body).toEqual({ ...recheck.body, repeat: true });
        await drained(app);
        expect(mailsTo(smtp, visitor)).toHaveLength(1);
        advance(HOUR);
        await drained(app);
        const mails = mailsTo(smtp, visitor);
        expect(mails).toHaveLength(2);
        const reportMail = mails[1]!;
        const link = confirmLink(reportMail.html, lang);
        expect(link).toBeDefined();
        // Both parts: the HTML's labelled block and the text's.
        expect(reportMail.text).toContain(link);
        const title =
          lang === 'en' ? 'Your monthly re-check: confirm it here' : 'Votre vérification mensuelle';
        expect(entities(reportMail.html)).toContain(title);
        expect(reportMail.text).toContain(title);
        // Asked again an hour on, before confirming: a new request (the ten minutes are over), its
        // link in an email of its own, queued behind the report email's hour.
        const again = await post(app, 'recheck', { email: visitor, report: report.id, lang });
        expect(again.body).toEqual({ success: true, delivery: 'queued', at: expect.any(String) });
        expect(Date.parse(again.body.at)).toBe(Date.parse(asked.body.at) + HOUR);
        // The link confirms the subscription.
        const confirmed = await request(app).get(link!.slice(SITE_URL.length)).set('User-Agent', HUMAN_UA);
        expect(confirmed.status).toBe(200);
        const store = await EmbeddedStore.open(app.locals.config.dataDir);
        try {
          expect((await store.rechecks.list()).map((r) => r.status)).toEqual(['active']);
        } finally {
          await store.close();
        }
      } finally {
        await close();
      }
    },
  );

  it('asked together with the default limits: exactly one confirm link reaches the visitor', async () => {
    const { app, smtp, close } = await setup();
    try {
      const report = await savedAudit(app, `${site.origin}/`);
      const visitor = 'together@example.org';
      await post(app, 'report-email', { email: visitor, report: report.id });
      const recheck = await post(app, 'recheck', { email: visitor, report: report.id });
      expect(recheck.status).toBe(200);
      await drained(app);
      const mails = mailsTo(smtp, visitor);
      const links = mails.map((m) => confirmLink(m.html)).filter(Boolean);
      expect(links).toHaveLength(1);
      // The answer said where the link is: in the report email, or in one of its own.
      expect(mails).toHaveLength(recheck.body.included ? 1 : 2);
    } finally {
      await close();
    }
  });
});

describe('without JavaScript, the page says the same', () => {
  it.each([
    ['en', 'Your email is queued', (h: string, m: string) => `we will send this one at about ${h}:${m} UTC.`],
    [
      'fr',
      'Votre e-mail est en file d’attente',
      (h: string, m: string) => `nous enverrons celui-ci vers ${Number(h)}\u00a0h\u00a0${m} UTC.`,
    ],
  ] as const)('in %s: a queued report email names its time', async (lang, title, says) => {
    const { app, close } = await setup({ MAILBOX_EMAILS_PER_HOUR: '1' });
    try {
      const report = await savedAudit(app, `${site.origin}/`, lang);
      const path = `/${lang}/tools/report/${report.id}`;
      const agent = request.agent(app);
      const send = (email: string) =>
        agent
          .post('/api/report-email')
          .set('Accept', 'text/html')
          .type('form')
          .send({ email, report: report.id, lang, returnTo: path });
      expect((await send('nojs@example.org')).status).toBe(303);
      const first = (await agent.get(path).set('User-Agent', HUMAN_UA)).text;
      // The first one is on its way: the form's own words.
      expect(first).toContain(lang === 'en' ? 'Report on its way' : 'Rapport en route');
      expect((await send('nojs+2@example.org')).status).toBe(303);
      const page = (await agent.get(path).set('User-Agent', HUMAN_UA)).text;
      const queued = (await outbox(app)).find(
        (d) => d.recipient === 'nojs+2@example.org' && d.channel === 'visitor-email',
      );
      const at = queued!.notBefore.toISOString();
      expect(page).toContain('<div role="status" class="form-status ok">');
      expect(page).toContain(title);
      expect(page).toContain(says(at.slice(11, 13), at.slice(14, 16)));
    } finally {
      await close();
    }
  });
});
