import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServer, type App } from '../../server.ts';
import { ConfigError } from '../../src/server/config.ts';
import { LANGUAGES, PAGES, localePath } from '../../src/site.ts';
import { GPTBOT_UA, HUMAN_UA, testServer, visibleText } from '../support/test-server.ts';

// The legal notice (issue 22, decision 029): the publisher, director of publication and host come
// from the COMPANY_* settings, reach the page through the site context like the contact address,
// and are escaped like any other text; the privacy policy names the same controller.

const COMPANY = {
  COMPANY_NAME: 'Acme <script>alert("name")</script> SAS',
  COMPANY_LEGAL_FORM: 'Société par actions simplifiée',
  COMPANY_SHARE_CAPITAL: '10 000 €',
  COMPANY_ADDRESS: '1 rue de la Paix & Cie, 75002 Paris',
  COMPANY_REGISTRATION: 'RCS Paris 123 456 789',
  COMPANY_VAT_NUMBER: 'FR12123456789',
  COMPANY_PHONE: '+33 1 23 45 67 89',
  COMPANY_PUBLICATION_DIRECTOR: 'Jeanne "JM" Martin',
  COMPANY_HOST_NAME: 'Nuage Hébergement',
  COMPANY_HOST_ADDRESS: '2 quai du Port, 13002 Marseille',
  COMPANY_HOST_PHONE: '+33 4 91 00 00 00',
};
/** How React writes a text value into the HTML. */
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
const footerOf = (html: string) => html.slice(html.indexOf('<footer'), html.lastIndexOf('</footer>'));

let app: App;
let placeholders: App;
beforeAll(async () => {
  [app, placeholders] = await Promise.all([testServer(COMPANY), testServer()]);
});

describe('the legal notice page', () => {
  it.each([
    ['en', 'Legal notice'],
    ['fr', 'Mentions légales'],
  ] as const)('/%s/legal-notice shows every setting, escaped', async (lang, title) => {
    for (const ua of [HUMAN_UA, GPTBOT_UA]) {
      const res = await request(app).get(`/${lang}/legal-notice`).set('User-Agent', ua);
      expect(res.status).toBe(200);
      const main = mainOf(res.text);
      expect(main).toContain(`<h1 class="hero-title">${title}</h1>`);
      for (const value of Object.values(COMPANY)) expect(main, value).toContain(escaped(value));
      // Nowhere in the document, hydration data and JSON-LD included, does the value run as markup.
      expect(res.text).not.toContain('<script>alert(');
      expect(main).toContain(`<address>${escaped(COMPANY.COMPANY_ADDRESS)}</address>`);
      expect(main).toContain('href="tel:+33123456789"');
      expect(main).toContain('href="tel:+33491000000"');
      expect(main).toContain('href="mailto:hello@geo.example"');
      expect(main).toMatch(/<dl\b/);
      for (const page of ['privacy', 'terms', 'contact']) expect(main).toContain(`href="/${lang}/${page}"`);
    }
  });

  it('shows the placeholders, and no optional row, when nothing is set', async () => {
    const res = await request(placeholders).get('/en/legal-notice').set('User-Agent', HUMAN_UA);
    expect(res.status).toBe(200);
    const text = visibleText(mainOf(res.text));
    expect(text).toContain('[Company legal name — set COMPANY_NAME]');
    expect(text).toContain('[Hosting provider’s phone number — set COMPANY_HOST_PHONE]');
    for (const label of ['Legal form', 'Share capital', 'VAT number']) expect(text).not.toContain(label);
    // A placeholder is no phone number to call.
    expect(mainOf(res.text)).not.toContain('href="tel:');
  });

  it('is in the sitemap and llms.txt, and has a Markdown copy with the settings', async () => {
    const sitemap = (await request(app).get('/sitemap.xml')).text;
    const llms = (await request(app).get('/llms.txt')).text;
    for (const lang of LANGUAGES) {
      expect(sitemap).toContain(`<loc>https://geo.example/${lang}/legal-notice</loc>`);
      expect(llms).toContain(`(https://geo.example/${lang}/legal-notice.md)`);
      const md = await request(app).get(`/${lang}/legal-notice.md`);
      expect(md.status).toBe(200);
      expect(md.text).toContain('Jeanne "JM" Martin');
      expect(md.text).toContain('RCS Paris 123 456 789');
    }
  });

  it('is linked first in the footer’s Legal group of every page', async () => {
    for (const lang of LANGUAGES) {
      for (const page of PAGES) {
        const html = (await request(app).get(localePath(lang, page.path)).set('User-Agent', HUMAN_UA)).text;
        const legal = footerOf(html).slice(footerOf(html).indexOf('id="footer-legal"'));
        const first = /<a [^>]*href="([^"]+)"/.exec(legal)?.[1];
        expect(first, `${lang} ${page.id}`).toBe(`/${lang}/legal-notice`);
      }
    }
  });
});

