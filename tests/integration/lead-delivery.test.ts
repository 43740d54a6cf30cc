import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../src/server/email/tokens.ts';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import { startFixtureSites, type FixtureSites } from '../fixtures/audit-sites.ts';
import { testClock } from '../support/delivery-harness.ts';
import {
  closePeers,
  parseMail,
  startReceiver,
  startSmtp,
  verifySignature,
} from '../support/delivery-peers.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// Every form's lead reaches the team and the webhook, and the visitor gets exactly the emails the
// pages promise, through the real server: forms posted with supertest, a real SMTP server and a
// webhook receiver on loopback, the audit run against a fixture site.

const SECRET = `whsec_${Buffer.from('a-test-signing-key-of-32-bytes!!').toString('base64')}`;
const TEAM = 'team@geo.example';
const CONTACT = 'contact@geo.example';

let sites: FixtureSites;
beforeAll(async () => {
  sites = await startFixtureSites();
});
afterAll(() => sites.close());
afterEach(closePeers);

async function setup() {
  const smtp = await startSmtp();
  const hooks = await startReceiver();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-lead-delivery-'));
  const app = await testServer({
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://team:s3cret@127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'GEO Platform <hello@geo.example>',
    LEADS_NOTIFY_TO: TEAM,
    LEADS_WEBHOOK_URL: hooks.url,
    LEADS_WEBHOOK_SECRET: SECRET,
    CONTACT_EMAIL: CONTACT,
    AUDIT_ALLOWED_HOSTS: sites.allowedHosts,
    FORM_RATE_LIMIT_PER_MINUTE: '100',
  });
  // Drains the server's delivery worker: what a request enqueued has been sent (or has failed).
  const delivered = () => app.locals.deliveryIdle();
  return { app, smtp, hooks, dataDir, delivered, close: () => app.locals.close() };
}

const mails = (smtp: Awaited<ReturnType<typeof startSmtp>>, to: string) =>
  smtp.messages.filter((m) => m.to.includes(to)).map((m) => parseMail(m.raw));

