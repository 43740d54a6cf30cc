import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import {
  asksForFix,
  FIXES_FIRST,
  topFindings,
  type AuditItem,
  type AuditReport,
} from '../../src/lib/audit.ts';
import { startFixtureSites, type FixtureSites } from '../fixtures/audit-sites.ts';
import { closePeers, startReceiver, startSmtp } from '../support/delivery-peers.ts';
import { mailsTo, reportServerEnv, type Smtp } from '../support/report-harness.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// Issue 38, bugs 4 and 6 (decision 068), in the server's HTML, which is what a visitor without
// JavaScript gets and what the browser hydrates: the Tools page's report and the saved report's page
// lead with the score and its verdict, then the engines, what to fix first and the categories (what
// asks nothing of the site folded in a closed <details>), and end with keep, share, "Email me this
// report" and "Re-check monthly"; checks for information or with nothing to judge are never passes.

let sites: FixtureSites;
let smtp: Smtp;
let app: App;
let close: () => Promise<void>;

beforeAll(async () => {
  sites = await startFixtureSites();
  smtp = await startSmtp();
  const hooks = await startReceiver();
  // Every delivery channel on, so the server offers the monthly re-check (decision 032).
  app = await testServer(reportServerEnv({ host: sites.allowedHosts }, smtp, hooks));
  close = async () => {
    await app.locals.close();
    await closePeers();
    await sites.close();
  };
});
afterAll(() => close());

/** A person's audit through the API: the report as the Tools page's script gets it. */
async function audit(site: 'good' | 'mediocre', lang: 'en' | 'fr'): Promise<AuditReport & { id: string }> {
  const res = await request(app)
    .get('/api/audit')
    .query({ url: `${sites.origin[site]}/`, lang })
    .set('User-Agent', HUMAN_UA);
  expect(res.status).toBe(200);
  return res.body as AuditReport & { id: string };
}

/** Where each part of the results starts in the HTML, in the order the page must show them. */
const ORDER = [
  'data-testid="overall"',
  'data-testid="engines"',
  'data-testid="fixes-first"',
  'data-testid="category-card"',
  'data-testid="report-share"',
  'data-testid="report-badge"',
  'data-testid="report-email"',
  'data-testid="report-recheck"',
] as const;

function expectOrder(html: string) {
  const positions = ORDER.map((marker) => [marker, html.indexOf(marker)] as const);
  for (const [marker, at] of positions) expect(at, marker).toBeGreaterThan(0);
  const sorted = [...positions].sort((a, b) => a[1] - b[1]).map(([marker]) => marker);
  expect(sorted).toEqual([...ORDER]);
  // The heading of the results comes before all of it.
  expect(html.indexOf('id="results-title"')).toBeLessThan(positions[0]![1]);
}

/** The `data-fix` ids of "What to fix first", in page order. */
const fixIds = (html: string) => [...html.matchAll(/data-fix="([^"]+)"/g)].map((m) => m[1]);

/** Each category's folded block: its <details> and the statuses of the checks inside it. */
function foldedBlocks(html: string): { open: boolean; statuses: string[] }[] {
  return [...html.matchAll(/<details([^>]*data-testid="category-others"[^>]*)>([\s\S]*?)<\/details>/g)].map(
    (m) => ({
      open: /\sopen(=|\s|$)/.test(m[1]!),
      statuses: [
        ...m[2]!.matchAll(
          /data-item="[^"]+"[^>]*data-status="([^"]+)"|data-status="([^"]+)"[^>]*data-item=/g,
        ),
      ].map((s) => s[1] ?? s[2]!),
    }),
  );
}

