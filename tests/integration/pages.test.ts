import { createHash } from 'node:crypto';
import { headScript } from '../../src/lib/head-script.ts';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { loadBlog } from '../../src/renderer/blog-loader.ts';
import type { RendererBundle } from '../../src/renderer/contract.ts';
import { LANGUAGES, PAGES, localePath } from '../../src/site.ts';
import { GOOGLEBOT_UA, GPTBOT_UA, HUMAN_UA, bodyText, testServer } from '../support/test-server.ts';

// The pages as the built server sends them (src/server/pages.ts): language redirects (the language
// rules themselves in tests/server/language.test.ts), pages for people and for crawlers, status codes
// and error screens, headers, assets and health, and the files for crawlers.

let app: App;
beforeAll(async () => {
  app = await testServer();
});

describe('language redirects', () => {
  it('sends / to the English home page by default', async () => {
    const res = await request(app).get('/');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/en/');
  });

  it('sends / to the stored language, then to Accept-Language', async () => {
    expect((await request(app).get('/').set('Cookie', 'lang=fr')).headers.location).toBe('/fr/');
    expect(
      (await request(app).get('/').set('Accept-Language', 'fr-FR,fr;q=0.9,en;q=0.5')).headers.location,
    ).toBe('/fr/');
    expect(
      (await request(app).get('/').set('Cookie', 'lang=en').set('Accept-Language', 'fr')).headers.location,
    ).toBe('/en/');
  });

  it('discards a language value that is not a language', async () => {
    const res = await request(app).get('/').set('Cookie', 'lang=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.headers.location).toBe('/en/');
  });

  it.each(PAGES.filter((p) => p.path).map((p) => p.path))(
    'redirects unprefixed /%s and keeps the query',
    async (p) => {
      const res = await request(app).get(`/${p}?utm_source=x&b=2`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`/en/${p}?utm_source=x&b=2`);
    },
  );

  it('keeps the slug of an unprefixed blog post (the spec defect fixed)', async () => {
    const res = await request(app).get('/blog/ultimate-geo-guide-2025').set('Cookie', 'lang=fr');
    expect(res.headers.location).toBe('/fr/blog/ultimate-geo-guide-2025');
  });

  it('sends an unknown two-letter language prefix to /en/', async () => {
    for (const p of ['/de', '/de/guide', '/es/blog/x?y=1']) {
      const res = await request(app).get(p);
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(/^\/en\/(\?y=1)?$/);
    }
  });

  it('normalises /en to /en/ and removes trailing slashes', async () => {
    expect((await request(app).get('/en')).headers.location).toBe('/en/');
    const res = await request(app).get('/fr/guide/?a=1');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/fr/guide?a=1');
  });

  it('never redirects off-site', async () => {
    for (const p of [
      '//evil.example/',
      '//evil.example/guide',
      '/%2F%2Fevil.example/',
      '/en//evil.example/',
      '/\\evil.example',
      '/%5Cevil.example',
    ]) {
      const res = await request(app).get(p);
      const location = res.headers.location as string | undefined;
      if (location) expect(location).toMatch(/^\/[a-z]{2}\/(?!\/)/);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('pages', () => {
  const routes = LANGUAGES.flatMap((lang) =>
    PAGES.map((page) => ({ lang, page, url: localePath(lang, page.path) })),
  );

  it.each(routes)(
    '$url renders a full document with its own title, h1 and metadata',
    async ({ lang, url }) => {
      const res = await request(app).get(url).set('User-Agent', HUMAN_UA);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const html = res.text;
      expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html).toContain(`<link rel="canonical" href="https://geo.example${url}"/>`);
      for (const l of LANGUAGES)
        expect(html).toMatch(
          new RegExp(`<link rel="alternate" hrefLang="${l}" href="https://geo.example/${l}/`),
        );
      expect(html).toContain('hrefLang="x-default"');
      expect(html).toContain('property="og:title"');
      expect(html).toContain('name="twitter:card"');
      expect(html).toContain('"@id":"https://geo.example/#organization"');
      expect(html).toContain('<main id="main-content"');
      expect(html).toContain(lang === 'fr' ? 'aria-label="Contenu principal"' : 'aria-label="Main content"');
      expect(html).toContain('href="#main-content"');
    },
  );

  it('gives every page a unique title and description per language', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { url } of routes) {
      const html = (await request(app).get(url)).text;
      titles.add(/<title>([^<]*)<\/title>/.exec(html)![1]!);
      descriptions.add(/<meta name="description" content="([^"]*)"/.exec(html)![1]!);
    }
    expect(titles.size).toBe(routes.length);
    expect(descriptions.size).toBe(routes.length);
  });

  it('puts a WebSite node on the home page', async () => {
    const html = (await request(app).get('/en/')).text;
    expect(html).toContain('"@type":"WebSite"');
  });

  it('marks the active navigation item', async () => {
    const html = (await request(app).get('/fr/services').set('User-Agent', HUMAN_UA)).text;
    expect(html).toMatch(/<a aria-current="page" class="nav-link active" href="\/fr\/services"/);
  });
});

describe('humans and crawlers', () => {
  it("gives humans the hydration payload as data and the app as a module script with its page's chunks preloaded, the one inline script allowed by its hash", async () => {
    const res = await request(app).get('/en/guide').set('User-Agent', HUMAN_UA);
    const csp = res.headers['content-security-policy'] as string;
    const scripts = res.text.match(/<script[^>]*>/g) ?? [];
    // The theme's head script, JSON-LD, the entry by address, and the payload as data.
    expect(scripts).toEqual([
      '<script>',
      '<script type="application/ld+json">',
      expect.stringMatching(/^<script type="module" src="\/assets\/entry-[\w-]+\.js">$/),
      '<script type="application/json" id="app-data">',
    ]);
    // The inline script is allowed by its hash, and by nothing else (no nonce, no unsafe-inline); the
    // module script by its address ('self').
    const inline = [...res.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    expect(csp).toContain(`'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]{44}';/);
    expect(csp).not.toMatch(/nonce|unsafe-inline/);
    const payload = JSON.parse(
      /<script type="application\/json" id="app-data">([\s\S]*?)<\/script>/.exec(res.text)![1]!,
    );
    expect(payload).toMatchObject({ path: '/en/guide', lang: 'en' });
    // In the head, before the entry: a modulepreload link for each chunk the page runs before it
    // hydrates, once each, all hashed build assets, the guide's own chunk among them.
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    expect(head).toMatch(/<script type="module" src="\/assets\/entry-[\w-]+\.js"><\/script>$/);
    const preloads = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]!);
    for (const m of preloads) expect(m).toMatch(/^\/assets\/[\w-]+\.js$/);
    expect(new Set(preloads).size).toBe(preloads.length);
    expect(preloads.some((m) => /^\/assets\/guide-[\w-]+\.js$/.test(m))).toBe(true);
    expect(preloads.some((m) => /^\/assets\/react-[\w-]+\.js$/.test(m))).toBe(true);
    expect(res.headers.vary).toMatch(/User-Agent/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
  });

  it("leaves an article's body out of the payload, since the page holds it (sent once, not twice)", async () => {
    const res = await request(app).get('/en/blog/ultimate-geo-guide-2025').set('User-Agent', HUMAN_UA);
    const payload = JSON.parse(
      /<script type="application\/json" id="app-data">([\s\S]*?)<\/script>/.exec(res.text)![1]!,
    );
    const { post, related } = payload.router.loaderData['blog-post'];
    expect(post).toMatchObject({
      slug: 'ultimate-geo-guide-2025',
      title: expect.stringContaining('ultimate guide'),
    });
    expect(post).not.toHaveProperty('html');
    expect(related.length).toBeGreaterThan(0);
    expect(res.text).toMatch(/<div id="article-text" class="prose"><p>Search no longer ends/);
    // The browser's own request for the article's data, on a client navigation, has the body.
    const data = await request(app).get('/api/blog/en/ultimate-geo-guide-2025');
    expect(data.body.post.html).toMatch(/^<p>Search no longer ends/);
  });

  it.each([GOOGLEBOT_UA, GPTBOT_UA, 'HeadlessChrome/120', 'curl/8.5.0'])(
    'gives crawler %s the same page with no client script',
    async (ua) => {
      const res = await request(app).get('/en/guide').set('User-Agent', ua);
      expect(res.status).toBe(200);
      expect(res.headers.vary).toMatch(/User-Agent/);
      const scripts = res.text.match(/<script[^>]*>/g) ?? [];
      expect(scripts).toEqual(['<script type="application/ld+json">']);
      expect(res.text).not.toContain('modulepreload');
      expect(res.text).not.toContain('fade-in');
    },
  );

  it('marks AI crawlers and gives them the date the page last changed', async () => {
    const html = (await request(app).get('/en/').set('User-Agent', GPTBOT_UA)).text;
    expect(html).toMatch(/<html lang="en" class="ai-crawler"/);
    expect(html).toMatch(/<meta name="last-modified" content="\d{4}-\d\d-\d\d"\/>/);
    expect(html).toContain('<meta name="crawl-delay" content="1"/>');
  });

  it('gives crawlers and humans the same text on every page and article, hidden blocks included', async () => {
    const blog = loadBlog();
    for (const lang of LANGUAGES) {
      const urls = [
        ...PAGES.map((page) => localePath(lang, page.path)),
        ...blog.summaries(lang).map((post) => `/${lang}/blog/${post.slug}`),
      ];
      for (const url of urls) {
        const human = bodyText((await request(app).get(url).set('User-Agent', HUMAN_UA)).text);
        // A search crawler and an AI crawler, each compared with what a person gets.
        for (const ua of [GOOGLEBOT_UA, GPTBOT_UA]) {
          const bot = bodyText((await request(app).get(url).set('User-Agent', ua)).text);
          expect(bot, `${url} (${ua})`).toBe(human);
        }
      }
    }
  });

  it('sends every person the same page, whatever theme cookie they carry; the head script applies the choice', async () => {
    const plain = await request(app).get('/en/').set('User-Agent', HUMAN_UA);
    const dark = await request(app).get('/en/').set('User-Agent', HUMAN_UA).set('Cookie', 'theme=dark');
    expect(dark.text).toBe(plain.text);
    expect(dark.text).toMatch(/<html lang="en" data-visitor="human">/);
    expect(dark.text).toContain(`<script>${headScript()}</script>`);
    // A crawler runs no script: it gets none.
    const crawler = (await request(app).get('/en/').set('User-Agent', GPTBOT_UA)).text;
    expect(crawler).not.toContain(headScript());
  });
});

describe('status codes and error screens', () => {
  it('answers 404 with the spec screen for unknown pages, in the page language', async () => {
    const en = await request(app).get('/en/no-such-page').set('User-Agent', HUMAN_UA);
    expect(en.status).toBe(404);
    expect(en.text).toContain('Oops! Page not found');
    expect(en.text).toContain('The page you’re looking for doesn’t exist or has been moved.');
    expect(en.text).toContain('Return home');
    expect(en.text).toContain('Go back');
    expect(en.text).toContain('<meta name="robots" content="noindex, follow"/>');
    const fr = await request(app).get('/fr/nulle-part');
    expect(fr.status).toBe(404);
    expect(fr.text).toContain('Oups\u202f! Page introuvable');
  });

  it('answers 404 for paths outside any language', async () => {
    const res = await request(app).get('/no-such-thing/at-all').set('Accept-Language', 'fr');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Oups\u202f! Page introuvable');
    expect((await request(app).get('/wp-login.php')).status).toBe(404);
  });

  it('answers 500 with the render-failure screen and no stack trace when rendering throws', async () => {
    const real = (await import(
      pathToFileURL(path.resolve('dist/server/renderer.js')).href
    )) as RendererBundle;
    const failing: RendererBundle = {
      ...real,
      renderPage: () => Promise.reject(new Error('boom at SecretComponent (/app/src/secret.tsx:1:1)')),
    };
    const broken = await testServer({}, { renderer: failing });
    const res = await request(broken).get('/en/guide').set('User-Agent', HUMAN_UA);
    expect(res.status).toBe(500);
    expect(res.text).toContain('Something went wrong');
    expect(res.text).toContain('Refresh page');
    expect(res.text).toContain('Go to the home page');
    expect(res.text).not.toMatch(/boom|SecretComponent|secret\.tsx|at \w+ \(/);
  });

  it('answers malformed and hostile requests with a friendly 4xx', async () => {
    const cases: [string, number][] = [
      ['/en/%E0%A4%A', 400],
      ['/%', 400],
      ['/en/%00', 400],
      [`/en/${'a'.repeat(5000)}`, 414],
    ];
    for (const [url, status] of cases) {
      const res = await request(app).get(url);
      expect(res.status, url).toBe(status);
      expect(res.text).toContain('Return home');
      expect(res.text).not.toMatch(/at \w+ \(|node_modules/);
    }
  });

  it('answers other methods with 405 and Allow', async () => {
    for (const method of ['put', 'delete', 'patch'] as const) {
      const res = await request(app)[method]('/en/guide');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
    const head = await request(app).head('/en/guide');
    expect(head.status).toBe(200);
  });

  it('answers the JSON API’s errors in one shape, in the request’s language', async () => {
    const unknown = await request(app).get('/api/nope').set('Accept-Language', 'fr-FR,fr;q=0.9');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: { code: 'not_found', message: expect.stringMatching(/n’existe pas/) },
    });
    const method = await request(app).get('/api/contact?lang=fr');
    expect(method.status).toBe(405);
    expect(method.body.error).toEqual({
      code: 'method_not_allowed',
      message: expect.stringMatching(/méthode/),
    });
    const english = await request(app).delete('/api/audit');
    expect(english.body.error).toEqual({
      code: 'method_not_allowed',
      message: 'This method is not allowed here.',
    });
  });

  it('keeps serving after bad requests', async () => {
    await request(app).get('/%');
    expect((await request(app).get('/en/')).status).toBe(200);
  });
});

describe('headers, assets and health', () => {
  it('sends strict security headers, the same for every response, with no unsafe script source', async () => {
    const a = await request(app).get('/en/');
    const b = await request(app).get('/en/');
    const csp = a.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]{44}';/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toBe(b.headers['content-security-policy']);
    expect(a.headers['strict-transport-security']).toMatch(/max-age=\d{8}/);
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(a.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(a.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(a.headers['x-powered-by']).toBeUndefined();
    expect(a.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('serves hashed assets as immutable for a year, compressed', async () => {
    const html = (await request(app).get('/en/').set('User-Agent', HUMAN_UA)).text;
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)![1]!;
    const res = await request(app).get(css).set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('caches content images for a month and other public files for an hour', async () => {
    const avatar = await request(app).get('/images/authors/claire-martin.webp');
    expect(avatar.status).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/webp');
    expect(avatar.headers['cache-control']).toBe('public, max-age=2592000');
    const icon = await request(app).get('/favicon-32.png');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('links raster icons and images only (Chromium renders each SVG image as a document on the main thread)', async () => {
    for (const url of ['/en/', '/fr/blog/ultimate-geo-guide-2025']) {
      const html = (await request(app).get(url).set('User-Agent', HUMAN_UA)).text;
      const icons = [...html.matchAll(/<link rel="icon" href="([^"]+)"/g)].map((m) => m[1]);
      expect(icons, url).toEqual(['/favicon-32.png', '/icon-192.png']);
      for (const [, src] of html.matchAll(/<img [^>]*src="([^"]+)"/g))
        expect(src, url).toMatch(/\.(webp|avif|png|jpe?g)$/);
    }
    const article = (await request(app).get('/fr/blog/ultimate-geo-guide-2025').set('User-Agent', HUMAN_UA))
      .text;
    expect(article).toMatch(/<img [^>]*src="\/images\/authors\/claire-martin\.webp"/);
    for (const icon of ['/favicon-32.png', '/icon-192.png'])
      expect((await request(app).get(icon)).headers['content-type'], icon).toBe('image/png');
  });

  it('never serves build metadata, sources or dotfiles', async () => {
    for (const p of [
      '/.vite/manifest.json',
      '/%2Evite/manifest.json',
      '/server.ts',
      '/src/site.ts',
      '/package.json',
      '/.env',
      '/.git/config',
      '/assets/../../server/renderer.js',
    ]) {
      const res = await request(app).get(p);
      expect(res.status, p).not.toBe(200);
      expect(res.text).not.toContain('"isEntry"');
    }
  });

  it('answers health and readiness', async () => {
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await request(app).get('/readyz')).status).toBe(200);
  });
});

describe('files for crawlers', () => {
  it('publishes robots.txt with the sitemap line and per-agent rules', async () => {
    const res = await request(app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toContain('Sitemap: https://geo.example/sitemap.xml');
    expect(res.text).toMatch(/User-agent: GPTBot\nDisallow: \//);
    expect(res.text).toMatch(/User-agent: OAI-SearchBot\nAllow: \//);
    expect(res.text).toMatch(
      /User-agent: \*\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: \//,
    );
  });

  it('publishes a sitemap with every page in both languages and hreflang alternates', async () => {
    const res = await request(app).get('/sitemap.xml');
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    for (const lang of LANGUAGES) {
      for (const page of PAGES)
        expect(res.text).toContain(`<loc>https://geo.example${localePath(lang, page.path)}</loc>`);
    }
    expect(res.text).toContain('hreflang="x-default"');
  });

  it('publishes llms.txt and ai.txt', async () => {
    const llms = await request(app).get('/llms.txt');
    expect(llms.text).toMatch(/^# GEO Platform\n\n> /);
    expect(llms.text).toMatch(
      /\n## Pages \(English\)\n\n- \[[^\]]+\]\(https:\/\/geo\.example\/en\/index\.md\): /,
    );
    const ai = await request(app).get('/ai.txt');
    expect(ai.text).toContain('Policy: opt-out-commercial');
  });
});
