import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { startFixtureSites, type FixtureSites } from '../fixtures/audit-sites.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// Issue 38, bug 5: an audit the site itself kept out (a bot challenge, an error, no answer) is a lead,
// not a dead end: the error offers the team's help, with the contact form filled in with the address,
// and another audit; without JavaScript too. A failure of ours (busy, rate-limited) only asks to try again.

let sites: FixtureSites;
let app: App;
beforeAll(async () => {
  sites = await startFixtureSites();
  app = await testServer({
    AUDIT_ALLOWED_HOSTS: sites.allowedHosts,
    AUDIT_TIMEOUT_MS: '5000',
    AUDIT_RATE_LIMIT_PER_MINUTE: '1000',
  });
});
afterAll(async () => {
  await app.locals.close();
  await sites.close();
});

/** A page's HTML without its scripts (they carry every translation, for hydration). */
const page = async (path: string, query: Record<string, string> = {}, server = app) =>
  (await request(server).get(path).query(query).set('User-Agent', HUMAN_UA)).text.replace(
    /<script[\s\S]*?<\/script>/g,
    '',
  );

/** The error section of a Tools page, and the address its "Ask our team" link leads to. */
async function errorOf(lang: string, url: string) {
  const html = await page(`/${lang}/tools`, { url });
  const section = /<section[^>]*data-testid="audit-error"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  const link = /<a[^>]*data-testid="audit-error-contact"[^>]*>/.exec(section)?.[0] ?? '';
  const href = /href="([^"]*)"/.exec(link)?.[1];
  return { section, contact: href?.replaceAll('&amp;', '&') };
}

const decode = (html: string) =>
  html.replaceAll('&amp;', '&').replaceAll('&#x27;', '’').replaceAll('&quot;', '"');

describe('an audit the site kept out', () => {
  it('offers the team’s help with the address filled in, and another audit, in both languages', async () => {
    const url = `${sites.origin.challengeAll}/`;
    for (const [lang, ask, another, intro] of [
      ['en', 'Ask our team to check it', 'Audit another page', 'Our free audit could not read'],
      [
        'fr',
        'Demander à notre équipe de vérifier',
        'Auditer une autre page',
        'L’audit gratuit n’a pas pu lire',
      ],
    ] as const) {
      const { section, contact } = await errorOf(lang, url);
      expect(section).toContain(ask);
      expect(section).toContain(another);
      expect(section).toContain('href="#audit-url"');
      expect(contact).toMatch(new RegExp(`^/${lang}/contact\\?`));
      // The contact page, as the link opens it without JavaScript: the address and a first message.
      const form = decode(await page(contact!));
      expect(form).toMatch(new RegExp(`name="website"[^>]*value="${url}"`));
      expect(form).toContain(`${intro} ${url}`);
      expect(form).toMatch(/<option value="ai-visibility-audit" selected/);
    }
  });

  it('fills nothing in from an address that is no website, or too long', async () => {
    for (const website of ['javascript:alert(1)', `https://example.com/${'a'.repeat(600)}`]) {
      const html = await page('/en/contact', { website, from: 'audit' });
      expect(html).toMatch(/name="website"[^>]*value=""/);
      expect(html).not.toContain('Our free audit could not read');
    }
  });

  it('offers another audit, not the team, for a private address; and only "try again" for a failure of ours', async () => {
    const refused = await errorOf('en', 'http://127.0.0.1/');
    expect(refused.section).toContain('Audit another page');
    expect(refused.contact).toBeUndefined();
    const busy = await testServer({
      AUDIT_ALLOWED_HOSTS: sites.allowedHosts,
      AUDIT_RATE_LIMIT_PER_MINUTE: '1',
    });
    try {
      const url = `${sites.origin.good}/`;
      expect(await page('/en/tools', { url }, busy)).toContain('data-testid="overall-score"');
      const limited = await page('/en/tools', { url: `${url}?again` }, busy);
      const section = limited.slice(limited.indexOf('data-testid="audit-error"'));
      expect(section).toMatch(/^data-testid="audit-error" data-reason="rateLimited"/);
      expect(section.slice(0, section.indexOf('</section>'))).not.toContain('Audit another page');
      expect(limited).not.toContain('audit-error-contact');
    } finally {
      await busy.locals.close();
    }
  });
});
