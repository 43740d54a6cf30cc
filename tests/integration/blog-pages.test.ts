import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { loadBlog } from '../../src/renderer/blog-loader.ts';
import { longDate } from '../../src/lib/format.ts';
import { LANGUAGES } from '../../src/site.ts';
import { GOOGLEBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

let app: App;
const blog = loadBlog();
const slugs = blog.summaries('en').map((p) => p.slug);

beforeAll(async () => {
  app = await testServer();
});

const decode = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const cardTitles = (html: string) =>
  [...html.matchAll(/<h3 class="card-title"><a [^>]*href="\/\w\w\/blog\/([\w-]+)"/g)].map((m) => m[1]);

describe('blog listing', () => {
  it('renders every post, the featured grid, filters, the count and the newsletter', async () => {
    const res = await request(app).get('/en/blog').set('User-Agent', HUMAN_UA);
    expect(res.status).toBe(200);
    expect(res.text).toContain('placeholder="Search articles…"');
    expect(res.text).toContain('>Featured articles</h2>');
    for (const label of ['All', 'Strategy', 'Technical', 'Legal', 'Performance'])
      expect(res.text).toMatch(new RegExp(`>${label}</a>`));
    expect(res.text).toMatch(/>All articles<\/h2>/);
    expect(res.text).toContain('6 articles');
    expect(res.text).toContain(
      'No spam. Unsubscribe anytime. Your address is used for this newsletter only.',
    );
    expect(res.text).toContain('action="/api/newsletter"');
  });

  it('renders the filtered result on the server from ?q= and ?category=', async () => {
    const legal = await request(app).get('/en/blog?category=Legal');
    expect(legal.text).toMatch(/>Legal articles<\/h2>/);
    expect(legal.text).toContain('1 article<');
    expect(cardTitles(legal.text)).toEqual(['strategic-ai-compliance-excellence']);
    const search = await request(app).get('/fr/blog?q=robots&category=Technical');
    expect(search.text).toContain('Articles\u00a0: Technique');
    expect(cardTitles(search.text)).toEqual(['ai-platform-optimization-strategies']);
  });

  it('shows the empty state with Clear filters', async () => {
    const res = await request(app).get('/en/blog?category=Performance');
    expect(res.text).toContain('No articles found matching your criteria.');
    expect(res.text).toMatch(/href="\/en\/blog"[^>]*>Clear filters</);
    const fr = await request(app).get('/fr/blog?q=zzzz');
    expect(fr.text).toContain('Aucun article ne correspond à vos critères.');
  });

  it('ignores hostile filter values', async () => {
    const res = await request(app).get(
      '/en/blog?category=%3Cscript%3E&q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
    );
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<img src=x');
    expect(res.text).toMatch(/>All articles<\/h2>/);
  });
});

describe('articles', () => {
  it.each(LANGUAGES.flatMap((lang) => slugs.map((slug) => ({ lang, slug }))))(
    '/$lang/blog/$slug renders every element',
    async ({ lang, slug }) => {
      const post = blog.post(lang, slug)!;
      const res = await request(app).get(`/${lang}/blog/${slug}`).set('User-Agent', HUMAN_UA);
      expect(res.status).toBe(200);
      const html = res.text;
      const h1 = /<h1 class="hero-title">([^<]*)<\/h1>/.exec(html)![1]!;
      expect(decode(h1)).toBe(post.title);
      expect(html).toContain(`href="/${lang}/blog"`);
      expect(html).toContain(`<time dateTime="${post.publishedAt}">`);
      // The review date sits next to the publication date, in the page language.
      const header = /<header class="page-hero">[\s\S]*?<\/header>/.exec(html)![0];
      expect(header).toContain(lang === 'en' ? 'Updated' : 'Mis à jour le');
      expect(header).toContain(`<time dateTime="${post.updatedAt}">${longDate(post.updatedAt, lang)}</time>`);
      expect(html).toContain(
        lang === 'en' ? `${post.readingTime}\u00a0min read` : `${post.readingTime}\u00a0min de lecture`,
      );
      expect(html).toContain(lang === 'en' ? `${post.wordCount} words` : `${post.wordCount}\u00a0mots`);
      expect(html).toContain(lang === 'en' ? 'Share this article' : 'Partager l’article');
      expect(html).toContain(lang === 'en' ? 'About the author' : 'À propos de l’auteur');
      expect(html).toContain(`href="/${lang}/tools"`);
      expect(html).toContain(`href="/${lang}/services"`);
      expect(html).toMatch(/<h2 id="[a-z0-9-]+">/);
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as {
        '@graph': Record<string, unknown>[];
      };
      const article = ld['@graph'].find(
        (n) => n['@type'] === (post.schemaType === 'TechArticle' ? 'TechArticle' : 'BlogPosting'),
      )!;
      expect(article).toMatchObject({
        headline: post.title,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        wordCount: post.wordCount,
        timeRequired: `PT${post.readingTime}M`,
        inLanguage: lang === 'en' ? 'en-US' : 'fr-FR',
        publisher: { '@id': 'https://geo.example/#organization' },
        mainEntityOfPage: { '@id': `https://geo.example/${lang}/blog/${slug}#webpage` },
      });
      const crumbs = ld['@graph'].find((n) => n['@type'] === 'BreadcrumbList') as {
        itemListElement: { name: string }[];
      };
      expect(crumbs.itemListElement.map((c) => c.name)).toEqual([
        lang === 'en' ? 'Home' : 'Accueil',
        'Blog',
        post.title,
      ]);
    },
  );

  it('shows related articles with excerpts cut at 120 characters', async () => {
    const html = (await request(app).get('/en/blog/ultimate-geo-guide-2025')).text;
    const related = /<section aria-labelledby="related-title"[\s\S]*?<\/section>/.exec(html)![0];
    expect(cardTitles(related).length).toBeGreaterThan(0);
    expect(cardTitles(related).length).toBeLessThanOrEqual(3);
    expect(cardTitles(related)).not.toContain('ultimate-geo-guide-2025');
    for (const [, text] of related.matchAll(/<p class="muted grow">([^<]*)<\/p>/g))
      expect(text!.length).toBeLessThanOrEqual(123);
  });

  it('redirects an unknown slug to the listing with a 302', async () => {
    const res = await request(app).get('/fr/blog/no-such-post?x=1');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/fr/blog?x=1');
  });
});

describe('for machines', () => {
  it('serves the markdown copy of each article', async () => {
    for (const lang of LANGUAGES) {
      for (const slug of slugs) {
        const res = await request(app).get(`/${lang}/blog/${slug}.md`);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/markdown/);
        expect(res.text.startsWith(`# ${blog.post(lang, slug)!.title}\n`)).toBe(true);
        expect(res.text).not.toMatch(/^---$/m);
        expect(res.text).toContain(`https://geo.example/${lang}/blog/${slug}`);
      }
    }
    expect((await request(app).get('/en/blog/nope.md')).status).not.toBe(200);
  });

  it('labels the facts of a markdown copy in the page language', async () => {
    const fr = (await request(app).get('/fr/blog/strategic-ai-compliance-excellence.md')).text;
    expect(fr).toMatch(/^- Auteur\u00a0: \S/m);
    expect(fr).toContain('- Catégorie\u00a0: Juridique');
    expect(fr).toMatch(/^- Temps de lecture\u00a0: 10\u00a0min \(\d+\u00a0mots\)$/m);
    expect(fr).not.toMatch(/Author:|Reading time:|Category:/);
    const en = (await request(app).get('/en/blog/strategic-ai-compliance-excellence.md')).text;
    expect(en).toContain('- Category: Legal');
    expect(en).toMatch(/^- Reading time: 10\u00a0min \(\d+ words\)$/m);
  });

  it('serves an RSS feed per language, linked from the head', async () => {
    for (const lang of LANGUAGES) {
      const res = await request(app).get(`/${lang}/feed.xml`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/rss\+xml/);
      expect(res.text).toContain('<rss version="2.0"');
      expect(res.text.match(/<item>/g)).toHaveLength(6);
      expect(res.text).toContain(`<language>${lang === 'en' ? 'en-US' : 'fr-FR'}</language>`);
    }
    const page = (await request(app).get('/en/')).text;
    expect(page).toContain('type="application/rss+xml"');
    expect(page).toContain('href="/en/feed.xml"');
  });

  it('lists every article in the sitemap with lastmod from updatedAt', async () => {
    const xml = (await request(app).get('/sitemap.xml')).text;
    for (const slug of slugs) {
      const updated = blog.post('en', slug)!.updatedAt.slice(0, 10);
      expect(xml).toMatch(
        new RegExp(`<loc>https://geo.example/fr/blog/${slug}</loc>[\\s\\S]*?<lastmod>${updated}</lastmod>`),
      );
    }
  });

  it('gives the client the blog JSON, bodies only per article', async () => {
    const list = await request(app).get('/api/blog/en');
    expect(list.body.posts).toHaveLength(6);
    expect(list.body.posts[0].html).toBeUndefined();
    const one = await request(app).get(`/api/blog/fr/${slugs[0]}`);
    expect(one.body.post.html).toContain('<h2 id=');
    expect(one.body.post.content).toBeUndefined();
    expect((await request(app).get('/api/blog/en/nope')).status).toBe(404);
  });

  it('keeps article bodies out of the client bundle', () => {
    const dir = path.resolve('dist/client/assets');
    const bundle = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    for (const lang of LANGUAGES) {
      for (const slug of slugs) {
        // A plain sentence from the body (no Markdown, no accents to be escaped differently).
        const line = blog
          .post(lang, slug)!
          .content.split('\n')
          .find((l) => /^[A-Za-z][A-Za-z ,']{59}/.test(l));
        expect(line, `${lang}/${slug} has a plain sentence to look for`).toBeDefined();
        expect(bundle.includes(line!.slice(0, 60)), `${lang}/${slug} body is in the client bundle`).toBe(
          false,
        );
      }
    }
  });

  it('gives crawlers the full article with no script', async () => {
    const res = await request(app).get(`/en/blog/${slugs[0]}`).set('User-Agent', GOOGLEBOT_UA);
    expect(res.text).toContain('<div id="article-text" class="prose">');
    expect(res.text.match(/<script[^>]*>/g)).toEqual(['<script type="application/ld+json">']);
  });
});
