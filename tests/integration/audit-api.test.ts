import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { errorCode } from '../../src/lib/api-error.ts';
import { CATEGORY_WEIGHTS, type AuditCategory, type AuditReport } from '../../src/lib/audit.ts';
import { VIEW_AGENTS } from '../../src/server/audit/agents.ts';
import { heldPage, startHeldSite } from '../fixtures/held-site.ts';
import { HOSTILE, startFixtureSites, type FixtureSites, type SiteName } from '../fixtures/audit-sites.ts';
import { GPTBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

// The free audit over HTTP (decision 017), against websites with known properties served on loopback
// by this test: each gets the verdicts its properties call for, with evidence, in both languages.

/** /metrics is served only with its own setting (decision 020). */
const METRICS_TOKEN = 'audit-test-metrics-token-0123456789abcdef';

let sites: FixtureSites;
let app: App;

beforeAll(async () => {
  sites = await startFixtureSites();
  app = await testServer({
    AUDIT_ALLOWED_HOSTS: sites.allowedHosts,
    // Long enough for a loaded CI machine's first audit (the analysis threads start with it); the
    // site that never answers still times out within the test's own limit.
    AUDIT_TIMEOUT_MS: '5000',
    AUDIT_RATE_LIMIT_PER_MINUTE: '1000',
    AUDIT_MAX_CONCURRENT: '20',
    METRICS_TOKEN: METRICS_TOKEN,
  });
});
afterAll(async () => {
  await app.locals.close();
  await sites.close();
});

const addressOf = (site: SiteName, path = '/') => `${sites.origin[site]}${path}`;
const audit = (site: SiteName, path = '/', lang = 'en') =>
  request(app)
    .get('/api/audit')
    .query({ url: addressOf(site, path), lang });
const item = (report: AuditReport, id: string) => {
  const found = report.categories.flatMap((c) => c.items).find((i) => i.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
};
const category = (report: AuditReport, id: string) => report.categories.find((c) => c.id === id)!;

describe('GET /api/audit', () => {
  it('reports a well-made site: four categories, scores, statuses, evidence', async () => {
    const res = await audit('good');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const report = res.body as AuditReport;
    expect(report.url).toBe(addressOf('good'));
    expect(report.finalUrl).toBe(addressOf('good'));
    expect(Date.parse(report.auditedAt)).not.toBeNaN();
    expect(report.categories.map((c) => c.id)).toEqual([
      'crawlerAccess',
      'structuredData',
      'citability',
      'technical',
    ]);
    // The categories weighted as "How we score" says: 30, 25, 30 and 15.
    const mean = report.categories.reduce((sum, c) => sum + c.score * CATEGORY_WEIGHTS[c.id], 0) / 100;
    expect(report.overall).toBe(Math.round(mean));
    for (const c of report.categories as AuditCategory[]) {
      expect(c.status).toBe(c.score >= 90 ? 'excellent' : c.score >= 75 ? 'good' : 'needsWork');
      for (const i of c.items) {
        expect(['pass', 'warning', 'fail', 'info', 'notApplicable']).toContain(i.status);
        expect(i.title.length).toBeGreaterThan(3);
        expect(i.evidence.length).toBeGreaterThan(3);
        expect(Boolean(i.recommendation)).toBe(i.status === 'warning' || i.status === 'fail');
      }
    }
    // The site's root, whose Organization names it by its url: read as the home page, from its
    // markup. The product check does not apply to it.
    expect(report.pageType).toEqual({
      type: 'home',
      from: 'markup',
      detail: 'Organization',
      text: 'Read as a home page, from its Organization markup.',
    });
    expect(item(report, 'product')).toMatchObject({
      status: 'notApplicable',
      evidence: 'Does not apply to a home page.',
    });
    // Every answer engine can use it: its crawler is let in, and the HTML holds the text.
    expect(report.engines?.map((e) => [e.name, e.status])).toEqual([
      ['ChatGPT search', 'yes'],
      ['Perplexity', 'yes'],
      ['Microsoft Copilot (Bing)', 'yes'],
      ['Google AI Overviews and AI Mode', 'yes'],
      ['Claude', 'yes'],
    ]);
    expect(report.engines?.[0]?.reasons).toEqual([
      'OAI-SearchBot may fetch the page, and its HTML holds the text.',
    ]);
    // The facts "what changed" compares: crawlers robots.txt lets in, and the markup's properties.
    expect(report.crawlers).toContainEqual({ agent: 'OAI-SearchBot', allowed: true });
    expect(report.markup?.map((m) => m.type)).toContain('Organization');
    expect(report.engines?.[0]?.docs).toMatch(/^https:\/\/developers\.openai\.com\//);
    // Everything else but HTTPS passes on this site, served over plain http.
    const notPassed = report.categories
      .flatMap((c) => c.items)
      .filter((i) => i.status !== 'pass' && i.status !== 'notApplicable' && i.status !== 'info');
    expect(notPassed.map((i) => i.id)).toEqual(['https']);
    // The training crawlers' check never changes the score: for information, never a pass (issue 38).
    expect(item(report, 'trainingAgents').status).toBe('info');
    expect(item(report, 'markup').evidence).toMatch(/Organization.*BlogPosting/);
    expect(item(report, 'aiSearchAgents').evidence).toContain('User-agent: *');
    expect(item(report, 'mainText').evidence).toMatch(/\d+ words/);
  });

  it('speaks French when asked', async () => {
    const report = (await audit('good', '/', 'fr')).body as AuditReport;
    const english = (await audit('good')).body as AuditReport;
    expect(item(report, 'mainText').title).not.toBe(item(english, 'mainText').title);
    expect(item(report, 'mainText').evidence).toMatch(/mots/);
    expect(item(report, 'https').recommendation).toMatch(/HTTPS/);
    expect(report.pageType?.text).toBe(
      'Page lue comme une page d’accueil, d’après son balisage Organization.',
    );
    expect(item(report, 'product').evidence).toBe('Sans objet pour une page d’accueil.');
  });

  it('fails a site that blocks AI search crawlers, quoting the robots.txt line', async () => {
    const report = (await audit('blockAll')).body as AuditReport;
    const verdict = item(report, 'aiSearchAgents');
    expect(verdict.status).toBe('fail');
    expect(verdict.evidence).toContain('OAI-SearchBot');
    expect(verdict.evidence).toContain('Disallow: /');
    expect(category(report, 'crawlerAccess').score).toBeLessThan(90);
  });

  it('reports blocked training crawlers as the site’s choice, without penalty', async () => {
    const report = (await audit('blockTraining')).body as AuditReport;
    expect(item(report, 'aiSearchAgents').status).toBe('pass');
    const training = item(report, 'trainingAgents');
    expect(training.status).toBe('info');
    expect(training.evidence).toMatch(/GPTBot/);
    expect(category(report, 'crawlerAccess').score).toBe(100);
  });

  it('fails an empty JavaScript shell, broken JSON-LD, a noindex page and a crawler-only block', async () => {
    const shell = (await audit('shell')).body as AuditReport;
    expect(item(shell, 'mainText').status).toBe('fail');
    expect(category(shell, 'citability').status).toBe('needsWork');
    const broken = (await audit('brokenJsonLd')).body as AuditReport;
    expect(item(broken, 'markup').status).toBe('fail');
    const noindex = (await audit('noindex')).body as AuditReport;
    expect(item(noindex, 'pageDirectives').status).toBe('fail');
    expect(item(noindex, 'pageDirectives').evidence).toContain('noindex');
    const firewall = (await audit('firewall')).body as AuditReport;
    expect(item(firewall, 'crawlerView').status).toBe('fail');
    expect(item(firewall, 'crawlerView').evidence).toContain('403');
  });

  it('follows a redirect chain and audits where it ends', async () => {
    const report = (await audit('redirects', '/one')).body as AuditReport;
    expect(report.url).toBe(addressOf('redirects', '/one'));
    expect(report.finalUrl).toBe(addressOf('redirects'));
    expect(item(report, 'httpStatus').status).toBe('warning');
    expect(item(report, 'httpStatus').evidence).toMatch(/3 redirects/);
  });

  it.each([
    ['redirectRefused', '/go', 'refused'],
    ['slow', '/', 'timeout'],
    ['endless', '/', 'tooLarge'],
    ['notHtml', '/', 'notHtml'],
  ] as const)('answers 422 for %s (%s) with reason %s, in the asked language', async (site, path, reason) => {
    const res = await audit(site, path, 'fr');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(errorCode(reason));
    expect(res.body.error.message).toContain(addressOf(site, path).replace(/\/$/, ''));
    expect(res.body.error.message).toMatch(/[àéèêôûç’]/);
  });

  it('answers 400 for an address that is not an http(s) URL', async () => {
    // A bare domain ("example.com") is read as https://example.com (issue 38): it is no 400.
    for (const url of ['', 'example', 'javascript:alert(1)', 'ftp://example.com/', 'https://u:p@x.com/']) {
      const res = await request(app).get('/api/audit').query({ url });
      expect(res.status, url).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'website_invalid',
        message: expect.stringMatching(/http/),
      });
    }
    expect((await request(app).get('/api/audit')).status).toBe(400);
  });

  it('streams one line per step, then the result, with Accept: application/x-ndjson', async () => {
    const res = await request(app)
      .get('/api/audit')
      .query({ url: addressOf('blockTraining', '/start') })
      .set('Accept', 'application/x-ndjson');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const steps = lines.filter((line) => 'step' in line);
    expect(steps.map((s) => s.done)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(steps.map((s) => s.step))).toEqual(
      new Set(['page', 'robots', 'llms', 'sitemap', 'crawlerView', 'markdown', 'analysis']),
    );
    expect(steps.every((s) => s.total === 7)).toBe(true);
    expect((lines.at(-1) as { result: AuditReport }).result.url).toBe(addressOf('blockTraining', '/start'));
  });

  it('streams the failure as its last line', async () => {
    const res = await request(app)
      .get('/api/audit')
      .query({ url: addressOf('notHtml', '/stream') })
      .set('Accept', 'application/x-ndjson');
    expect(res.status).toBe(200);
    const last = JSON.parse(res.text.trim().split('\n').at(-1)!);
    expect(last.error.code).toBe('not_html');
    expect(last.error.message).toBeTruthy();
  });

  it('keeps hostile markup from the audited site as plain text', async () => {
    const report = (await audit('hostile')).body as AuditReport;
    const texts = report.categories.flatMap((c) =>
      c.items.map((i) => `${i.evidence} ${i.recommendation ?? ''}`),
    );
    expect(texts.some((t) => t.includes('<script>alert("owned")</script>'))).toBe(true);
    // The page renders it escaped, outside any script or JSON-LD.
    const page = await request(app)
      .get('/en/tools')
      .query({ url: addressOf('hostile') })
      .set('User-Agent', HUMAN_UA);
    expect(page.status).toBe(200);
    expect(page.text).toContain('&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;');
    expect(page.text).not.toContain(HOSTILE);
    const jsonLd = [...page.text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(jsonLd.every(([, body]) => !body!.includes('owned'))).toBe(true);
  });

  it('identifies itself honestly and sends no cookie, even to a site that sets one', async () => {
    await audit('good', '/?cookies');
    await audit('good', '/?cookies');
    const seen = sites.requests.filter((r) => r.site === 'good');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => String(r.headers['user-agent']).includes('GEOPlatformAudit/1.0'))).toBe(true);
    expect(seen.some((r) => String(r.headers['user-agent']).includes('OAI-SearchBot'))).toBe(true);
    expect(seen.every((r) => r.headers.cookie === undefined)).toBe(true);
  });

  it('reuses a result for the same address instead of fetching the site again', async () => {
    const before = sites.requests.filter((r) => r.url === '/?cached').length;
    await audit('good', '/?cached');
    const after = sites.requests.filter((r) => r.url === '/?cached').length;
    await audit('good', '/?cached', 'fr');
    await audit('good', '/?cached#fragment');
    // The page as a browser, as each AI agent of the audit, and asked for as Markdown.
    expect(after - before).toBe(1 + VIEW_AGENTS.length + 1);
    expect(sites.requests.filter((r) => r.url === '/?cached').length).toBe(after);
  });

  it('counts outcomes in the metrics', async () => {
    const metrics = await request(app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(metrics.text).toMatch(/audits_total\{outcome="ok"\} \d+/);
    expect(metrics.text).toMatch(/audits_total\{outcome="notHtml"\} \d+/);
    expect(metrics.text).toMatch(/audit_duration_seconds_count \d+/);
  });
});

describe('scores that tell the truth', () => {
  it('caps below 50 a site closed to every crawler, a noindex page and a firewall-blocked page', async () => {
    for (const name of ['blockEveryone', 'noindex', 'firewall'] as const) {
      const report = (await audit(name)).body as AuditReport;
      expect(report.overall, name).toBeLessThan(50);
      expect(
        report.categories.flatMap((c) => c.items).some((i) => i.blocks),
        name,
      ).toBe(true);
    }
  });

  it('does not take a slow page for a firewall: the agents ask in parallel with the browser', async () => {
    // The page answers nobody until the browser's request, each AI agent's and the Markdown one are
    // all waiting for it at once, as a slow server keeps them. Agents that asked only after the
    // browser's answer (as they once did) would never come: the audit would end at its deadline first.
    const atOnce = 1 + VIEW_AGENTS.length + 1;
    const slow = await startHeldSite({
      files: () => ({ '/': { body: heldPage('Slow but fine') } }),
      hold: (path) => path === '/',
    });
    const patient = await testServer({ AUDIT_ALLOWED_HOSTS: slow.host, AUDIT_TIMEOUT_MS: '10000' });
    try {
      const answer = request(patient)
        .get('/api/audit')
        .query({ url: `${slow.origin}/` })
        .then((res) => res);
      const first = await Promise.race([
        slow.held('/', atOnce).then(() => 'every request waiting at once'),
        answer.then(() => 'the audit ended first'),
      ]);
      expect(first).toBe('every request waiting at once');
      slow.release('/');
      const res = await answer;
      expect(res.status).toBe(200);
      expect(item(res.body as AuditReport, 'crawlerView').status).toBe('pass');
      expect(slow.count('/')).toBe(atOnce);
    } finally {
      await patient.locals.close();
      await slow.close();
    }
  });

  it('reports a challenge every visitor gets as inconclusive, never as a block', async () => {
    const res = await audit('challengeAll');
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'challenged' });
    expect(res.body.error.message).toMatch(/Inconclusive/);
    expect(res.body.error.message).toContain('Cloudflare');
    // The Tools page tells it with the vendor named, in both languages, and no placeholder left.
    for (const lang of ['en', 'fr']) {
      const page = await request(app)
        .get(`/${lang}/tools`)
        .query({ url: addressOf('challengeAll') })
        .set('User-Agent', HUMAN_UA);
      const error = /data-testid="audit-error"[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? '';
      expect(error).toContain('(Cloudflare');
      // The translations sent for hydration hold templates; the page's own text holds none.
      expect(page.text.replace(/<script[\s\S]*?<\/script>/g, '')).not.toContain('{{');
    }
  });
});