describe.each(['en', 'fr'] as const)('the results in %s', (lang) => {
  it('lead with the score on the Tools page, its report’s id in both forms, without JavaScript', async () => {
    const res = await request(app)
      .get(`/${lang}/tools`)
      .query({ url: `${sites.origin.good}/` })
      .set('User-Agent', HUMAN_UA);
    expect(res.status).toBe(200);
    expectOrder(res.text);
    // The report was kept: its permanent link, and the same id posted by the two email forms.
    // (What changed may link the visitor's earlier report first: the permanent link is the share card's.)
    const share = res.text.slice(res.text.indexOf('data-testid="report-share"'));
    const id = new RegExp(`/${lang}/tools/report/([0-9a-f]{32})`).exec(share)?.[1];
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(res.text).toContain(`action="/api/report-email"`);
    expect(res.text).toContain(`action="/api/recheck"`);
    expect(
      [...res.text.matchAll(/<input type="hidden" name="report" value="([^"]*)"/g)].map((m) => m[1]),
    ).toEqual([id, id]);
    // Without JavaScript, both return to the saved report: the Tools page's address would audit the
    // site again and keep a second report.
    const returns = [
      ...res.text.matchAll(
        /<form[^>]*action="\/api\/(?:report-email|recheck)"[\s\S]*?name="returnTo" value="([^"]*)"/g,
      ),
    ];
    expect(returns.map((m) => m[1])).toEqual([`/${lang}/tools/report/${id}`, `/${lang}/tools/report/${id}`]);
  });

  it('lead with the score on the saved report’s page, in the same order', async () => {
    const report = await audit('good', lang);
    const res = await request(app).get(`/${lang}/tools/report/${report.id}`).set('User-Agent', HUMAN_UA);
    expect(res.status).toBe(200);
    expectOrder(res.text);
    // The report is the page's h1; its cards are h2s under it.
    expect(res.text).toMatch(/<h1 id="results-title"/);
    expect(res.text).toMatch(/<h2 id="overall-title"/);
    expect(res.text).toMatch(/<h2 id="fixes-title"/);
  });

  it('puts the same fixes first as the emails, and folds only what asks nothing', async () => {
    const report = await audit('mediocre', lang);
    const res = await request(app).get(`/${lang}/tools/report/${report.id}`).set('User-Agent', HUMAN_UA);
    const { top, more } = topFindings(report, FIXES_FIRST);
    expect(top).toHaveLength(FIXES_FIRST);
    expect(more).toBeGreaterThan(0);
    expect(fixIds(res.text)).toEqual(top.map((i) => i.id));
    const folded = foldedBlocks(res.text);
    expect(folded.length).toBeGreaterThan(0);
    for (const block of folded) {
      expect(block.open).toBe(false);
      expect(block.statuses.length).toBeGreaterThan(0);
      for (const status of block.statuses) expect(['pass', 'info', 'notApplicable']).toContain(status);
    }
    // Every failure and warning is outside the folds: as many on the page as in the report.
    const items = report.categories.flatMap((c) => c.items);
    const foldedCount = folded.reduce((n, b) => n + b.statuses.length, 0);
    expect(foldedCount).toBe(items.filter((i) => !asksForFix(i.status)).length);
  });
});

/** The checks of a report by id. */
const byId = (report: AuditReport) =>
  new Map<string, AuditItem>(report.categories.flatMap((c) => c.items).map((i) => [i.id, i]));

describe('the email’s “What to fix first”', () => {
  it('opens with the page’s three fixes, through the real SMTP server, and counts no information', async () => {
    const report = await audit('mediocre', 'en');
    const visitor = 'fixes-first@example.org';
    const res = await request(app)
      .post('/api/report-email')
      .send({ email: visitor, report: report.id, lang: 'en' });
    expect(res.status).toBe(200);
    await app.locals.deliveryIdle();
    const [mail] = mailsTo(smtp, visitor);
    const text = mail!.text.replace(/\s+/g, ' ');
    const { top } = topFindings(report, FIXES_FIRST);
    const at = top.map((item) => text.indexOf(item.title));
    for (const position of at) expect(position).toBeGreaterThan(0);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // The email lists five; the rest are counted: failures and warnings only.
    const fixable = report.categories.flatMap((c) => c.items).filter((i) => asksForFix(i.status));
    expect(text).toContain(`The full report lists ${fixable.length - 5} more checks to improve.`);
    expect(text).not.toContain('For information');
    expect(text).not.toContain('AI training crawlers');
  });
});