describe.each(['en', 'fr'] as const)('in %s', (lang) => {
  it('waitlist: team email, webhook, and the visitor’s confirmation with the audit of their site', async () => {
    const { app, smtp, hooks, delivered, close } = await setup();
    try {
      const visitor = `wait-${lang}@example.org`;
      const website = `${sites.origin.good}/`;
      const res = await request(app)
        .post('/api/waitlist')
        .send({ name: 'Ada <b>Martin</b>', email: visitor, website, message: 'Hello', lang });
      expect(res.status).toBe(200);
      await delivered();
      expect(mails(smtp, TEAM)).toHaveLength(1);
      expect(mails(smtp, visitor)).toHaveLength(1);
      expect(hooks.requests).toHaveLength(1);

      const team = mails(smtp, TEAM)[0]!;
      expect(team.headers.get('reply-to')).toContain(visitor);
      expect(team.headers.get('subject')).toMatch(/waitlist/i);
      expect(team.text).toContain(website);
      expect(team.html).toContain('Ada &lt;b&gt;Martin&lt;/b&gt;');

      const mail = mails(smtp, visitor)[0]!;
      expect(mail.html).toMatch(new RegExp(`<html[^>]*lang="${lang}"`));
      // A name with markup is no name to greet; the note stays with the team.
      expect(mail.text).not.toContain('Martin');
      expect(mail.text).not.toContain('<b>');
      expect(mail.headers.get('subject')).toMatch(
        lang === 'fr' ? /liste d’attente|audit/i : /waitlist|audit/i,
      );
      // The audit of the site they gave, with a link to the full report on the site.
      expect(mail.text).toMatch(/\d+\s?(\/|sur|out of)\s?100/);
      expect(mail.html).toContain(`/${lang}/tools?url=${encodeURIComponent(website)}`);
      expect(mail.html).not.toMatch(/<img[^>]+src="https?:/);
      expect(mail.html).not.toContain('<script');

      const hook = hooks.requests[0]!;
      expect(verifySignature(SECRET, hook.headers, hook.body)).toBe(true);
      const body = JSON.parse(hook.body);
      expect(body.type).toBe('lead.created');
      expect(body.data.form).toBe('waitlist');
      expect(body.data.email).toBe(visitor);
    } finally {
      await close();
    }
  });

  it('contact: team email with Reply-To, webhook, and the acknowledgement', async () => {
    const { app, smtp, hooks, delivered, close } = await setup();
    try {
      const visitor = `contact-${lang}@example.org`;
      const res = await request(app)
        .post('/api/contact')
        .send({ name: 'Jo', email: visitor, service: 'content-strategy', message: 'Call me', lang });
      expect(res.status).toBe(200);
      await delivered();
      expect(mails(smtp, TEAM)).toHaveLength(1);
      expect(mails(smtp, visitor)).toHaveLength(1);
      expect(hooks.requests).toHaveLength(1);
      expect(mails(smtp, TEAM)[0]!.headers.get('reply-to')).toContain(visitor);
      const ack = mails(smtp, visitor)[0]!;
      // A reply to the visitor's email reaches the site's contact address, shown in the footer too.
      expect(ack.headers.get('reply-to')).toBe(CONTACT);
      expect(ack.text).toContain(CONTACT);
      expect(ack.text).toMatch(lang === 'fr' ? /24\u00a0heures/ : /24\u00a0hours/);
      // What the visitor wrote goes to the team only: a visitor email goes to any address typed.
      expect(ack.text).not.toContain('Call me');
      expect(ack.html).not.toContain('Call me');
      expect(mails(smtp, TEAM)[0]!.text).toContain('Call me');
      expect(JSON.parse(hooks.requests[0]!.body).data.form).toBe('contact');
    } finally {
      await close();
    }
  });

  it('newsletter: double opt-in, confirm once, unsubscribe by link and by one-click POST', async () => {
    const { app, smtp, delivered, close } = await setup();
    try {
      const visitor = `news-${lang}@example.org`;
      expect((await request(app).post('/api/newsletter').send({ email: visitor, lang })).status).toBe(200);
      await delivered();
      expect(mails(smtp, visitor)).toHaveLength(1);
      const optin = mails(smtp, visitor)[0]!;
      const unsubscribeHeader = optin.headers.get('list-unsubscribe') ?? '';
      expect(optin.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const confirm = new URL(
        /https?:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[\w.-]+/.exec(optin.text)![0],
      );
      const unsubscribe = new URL(/<([^>]+)>/.exec(unsubscribeHeader)![1]!);
      expect(confirm.pathname).toBe(`/${lang}/newsletter/confirm`);
      expect(unsubscribe.pathname).toBe(`/${lang}/newsletter/unsubscribe`);

      const page = (url: URL, method: 'get' | 'post' = 'get') => {
        const agent = request(app);
        const target = url.pathname + url.search;
        return (method === 'get' ? agent.get(target) : agent.post(target)).set('User-Agent', HUMAN_UA);
      };
      const confirmed = await page(confirm);
      expect(confirmed.status).toBe(200);
      expect(confirmed.text).toContain('data-result="confirmed"');
      expect(confirmed.text).toContain('noindex');
      expect((await page(confirm)).text).toContain('data-result="alreadyConfirmed"');

      // Opening the unsubscribe link asks; the button (a plain form post) does it.
      const ask = await page(unsubscribe);
      expect(ask.text).toContain('data-result="askUnsubscribe"');
      expect(ask.text).toMatch(/<form action="[^"]*\/newsletter\/unsubscribe\?token=[^"]+" method="post">/);
      const done = await page(unsubscribe, 'post').type('form').send('List-Unsubscribe=One-Click');
      expect(done.status).toBe(200);
      expect(done.text).toContain('data-result="unsubscribed"');
      // A mail client's one-click request (RFC 8058) after that changes nothing and still succeeds.
      const again = await request(app)
        .post(unsubscribe.pathname + unsubscribe.search)
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(again.status).toBe(200);
      expect(again.text).toContain('data-result="alreadyUnsubscribed"');
    } finally {
      await close();
    }
  });

  it('newsletter: a confirm link issued before an unsubscribe no longer subscribes', async () => {
    const { app, smtp, dataDir, delivered, close } = await setup();
    try {
      const visitor = `replay-${lang}@example.org`;
      expect((await request(app).post('/api/newsletter').send({ email: visitor, lang })).status).toBe(200);
      await delivered();
      expect(mails(smtp, visitor)).toHaveLength(1);
      const optin = mails(smtp, visitor)[0]!;
      const confirm = new URL(
        /https?:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[\w.-]+/.exec(optin.text)![0],
      );
      const unsubscribe = new URL(/<([^>]+)>/.exec(optin.headers.get('list-unsubscribe') ?? '')![1]!);
      const open = (target: string, method: 'get' | 'post' = 'get') =>
        method === 'get'
          ? request(app).get(target).set('User-Agent', HUMAN_UA)
          : request(app)
              .post(target)
              .set('User-Agent', HUMAN_UA)
              .type('form')
              .send('List-Unsubscribe=One-Click');
      const statusOf = async () => {
        const store = await EmbeddedStore.open(dataDir);
        try {
          return (await store.list()).filter((lead) => lead.email === visitor).map((lead) => lead.status);
        } finally {
          await store.close();
        }
      };

      expect((await open(confirm.pathname + confirm.search)).text).toContain('data-result="confirmed"');
      expect((await open(unsubscribe.pathname + unsubscribe.search, 'post')).text).toContain(
        'data-result="unsubscribed"',
      );
      // The old link, replayed within its 7 days: refused with the "no longer valid" page.
      const replay = await open(confirm.pathname + confirm.search);
      expect(replay.status).toBe(400);
      expect(replay.text).toContain('data-result="expired"');
      expect(await statusOf()).toEqual(['unsubscribed']);

      // A link issued after the unsubscribe (the visitor signed up again) confirms.
      const secret = Buffer.from(readFileSync(path.join(dataDir, 'newsletter-secret'), 'utf8').trim(), 'hex');
      const fresh = signToken(secret, { email: visitor, lang, purpose: 'confirm' }, Date.now() + 1);
      const again = await open(`/${lang}/newsletter/confirm?token=${encodeURIComponent(fresh)}`);
      expect(again.text).toContain('data-result="confirmed"');
      expect(await statusOf()).toEqual(['subscribed']);
    } finally {
      await close();
    }
  });

  it('newsletter links: a forged or expired token gets a clear page, never a change', async () => {
    const { app, dataDir, close } = await setup();
    try {
      const forged = await request(app)
        .get(`/${lang}/newsletter/confirm?token=abc.def`)
        .set('User-Agent', HUMAN_UA);
      expect(forged.status).toBe(400);
      expect(forged.text).toContain('data-result="invalid"');
      const secret = Buffer.from(readFileSync(path.join(dataDir, 'newsletter-secret'), 'utf8').trim(), 'hex');
      const expired = signToken(
        secret,
        { email: 'x@example.org', lang, purpose: 'confirm' },
        Date.now() - 8 * 864e5,
      );
      const old = await request(app)
        .get(`/${lang}/newsletter/confirm?token=${encodeURIComponent(expired)}`)
        .set('User-Agent', HUMAN_UA);
      expect(old.status).toBe(400);
      expect(old.text).toContain('data-result="expired"');
      // A confirm token does not unsubscribe.
      const wrong = signToken(secret, { email: 'x@example.org', lang, purpose: 'confirm' });
      const misuse = await request(app)
        .post(`/${lang}/newsletter/unsubscribe?token=${encodeURIComponent(wrong)}`)
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(misuse.status).toBe(400);
    } finally {
      await close();
    }
  });
});

describe('abuse and outages', () => {
  it('sends a mailbox 3 visitor emails an hour whatever the form; the fourth waits for the hour, and its answer says so', async () => {
    const { app, smtp, delivered, close } = await setup();
    try {
      const visitor = 'flood@example.org';
      await request(app).post('/api/contact').send({ name: 'A', email: visitor, message: 'one' });
      await request(app).post('/api/newsletter').send({ email: 'Flood+news@example.org' });
      await request(app)
        .post('/api/waitlist')
        .send({ email: visitor, website: `${sites.origin.good}/` });
      const fourth = await request(app)
        .post('/api/contact')
        .send({ name: 'A', email: 'FLOOD+2@example.org', message: 'two' });
      // Stored and queued (decision 067): the team hears of it now, the visitor an hour after the first.
      expect(fourth.status).toBe(200);
      expect(fourth.body).toMatchObject({ success: true, delivery: 'queued' });
      await delivered();
      expect(mails(smtp, TEAM)).toHaveLength(4);
      expect(smtp.messages.filter((m) => /flood/i.test(m.to.join()))).toHaveLength(3);
    } finally {
      await close();
    }
  });

  it('accepts a lead while SMTP is down and delivers it once when SMTP is back', async () => {
    const smtp = await startSmtp({ down: true });
    const hooks = await startReceiver();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-lead-outage-'));
    // The server's clock: the retries' backoff is crossed by moving it, never by waiting.
    const clock = testClock();
    const app = await testServer(
      {
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://team:s3cret@127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'hello@geo.example',
        LEADS_NOTIFY_TO: TEAM,
        LEADS_WEBHOOK_URL: hooks.url,
        LEADS_WEBHOOK_SECRET: SECRET,
      },
      { now: clock.now },
    );
    try {
      const res = await request(app).post('/api/contact').send({ name: 'Down', email: 'down@example.org' });
      expect(res.status).toBe(200);
      expect((await request(app).get('/readyz')).status).toBe(200);
      await app.locals.deliveryIdle();
      // The webhook, which is up, has it; both emails failed and wait for their retry.
      expect(hooks.requests).toHaveLength(1);
      expect(smtp.refused()).toBeGreaterThanOrEqual(2);
      expect(smtp.messages).toHaveLength(0);
      smtp.setDown(false);
      // The first retry is 5 s after the failure.
      clock.advance(5_000);
      await app.locals.deliveryIdle();
      expect(mails(smtp, TEAM)).toHaveLength(1);
      expect(mails(smtp, 'down@example.org')).toHaveLength(1);
      // Nothing more, however long the server runs on: a day later, drained again.
      clock.advance(24 * 60 * 60 * 1000);
      await app.locals.deliveryIdle();
      expect(smtp.messages).toHaveLength(2);
      expect(hooks.requests).toHaveLength(1);
    } finally {
      await app.locals.close();
    }
  });
});