describe('the Tools page with ?url=', () => {
  it('renders the report on the server for people, marked noindex', async () => {
    const res = await request(app)
      .get('/fr/tools')
      .query({ url: addressOf('good') })
      .set('User-Agent', HUMAN_UA);
    expect(res.status).toBe(200);
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(res.text).toContain(`Audit de citation IA de ${addressOf('good')}`);
    expect(res.text).toContain('data-testid="category-card"');
  });

  it('shows a failure in the page language, with the address kept in the form', async () => {
    const res = await request(app)
      .get('/en/tools')
      .query({ url: addressOf('notHtml') })
      .set('User-Agent', HUMAN_UA);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-reason="notHtml"');
    expect(res.text).toContain(`value="${addressOf('notHtml')}"`);
  });

  it('never runs an audit for a crawler, which gets the plain Tools page', async () => {
    const before = sites.requests.length;
    const res = await request(app)
      .get('/en/tools')
      .query({ url: addressOf('good', '/?crawler') })
      .set('User-Agent', GPTBOT_UA);
    expect(res.status).toBe(200);
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.text).not.toContain('data-testid="audit-results"');
    expect(sites.requests.length).toBe(before);
  });

  it('is disallowed in robots.txt', async () => {
    const robots = (await request(app).get('/robots.txt')).text;
    expect(robots).toContain('Disallow: /en/tools?url=');
    expect(robots).toContain('Disallow: /fr/tools?url=');
  });
});

