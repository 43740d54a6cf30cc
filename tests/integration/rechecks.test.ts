import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import { startTeaSite, type TeaSite } from '../fixtures/tea-site.ts';
import { drainOutbox } from '../support/delivery-harness.ts';
import { closePeers, startReceiver, startSmtp } from '../support/delivery-peers.ts';
import { HUMAN_UA } from '../support/test-server.ts';
import {
  SITE_URL,
  TEAM,
  entities,
  hrefs,
  mailsTo,
  savedAudit,
  startReportServer,
  storedLeads,
} from '../support/report-harness.ts';

// Monthly re-checks (issue 23, decision 032) through the real server, with a clock the test moves:
// a person asks from a saved report, confirms by the link of a real email, the site changes, a month
// passes, and two server instances sharing one store (two connections to one SQLite file, as two
// processes have) both look for due re-checks at the same instant: the site is audited once, and one
// email says what changed, with the one-click unsubscribe link (RFC 8058) in its headers. Then that
// link is posted as a mail client does, and nothing is re-checked again.

const DAY = 24 * 60 * 60 * 1000;

let site: TeaSite;
beforeAll(async () => {
  site = await startTeaSite();
});
afterAll(() => site.close());
afterEach(async () => {
  site.state = 'good';
  await closePeers();
});

/**
 * Two server instances on one store, one SMTP server and one clock; the job's own timer never fires.
 * `drain()` drains both delivery workers until the shared outbox has nothing due or leased: what
 * the peers hold then is all they will get.
 */
async function twoServers() {
  // Real time, moved on by whole months: the leads and their deliveries are dated by the real clock.
  let offsetMs = 0;
  const clock = {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
    },
  };
  const smtp = await startSmtp();
  const hooks = await startReceiver();
  const options = { now: clock.now, recheckPollMs: 24 * 60 * 60 * 1000 };
  const first = await startReportServer(site, {}, options, { smtp, hooks });
  const second = await startReportServer(site, { DATA_DIR: first.app.locals.config.dataDir }, options, {
    smtp,
    hooks,
  });
  const apps = [first.app, second.app] as const;
  return {
    apps,
    smtp,
    hooks,
    clock,
    drain: () =>
      drainOutbox(
        first.app.locals.config.dataDir,
        apps.map((app) => () => app.locals.deliveryIdle()),
        clock.now,
      ),
    close: async () => {
      await first.close();
      await second.close();
    },
  };
}

/** Due `inMs` after a moment of the last minute before `now` (the test's clock runs in real time). */
function expectDue(due: Date | null, now: Date, inMs: number) {
  const after = due!.getTime() - now.getTime();
  expect(after).toBeLessThanOrEqual(inMs);
  expect(after).toBeGreaterThan(inMs - 60_000);
}

const paths = (url: string) => url.replace(SITE_URL, '');

/** The subscription's links, as the opt-in email gives them. */
function linksOf(html: string, lang: string) {
  const all = hrefs(html);
  const confirm = all.find((href) => href.startsWith(`${SITE_URL}/${lang}/tools/recheck/confirm?id=`));
  const unsubscribe = all.find((href) =>
    href.startsWith(`${SITE_URL}/${lang}/tools/recheck/unsubscribe?id=`),
  );
  expect(confirm).toBeDefined();
  expect(unsubscribe).toBeDefined();
  return { confirm: confirm!, unsubscribe: unsubscribe! };
}

async function subscriptions(app: App) {
  const store = await EmbeddedStore.open(app.locals.config.dataDir);
  try {
    return await store.rechecks!.list();
  } finally {
    await store.close();
  }
}

const human = (app: App) => ({
  get: (path: string) => request(app).get(path).set('User-Agent', HUMAN_UA),
});

