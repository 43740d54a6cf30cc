import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../server.ts';
import { pageModified, newest } from '../../src/content/page-dates.ts';
import { loadBlog } from '../../src/renderer/blog-loader.ts';
import { LANGUAGES, PAGES, localePath } from '../../src/site.ts';
import {
  DATES_FILE,
  DIGESTS_FILE,
  changedPages,
  pageContent,
  pageDigests,
  readRecord,
} from '../../scripts/page-dates.ts';
import { GPTBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

// True dates (design §7): a page's date is when its content last changed, recorded with the content
// (content/pages/dates.json), never the build's or the server's time; articles carry theirs.

const blog = loadBlog();
let app: App;
beforeAll(async () => {
  app = await testServer();
});
afterEach(() => {
  vi.useRealTimers();
});

const httpDate = (iso: string) => new Date(iso).toUTCString();

describe('the record of page dates', () => {
  it('has a date for every page in every language', () => {
    const dates = readRecord(DATES_FILE);
    for (const page of PAGES)
      for (const lang of LANGUAGES)
        expect(dates[page.id]?.[lang], `${page.id} ${lang}`).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('is up to date: no page changed its content without its date (run `npm run dates`)', async () => {
    const changed = changedPages(readRecord(DIGESTS_FILE), await pageDigests());
    expect(
      changed.map(({ id, lang }) => `${localePath(lang, PAGES.find((p) => p.id === id)!.path)}`),
      'these pages changed since their date was recorded: run `npm run dates` and commit content/pages/',
    ).toEqual([]);
  });

  it('takes as content the title, the description and the main text, not markup or the date itself', () => {
    const page = (main: string, title = 'T') =>
      `<html><head><title>${title}</title><meta name="description" content="D"/></head><body><nav>menu</nav><main id="m">${main}</main><footer>© 2026</footer></body></html>`;
    const base = pageContent(page('<h1 class="a">Hello</h1><p>World</p>'));
    expect(base).toBe('T\nD\nHello World');
    expect(pageContent(page('<h1 class="b">Hello</h1>\n<p>World</p>'))).toBe(base);
    expect(pageContent(page('<h1>Hello</h1><p>World!</p>'))).not.toBe(base);
    expect(pageContent(page('<h1>Hello</h1><p>World</p>', 'T2'))).not.toBe(base);
    expect(
      pageContent(
        page('<h1>Hello</h1><p>World <time data-modified="" dateTime="2026-01-02">Jan 2</time></p>'),
      ),
    ).toBe(base);
  });
});

describe('where the dates are used', () => {
  it('gives each page and article its own date in the sitemap, in each language', async () => {
    const xml = (await request(app).get('/sitemap.xml')).text;
    for (const lang of LANGUAGES) {
      for (const page of PAGES) {
        const loc = `https://geo.example${localePath(lang, page.path)}`;
        expect(xml, loc).toContain(`<loc>${loc}</loc>`);
        const entry = xml.slice(xml.indexOf(`<loc>${loc}</loc>`)).split('</url>')[0]!;
        expect(entry, loc).toContain(`<lastmod>${pageModified(page.id, lang)}</lastmod>`);
      }
      for (const post of blog.summaries(lang)) {
        const loc = `https://geo.example/${lang}/blog/${post.slug}`;
        const entry = xml.slice(xml.indexOf(`<loc>${loc}</loc>`)).split('</url>')[0]!;
        expect(entry, loc).toContain(`<lastmod>${post.updatedAt.slice(0, 10)}</lastmod>`);
      }
    }
  });

  it('says dateModified in the JSON-LD of pages and articles', async () => {
    for (const lang of LANGUAGES) {
      const html = (await request(app).get(localePath(lang, 'guide')).set('User-Agent', HUMAN_UA)).text;
      expect(html).toContain(`"dateModified":"${pageModified('guide', lang)}"`);
      const post = blog.summaries(lang)[0]!;
      const article = (await request(app).get(`/${lang}/blog/${post.slug}`).set('User-Agent', HUMAN_UA)).text;
      expect(article).toContain(`"dateModified":"${post.updatedAt}"`);
    }
  });

  it('shows the AI Act statement’s date of last change', async () => {
    const html = (await request(app).get('/fr/ai-act-statement').set('User-Agent', HUMAN_UA)).text;
    expect(html).toContain(`<time dateTime="${pageModified('aiAct', 'fr')}" data-modified="">`);
  });

  it('sends Last-Modified on crawler pages, Markdown copies, feeds and the site files, and 304 when unchanged', async () => {
    const guide = httpDate(pageModified('guide', 'en')!);
    const crawler = await request(app).get('/en/guide').set('User-Agent', GPTBOT_UA);
    expect(crawler.headers['last-modified']).toBe(guide);
    expect((await request(app).get('/en/guide.md')).headers['last-modified']).toBe(guide);
    const negotiated = await request(app).get('/en/guide').set('Accept', 'text/markdown');
    expect(negotiated.headers['last-modified']).toBe(guide);
    const post = blog.summaries('fr')[0]!;
    expect((await request(app).get(`/fr/blog/${post.slug}.md`)).headers['last-modified']).toBe(
      httpDate(post.updatedAt),
    );
    const newestPost = newest(blog.summaries('fr').map((p) => p.updatedAt))!;
    expect((await request(app).get('/fr/feed.xml')).headers['last-modified']).toBe(httpDate(newestPost));
    const site = newest([
      ...LANGUAGES.flatMap((lang) => PAGES.map((page) => pageModified(page.id, lang))),
      ...LANGUAGES.flatMap((lang) => blog.summaries(lang).map((p) => p.updatedAt)),
    ])!;
    for (const file of ['/sitemap.xml', '/llms.txt', '/llms-full.txt'])
      expect((await request(app).get(file)).headers['last-modified'], file).toBe(httpDate(site));

    const again = await request(app)
      .get('/en/guide')
      .set('User-Agent', GPTBOT_UA)
      .set('If-Modified-Since', crawler.headers['last-modified']!);
    expect(again.status).toBe(304);
    // A person's page names the build's assets, which change without the content: no Last-Modified
    // that could revive a stale copy (its ETag covers the bytes).
    expect(
      (await request(app).get('/en/guide').set('User-Agent', HUMAN_UA)).headers['last-modified'],
    ).toBeUndefined();
  });

  it('gives the same dates from a server started a day later', async () => {
    const snapshot = async (server: App) => {
      const sitemap = (await request(server).get('/sitemap.xml')).text;
      const feed = (await request(server).get('/en/feed.xml')).text;
      const page = await request(server).get('/fr/ai-act-statement').set('User-Agent', GPTBOT_UA);
      const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.text)![1];
      return {
        sitemap,
        feed,
        jsonLd,
        lastModified: page.headers['last-modified'],
        meta: /<meta name="last-modified"[^>]*>/.exec(page.text)?.[0],
      };
    };
    const today = await snapshot(app);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60 * 1000 });
    let tomorrow;
    try {
      tomorrow = await snapshot(await testServer());
    } finally {
      // Suites share their worker's modules (vitest.config.ts): the next file gets the real clock.
      vi.useRealTimers();
    }
    expect(tomorrow).toEqual(today);
    expect(today.meta).toBe(`<meta name="last-modified" content="${pageModified('aiAct', 'fr')}"/>`);
  });
});
