import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import type { AuditItem, AuditReport } from '../../src/lib/audit.ts';
import { RECOMMENDATIONS_QUOTING_SITE } from '../../src/server/email/waitlist.ts';
import { startTeaSite, type TeaSite } from '../fixtures/tea-site.ts';
import { closePeers, verifySignature } from '../support/delivery-peers.ts';
import { HUMAN_UA } from '../support/test-server.ts';
import {
  SITE_URL,
  TEAM,
  WEBHOOK_SECRET,
  entities,
  hrefs,
  mailsTo,
  savedAudit,
  startReportServer,
  storedLeads,
} from '../support/report-harness.ts';

// "Email me this report" (issue 23, decision 030) through the real server: a person audits a small
// site on loopback, then posts the report's form; the lead is stored, the team email and the signed
// webhook go out, and the visitor gets the report's summary in the page's language from a real SMTP
// server. The audited site's title is hostile: no text of the site reaches the email (decision 050).

let site: TeaSite;
let siteOrigin: string;
beforeAll(async () => {
  site = await startTeaSite();
  siteOrigin = site.origin;
});
afterAll(() => site.close());
afterEach(closePeers);

const setup = (env: Record<string, string> = {}) => startReportServer(site, env);
const mails = mailsTo;
const audit = (app: App, lang: 'en' | 'fr' = 'en') => savedAudit(app, `${siteOrigin}/`, lang);
const leads = storedLeads;
const SECRET = WEBHOOK_SECRET;

/** Failed checks first, then warnings, five at most: the fixes the email lists. */
const topFixes = (report: AuditReport): AuditItem[] => {
  const items = report.categories.flatMap((c) => c.items);
  return [...items.filter((i) => i.status === 'fail'), ...items.filter((i) => i.status === 'warning')].slice(
    0,
    5,
  );
};
/** Text with every run of white space (line wraps, no-break spaces) as one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');
/** Every link of an email is ours: a page of the site, or the contact address in the footer. */
const ours = (html: string, lang: string) =>
  hrefs(html).every((href) => href.startsWith(`${SITE_URL}/${lang}/`) || href.startsWith('mailto:'));