describe.each(['en', 'fr'] as const)('a monthly re-check in %s', (lang) => {
  it('is confirmed, re-checked once across two servers a month later, and stopped in one click', async () => {
    const { apps, smtp, hooks, clock, drain, close } = await twoServers();
    const [one, two] = apps;
    try {
      const report = await savedAudit(one, `${site.origin}/`, lang);
      const visitor = `recheck-${lang}@example.org`;

      // The report page offers the form (with re-checks on), and the request is taken.
      const page = (await human(one).get(`/${lang}/tools/report/${report.id}`)).text;
      expect(page).toContain('action="/api/recheck"');
      const asked = await request(one).post('/api/recheck').send({ email: visitor, report: report.id, lang });
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({ success: true, delivery: 'sending', at: expect.any(String) });

      // The opt-in email, the team's email and the webhook: a lead like any other.
      await drain();
      expect(mailsTo(smtp, visitor)).toHaveLength(1);
      expect(mailsTo(smtp, TEAM)).toHaveLength(1);
      expect(hooks.requests).toHaveLength(1);
      const [lead] = await storedLeads(one);
      expect(lead).toMatchObject({ form_type: 'recheck', email: visitor, website: `${site.origin}/` });
      const [pending] = await subscriptions(one);
      expect(pending).toMatchObject({ status: 'pending', email: visitor, address: `${site.origin}/` });
      expect(JSON.parse(lead!.lead_data)).toMatchObject({ recheck_id: pending!.id, report_id: report.id });
      // The team sees the request, never the subscription's key.
      const team = mailsTo(smtp, TEAM)[0]!;
      expect(team.text).toContain('monthly re-check');
      expect(team.text + team.html).not.toContain(pending!.id);

      const optin = mailsTo(smtp, visitor)[0]!;
      expect(optin.headers.get('subject')).toBe(
        lang === 'en'
          ? 'Confirm the monthly re-check of 127.0.0.1'
          : 'Confirmez la vérification mensuelle de 127.0.0.1',
      );
      expect(optin.html).toContain(`lang="${lang}"`);
      const links = linksOf(optin.html, lang);
      expect(links.confirm).toBe(`${SITE_URL}/${lang}/tools/recheck/confirm?id=${pending!.id}`);
      expect(optin.headers.get('list-unsubscribe')).toBe(`<${links.unsubscribe}>`);
      expect(optin.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(optin.text).toContain(links.confirm);

      // Nothing is due before it is confirmed.
      clock.advance(31 * DAY);
      expect(await one.locals.recheckJob!.runDue()).toBe(0);
      clock.advance(-31 * DAY);

      // The confirmation link works on either server; a second visit changes nothing.
      const confirmed = await human(two).get(paths(links.confirm));
      expect(confirmed.status).toBe(200);
      expect(confirmed.headers['cache-control']).toBe('private, no-store');
      expect(confirmed.text).toContain('<meta name="robots" content="noindex');
      expect(confirmed.text).toContain('data-result="confirmed"');
      expect(entities(confirmed.text)).toContain(`${site.origin}/`);
      expect((await human(one).get(paths(links.confirm))).text).toContain('data-result="alreadyConfirmed"');
      const [active] = await subscriptions(one);
      expect(active!.status).toBe('active');
      expectDue(active!.nextCheckAt, clock.now(), 30 * DAY);

      // Asking again for an address already re-checked answers the same, and sends nothing.
      const again = await request(two).post('/api/recheck').send({ email: visitor, report: report.id, lang });
      expect(again.body).toEqual({ success: true });
      await drain();
      expect(mailsTo(smtp, visitor)).toHaveLength(1);

      // The site gets worse; a month passes; both servers look for due re-checks at once.
      site.state = 'worse';
      clock.advance(31 * DAY);
      const counts = await Promise.all(apps.map((app) => app.locals.recheckJob!.runDue()));
      expect(counts.sort()).toEqual([0, 1]);
      await drain();
      expect(mailsTo(smtp, visitor)).toHaveLength(2);

      const [checked] = await subscriptions(one);
      expect(checked!.lastReportId).not.toBe(report.id);
      expectDue(checked!.nextCheckAt, clock.now(), 30 * DAY);
      const mail = mailsTo(smtp, visitor)[1]!;
      expect(mail.headers.get('list-unsubscribe')).toBe(`<${links.unsubscribe}>`);
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.headers.get('subject')).toMatch(
        lang === 'en'
          ? /^127\.0\.0\.1 went down to \d+\/100 this month$/
          : /^127\.0\.0\.1 descend à \d+\/100 ce mois-ci$/,
      );
      // What changed, against the report it was subscribed from, and the new report's link.
      const newReport = await request(one).get(`/api/audit/report/${checked!.lastReportId}`).query({ lang });
      expect(newReport.status).toBe(200);
      const text = mail.text.replace(/\s+/g, ' ');
      expect(text).toContain(
        lang === 'en'
          ? `the overall score has gone down from ${report.overall} to ${newReport.body.overall} out of 100`
          : `le score global est descendu de ${report.overall} à ${newReport.body.overall} sur 100`,
      );
      expect(newReport.body.changes.previous.id).toBe(report.id);
      const changed = newReport.body.changes.checks as { title: string }[];
      expect(changed.length).toBeGreaterThan(0);
      for (const check of changed.slice(0, 8)) expect(entities(mail.html)).toContain(check.title);
      expect(hrefs(mail.html)).toContain(`${SITE_URL}/${lang}/tools/report/${checked!.lastReportId}`);
      // The audited site's hostile title is text in the email, never markup or a link.
      expect(mail.html).not.toMatch(/<script|javascript:/i);
      expect(
        hrefs(mail.html).every(
          (href) => href.startsWith(`${SITE_URL}/${lang}/`) || href.startsWith('mailto:'),
        ),
      ).toBe(true);

      // Nothing more is due this month, on either server; no second email went out.
      expect(await Promise.all(apps.map((app) => app.locals.recheckJob!.runDue()))).toEqual([0, 0]);
      await drain();
      expect(mailsTo(smtp, visitor)).toHaveLength(2);

      // The unsubscribe link asks first (mail scanners open links), then a mail client's one-click
      // POST stops it.
      const ask = await human(two).get(paths(links.unsubscribe));
      expect(ask.status).toBe(200);
      expect(ask.text).toContain('data-result="askUnsubscribe"');
      expect(ask.text).toContain(
        `<form action="/${lang}/tools/recheck/unsubscribe?id=${pending!.id}" method="post">`,
      );
      const oneClick = await request(two)
        .post(paths(links.unsubscribe))
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(oneClick.status).toBe(200);
      expect(oneClick.text).toContain('data-result="unsubscribed"');
      expect((await human(one).get(paths(links.unsubscribe))).text).toContain(
        'data-result="alreadyUnsubscribed"',
      );
      // The confirmation link no longer works.
      const ended = await human(one).get(paths(links.confirm));
      expect(ended.status).toBe(410);
      expect(ended.text).toContain('data-result="ended"');

      // Months pass: nothing is re-checked, nothing is sent.
      clock.advance(62 * DAY);
      expect(await Promise.all(apps.map((app) => app.locals.recheckJob!.runDue()))).toEqual([0, 0]);
      await drain();
      expect(mailsTo(smtp, visitor)).toHaveLength(2);
    } finally {
      await close();
    }
  });
});