describe('SSRF', () => {
  let canary: Server;
  let connections = 0;
  beforeAll(async () => {
    canary = createHttpServer((_req, res) => res.end('canary'));
    canary.on('connection', () => connections++);
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => canary.close(() => resolve())));

  it('never reaches a server on a refused address, whatever the spelling', async () => {
    const port = (canary.address() as AddressInfo).port;
    const hostile = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://2130706433:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://0x7f.0.0.1:${port}/`,
      `http://127.1:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::1]:${port}/`,
      `http://0.0.0.0:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
      'http://localhost/',
    ];
    for (const url of hostile) {
      const res = await request(app).get('/api/audit').query({ url });
      expect(res.status, url).toBe(422);
      expect(res.body.error.code, url).toBe('refused');
    }
    expect(connections).toBe(0);
  });
});

describe('limits', () => {
  it('rate-limits audits per address, page and API together', async () => {
    const limited = await testServer({
      AUDIT_ALLOWED_HOSTS: sites.allowedHosts,
      AUDIT_RATE_LIMIT_PER_MINUTE: '2',
    });
    try {
      expect(
        (
          await request(limited)
            .get('/api/audit')
            .query({ url: addressOf('good') })
        ).status,
      ).toBe(200);
      const page = await request(limited)
        .get('/en/tools')
        .query({ url: addressOf('good') })
        .set('User-Agent', HUMAN_UA);
      expect(page.status).toBe(200);
      const api = await request(limited)
        .get('/api/audit')
        .query({ url: addressOf('good') });
      expect(api.status).toBe(429);
      expect(api.body.error.code).toBe('rate_limited');
      expect(api.headers['retry-after']).toBe('60');
      const again = await request(limited)
        .get('/fr/tools')
        .query({ url: addressOf('good') })
        .set('User-Agent', HUMAN_UA);
      expect(again.status).toBe(429);
      expect(again.text).toContain('data-reason="rateLimited"');
    } finally {
      await limited.locals.close();
    }
  });

  it('stays healthy under 100 concurrent audit requests: cap and limit answer, memory bounded', async () => {
    const capped = await testServer({
      AUDIT_ALLOWED_HOSTS: sites.allowedHosts,
      AUDIT_MAX_CONCURRENT: '2',
      AUDIT_TIMEOUT_MS: '1500',
      AUDIT_RATE_LIMIT_PER_MINUTE: '5',
      // Ten visitors behind one proxy (decision 049: one slot per address).
      TRUST_PROXY: '1',
    });
    const listener = capped.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => listener.once('listening', resolve));
    const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    try {
      const heapBefore = process.memoryUsage().heapUsed;
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          fetch(
            `${base}/api/audit?url=${encodeURIComponent(addressOf(i % 2 ? 'slow' : 'endless', `/?n=${i}`))}`,
            { headers: { 'X-Forwarded-For': `203.0.113.${i % 10}` } },
          ),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.every((s) => [422, 429, 503].includes(s))).toBe(true);
      const codes = await Promise.all(
        answers.map(async (a) => ((await a.json()) as { error: { code: string } }).error.code),
      );
      const count = (code: string) => codes.filter((c) => c === code).length;
      // Five audits a minute for each of the ten addresses; of the rest, two run (the cap), the
      // others are busy or wait for their own address's audit.
      expect(count('rate_limited')).toBe(50);
      expect(count('busy')).toBeGreaterThan(0);
      expect(count('one_at_a_time')).toBeGreaterThan(0);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      // Bodies are capped and nothing is kept from the refused audits.
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 2 ** 20);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
      await capped.locals.close();
    }
  });
});