describe('the controller in the privacy policy', () => {
  it.each(LANGUAGES)(
    '/%s/privacy names the company and its office, and links to the notice',
    async (lang) => {
      for (const path of [`/${lang}/privacy`, `/${lang}/gdpr`]) {
        const main = mainOf((await request(app).get(path).set('User-Agent', HUMAN_UA)).text);
        expect(main, path).toContain(escaped(COMPANY.COMPANY_NAME));
        expect(main, path).toContain(`href="/${lang}/legal-notice"`);
      }
      const privacy = mainOf((await request(app).get(`/${lang}/privacy`)).text);
      expect(privacy).toContain(escaped(COMPANY.COMPANY_ADDRESS));
      expect(privacy).not.toContain('<script>alert(');
      expect(visibleText(privacy)).not.toContain('{{');
    },
  );
});

describe('start-up on a published site', () => {
  const PUBLISHED = {
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'geo-test-')),
    SITE_URL: 'https://www.acme.fr',
    RATE_LIMIT_PER_MINUTE: '0',
  };
  it('stops with one line naming the COMPANY_* setting that is missing', async () => {
    const env = { ...PUBLISHED, ...COMPANY } as Record<string, string>;
    delete env.COMPANY_HOST_NAME;
    const started = createServer({ env });
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toThrow(/^Invalid configuration: COMPANY_HOST_NAME must be set[^\n]*$/);
  });

  it('starts with every required setting, and shows them', async () => {
    const published = await createServer({
      env: { ...PUBLISHED, ...COMPANY },
    });
    const res = await request(published).get('/fr/legal-notice').set('User-Agent', HUMAN_UA);
    expect(res.status).toBe(200);
    expect(mainOf(res.text)).toContain(escaped(COMPANY.COMPANY_HOST_NAME));
    expect(res.text).not.toContain('set COMPANY_');
  });
});

describe('the Organization node of every page', () => {
  const organizationOf = async (server: App) => {
    const html = (await request(server).get('/fr/').set('User-Agent', HUMAN_UA)).text;
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const graph = JSON.parse(json) as { '@graph': Record<string, unknown>[] };
    return graph['@graph'].find((node) => node['@type'] === 'Organization')!;
  };

  it('carries the legal identity once the settings hold it, never a placeholder', async () => {
    const org = await organizationOf(app);
    expect(org.legalName).toBe(COMPANY.COMPANY_NAME);
    expect(org.address).toBe(COMPANY.COMPANY_ADDRESS);
    expect(org.telephone).toBe(COMPANY.COMPANY_PHONE);
    expect(org.vatID).toBe(COMPANY.COMPANY_VAT_NUMBER);
    const unset = await organizationOf(placeholders);
    for (const key of ['legalName', 'address', 'telephone', 'vatID']) expect(unset).not.toHaveProperty(key);
  });

  it('names pages outside the navigation by their title in the breadcrumb', async () => {
    const html = (await request(app).get('/en/legal-notice').set('User-Agent', HUMAN_UA)).text;
    expect(html).not.toContain('"nav.legalNotice"');
    expect(html).toMatch(
      /"@type":"ListItem","position":2,"name":"Legal notice[^"]*","item":"https:\/\/geo.example\/en\/legal-notice"/,
    );
  });
});
