import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { loadBlog } from '../../src/renderer/blog-loader.ts';
import { PAGES, localePath } from '../../src/site.ts';
import { checkFrench, format } from '../support/french-typography.ts';
import { GPTBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

// French typography as a visitor or a crawler receives it, not only in the sources
// (tests/i18n/locales/french-typography.test.ts): every French page for people and for crawlers (whose
// HTML carries the hidden key-facts block), its Markdown copy, every French article and the feed.
// Text that code puts together (dates, prices, counts, labels joined to values) is checked here too,
// numbers with their units and nouns included (« 8 min de lecture », « 78 sur 100 »).

let app: App;
beforeAll(async () => {
  app = await testServer();
});

const articles = loadBlog().summaries('fr');
const pagePaths = [
  ...PAGES.map((p) => localePath('fr', p.path)),
  ...articles.map((post) => `/fr/blog/${post.slug}`),
];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };

/**
 * The prose of some HTML as a reader gets it: tags, scripts, styles and code samples out, the escapes
 * React writes decoded (a straight apostrophe arrives as &#x27;), no-break spaces kept as they are.
 */
function textOf(html: string): string {
  return (
    html
      .replace(/<(script|style|pre|code|kbd|samp)\b[\s\S]*?<\/\1>/g, ' ')
      // A stat grid's figure and its label are two blocks, two lines of text: not a number–unit pair.
      .replace(/(<span class="stat-value">[^<]*<\/span>)/g, '$1\u2029')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_m, name: string) => ENTITIES[name]!)
      .replace(/[ \t\r\n]+/g, ' ')
      .replace(/ ?\u2029 ?/g, '\n')
  );
}

/** What a French visitor reads: the title, the description and the body, hidden blocks included. */
function prose(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  return [title, description, body].map(textOf).join('\n');
}

describe('French typography in what the server sends', () => {
  it.each(pagePaths)('%s, for people and crawlers', async (path) => {
    const human = await request(app).get(path).set('User-Agent', HUMAN_UA);
    const crawler = await request(app).get(path).set('User-Agent', GPTBOT_UA);
    expect(human.status).toBe(200);
    const problems = [
      ...checkFrench(prose(human.text), `${path} (person)`),
      ...checkFrench(prose(crawler.text), `${path} (crawler)`),
    ];
    expect(format(problems)).toBe('');
  });

  it.each(pagePaths)('%s as Markdown', async (path) => {
    const md = path.endsWith('/') ? `${path}index.md` : `${path}.md`;
    const res = await request(app).get(md);
    expect(res.status).toBe(200);
    expect(format(checkFrench(res.text, md))).toBe('');
  });

  it('the French feed', async () => {
    const res = await request(app).get('/fr/feed.xml');
    expect(res.status).toBe(200);
    // The feed's text nodes, without the XML markup and the CDATA wrappers.
    const text = res.text.replace(/<!\[CDATA\[|\]\]>/g, '').replace(/<\?xml[^>]*\?>/, '');
    expect(format(checkFrench(text, '/fr/feed.xml'))).toBe('');
  });

  it('finds a planted mistake in a rendered page', async () => {
    const res = await request(app).get('/fr/faq').set('User-Agent', HUMAN_UA);
    const text = prose(res.text);
    expect(checkFrench(text, 'faq')).toEqual([]);
    const planted = text.replace('\u202f?', ' ?');
    expect(planted).not.toBe(text);
    expect(format(checkFrench(planted, 'faq'))).toMatch(/wrong space before "\?"/);
  });

  it('finds a number split from its unit, and three dots, in a rendered page', async () => {
    const res = await request(app).get('/fr/blog').set('User-Agent', HUMAN_UA);
    const text = prose(res.text);
    expect(checkFrench(text, 'blog')).toEqual([]);
    const minutes = text.replace(/(\d)\u00a0min de lecture/, '$1 min de lecture');
    expect(minutes).not.toBe(text);
    expect(format(checkFrench(minutes, 'blog'))).toMatch(/needs U\+00A0 between a number and its unit/);
    const dots = text.replace(/\.(\s)/, '...$1');
    expect(dots).not.toBe(text);
    expect(format(checkFrench(dots, 'blog'))).toMatch(/three dots/);
  });
});
