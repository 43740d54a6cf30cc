import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { App } from '../../server.ts';
import { loadBlog } from '../../src/renderer/blog-loader.ts';
import { CRAWLERS } from '../../src/lib/visitor.ts';
import { LANGUAGES, PAGES, localePath } from '../../src/site.ts';
import { CHECKS } from '../../src/server/audit/registry.ts';
import { pageModified } from '../../src/content/page-dates.ts';
import { GOOGLEBOT_UA, GPTBOT_UA, HUMAN_UA, testServer, visibleText } from '../support/test-server.ts';

const CLAUDEBOT_UA =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const CHATGPT_USER_UA =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const UPTIME_UA = 'Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)';

let app: App;
const slugs = loadBlog()
  .summaries('en')
  .map((p) => p.slug);
beforeAll(async () => {
  app = await testServer();
});

describe('GET /api/visitor', () => {
  it('answers the request profile', async () => {
    expect((await request(app).get('/api/visitor').set('User-Agent', CHATGPT_USER_UA)).body).toEqual({
      isBot: true,
      isAICrawler: true,
      name: 'ChatGPT-User',
      category: 'search',
      priority: 'high',
      crawlDelay: 1,
    });
    expect((await request(app).get('/api/visitor').set('User-Agent', HUMAN_UA)).body).toEqual({
      isBot: false,
      isAICrawler: false,
      name: 'Human',
      category: 'human',
      priority: 'none',
      crawlDelay: 1,
    });
    expect((await request(app).get('/api/visitor').set('User-Agent', UPTIME_UA)).body).toMatchObject({
      category: 'monitoring',
      crawlDelay: 5,
    });
  });
});

