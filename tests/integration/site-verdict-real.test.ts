import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import type { AuditReport } from '../../src/lib/audit.ts';
import { startFastcoreSite } from '../fixtures/llms-sites.ts';
import type { HeldSite } from '../fixtures/held-site.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// A site audit of a real site (issue 37, items 6 and 7): fastcore's documentation, its home and the
// nine pages its sitemap lists first, as its own repository publishes them (tests/fixtures/llms-sites/,
// sources in its README), served on loopback. The site gets its verdict; then robots.txt closes the
// site to Bingbot and the next report says so, engine and crawler, in both languages.

let site: HeldSite;
let app: App;
let extraRobots = '';

beforeAll(async () => {
  site = await startFastcoreSite(() => extraRobots);
  app = await testServer({
    AUDIT_ALLOWED_HOSTS: site.host,
    AUDIT_RATE_LIMIT_PER_MINUTE: '1000',
    AUDIT_CACHE_SECONDS: '0',
  });
});
afterAll(async () => {
  await app.locals.close();
  await site.close();
});

async function audit(lang: 'en' | 'fr', pages = '10'): Promise<AuditReport> {
  const res = await request(app)
    .get('/api/audit')
    .query({ url: `${site.origin}/index.html`, lang, pages })
    .set('User-Agent', HUMAN_UA);
  expect(res.status).toBe(200);
  return res.body as AuditReport;
}

describe('a site audit of fastcore’s documentation', () => {
  let report: AuditReport;
  beforeAll(async () => {
    report = await audit('en');
  });

  it('gives the site its verdict: the mean of its pages, its worst pages, every engine across them', () => {
    const s = report.site!;
    expect(s.source).toBe('sitemap');
    const audited = s.pages.filter((p) => p.outcome === 'audited');
    expect(audited).toHaveLength(10);
    expect(audited[0]!.score).toBe(report.overall);
    const scores = audited.map((p) => p.score!);
    expect(s.verdict).toMatchObject({
      score: Math.round(scores.reduce((a, b) => a + b, 0) / scores.length),
      lowest: Math.min(...scores),
      highest: Math.max(...scores),
    });
    expect(s.verdict!.worst.map((w) => w.score)).toEqual([...scores].sort((a, b) => a - b).slice(0, 3));
    // Its robots.txt names only its sitemap: every engine may use every page.
    expect(s.verdict!.engines.map((e) => [e.id, e.status])).toEqual([
      ['chatgpt', 'yes'],
      ['perplexity', 'yes'],
      ['copilot', 'yes'],
      ['google', 'yes'],
      ['claude', 'yes'],
    ]);
    // No two pages show the same text.
    expect(s.summary.find((i) => i.id === 'siteDuplicates')!.status).toBe('pass');
    // The audit asked for no page as a crawler its robots.txt closes (none is closed here), and for
    // every page of the table as itself.
    expect(site.requests.filter((r) => r.path === '/docments.html').length).toBeGreaterThan(0);
  });

  it('says, after robots.txt closes the site to Bingbot, that Copilot is lost and Bingbot blocked', async () => {
    extraRobots = 'User-agent: bingbot\nDisallow: /\n\n';
    const after = await audit('en', '1');
    const french = await audit('fr', '1');
    extraRobots = '';
    expect(after.engines!.find((e) => e.id === 'copilot')!.status).toBe('no');
    expect(after.changes?.engines).toEqual([
      { id: 'copilot', name: 'Microsoft Copilot (Bing)', before: 'yes', after: 'no' },
    ]);
    expect(after.changes?.crawlers).toEqual({ allowed: [], blocked: ['Bingbot'] });
    // The French report compares with the English one just before it: nothing changed between them.
    expect(french.changes?.engines).toBeUndefined();
    const html = (await request(app).get(`/fr/tools/report/${after.id}`).set('User-Agent', HUMAN_UA)).text;
    expect(html).toContain('Moteurs de réponse dont le verdict a changé');
    expect(html).toContain('Désormais refusés\u00a0: Bingbot.');
  });
});
