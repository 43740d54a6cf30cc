import { afterEach, describe, expect, it } from 'vitest';
import { parseAllowedHosts } from '../../../src/server/audit/address.ts';
import { auditUserAgents } from '../../../src/server/audit/agents.ts';
import { requestCap, type Clock } from '../../../src/server/audit/politeness.ts';
import { runAudit, type RunResult } from '../../../src/server/audit/run.ts';
import type { SitePage } from '../../../src/server/audit/site-summary.ts';
import { analysisInProcess } from '../../fixtures/audit-analysis.ts';
import { heldPage, startHeldSite, type HeldFile, type HeldSite } from '../../fixtures/held-site.ts';

// A site audit obeys the site at every hop (issue 34, finding 5; decision 049): a redirect of a
// further page is followed only on the audited origin and where robots.txt lets the audit's agent
// in, robots.txt's Crawl-delay is kept (with a clock the test moves on, no waiting), and one audit
// sends at most requestCap(pages) requests, every hop counted. The fixture sites count what they get:
// what must not be fetched is asserted as zero requests.

const sites: HeldSite[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
});

async function site(files: (origin: string) => Record<string, HeldFile>): Promise<HeldSite> {
  const started = await startHeldSite({ files });
  sites.push(started);
  return started;
}

const sitemap = (origin: string, paths: readonly string[]): HeldFile => ({
  type: 'application/xml',
  body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map((p) => `<url><loc>${origin}${p}</loc></url>`)
    .join('')}</urlset>`,
});
const redirect = (location: string, status = 302): HeldFile => ({ status, headers: { Location: location } });
const page = (title: string): HeldFile => ({ body: heldPage(title) });

function audit(target: HeldSite, pages: number, more: { hosts?: string[]; clock?: Clock } = {}) {
  return runAudit(`${target.origin}/`, {
    ...auditUserAgents('https://geo.example'),
    // Every fixture is reachable: only the audit's own rules keep it from a page.
    allowedHosts: parseAllowedHosts([target.host, ...(more.hosts ?? [])].join(',')),
    analysis: analysisInProcess,
    timeoutMs: 10_000,
    pages,
    ...(more.clock ? { clock: more.clock } : {}),
  });
}

function tableOf(result: RunResult): SitePage[] {
  if (!result.ok) throw new Error(`audit failed: ${result.reason} (${result.detail})`);
  return result.site!.table;
}
const row = (table: SitePage[], path: string) => table.find((r) => new URL(r.url).pathname === path);

describe('a site audit follows redirects only where the site lets it', () => {
  it('never fetches a redirect target off the origin or closed by robots.txt', async () => {
    const elsewhere = await site(() => ({ '/target': page('Elsewhere') }));
    const target = await site((origin) => ({
      '/': page('Home'),
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' },
      '/sitemap.xml': sitemap(origin, ['/ok', '/away', '/moved', '/around']),
      '/ok': page('OK'),
      '/away': redirect(`${elsewhere.origin}/target`),
      '/moved': redirect('/private/secret', 301),
      // Off the origin and back: the first hop already leaves it.
      '/around': redirect(`${elsewhere.origin}/target?back=1`),
      '/private/secret': page('Secret'),
    }));
    const table = tableOf(await audit(target, 10, { hosts: [elsewhere.host] }));

    expect(row(table, '/ok')).toMatchObject({ outcome: 'audited' });
    expect(row(table, '/away')).toMatchObject({ outcome: 'notTaken', detail: 'redirectOffSite' });
    expect(row(table, '/around')).toMatchObject({ outcome: 'notTaken', detail: 'redirectOffSite' });
    expect(row(table, '/moved')).toMatchObject({ outcome: 'notTaken', detail: 'redirectDisallowed' });
    expect(elsewhere.requests).toEqual([]);
    expect(target.count('/private/secret')).toBe(0);
  });

  it('sends at most requestCap(pages) requests through long redirect chains, and lists the rest as not read', async () => {
    const paths = Array.from({ length: 30 }, (_, i) => `/p${i}`);
    const target = await site((origin) => {
      const files: Record<string, HeldFile> = {
        '/': page('Home'),
        '/sitemap.xml': sitemap(origin, paths),
      };
      // Each sitemap page redirects five times on the origin before it answers: six requests a page.
      for (const p of paths) {
        for (let hop = 0; hop < 5; hop++) files[hop === 0 ? p : `${p}/${hop}`] = redirect(`${p}/${hop + 1}`);
        files[`${p}/5`] = page(p);
      }
      return files;
    });
    const table = tableOf(await audit(target, 25));

    expect(target.requests.length).toBeLessThanOrEqual(requestCap(25));
    expect(requestCap(25)).toBe(112);
    const notRead = table.filter((r) => r.detail === 'requestBudget');
    expect(notRead.length).toBeGreaterThan(0);
    // The pages read were read whole: redirects followed to their answer.
    expect(table.filter((r) => r.outcome === 'audited').length).toBeGreaterThan(1);
  });
});

describe('Crawl-delay', () => {
  it('keeps the delay between requests and lists the pages it leaves no time for', async () => {
    const paths = ['/one', '/two', '/three', '/four', '/five'];
    const target = await site((origin) => ({
      '/': page('Home'),
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nCrawl-delay: 10\nDisallow: /private/\n' },
      '/sitemap.xml': sitemap(origin, paths),
      ...Object.fromEntries(paths.map((p) => [p, page(p)])),
    }));
    // A clock that moves on by each wait at once: the test never waits.
    let now = 0;
    const waits: number[] = [];
    const clock: Clock = {
      now: () => now,
      sleep: (ms) => {
        waits.push(ms);
        now += ms;
        return Promise.resolve();
      },
    };
    const table = tableOf(await audit(target, 25, { clock }));

    // Requests 10 s apart: the site audit's 30 s, less the last page's 5 s, leave room for two pages.
    expect(waits).toEqual([10_000, 10_000]);
    expect(table.filter((r) => r.outcome === 'audited').map((r) => new URL(r.url).pathname)).toEqual([
      '/',
      '/one',
      '/two',
    ]);
    for (const p of ['/three', '/four', '/five']) {
      expect(row(table, p)).toMatchObject({ outcome: 'notTaken', detail: 'crawlDelay' });
      expect(target.count(p)).toBe(0);
    }
  });
});
