import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import type { AuditReport } from '../../src/lib/audit.ts';
import { FORM_TYPES, formEndpoint } from '../../src/lib/form-limits.ts';
import { loadBlog } from '../../src/renderer/blog-loader.ts';
import { sampleAudit, sampleRequests, sampleSavedReport } from '../../src/server/email/samples.ts';
import { renderTeamEmail } from '../../src/server/email/team-email.ts';
import { createVisitorMailRenderer } from '../../src/server/email/visitor-mail.ts';
import { deliveryPayload } from '../../src/server/store/records.ts';
import { LANGUAGES, PAGES, localePath } from '../../src/site.ts';
import { SITE_NAMES, startFixtureSites, type FixtureSites } from '../fixtures/audit-sites.ts';
import { GPTBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

// Issue 38, bug 2: a bot challenge was told as "a bot challenge ({{marker}})". No page, state, API
// message or email a visitor can get may show an i18next placeholder, in either language. The pages'
// translations sent along for hydration are templates by nature: scripts are left out of what is read.

/** What a person or a crawler reads in a response: an HTML page without its scripts, or the body. */
const readable = (text: string) => text.replace(/<script[\s\S]*?<\/script>/g, '');

/** Placeholders left in a text: "{{marker}}", "{{count}}"… */
const placeholders = (text: string) => readable(text).match(/\{\{[^}]*\}\}|\{\{/g) ?? [];

let sites: FixtureSites;
let app: App;
beforeAll(async () => {
  sites = await startFixtureSites();
  app = await testServer({
    AUDIT_ALLOWED_HOSTS: sites.allowedHosts,
    // The site that never answers times out within the test's own limit.
    AUDIT_TIMEOUT_MS: '1000',
    AUDIT_RATE_LIMIT_PER_MINUTE: '1000',
    AUDIT_MAX_CONCURRENT: '20',
  });
});
afterAll(async () => {
  await app.locals.close();
  await sites.close();
});

async function expectNone(path: string, ua = HUMAN_UA, query?: Record<string, string>) {
  const res = await request(app)
    .get(path)
    .query(query ?? {})
    .set('User-Agent', ua);
  expect(placeholders(res.text), `${path} ${JSON.stringify(query ?? {})} (${res.status})`).toEqual([]);
  return res;
}

describe('no {{placeholder}} reaches a reader', () => {
  it('on any page, for people and crawlers, in both languages', async () => {
    const posts = loadBlog()
      .summaries('en')
      .map((post) => `blog/${post.slug}`);
    for (const lang of LANGUAGES) {
      const paths = [...PAGES.map((page) => page.path), ...posts, 'no-such-page', 'offline'];
      for (const page of paths) {
        for (const ua of [HUMAN_UA, GPTBOT_UA]) await expectNone(localePath(lang, page), ua);
      }
      // The pages behind email links, with links that are no longer (or never were) valid.
      for (const link of [
        'newsletter/confirm',
        'newsletter/unsubscribe',
        'tools/recheck/confirm',
        'tools/recheck/unsubscribe',
      ])
        await expectNone(localePath(lang, link), HUMAN_UA, { token: 'forged' });
      await expectNone(localePath(lang, `tools/report/${'0'.repeat(32)}`));
      await expectNone(localePath(lang, 'tools/report/not-an-id'));
    }
  });

  it('in every state of the audit: results, blocked, challenged, refused, timed out, not HTML…', async () => {
    for (const site of SITE_NAMES) {
      const url = `${sites.origin[site]}/`;
      for (const lang of LANGUAGES) {
        const api = await request(app).get('/api/audit').query({ url, lang }).set('User-Agent', HUMAN_UA);
        expect(placeholders(JSON.stringify(api.body)), `${site} ${lang} API`).toEqual([]);
        await expectNone(localePath(lang, 'tools'), HUMAN_UA, { url });
        const id = api.status === 200 ? (api.body as AuditReport).id : undefined;
        if (!id) continue;
        // The saved report, its Markdown copy and its JSON.
        await expectNone(localePath(lang, `tools/report/${id}`));
        await expectNone(`${localePath(lang, `tools/report/${id}`)}.md`);
        const saved = await request(app).get(`/api/audit/report/${id}`).query({ lang });
        expect(placeholders(JSON.stringify(saved.body)), `${site} ${lang} saved`).toEqual([]);
      }
    }
    // An address that is no address, and one of a private network.
    for (const lang of LANGUAGES) {
      for (const url of ['not a url', 'http://127.0.0.1/', 'http://brewlab.invalid/']) {
        const api = await request(app).get('/api/audit').query({ url, lang }).set('User-Agent', HUMAN_UA);
        expect(placeholders(JSON.stringify(api.body)), `${url} ${lang}`).toEqual([]);
        await expectNone(localePath(lang, 'tools'), HUMAN_UA, { url });
      }
    }
  });

  it('in the forms’ answers, with and without JavaScript', async () => {
    for (const lang of LANGUAGES) {
      for (const form of FORM_TYPES) {
        const endpoint = formEndpoint(form);
        const body = { email: 'broken', website: 'not a url', report: '0'.repeat(32), lang };
        const json = await request(app).post(endpoint).send(body);
        expect(json.status, `${form} ${lang}`).toBeGreaterThanOrEqual(400);
        expect(placeholders(JSON.stringify(json.body)), `${form} ${lang} JSON`).toEqual([]);
        const returnTo = localePath(lang, 'contact');
        const posted = await request(app)
          .post(endpoint)
          .set('Accept', 'text/html')
          .type('form')
          .send({ ...body, returnTo });
        const cookie = /form_result=[^;]*/.exec(String(posted.headers['set-cookie']))?.[0];
        const page = await request(app)
          .get(returnTo)
          .set('User-Agent', HUMAN_UA)
          .set('Cookie', cookie ?? '');
        expect(placeholders(page.text), `${form} ${lang} no-JS`).toEqual([]);
      }
    }
  });

  it('in any email, to the visitor or to the team', async () => {
    const render = createVisitorMailRenderer({
      siteUrl: 'https://geo.example',
      tokenSecret: Buffer.from('no-placeholders-test-secret-0123'),
      audit: sampleAudit,
      savedReport: sampleSavedReport,
    });
    for (const lang of LANGUAGES) {
      for (const [kind, mail] of Object.entries(sampleRequests(lang))) {
        const { subject, html, text } = await render(mail);
        expect(placeholders(`${subject}\n${html}\n${text}`), `${kind} ${lang}`).toEqual([]);
        if (!mail.lead) continue;
        const team = renderTeamEmail(deliveryPayload({ ...mail.lead, id: 7 }));
        expect(placeholders(`${team.subject}\n${team.html}\n${team.text}`), `team ${kind} ${lang}`).toEqual(
          [],
        );
      }
    }
  });
});
