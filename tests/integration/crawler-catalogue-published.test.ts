import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { AI_CRAWLERS_CLAIM, CRAWLERS } from '../../src/lib/visitor.ts';
import { LANGUAGES, PAGES, localePath } from '../../src/site.ts';
import { AI_AGENT_SAMPLES, WITHOUT_PUBLISHED_USER_AGENT } from '../fixtures/ai-user-agents.ts';
import { testServer } from '../support/test-server.ts';

// The crawler catalogue as the site publishes and uses it: a robots.txt group and an ai.txt line for
// every agent it gained from ai.robots.txt, per the training policy; the agents recognised on the
// Tools page and by GET /api/visitor; the count stated on the pages, filled from the catalogue.

/** The agents new to the catalogue: those of the fixture, with or without a published user agent. */
const NEW_AGENTS = [
  ...new Set([...AI_AGENT_SAMPLES.map(([token]) => token), ...Object.keys(WITHOUT_PUBLISHED_USER_AGENT)]),
].map((token) => {
  const entry = CRAWLERS.find((c) => c.token === token);
  if (!entry) throw new Error(`${token} is not in the catalogue`);
  return entry;
});

/** The group robots.txt gives a token: its lines from User-agent to the blank line. */
function group(robots: string, token: string): string {
  const start = robots.indexOf(`User-agent: ${token}\n`);
  expect(start, token).toBeGreaterThanOrEqual(0);
  return robots.slice(start, robots.indexOf('\n\n', start));
}

let app: App;
let open: App;
beforeAll(async () => {
  app = await testServer();
  open = await testServer({ AI_TRAINING_POLICY: 'allow' });
});

describe('robots.txt and ai.txt', () => {
  it('give every new agent its group: training crawlers refused under opt-out, the others welcome', async () => {
    const robots = (await request(app).get('/robots.txt')).text;
    const ai = (await request(app).get('/ai.txt')).text;
    expect(NEW_AGENTS.length).toBeGreaterThanOrEqual(80);
    for (const agent of NEW_AGENTS) {
      const rules = group(robots, agent.token);
      if (agent.category === 'training') {
        expect(rules, agent.token).toContain('Disallow: /');
        expect(rules, agent.token).not.toContain('Allow: /');
      } else {
        expect(rules, agent.token).toContain('Allow: /');
        // Assistants read every page but one visitor's: the API and audit reports stay closed.
        expect(rules, agent.token).toContain('Disallow: /api/');
      }
      const rule = agent.category === 'training' ? 'Disallow: /' : 'Allow: /';
      expect(ai, agent.token).toContain(`User-Agent: ${agent.token}\n${rule}\n`);
    }
    // The examples the issue named, each in robots.txt.
    for (const token of ['DeepSeekBot', 'FirecrawlAgent', 'Kangaroo Bot', 'bedrockbot', 'AzureAI-SearchBot'])
      expect(robots).toContain(`User-agent: ${token}\n`);
  });

  it('open every group when training is allowed', async () => {
    const robots = (await request(open).get('/robots.txt')).text;
    for (const agent of NEW_AGENTS) expect(group(robots, agent.token), agent.token).toContain('Allow: /');
  });
});

describe('recognising the new agents', () => {
  it.each([
    ['DeepSeekBot', 'Mozilla/5.0 (compatible; DeepseekBot/1.0; +https://www.deepseek.com/bot)'],
    ['Kangaroo Bot', 'Mozilla/5.0 (compatible; Kangaroo Bot/1.0; +http://www.kangaroo.com)'],
    [
      'Cloudflare-AutoRAG',
      'Cloudflare-AutoRAG (https://developers.cloudflare.com/autorag; autorag@cloudflare.com)',
    ],
  ])('GET /api/visitor and the Tools page name %s', async (token, ua) => {
    const entry = CRAWLERS.find((c) => c.token === token)!;
    const visitor = await request(app).get('/api/visitor').set('User-Agent', ua);
    expect(visitor.body).toMatchObject({
      isBot: true,
      isAICrawler: true,
      name: entry.name,
      category: entry.category,
    });
    const html = (await request(app).get('/en/tools').set('User-Agent', ua)).text;
    const start = html.indexOf('data-visitor-kind=');
    const card = html.slice(start, html.indexOf('</section>', start));
    expect(card).toContain('data-visitor-kind="ai"');
    expect(card).toContain(entry.name);
    expect(card).toContain(entry.operator);
  });
});

describe('the count the pages state', () => {
  it('is the catalogue’s, on every page and its Markdown copy, in both languages', async () => {
    for (const lang of LANGUAGES) {
      for (const page of PAGES) {
        const path = localePath(lang, page.path);
        const html = (await request(app).get(path)).text;
        expect(html, path).not.toContain('{{crawlers}}');
        expect(html, path).not.toMatch(/\b50\+|plus de 50\b/i);
        const markdown = await request(app).get(path).set('Accept', 'text/markdown');
        if (markdown.type === 'text/markdown')
          expect(markdown.text, `${path} (Markdown)`).not.toContain('{{crawlers}}');
      }
    }
    const en = (await request(app).get('/en/')).text;
    expect(en).toContain(`${AI_CRAWLERS_CLAIM}+ AI crawlers supported`);
    const fr = (await request(app).get('/fr/')).text;
    expect(fr).toContain(`Plus de ${AI_CRAWLERS_CLAIM}\u00a0robots d’IA pris en charge`);
    // The FAQ's structured data carries the same figure as the answer on the page.
    const faq = (await request(app).get('/en/faq')).text;
    expect(faq).toContain(`we recognize ${AI_CRAWLERS_CLAIM}+ AI crawlers`);
    const jsonLd = faq.slice(faq.indexOf('application/ld+json'));
    expect(jsonLd).toContain(`we recognize ${AI_CRAWLERS_CLAIM}+ AI crawlers`);
  });
});