describe('a re-check of a site that cannot be audited', () => {
  it('says why by email, keeps the previous report and is due again next month', async () => {
    const { apps, smtp, clock, drain, close } = await twoServers();
    const [one] = apps;
    try {
      const report = await savedAudit(one, `${site.origin}/`);
      const visitor = 'down@example.org';
      await request(one).post('/api/recheck').send({ email: visitor, report: report.id, lang: 'en' });
      await drain();
      expect(mailsTo(smtp, visitor)).toHaveLength(1);
      const { confirm } = linksOf(mailsTo(smtp, visitor)[0]!.html, 'en');
      expect((await human(one).get(paths(confirm))).status).toBe(200);

      site.state = 'down';
      clock.advance(31 * DAY);
      expect(await one.locals.recheckJob!.runDue()).toBe(1);
      await drain();
      expect(mailsTo(smtp, visitor)).toHaveLength(2);
      const mail = mailsTo(smtp, visitor)[1]!;
      expect(mail.headers.get('subject')).toBe('We could not re-check 127.0.0.1 this month');
      expect(mail.text).toContain('The site answered with an error instead of a page.');
      expect(hrefs(mail.html)).toContain(`${SITE_URL}/en/tools/report/${report.id}`);
      const [subscription] = await subscriptions(one);
      expect(subscription!.lastReportId).toBe(report.id);
      expectDue(subscription!.nextCheckAt, clock.now(), 30 * DAY);
    } finally {
      await close();
    }
  });
});