describe('checks for information and with nothing to judge (bug 6)', () => {
  it('are no passes on a mediocre site: not counted, not green, in the page, the Markdown and the JSON', async () => {
    const report = await audit('mediocre', 'en');
    const items = byId(report);
    // The three the issue names: what they say, and that none of them is a pass any more.
    expect(items.get('trainingAgents')).toMatchObject({ status: 'info' });
    expect(items.get('trainingAgents')!.evidence).toContain('does not change the score');
    expect(items.get('contentSignals')).toMatchObject({
      status: 'notApplicable',
      evidence: 'No robots.txt to state content signals in.',
    });
    expect(items.get('typeProperties')!.status).toBe('notApplicable');
    // With no structured data at all, its vocabulary and consistency have nothing to judge either.
    expect(items.get('vocabulary')!.status).toBe('notApplicable');
    expect(items.get('consistency')!.status).toBe('notApplicable');
    const count = (status: string) => [...items.values()].filter((i) => i.status === status).length;
    // Before issue 38 these five were passes: "17 checks passed" on this site, 12 now.
    expect(count('pass')).toBe(12);
    expect(count('info')).toBe(1);
    expect(count('notApplicable')).toBe(7);
    expect(count('pass') + count('info') + 4).toBe(17);

    const page = await request(app).get(`/en/tools/report/${report.id}`).set('User-Agent', HUMAN_UA);
    const counts = /<ul[^>]*data-testid="overall-counts"[^>]*>([\s\S]*?)<\/ul>/.exec(page.text)![1]!;
    const badge = (status: string) =>
      new RegExp(`data-count="${status}"[^>]*><span[^>]*>([^<]*)</span>`).exec(counts)?.[1];
    expect(badge('pass')).toBe('12 checks passed');
    expect(badge('info')).toBe('1 check for information');
    expect(badge('notApplicable')).toBe('7 checks not applicable');
    // Shown as information, never with the green badge of a pass.
    const training = /<li[^>]*data-item="trainingAgents"[\s\S]*?<\/li>/.exec(page.text)![0];
    expect(training).toContain('For information');
    expect(training).not.toContain('badge-success');

    const markdown = await request(app).get(`/en/tools/report/${report.id}.md`).set('User-Agent', HUMAN_UA);
    expect(markdown.text).toContain('12 checks passed · ');
    expect(markdown.text).toContain('1 check for information');
    expect(markdown.text).toMatch(/- i \*\*For information\*\*: AI training crawlers/);
    expect(markdown.text).toMatch(/- – \*\*Not applicable\*\*: Content signals/);
    // The Markdown follows the pages' order: the score, the engines, what to fix first, the categories.
    const at = (text: string) => markdown.text.indexOf(text);
    expect(at('## Overall score')).toBeLessThan(at('## What to fix first'));
    expect(at('## What to fix first')).toBeLessThan(at('## AI crawler access'));

    const json = await request(app).get(`/api/audit/report/${report.id}`).query({ lang: 'en' });
    expect(byId(json.body as AuditReport).get('trainingAgents')!.status).toBe('info');
  });

  it('speaks French: « Pour information », and the counts apart', async () => {
    const report = await audit('mediocre', 'fr');
    const page = await request(app).get(`/fr/tools/report/${report.id}`).set('User-Agent', HUMAN_UA);
    expect(page.text).toContain('12\u00a0points conformes');
    expect(page.text).toContain('1\u00a0point pour information');
    const training = /<li[^>]*data-item="trainingAgents"[\s\S]*?<\/li>/.exec(page.text)![0];
    expect(training).toContain('Pour information');
  });
});
