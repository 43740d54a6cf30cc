import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import type { AuditReport, AuditStreamLine, SiteReport } from '../../src/lib/audit.ts';
import { startPlantedSite, type PlantedSite } from '../fixtures/planted-site.ts';
import { testServer } from '../support/test-server.ts';

// A site audit (issue 21, decision 024) of a 12-page site with planted defects, over HTTP: the
// summary names each defect and its pages, the disallowed path is never fetched, the private sitemap
// entry is refused, progress comes page by page, and a site audit counts as N audits.

let site: PlantedSite;
let app: App;
beforeAll(async () => {
  site = await startPlantedSite();
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

const summary = (report: SiteReport, id: string) => {
  const item = report.summary.find((i) => i.id === id);
  if (!item) throw new Error(`no site item ${id}`);
  return item;
};

describe('GET /api/audit?pages=25', () => {
  let report: AuditReport;
  beforeAll(async () => {
    const res = await request(app)
      .get('/api/audit')
      .query({ url: `${site.origin}/`, lang: 'en', pages: '25' });
    expect(res.status).toBe(200);
    report = res.body as AuditReport;
  });

  it('takes the pages of the sitemap and scores each one it reads', () => {
    const siteReport = report.site!;
    expect(siteReport.source).toBe('sitemap');
    const audited = siteReport.pages.filter((p) => p.outcome === 'audited');
    expect(audited.map((p) => new URL(p.url).pathname)).toEqual([
      '/',
      '/pricing',
      '/team',
      '/careers',
      '/draft',
      '/archive',
      '/copy',
      '/fr/',
      '/blog',
      '/help',
    ]);
    for (const page of audited) expect(page.score).toBeGreaterThan(0);
    // Kept out of results: capped like any such page.
    expect(audited.find((p) => p.url.endsWith('/draft'))!.score).toBeLessThanOrEqual(40);
  });

  it('names every planted defect with its pages', () => {
    const s = report.site!;
    const paths = (id: string) => summary(s, id).urls.map((u) => u.replace(site.origin, ''));
    expect(summary(s, 'siteExcluded')).toMatchObject({ status: 'fail' });
    expect(paths('siteExcluded')).toEqual(['/draft', '/archive']);
    expect(paths('siteTitles')).toEqual(['/team', '/careers']);
    expect(paths('siteCanonicals')).toEqual([`/copy → ${site.origin}/pricing`]);
    expect(paths('siteHreflang')).toEqual([`/ → ${site.origin}/fr/`]);
    expect(paths('siteErrors')).toEqual(['/gone']);
    expect(paths('siteThin')).toEqual(['/help']);
    expect(paths('siteSkipped')).toEqual(['/private/plans']);
    expect(summary(s, 'siteJsonLd').status).toBe('pass');
    // The same title and the same text, and no canonical between them: a duplicate, named as such.
    expect(paths('siteDuplicates')).toEqual([`/careers → ${site.origin}/team`]);
    expect(summary(s, 'siteErrors').evidence).toBe(
      '1 page could not be audited: an error status, no answer or not a web page.',
    );
  });

  it('gives the site its own verdict: its score, its worst pages, and each engine across the pages', () => {
    const s = report.site!;
    const audited = s.pages.filter((p) => p.outcome === 'audited');
    // The first page's row shows the score its own report gives it.
    expect(audited[0]!.score).toBe(report.overall);
    const scores = audited.map((p) => p.score!);
    const mean = Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
    expect(s.verdict).toMatchObject({
      score: mean,
      lowest: Math.min(...scores),
      highest: Math.max(...scores),
    });
    expect(s.verdict!.worst.map((w) => w.url.replace(site.origin, ''))).toEqual([
      '/draft',
      '/archive',
      '/help',
    ]);
    // The two noindex pages are out of Google's and Bing's answers; the other operators document
    // no page directive, so for them those two pages cannot be told; /help has almost no text.
    expect(s.verdict!.engines.map((e) => [e.id, e.status, e.out, e.partly, e.pages])).toEqual([
      ['chatgpt', 'limited', 1, 2, 10],
      ['perplexity', 'limited', 1, 2, 10],
      ['copilot', 'limited', 2, 1, 10],
      ['google', 'limited', 2, 1, 10],
      ['claude', 'limited', 1, 2, 10],
    ]);
  });

  it('never fetches the path robots.txt closes to it, and refuses the private sitemap entry', () => {
    expect(site.requested).not.toContain('/private/plans');
    // Counted in the summary, not listed in the table (decision 048).
    expect(report.site!.pages.map((p) => p.url)).not.toContain('http://10.0.0.8/internal');
    expect(summary(report.site!, 'siteSkipped').evidence).toContain(
      '1 address of the sitemap is private, local or on another port: refused.',
    );
    const gone = report.site!.pages.find((p) => p.url.endsWith('/gone'));
    expect(gone).toMatchObject({ outcome: 'failed', status: 404, note: 'answered 404' });
  });

  it('speaks French', async () => {
    const res = await request(app)
      .get('/api/audit')
      .query({ url: `${site.origin}/`, lang: 'fr', pages: '25' });
    const s = (res.body as AuditReport).site!;
    expect(summary(s, 'siteTitles').evidence).toBe('2\u00a0pages partagent leur titre avec une autre.');
  });
});

describe('progress and limits', () => {
  it('streams the other pages as they are done, then the report', async () => {
    const res = await request(app)
      .get('/api/audit')
      .query({ url: `${site.origin}/`, pages: '10' })
      .set('Accept', 'application/x-ndjson');
    const lines = res.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as AuditStreamLine);
    const pages = lines.flatMap((l) => ('page' in l ? [l.page] : []));
    expect(pages.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pages.every((p) => p.total === 9)).toBe(true);
    expect('result' in lines.at(-1)!).toBe(true);
  });

  it('ignores a pages value it cannot read, and counts a site audit as that many audits', async () => {
    const limited = await testServer({ AUDIT_ALLOWED_HOSTS: site.host, AUDIT_RATE_LIMIT_PER_MINUTE: '6' });
    try {
      const odd = await request(limited)
        .get('/api/audit')
        .query({ url: `${site.origin}/pricing`, pages: 'lots' });
      expect(odd.status).toBe(200);
      expect((odd.body as AuditReport).site).toBeUndefined();
      const siteAudit = await request(limited)
        .get('/api/audit')
        .query({ url: `${site.origin}/`, pages: '10' });
      expect(siteAudit.status).toBe(200);
      const next = await request(limited)
        .get('/api/audit')
        .query({ url: `${site.origin}/blog` });
      expect(next.status).toBe(429);
    } finally {
      await limited.locals.close();
    }
  });
});