describe('crawler rendering', () => {
  it('caches crawler renders with an ETag and answers 304 to conditional requests', async () => {
    // The page's own bytes (no encoding): the compressed copies have ETags of their own (page-cache.test.ts).
    const get = () =>
      request(app).get('/en/services').set('User-Agent', GOOGLEBOT_UA).set('Accept-Encoding', 'identity');
    const first = await get();
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const second = await get();
    expect(second.headers.etag).toBe(etag);
    expect(second.text).toBe(first.text);
    const conditional = await get().set('If-None-Match', etag);
    expect(conditional.status).toBe(304);
    expect(conditional.text).toBe('');
    // Another language or crawler class is another entry.
    const french = await request(app)
      .get('/fr/services')
      .set('User-Agent', GOOGLEBOT_UA)
      .set('Accept-Encoding', 'identity');
    expect(french.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(french.headers.etag).not.toBe(etag);
    // People are never served from that cache: they have their own.
    const human = await request(app)
      .get('/en/services')
      .set('User-Agent', HUMAN_UA)
      .set('Accept-Encoding', 'identity');
    expect(human.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(human.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    expect(human.headers.etag).not.toBe(etag);
    expect(human.text).toContain('<script type="application/json" id="app-data">');
  });

  it("never serves one crawler's cached page to another: each sees its own profile on Tools", async () => {
    const card = async (ua: string) => {
      const html = (await request(app).get('/en/tools').set('User-Agent', ua)).text;
      const start = html.indexOf('data-visitor-kind=');
      return html.slice(start, html.indexOf('</section>', start));
    };
    expect(await card(GPTBOT_UA)).toContain('GPTBot');
    const claude = await card(CLAUDEBOT_UA);
    expect(claude).toContain('ClaudeBot');
    expect(claude).not.toContain('GPTBot');
    expect(await card(GOOGLEBOT_UA)).toContain('Googlebot');
    const bing = await card('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)');
    expect(bing).not.toContain('Googlebot');
    expect(bing).toMatch(/bingbot/i);
  });

  it('gives AI crawlers the marker class, the page’s true date and the crawl-delay hint', async () => {
    const html = (await request(app).get('/fr/guide').set('User-Agent', CLAUDEBOT_UA)).text;
    expect(html).toMatch(/<html lang="fr" class="ai-crawler"/);
    expect(html).toContain(`<meta name="last-modified" content="${pageModified('guide', 'fr')}"/>`);
    expect(html).toContain('<meta name="crawl-delay" content="1"/>');
    const monitor = (await request(app).get('/fr/guide').set('User-Agent', UPTIME_UA)).text;
    expect(monitor).toContain('<meta name="crawl-delay" content="5"/>');
    expect(monitor).not.toContain('ai-crawler');
  });

  it('publishes the spec page metadata on every page', async () => {
    const html = (await request(app).get('/en/blog/ultimate-geo-guide-2025').set('User-Agent', HUMAN_UA))
      .text;
    for (const meta of [
      'ai-training" content="opt-out-commercial',
      'ai-primary-source" content="true',
      'gpai-risk" content="low',
      'ai-generated" content="false',
      'human-generated-score" content="95',
      'ai-watermark" content="none',
    ]) {
      expect(html).toContain(`<meta name="${meta}"/>`);
    }
    expect(html).toMatch(/<meta name="ai-quote-excerpt" content="[^"]{40,}"\/>/);
    expect(html).toContain(
      '<link rel="alternate" type="text/markdown" href="/en/blog/ultimate-geo-guide-2025.md" title="Markdown"/>',
    );
  });
});

describe('AI training policy, stated once', () => {
  it('refuses training crawlers in robots.txt and ai.txt, and tags their responses', async () => {
    const robots = (await request(app).get('/robots.txt')).text;
    for (const crawler of CRAWLERS) {
      const rule = crawler.category === 'training' ? 'Disallow: /' : 'Allow: /';
      expect(robots).toContain(`User-agent: ${crawler.token}\n${rule}\n`);
    }
    expect(robots).toContain('Sitemap: https://geo.example/sitemap.xml');
    const ai = (await request(app).get('/ai.txt')).text;
    expect(ai).toContain('Policy: opt-out-commercial');
    expect(ai).toMatch(/User-Agent: GPTBot\nDisallow: \//);
    expect(ai).toMatch(/User-Agent: ChatGPT-User\nAllow: \//);
    expect((await request(app).get('/en/').set('User-Agent', GPTBOT_UA)).headers['x-robots-tag']).toBe(
      'noai, noimageai',
    );
    expect(
      (await request(app).get('/en/').set('User-Agent', CHATGPT_USER_UA)).headers['x-robots-tag'],
    ).toBeUndefined();
  });

  it('follows the AI_TRAINING_POLICY setting everywhere', async () => {
    const open = await testServer({ AI_TRAINING_POLICY: 'allow' });
    expect((await request(open).get('/robots.txt')).text).toMatch(/User-agent: GPTBot\nAllow: \//);
    expect(
      (await request(open).get('/en/').set('User-Agent', GPTBOT_UA)).headers['x-robots-tag'],
    ).toBeUndefined();
    expect((await request(open).get('/en/')).text).toContain('<meta name="ai-training" content="allow"/>');
    const closed = await testServer({ AI_TRAINING_POLICY: 'opt-out' });
    expect((await request(closed).get('/en/').set('User-Agent', HUMAN_UA)).headers['x-robots-tag']).toBe(
      'noai, noimageai',
    );
    expect((await request(closed).get('/ai.txt')).text).toContain('Policy: opt-out');
  });
});

describe('service worker', () => {
  it('is served fresh, for the whole site, and never keeps API answers or no-store pages', async () => {
    const res = await request(app).get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.text).toContain("includes('no-store')");
    expect(res.text).toMatch(/\/api\//);
    // A new deploy takes over: the worker skips waiting and claims open pages.
    expect(res.text).toContain('skipWaiting');
    expect(res.text).toContain('clients.claim');
  });
});

describe('llms.txt and markdown copies', () => {
  it('llms.txt follows the proposal: H1, blockquote, sections of links to markdown copies', async () => {
    const text = (await request(app).get('/llms.txt')).text;
    const lines = text.split('\n');
    expect(lines[0]).toBe('# GEO Platform');
    expect(lines[2]!.startsWith('> ')).toBe(true);
    expect(text).toMatch(/^## Pages \(English\)$/m);
    expect(text).toMatch(/^## Blog \(Français\)$/m);
    expect(text).toMatch(/^## Optional$/m);
    for (const line of lines.filter((l) => l.startsWith('- ')))
      expect(line).toMatch(/^- \[[^\]]+\]\(https:\/\/geo\.example\/[^)]+\)(: .+)?$/);
    for (const slug of slugs) expect(text).toContain(`(https://geo.example/en/blog/${slug}.md)`);
    // Pages link their markdown copies too, in both languages, and the services have their section.
    expect(text).toContain('(https://geo.example/en/index.md)');
    expect(text).toContain('(https://geo.example/fr/guide.md)');
    expect(text).toContain('(https://geo.example/fr/privacy.md)');
    expect(text).toMatch(/^## Services \(English\)$/m);
    expect(text).toMatch(
      /^- \[GEO Content Strategy\]\(https:\/\/geo\.example\/en\/services\.md\): .+ From \$1,499, excl\. VAT; 2–3\u00a0weeks\.$/m,
    );
    // Monitoring is charged by the month, excluding VAT, as on the card (issue 38).
    expect(text).toMatch(
      /^- \[AI Visibility Monitoring & Analytics\]\(https:\/\/geo\.example\/en\/services\.md\): .+ From \$799 a month, excl\. VAT; Month to month, after a one-week set-up\.$/m,
    );
    expect(text).toMatch(
      /^- \[Suivi et analyse de la visibilité IA\]\(.+\): .+ À partir de 799\u00a0\$ HT par mois\u202f; /m,
    );
    // Every markdown link answers.
    for (const [, url] of text.matchAll(/\]\(https:\/\/geo\.example(\/[^)]+\.md)\)/g)) {
      expect((await request(app).get(url!)).status, url).toBe(200);
    }
  });

  it('serves a markdown copy of every page and article, advertised in the page head', async () => {
    for (const lang of LANGUAGES) {
      for (const page of PAGES) {
        const mdPath = page.path ? `/${lang}/${page.path}.md` : `/${lang}/index.md`;
        const res = await request(app).get(mdPath);
        expect(res.status, mdPath).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/markdown/);
        expect(res.text).toMatch(/^# .+$/m);
        expect(res.text).not.toMatch(/<(div|span|script|button)[\s>]/);
        const html = (await request(app).get(localePath(lang, page.path)).set('User-Agent', HUMAN_UA)).text;
        expect(html).toContain(
          `<link rel="alternate" type="text/markdown" href="${mdPath}" title="Markdown"/>`,
        );
      }
    }
    // The Tools page's visitor card describes a request, not the page: not in the copy.
    const tools = (await request(app).get('/en/tools.md')).text;
    expect(tools).not.toMatch(/Markdown copy|crawler detected/i);
    expect((await request(app).get('/en/nowhere.md')).status).toBe(404);
    expect((await request(app).get('/de/index.md')).status).not.toBe(200);
  });

  it('llms-full.txt holds every page and article as markdown', async () => {
    const text = (await request(app).get('/llms-full.txt')).text;
    expect(text.startsWith('# GEO Platform')).toBe(true);
    for (const lang of LANGUAGES) {
      for (const page of PAGES)
        expect(text).toContain(`Source: https://geo.example${localePath(lang, page.path)}\n`);
      for (const slug of slugs) expect(text).toContain(`Source: https://geo.example/${lang}/blog/${slug}\n`);
    }
  });
});

describe('sitemap', () => {
  it('validates against the sitemap schema (libxml2 in WebAssembly)', async () => {
    const xml = (await request(app).get('/sitemap.xml')).text;
    const fixture = (name: string) => readFileSync(path.resolve('tests/fixtures', name), 'utf8');
    const result = await validateXML({
      xml: [{ fileName: 'sitemap.xml', contents: xml }],
      schema: [fixture('sitemap.xsd')],
      preload: [{ fileName: 'xhtml-link.xsd', contents: fixture('xhtml-link.xsd') }],
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // The validator does reject a sitemap that breaks the schema.
    const broken = await validateXML({
      xml: [
        {
          fileName: 'broken.xml',
          contents: xml.replace('<loc>', '<location>').replace('</loc>', '</location>'),
        },
      ],
      schema: [fixture('sitemap.xsd')],
      preload: [{ fileName: 'xhtml-link.xsd', contents: fixture('xhtml-link.xsd') }],
    });
    expect(broken.valid).toBe(false);
    expect(xml.match(/<url>/g)).toHaveLength((PAGES.length + slugs.length) * LANGUAGES.length);
    expect(xml.match(/hreflang="x-default"/g)).toHaveLength((PAGES.length + slugs.length) * LANGUAGES.length);
  });
});

describe('site-wide limit and crawler policy files', () => {
  it('lets a throttled crawler still read robots.txt, llms.txt and the sitemap', async () => {
    const limited = await testServer({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' });
    const from = (r: request.Test) => r.set('X-Forwarded-For', '198.51.100.9').set('User-Agent', GPTBOT_UA);
    for (let i = 0; i < 3; i++) await from(request(limited).get('/en/guide'));
    expect((await from(request(limited).get('/en/guide'))).status).toBe(429);
    for (const file of ['/robots.txt', '/llms.txt', '/sitemap.xml', '/ai.txt'])
      expect((await from(request(limited).get(file))).status, file).toBe(200);
  });
});

describe('the number of audit checks the copy states', () => {
  it('is the registry’s, on the home page and in the FAQ, in both languages', async () => {
    const n = CHECKS.length;
    const home = (await request(app).get('/en/').set('User-Agent', HUMAN_UA)).text;
    expect(visibleText(home)).toContain(`${n} checks in every free AI citation audit`);
    const faq = (await request(app).get('/en/faq').set('User-Agent', GOOGLEBOT_UA)).text;
    expect(faq).toContain(`It runs ${n} checks of how easily`);
    const faqFr = (await request(app).get('/fr/faq').set('User-Agent', HUMAN_UA)).text;
    expect(faqFr).toContain(`Il évalue, en ${n}\u00a0vérifications`);
  });
});

describe('Markdown for agents and content signals', () => {
  it('answers a request that prefers Markdown with the page’s Markdown copy, in its language', async () => {
    const res = await request(app).get('/fr/guide').set('Accept', 'text/markdown, text/html;q=0.5');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers.vary).toMatch(/\bAccept\b/);
    const copy = await request(app).get('/fr/guide.md');
    expect(res.text).toBe(copy.text);
  });

  it('keeps HTML for browsers, and links every page to its copy and to llms.txt', async () => {
    const res = await request(app)
      .get('/en/guide')
      .set('User-Agent', HUMAN_UA)
      .set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.vary).toMatch(/\bAccept\b/);
    expect(res.headers.link).toContain('</en/guide.md>; rel="alternate"; type="text/markdown"');
    expect(res.headers.link).toContain('</llms.txt>; rel="describedby"');
    const home = await request(app).get('/en/').set('User-Agent', GOOGLEBOT_UA);
    expect(home.headers.link).toContain('</en/index.md>; rel="alternate"; type="text/markdown"');
  });

  it.each([
    ['allow', 'yes', 'Training: allowed'],
    ['opt-out', 'no', 'Training: not allowed'],
    ['opt-out-commercial', 'no', 'Training: not allowed for commercial model training'],
  ])(
    'states the %s training policy the same in robots.txt content signals, ai.txt and page metadata',
    async (policy, aiTrain, training) => {
      const site = await testServer({ AI_TRAINING_POLICY: policy });
      const robots = (await request(site).get('/robots.txt')).text;
      expect(robots).toContain(`Content-Signal: search=yes, ai-input=yes, ai-train=${aiTrain}\n`);
      const aiTxt = (await request(site).get('/ai.txt')).text;
      expect(aiTxt).toContain(`Policy: ${policy}\n`);
      expect(aiTxt).toContain(`${training}\n`);
      const page = (await request(site).get('/fr/guide').set('User-Agent', HUMAN_UA)).text;
      expect(page).toContain(`<meta name="ai-training" content="${policy}"/>`);
    },
  );
});
