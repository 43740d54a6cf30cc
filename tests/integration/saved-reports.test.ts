import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import type { AuditReport } from '../../src/lib/audit.ts';
import { GPTBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

// Saved reports (issue 23): every audit a person runs is kept under an unguessable id, opens at its
// permanent address in either language without JavaScript and after a restart, compares itself with
// the address's earlier report, and comes as Markdown, JSON and a badge. Crawlers' audits are not
// kept, report pages are never indexed, and everything the audited site says stays text.

/** A site whose llms.txt can be taken away between two audits, with a hostile title. */
const HOSTILE_TITLE = 'Shop [click](javascript:alert(1)) <script>alert(1)</script> **bold**';
let llmsTxt = true;
let site: Server;
let siteHost: string;

function page(): string {
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
    `<title>${HOSTILE_TITLE.replace(/</g, '&lt;')}</title>`,
    '<meta name="description" content="A small shop that sells tea from three farms in Japan and ships across Europe.">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '</head><body><main><h1>Tea from three farms</h1>',
    '<p>We have sold green tea since 2019, from 3 farms, to 1,200 customers in 14 countries.</p>',
    '</main></body></html>',
  ].join('');
}

let dataDir: string;
let app: App;
const env = () => ({
  AUDIT_ALLOWED_HOSTS: siteHost,
  AUDIT_RATE_LIMIT_PER_MINUTE: '1000',
  AUDIT_CACHE_SECONDS: '0',
  DATA_DIR: dataDir,
});

beforeAll(async () => {
  site = createHttpServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page());
    else if (req.url === '/llms.txt' && llmsTxt)
      res
        .writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('# Tea shop\n\n> Green tea from three farms.\n\n## Pages\n\n- [Home](/index.md): the shop\n');
    // The Markdown copy llms.txt links to, as the proposal asks (the audit samples its links).
    else if (req.url === '/index.md')
      res
        .writeHead(200, { 'Content-Type': 'text/markdown; charset=utf-8' })
        .end('# Tea shop\n\nGreen tea.\n');
    else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteHost = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'geo-reports-'));
  app = await testServer(env());
});
afterAll(async () => {
  await app.locals.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

async function audit(server: App, ua = HUMAN_UA, lang = 'en'): Promise<AuditReport> {
  const res = await request(server)
    .get('/api/audit')
    .query({ url: `http://${siteHost}/`, lang })
    .set('User-Agent', ua);
  expect(res.status).toBe(200);
  return res.body as AuditReport;
}

describe('saving', () => {
  it('keeps a person’s audit under a 128-bit id, and no crawler’s', async () => {
    const report = await audit(app);
    expect(report.id).toMatch(/^[0-9a-f]{32}$/);
    expect((await audit(app, GPTBOT_UA)).id).toBeUndefined();
    const again = await audit(app);
    expect(again.id).not.toBe(report.id);
  });

  it('opens at its permanent address in either language, without JavaScript and after a restart', async () => {
    const { id, overall } = await audit(app);
    await app.locals.close();
    app = await testServer(env());
    const en = await request(app).get(`/en/tools/report/${id}`).set('User-Agent', GPTBOT_UA);
    expect(en.status).toBe(200);
    expect(en.text).toContain('AI citation audit of');
    expect(en.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(en.headers['cache-control']).toBe('private, no-store');
    expect(en.text).toMatch(new RegExp(`data-testid="overall-score"[^>]*>${overall}<`));
    const fr = await request(app).get(`/fr/tools/report/${id}`).set('User-Agent', HUMAN_UA);
    expect(fr.status).toBe(200);
    expect(fr.text).toContain('Accès des robots d’IA');
    expect(fr.text).toMatch(new RegExp(`data-testid="overall-score"[^>]*>${overall}<`));
  });

  it('shows what changed since the address’s earlier report, with a link to it', async () => {
    llmsTxt = true;
    const before = await audit(app);
    llmsTxt = false;
    const after = await audit(app);
    llmsTxt = true;
    expect(after.changes?.previous.id).toBe(before.id);
    const llms = after.changes!.checks.find((c) => c.id === 'llmsTxt');
    expect(llms?.before).toBe('pass');
    expect(llms?.after).not.toBe('pass');
    const html = (await request(app).get(`/fr/tools/report/${after.id}`).set('User-Agent', HUMAN_UA)).text;
    expect(html).toContain('Ce qui a changé depuis le');
    expect(html).toContain(`href="/fr/tools/report/${before.id}"`);
  });

  it('answers a missing, malformed or expired id with a friendly 404 in the page’s language', async () => {
    const missing = await request(app)
      .get(`/fr/tools/report/${'0'.repeat(32)}`)
      .set('User-Agent', HUMAN_UA);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Ce rapport n’est pas disponible');
    const malformed = await request(app).get('/en/tools/report/not-an-id').set('User-Agent', HUMAN_UA);
    expect(malformed.status).toBe(404);
    expect(malformed.text).toContain('This report is not available');
    const json = await request(app).get(`/api/audit/report/${'0'.repeat(32)}?lang=fr`);
    expect(json.status).toBe(404);
    expect(json.body.error).toMatchObject({ code: 'not_found', message: expect.stringContaining('rapport') });
  });
});

describe('files of a report', () => {
  let report: AuditReport;
  beforeAll(async () => {
    report = await audit(app);
  });

  it('gives the same report as JSON and as Markdown, the site’s text escaped', async () => {
    const json = await request(app).get(`/api/audit/report/${report.id}?lang=fr`);
    expect(json.status).toBe(200);
    expect(json.headers['cache-control']).toBe('private, no-store');
    expect((json.body as AuditReport).overall).toBe(report.overall);
    expect((json.body as AuditReport).categories[0]!.items[0]!.title).not.toBe(
      report.categories[0]!.items[0]!.title,
    );

    const md = await request(app).get(`/en/tools/report/${report.id}.md`);
    expect(md.status).toBe(200);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    // The audited address stays text under GitHub's autolinking too (decision 048).
    expect(md.text).toContain(`# AI citation audit of http\\://${siteHost}/`);
    expect(md.text).toContain(`Overall score: ${report.overall}/100`);
    // How the page was read opens both copies, each in its language.
    expect((json.body as AuditReport).pageType?.text).toMatch(/^Page lue comme /);
    expect(md.text).toContain(`\n**${report.pageType?.text}**\n`);
    expect(report.pageType?.text).toMatch(/^Read as /);
    // The hostile title is quoted by the title check's evidence: no link, no markup survives.
    expect(md.text).not.toContain('[click](javascript');
    expect(md.text).not.toContain('<script>');
    expect(md.text).toContain('\\[click\\]');
  });

  it('draws an accessible badge of the overall score, kept a day by caches', async () => {
    const svg = await request(app).get(`/badge/${report.id}.svg?lang=fr`);
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['cache-control']).toBe('public, max-age=86400');
    const text = Buffer.isBuffer(svg.body) ? svg.body.toString() : svg.text;
    expect(text).toContain('role="img"');
    expect(text).toContain(
      `<title id="badge-title">Score de citabilité IA\u00a0: ${report.overall}/100</title>`,
    );
    expect((await request(app).get(`/badge/${'f'.repeat(32)}.svg`)).status).toBe(404);
  });

  it('keeps reports out of robots and the sitemap', async () => {
    const robots = (await request(app).get('/robots.txt')).text;
    expect(robots).toContain('Disallow: /en/tools/report/');
    expect(robots).toContain('Disallow: /badge/');
    expect((await request(app).get('/sitemap.xml')).text).not.toContain('/tools/report/');
  });
});
