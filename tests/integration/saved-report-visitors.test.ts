import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import type { AuditReport } from '../../src/lib/audit.ts';
import { startTeaSite, type TeaSite } from '../fixtures/tea-site.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// Saved reports and the visitors who ask for them (issue 34, decision 048), through the built
// server with TRUST_PROXY=1, each visitor an X-Forwarded-For address: a report shows only its own
// id (a second visitor of a cached run gets a report of their own, and never the first one's id),
// and a visitor's reports are capped per day: past the cap the audit is answered, honestly not kept.

let site: TeaSite;
beforeAll(async () => {
  site = await startTeaSite();
});
afterAll(() => site.close());

const env = (more: Record<string, string>) => ({
  AUDIT_ALLOWED_HOSTS: site.host,
  AUDIT_RATE_LIMIT_PER_MINUTE: '1000',
  TRUST_PROXY: '1',
  ...more,
});

/** A person's audit of the tea site from `address`, as the API answers it. */
async function auditFrom(app: App, address: string, lang: 'en' | 'fr' = 'en', path = '/') {
  const res = await request(app)
    .get('/api/audit')
    .query({ url: `${site.origin}${path}`, lang })
    .set('User-Agent', HUMAN_UA)
    .set('X-Forwarded-For', address);
  expect(res.status).toBe(200);
  return { report: res.body as AuditReport, text: res.text };
}

describe('one cached run, two visitors', () => {
  let app: App;
  beforeAll(async () => {
    // The ten-minute cache on: both visitors get the same run.
    app = await testServer(env({ AUDIT_CACHE_SECONDS: '600' }));
  });
  afterAll(() => app.locals.close());

  it('gives each visitor a report of their own, and never shows the first one’s id to the second', async () => {
    const first = await auditFrom(app, '198.51.100.1');
    const again = await auditFrom(app, '198.51.100.1');
    expect(first.report.id).toMatch(/^[0-9a-f]{32}$/);
    // The same visitor asking again for the same run keeps their report.
    expect(again.report.id).toBe(first.report.id);

    const second = await auditFrom(app, '198.51.100.2', 'fr');
    expect(second.report.id).toMatch(/^[0-9a-f]{32}$/);
    expect(second.report.id).not.toBe(first.report.id);
    // What changed since the address's earlier report is told, without a way to it.
    expect(second.report.changes?.previous.auditedAt).toBe(first.report.auditedAt);
    expect(second.report.changes?.previous.id).toBeUndefined();
    expect(second.text).not.toContain(first.report.id);
    for (const path of [
      `/fr/tools/report/${second.report.id}`,
      `/api/audit/report/${second.report.id}`,
      `/en/tools/report/${second.report.id}.md`,
    ]) {
      const res = await request(app).get(path).set('User-Agent', HUMAN_UA);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain(first.report.id);
    }
    // Both reports open on their own.
    const firstPage = await request(app)
      .get(`/en/tools/report/${first.report.id}`)
      .set('User-Agent', HUMAN_UA);
    expect(firstPage.status).toBe(200);
  });
});

describe('reports per visitor and day', () => {
  let app: App;
  beforeAll(async () => {
    app = await testServer(env({ AUDIT_CACHE_SECONDS: '0', AUDIT_REPORTS_PER_DAY: '2' }));
  });
  afterAll(() => app.locals.close());

  it('answers the audit past the cap but keeps no report, and says so in both languages', async () => {
    const visitor = '203.0.113.9';
    const kept = [await auditFrom(app, visitor), await auditFrom(app, visitor, 'en', '/a')];
    for (const { report } of kept) expect(report.id).toMatch(/^[0-9a-f]{32}$/);

    const past = await auditFrom(app, visitor, 'en', '/b');
    expect(past.report.id).toBeUndefined();
    expect(past.report.overall).toBeGreaterThan(0);
    expect(past.report.notKept).toEqual({
      reason: 'daily',
      message: expect.stringContaining('your address has already saved 2 reports today'),
    });
    const french = await auditFrom(app, visitor, 'fr', '/c');
    expect(french.report.id).toBeUndefined();
    expect(french.report.notKept?.message).toContain('votre adresse a déjà enregistré 2\u00a0rapports');

    // The Tools page without JavaScript: the report, the reason, and no permanent link.
    const page = await request(app)
      .get('/fr/tools')
      .query({ url: `${site.origin}/d` })
      .set('User-Agent', HUMAN_UA)
      .set('X-Forwarded-For', visitor);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="audit-results"');
    expect(page.text).toContain('data-testid="report-not-kept"');
    expect(page.text).toContain('Ce rapport n’a pas été conservé');
    expect(page.text).not.toMatch(/tools\/report\/[0-9a-f]{32}/);

    // Another visitor is not concerned.
    expect((await auditFrom(app, '203.0.113.10', 'en', '/b')).report.id).toMatch(/^[0-9a-f]{32}$/);
  });
});