describe.each(['en', 'fr'] as const)('in %s', (lang) => {
  it('stores the lead, tells the team and the webhook, and emails the report’s summary once', async () => {
    const { app, smtp, hooks, close } = await setup();
    try {
      const report = await audit(app, lang);
      const visitor = `report-${lang}@example.org`;
      const res = await request(app)
        .post('/api/report-email')
        .send({ email: visitor, report: report.id, lang });
      expect(res.status).toBe(200);
      // On its way now (decision 067).
      expect(res.body).toEqual({ success: true, delivery: 'sending', at: expect.any(String) });
      await app.locals.deliveryIdle();
      expect(mails(smtp, TEAM)).toHaveLength(1);
      expect(mails(smtp, visitor)).toHaveLength(1);
      expect(hooks.requests).toHaveLength(1);
      const permalink = `${SITE_URL}/${lang}/tools/report/${report.id}`;

      // The stored lead: the form, the audited address, the page's language, the report and its link.
      const [lead] = await leads(app);
      expect(lead).toMatchObject({
        form_type: 'report',
        email: visitor,
        name: null,
        website: `${siteOrigin}/`,
        language: lang,
        source: 'geo-platform-website',
        status: 'new',
      });
      expect(JSON.parse(lead!.lead_data)).toMatchObject({
        form_type: 'report',
        website: `${siteOrigin}/`,
        report_id: report.id,
        report_url: permalink,
      });
      expect(JSON.parse(lead!.utm_data)).toEqual({
        utm_source: 'website',
        utm_medium: 'report_email',
        utm_campaign: 'geo_audit_report',
      });

      // The visitor's email, in the page's language, as HTML and text.
      const mail = mails(smtp, visitor)[0]!;
      expect(mail.html).toMatch(new RegExp(`<html[^>]*lang="${lang}"`));
      expect(mail.headers.get('subject')).toBe(
        lang === 'en' ? 'Your AI citation audit of 127.0.0.1' : 'Votre audit de citation IA de 127.0.0.1',
      );
      expect(mail.html).toContain(`>${report.overall}</strong>`);
      expect(mail.text).toContain(
        lang === 'en' ? `${report.overall}\u00a0out of 100` : `${report.overall}\u00a0sur 100`,
      );
      const fixes = topFixes(report);
      expect(fixes.length).toBe(5);
      for (const fix of fixes) {
        expect(flat(mail.text)).toContain(flat(fix.title.slice(0, 60)));
        expect(flat(entities(mail.html))).toContain(flat(fix.title.slice(0, 60)));
        if (fix.recommendation && !RECOMMENDATIONS_QUOTING_SITE.has(fix.id))
          expect(flat(mail.text)).toContain(flat(fix.recommendation.slice(0, 60)));
        expect(flat(mail.text)).not.toContain(flat(fix.evidence.slice(0, 60)));
      }
      // The permanent link, as a button and as text; the audited address as text only.
      expect(hrefs(mail.html).filter((href) => href === permalink)).toHaveLength(2);
      expect(mail.text).toContain(permalink);
      expect(mail.text).toContain(`${siteOrigin}/`);
      expect(ours(mail.html, lang)).toBe(true);

      // The team: in English, the form and the audited address named, Reply-To the visitor.
      const team = mails(smtp, TEAM)[0]!;
      expect(team.headers.get('subject')).toBe(`New report lead: ${visitor} (127.0.0.1)`);
      expect(team.headers.get('reply-to')).toContain(visitor);
      expect(team.text).toContain(`Audited address: ${siteOrigin}/`);
      expect(team.text).toContain(`Report link: ${permalink}`);
      expect(team.text).toContain('Email me this report');

      // The webhook: signed, the lead as stored.
      const hook = hooks.requests[0]!;
      expect(verifySignature(SECRET, hook.headers, hook.body)).toBe(true);
      const body = JSON.parse(hook.body);
      expect(body.type).toBe('lead.created');
      expect(body.data).toMatchObject({
        form: 'report',
        email: visitor,
        website: `${siteOrigin}/`,
        language: lang,
        lead_data: { report_id: report.id, report_url: permalink },
      });
    } finally {
      await close();
    }
  });
});

