import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { loadBlog } from '../../src/renderer/blog-loader.ts';
import { SECURITY_TXT_VALIDITY_DAYS } from '../../src/renderer/site-files.ts';
import { LANGUAGES, PAGES, localePath } from '../../src/site.ts';
import { GPTBOT_UA, HUMAN_UA, testServer, visibleText } from '../support/test-server.ts';

// CONTACT_EMAIL is the one contact address the site shows and publishes, and security.txt (RFC 9116).

const CONTACT = 'team@company.test';
const PLACEHOLDER_DOMAIN = 'geo-platform.example';
const DAY = 24 * 60 * 60 * 1000;

let app: App;
beforeAll(async () => {
  app = await testServer({ CONTACT_EMAIL: CONTACT });
});

/** RFC 9116 §2.5 fields (and §2.4's extension rule: anything else is an unknown field). */
const KNOWN_FIELDS = new Set([
  'Acknowledgments',
  'Canonical',
  'Contact',
  'Encryption',
  'Expires',
  'Hiring',
  'Policy',
  'Preferred-Languages',
]);

describe('/.well-known/security.txt', () => {
  it('follows RFC 9116: Contact and one Expires less than a year away, known fields only', async () => {
    const res = await request(app).get('/.well-known/security.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const fields = res.text
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
      .map((line) => {
        const match = /^([A-Za-z][\w-]*): (\S.*)$/.exec(line);
        expect(match, `a "Field: value" line: ${line}`).not.toBeNull();
        return { name: match![1]!, value: match![2]! };
      });
    for (const { name } of fields) expect(KNOWN_FIELDS, `unknown field ${name}`).toContain(name);
    const all = (name: string) => fields.filter((f) => f.name === name).map((f) => f.value);

    expect(all('Contact')).toEqual([`mailto:${CONTACT}`]);
    expect(all('Preferred-Languages')).toEqual(['en, fr']);
    expect(all('Canonical')).toEqual(['https://geo.example/.well-known/security.txt']);

    const expires = all('Expires');
    expect(expires).toHaveLength(1); // "MUST NOT appear more than once"
    expect(expires[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/); // RFC 3339 / ISO 8601
    const at = Date.parse(expires[0]!);
    expect(at).toBeGreaterThan(Date.now());
    expect(at).toBeLessThan(Date.now() + 365 * DAY);
    expect(at).toBeGreaterThan(Date.now() + (SECURITY_TXT_VALIDITY_DAYS - 2) * DAY);
  });
});

describe('CONTACT_EMAIL', () => {
  const slugs = loadBlog()
    .summaries('en')
    .map((p) => p.slug);

  const get = async (path: string, ua = HUMAN_UA) => {
    const res = await request(app).get(path).set('User-Agent', ua);
    expect(res.status, path).toBe(200);
    return res.text;
  };

  it('is the only address of every page, for people and crawlers, in both languages', async () => {
    for (const lang of LANGUAGES) {
      for (const page of PAGES) {
        for (const ua of [HUMAN_UA, GPTBOT_UA]) {
          const path = localePath(lang, page.path);
          const html = await get(path, ua);
          expect(html, path).not.toContain(PLACEHOLDER_DOMAIN);
          expect(html, `${path} (footer, JSON-LD)`).toContain(`mailto:${CONTACT}`);
          // (The translations sent along for hydration keep their {{email}} placeholder.)
          expect(visibleText(html), path).not.toContain('{{');
        }
      }
    }
  });

  it('is the address the contact, legal, AI Act and FAQ pages give', async () => {
    for (const lang of LANGUAGES) {
      for (const id of ['contact', 'privacy', 'terms', 'gdpr', 'cookiePolicy', 'aiAct', 'faq'] as const) {
        const page = PAGES.find((p) => p.id === id)!;
        const html = await get(localePath(lang, page.path));
        const main = html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
        expect(main, `${lang} ${id}`).toContain(CONTACT);
      }
      const graph = await get(localePath(lang), GPTBOT_UA);
      expect(graph).toMatch(new RegExp(`"email":"${CONTACT.replace('.', '\\.')}"`));
    }
  });

  it('is the only address of the files for crawlers, feeds and Markdown copies', async () => {
    const files = [
      '/ai.txt',
      '/llms.txt',
      '/llms-full.txt',
      '/robots.txt',
      '/sitemap.xml',
      '/.well-known/security.txt',
      ...LANGUAGES.flatMap((lang) => [
        `/${lang}/feed.xml`,
        ...PAGES.map((p) => `/${lang}/${p.path || 'index'}.md`),
        ...slugs.map((slug) => `/${lang}/blog/${slug}.md`),
      ]),
    ];
    for (const path of files) expect(await get(path), path).not.toContain(PLACEHOLDER_DOMAIN);
    for (const path of ['/ai.txt', '/llms.txt', '/llms-full.txt', '/.well-known/security.txt']) {
      expect(await get(path), path).toContain(CONTACT);
    }
  });
});