describe('asking for a re-check', () => {
  it('allows 3 addresses per email, then answers 409 in the page’s language', async () => {
    const { apps, smtp, drain, close } = await twoServers();
    const [one] = apps;
    try {
      const email = 'many@example.org';
      for (const [i, path] of ['/', '/a', '/b'].entries()) {
        const report = await savedAudit(one, `${site.origin}${path}`);
        const res = await request(one).post('/api/recheck').send({ email, report: report.id, lang: 'fr' });
        expect(res.status, `address ${i + 1}`).toBe(200);
      }
      const fourth = await savedAudit(one, `${site.origin}/c`);
      const refused = await request(one).post('/api/recheck').send({ email, report: fourth.id, lang: 'fr' });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('recheck_limit');
      expect(refused.body.error.fields.email).toBe(refused.body.error.message);
      expect(refused.body.error.message).toContain('fait déjà vérifier 3\u00a0sites chaque mois');
      // Another email may.
      const other = await request(one)
        .post('/api/recheck')
        .send({ email: 'another@example.org', report: fourth.id, lang: 'fr' });
      expect(other.status).toBe(200);
      expect((await subscriptions(one)).filter((s) => s.email === email)).toHaveLength(3);
      await drain();
      expect(mailsTo(smtp, 'another@example.org')).toHaveLength(1);
      // One opt-in per address taken; the refused fourth sent nothing.
      expect(mailsTo(smtp, email)).toHaveLength(3);
    } finally {
      await close();
    }
  });

  it('asked again within 10 minutes of unsubscribing, sends the new opt-in; the webhook and the team never carry a subscription’s key', async () => {
    const { apps, smtp, hooks, drain, close } = await twoServers();
    const [one] = apps;
    try {
      const report = await savedAudit(one, `${site.origin}/`);
      const visitor = 'changed-mind@example.org';
      const ask = () =>
        request(one).post('/api/recheck').send({ email: visitor, report: report.id, lang: 'en' });
      expect((await ask()).status).toBe(200);
      await drain();
      expect(mailsTo(smtp, visitor)).toHaveLength(1);
      const first = linksOf(mailsTo(smtp, visitor)[0]!.html, 'en');
      const off = await request(one)
        .post(paths(first.unsubscribe))
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(off.text).toContain('data-result="unsubscribed"');

      // Minutes later, the same report and email: a new subscription, and its email.
      expect((await ask()).body).toEqual({ success: true, delivery: 'sending', at: expect.any(String) });
      await drain();
      expect(mailsTo(smtp, visitor)).toHaveLength(2);
      const second = linksOf(mailsTo(smtp, visitor)[1]!.html, 'en');
      expect(second.confirm).not.toBe(first.confirm);
      expect((await human(one).get(paths(second.confirm))).text).toContain('data-result="confirmed"');

      // The team and the webhook hear of both requests, without either subscription's id.
      expect(hooks.requests).toHaveLength(2);
      expect(mailsTo(smtp, TEAM)).toHaveLength(2);
      const ids = (await subscriptions(one)).map((s) => s.id);
      expect(ids).toHaveLength(2);
      for (const id of ids) {
        for (const hook of hooks.requests) expect(hook.body).not.toContain(id);
        for (const mail of mailsTo(smtp, TEAM)) expect(mail.text + mail.html).not.toContain(id);
      }
      expect(JSON.parse(hooks.requests[0]!.body).data.lead_data).toEqual({
        form_type: 'recheck',
        website: `${site.origin}/`,
        report_id: report.id,
        report_url: `${SITE_URL}/en/tools/report/${report.id}`,
        submitted_at: expect.any(String),
      });
    } finally {
      await close();
    }
  });

  it('refuses an unknown report, a filled honeypot stores nothing, and a post without JavaScript comes back', async () => {
    const { apps, smtp, drain, close } = await twoServers();
    const [one] = apps;
    try {
      const unknown = await request(one)
        .post('/api/recheck')
        .send({ email: 'x@example.org', report: 'a'.repeat(32), lang: 'en' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.fields.report).toContain('could not find this report');

      const report = await savedAudit(one, `${site.origin}/`);
      const bot = await request(one)
        .post('/api/recheck')
        .send({ email: 'bot@example.org', report: report.id, nickname: 'Robo' });
      // Told what a person would be told (decision 067), and nothing stored or sent.
      expect(bot.body).toEqual({ success: true, delivery: 'sending', at: expect.any(String) });
      expect(await subscriptions(one)).toHaveLength(0);

      const path = `/en/tools/report/${report.id}`;
      const agent = request.agent(one);
      const plain = await agent
        .post('/api/recheck')
        .set('Accept', 'text/html')
        .type('form')
        .send({ email: 'plain@example.org', report: report.id, lang: 'en', returnTo: path });
      expect(plain.status).toBe(303);
      expect(plain.headers.location).toBe(path);
      const after = (await agent.get(path).set('User-Agent', HUMAN_UA)).text;
      expect(after).toContain('<div role="status" class="form-status ok"><strong>Check your inbox</strong>');
      await drain();
      expect(mailsTo(smtp, 'plain@example.org')).toHaveLength(1);
      expect(mailsTo(smtp, 'bot@example.org')).toHaveLength(0);
    } finally {
      await close();
    }
  });

  it('is not offered, and answers 503, where visitor emails are off', async () => {
    const { app, close } = await startReportServer(site, {
      LEADS_NOTIFY_TO: '',
      SMTP_URL: '',
      MAIL_FROM: '',
    });
    try {
      const report = await savedAudit(app, `${site.origin}/`);
      const page = (await human(app).get(`/en/tools/report/${report.id}`)).text;
      expect(page).toContain('action="/api/report-email"');
      expect(page).not.toContain('action="/api/recheck"');
      expect(app.locals.recheckJob).toBeUndefined();
      const res = await request(app).post('/api/recheck').send({ email: 'x@example.org', report: report.id });
      expect(res.status).toBe(503);
    } finally {
      await close();
    }
  });
});

describe('re-check links', () => {
  it('a damaged or unknown link gets a friendly 404 in the page’s language; robots.txt keeps crawlers out', async () => {
    const { apps, close } = await twoServers();
    const [one] = apps;
    try {
      for (const query of ['', '?id=zz', `?id=${'0'.repeat(32)}`, `?id=${'A'.repeat(32)}`]) {
        const res = await human(one).get(`/fr/tools/recheck/confirm${query}`);
        expect(res.status, query).toBe(404);
        expect(res.text).toContain('Ce lien n’est pas valide');
        const unsubscribe = await request(one)
          .post(`/en/tools/recheck/unsubscribe${query}`)
          .type('form')
          .send('List-Unsubscribe=One-Click');
        expect(unsubscribe.status, query).toBe(404);
      }
      expect((await human(one).get('/en/tools/recheck/other')).status).toBe(404);
      const robots = (await request(one).get('/robots.txt')).text;
      expect(robots).toContain('Disallow: /en/tools/recheck/');
      expect(robots).toContain('Disallow: /fr/tools/recheck/');
    } finally {
      await close();
    }
  });
});