describe('limits', () => {
  it('a repeat of the same report within 10 minutes is one lead; another report is another lead and email', async () => {
    const { app, smtp, hooks, close } = await setup();
    try {
      const visitor = 'twice@example.org';
      const first = await audit(app);
      const second = await audit(app);
      expect(second.id).not.toBe(first.id);
      const post = (id: string) =>
        request(app).post('/api/report-email').send({ email: visitor, report: id });
      expect((await post(first.id)).status).toBe(200);
      await app.locals.deliveryIdle();
      expect(mails(smtp, visitor)).toHaveLength(1);
      // The same report again: one lead (the duplicate window), nothing new sent.
      expect((await post(first.id)).status).toBe(200);
      await app.locals.deliveryIdle();
      expect(smtp.messages).toHaveLength(2);
      expect(hooks.requests).toHaveLength(1);
      // Another report: a new lead for the team, and its email, within the mailbox's limits.
      expect((await post(second.id)).status).toBe(200);
      await app.locals.deliveryIdle();
      expect(mails(smtp, TEAM)).toHaveLength(2);
      expect(hooks.requests).toHaveLength(2);
      expect(mails(smtp, visitor)).toHaveLength(2);
      const stored = (await leads(app)).filter((l) => l.email === visitor);
      expect(stored.map((l) => JSON.parse(l.lead_data).report_id)).toEqual([first.id, second.id]);
    } finally {
      await close();
    }
  });

  it('pretends success for a filled honeypot, and stores and sends nothing', async () => {
    const { app, smtp, close } = await setup();
    try {
      const report = await audit(app);
      const res = await request(app)
        .post('/api/report-email')
        .send({ email: 'bot@example.org', report: report.id, nickname: 'gotcha' });
      expect(res.status).toBe(200);
      // Told what a person would be told (decision 067), and nothing stored or sent.
      expect(res.body).toEqual({ success: true, delivery: 'sending', at: expect.any(String) });
      await app.locals.deliveryIdle();
      expect(await leads(app)).toHaveLength(0);
      expect(smtp.messages).toHaveLength(0);
    } finally {
      await close();
    }
  });

  it('answers an unknown, expired, malformed or missing report id with a 400 naming it, in the page’s language', async () => {
    const { app, close } = await setup();
    try {
      const en =
        'We could not find this report: the link may be incomplete, or the report has expired. Run a new audit to get a fresh one.';
      const fr =
        'Nous ne trouvons pas ce rapport\u00a0: le lien est peut-être incomplet, ou le rapport a expiré. Lancez un nouvel audit pour en obtenir un à jour.';
      for (const report of ['0'.repeat(32), 'F'.repeat(32), 'abc', '../../etc/passwd', 7, undefined]) {
        const res = await request(app)
          .post('/api/report-email')
          .send({ email: 'who@example.org', report, lang: 'fr' });
        expect(res.status, String(report)).toBe(400);
        // A well-formed id that names no report, or no id the form could send.
        const code =
          typeof report === 'string' && /^[0-9a-f]{32}$/.test(report) ? 'report_unknown' : 'invalid_fields';
        expect(res.body).toEqual({ error: { code, message: fr, fields: { report: fr } } });
      }
      const res = await request(app)
        .post('/api/report-email')
        .send({ email: 'not-an-email', report: 'abc', lang: 'en' });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({
        email: 'Enter a valid email address, like name@company.com.',
        report: en,
      });
      expect(await leads(app)).toHaveLength(0);
    } finally {
      await close();
    }
  });

  it('answers 413 over 16 KB and 415 for other content types', async () => {
    const { app, close } = await setup();
    try {
      const big = await request(app)
        .post('/api/report-email')
        .send({ email: 'big@example.org', report: '1'.repeat(32), padding: 'y'.repeat(17 * 1024) });
      expect(big.status).toBe(413);
      expect(big.body.error.code).toBe('too_large');
      const text = await request(app).post('/api/report-email').set('Content-Type', 'text/plain').send('hi');
      expect(text.status).toBe(415);
      expect((await request(app).get('/api/report-email')).status).toBe(405);
    } finally {
      await close();
    }
  });

  it('shares the per-address limit of every form: 10 a minute, then 429', async () => {
    const { app, close } = await setup({ TRUST_PROXY: '1', FORM_RATE_LIMIT_PER_MINUTE: '10' });
    try {
      const report = await audit(app);
      const address = '198.51.100.23';
      for (let i = 0; i < 9; i++) {
        const res = await request(app)
          .post('/api/newsletter')
          .set('X-Forwarded-For', address)
          .send({ email: `rl${i}@example.org` });
        expect(res.status).toBe(200);
      }
      const post = () =>
        request(app)
          .post('/api/report-email')
          .set('X-Forwarded-For', address)
          .send({ email: 'rl@example.org', report: report.id });
      expect((await post()).status).toBe(200);
      const limited = await post();
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatchObject({
        code: 'rate_limited',
        message: expect.stringMatching(/Too many/),
      });
      // Another address is not affected.
      const other = await request(app)
        .post('/api/report-email')
        .set('X-Forwarded-For', '198.51.100.24')
        .send({ email: 'rl-other@example.org', report: report.id });
      expect(other.status).toBe(200);
    } finally {
      await close();
    }
  });
});

describe('without JavaScript', () => {
  it('the report page has the form; a plain post gets a 303 back to it, which shows the outcome once', async () => {
    const { app, smtp, close } = await setup();
    try {
      const report = await audit(app, 'fr');
      const path = `/fr/tools/report/${report.id}`;
      const agent = request.agent(app);
      const before = (await agent.get(path).set('User-Agent', HUMAN_UA)).text;
      expect(before).toContain('action="/api/report-email"');
      expect(before).toMatch(/<label for="report-email-address"[^>]*>Votre adresse e-mail<\/label>/);
      expect(before).toContain(`<input type="hidden" name="report" value="${report.id}"/>`);

      const res = await agent
        .post('/api/report-email')
        .set('Accept', 'text/html,application/xhtml+xml')
        .type('form')
        .send({ email: 'plain@example.org', report: report.id, lang: 'fr', returnTo: path, nickname: '' });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(path);
      const after = await agent.get(path).set('User-Agent', HUMAN_UA);
      expect(after.headers['cache-control']).toBe('private, no-store');
      expect(after.text).toContain(
        '<div role="status" class="form-status ok"><strong>Rapport en route 📬</strong>',
      );
      expect((await agent.get(path).set('User-Agent', HUMAN_UA)).text).not.toContain('form-status');
      await app.locals.deliveryIdle();
      expect(mails(smtp, 'plain@example.org')).toHaveLength(1);
      expect(mails(smtp, 'plain@example.org')[0]!.html).toContain('lang="fr"');
      expect((await leads(app))[0]).toMatchObject({ form_type: 'report', language: 'fr' });

      // A failed post comes back with the address typed, the field marked, and the reason.
      const failed = await agent
        .post('/api/report-email')
        .set('Accept', 'text/html')
        .type('form')
        .send({ email: 'broken', report: report.id, lang: 'fr', returnTo: path });
      expect(failed.status).toBe(303);
      const page = (await agent.get(path).set('User-Agent', HUMAN_UA)).text;
      expect(page).toContain(
        '<div role="alert" class="form-status error"><strong>Le rapport n’a pas été envoyé</strong>',
      );
      expect(page).toMatch(/id="report-email-address"[^>]*aria-invalid="true"/);
      expect(page).toContain('value="broken"');
      expect(page).toContain('Saisissez une adresse e-mail valide');
    } finally {
      await close();
    }
  });
});

describe('the audited site’s text', () => {
  it('never reaches the email, as HTML or as text: our titles and recommendations, the address, the scores, the link', async () => {
    const { app, smtp, close } = await setup();
    try {
      const report = await audit(app);
      const title = report.categories.flatMap((c) => c.items).find((i) => i.id === 'titleDescription')!;
      // The title check quotes the hostile title, and is among the fixes the email lists.
      expect(title.evidence).toContain('<script>alert(1)</script>');
      expect(topFixes(report).map((i) => i.id)).toContain('titleDescription');
      await request(app).post('/api/report-email').send({ email: 'eve@example.org', report: report.id });
      await app.locals.deliveryIdle();
      expect(mails(smtp, 'eve@example.org')).toHaveLength(1);
      const mail = mails(smtp, 'eve@example.org')[0]!;
      // Text of the page (its title, heading, byline, organisation, lists), in any form.
      for (const marker of [
        'alert(1)',
        'javascript:',
        'Shop [click]',
        'three farms',
        'Ada Martin',
        'Tea Co',
        'Sencha',
      ]) {
        expect(entities(mail.html), marker).not.toContain(marker);
        expect(flat(mail.text), marker).not.toContain(marker);
      }
      expect(mail.html).not.toMatch(/<script/i);
      expect(ours(mail.html, 'en')).toBe(true);
      expect(flat(mail.text)).toContain(flat(title.title));
      expect(mail.text).toContain(`${siteOrigin}/`);
    } finally {
      await close();
    }
  });
});
