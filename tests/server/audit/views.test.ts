import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAllowedHosts } from '../../../src/server/audit/address.ts';
import { auditUserAgents, VIEW_AGENTS } from '../../../src/server/audit/agents.ts';
import { agentVerdict, readRobots } from '../../../src/server/audit/read/robots.ts';
import { runAudit, type RunResult } from '../../../src/server/audit/run.ts';
import { AUDIT_AGENT } from '../../../src/server/audit/site-pages.ts';
import type { FetchOutcome } from '../../../src/server/audit/types.ts';
import { analysisInProcess } from '../../fixtures/audit-analysis.ts';
import {
  heldPage,
  startHeldSite,
  type HeldFile,
  type HeldRequest,
  type HeldSite,
} from '../../fixtures/held-site.ts';

// The audit obeys what it checks (issue 37, item 4; decision 064): the page is asked for as GPTBot,
// ClaudeBot, PerplexityBot, OAI-SearchBot or Googlebot only where the site's robots.txt lets that
// crawler in, redirects of those views are followed only where it still does, and every request of
// an audit names the audit in its User-Agent. The sites are served on loopback with real publishers'
// robots.txt files (tests/fixtures/robots/, sources in its README); each logs every request with its
// path, query and User-Agent, and the log of the whole audit, single page and site audit, is read
// against those files: no request as a crawler on a path its robots.txt closes to it.

const SELF = 'GEOPlatformAudit/1.0 (+https://geo.example/en/tools)';
const agents = auditUserAgents('https://geo.example');

const robotsFile = (name: string) =>
  readFileSync(new URL(`../../fixtures/robots/${name}.txt`, import.meta.url), 'utf8');

const sites: HeldSite[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
});

interface Publisher {
  robots: HeldFile;
  /** Pages of the site, all served (a robots.txt closing them to a crawler is what is tested). */
  paths: readonly string[];
  /** Extra answers (redirects). */
  more?: (origin: string) => Record<string, HeldFile>;
}

async function publisher({ robots, paths, more }: Publisher): Promise<HeldSite> {
  const started = await startHeldSite({
    files: (origin) => ({
      '/robots.txt': robots,
      '/sitemap.xml': {
        type: 'application/xml',
        body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
          .map((p) => `<url><loc>${origin}${p}</loc></url>`)
          .join('')}</urlset>`,
      },
      ...Object.fromEntries(paths.map((p) => [p.split('?')[0]!, { body: heldPage(`Page ${p}`, paths) }])),
      ...more?.(origin),
    }),
  });
  sites.push(started);
  return started;
}

const text = (body: string): HeldFile => ({ type: 'text/plain', body });

function audit(site: HeldSite, path: string, pages = 1): Promise<RunResult> {
  return runAudit(`${site.origin}${path}`, {
    ...agents,
    allowedHosts: parseAllowedHosts(site.host),
    analysis: analysisInProcess,
    timeoutMs: 10_000,
    pages,
  });
}

/** The crawler a request claimed to be, by the product token its User-Agent names; undefined: the audit's own. */
function crawlerOf(request: HeldRequest): string | undefined {
  return VIEW_AGENTS.find((v) => request.userAgent.includes(`${v.token}/`))?.token;
}

/** The robots.txt the site served, as the audit read it (the same body for every request of the test). */
function robotsOf(site: HeldSite, robots: HeldFile) {
  const outcome: FetchOutcome = {
    ok: true,
    url: `${site.origin}/robots.txt`,
    finalUrl: `${site.origin}/robots.txt`,
    status: robots.status ?? 200,
    headers: { 'content-type': robots.type ?? 'text/plain' },
    redirects: [],
    body: robots.body ?? '',
    bytes: 0,
    transferBytes: 0,
    truncated: false,
    ttfbMs: 0,
    totalMs: 0,
  };
  return readRobots(outcome);
}

/** Requests sent as a crawler to an address that crawler's robots.txt group closes. */
function violations(site: HeldSite, robots: HeldFile): string[] {
  const state = robotsOf(site, robots);
  return site.requests.flatMap((request) => {
    const crawler = crawlerOf(request);
    if (!crawler) return [];
    const verdict = agentVerdict(state, `${site.origin}${request.target}`, crawler);
    return verdict.allowed ? [] : [`${crawler} ${request.target} (line ${verdict.line})`];
  });
}

/** The paths each crawler was sent to, in the order asked. */
function askedAs(site: HeldSite, crawler: string): string[] {
  return site.requests.filter((r) => crawlerOf(r) === crawler).map((r) => r.target);
}

function findings(result: RunResult) {
  if (!result.ok) throw new Error(`audit failed: ${result.reason} (${result.detail})`);
  return result.categories.flatMap((c) => c.findings);
}
const crawlerViewOf = (result: RunResult) => findings(result).find((f) => f.id === 'crawlerView')!;

const NEWS_PATHS = [
  '/',
  '/2024/06/20/world/europe/election.html',
  '/svc/wordle/v2/today.json',
  '/search?query=geo',
];

describe('the page is fetched as a crawler only where robots.txt lets it in', () => {
  it('The New York Times: never asks as GPTBot, ClaudeBot or PerplexityBot, and says so for each', async () => {
    const robots = text(robotsFile('nytimes.com'));
    const site = await publisher({ robots, paths: NEWS_PATHS });
    const result = await audit(site, '/2024/06/20/world/europe/election.html');

    expect(violations(site, robots)).toEqual([]);
    for (const closed of ['GPTBot', 'ClaudeBot', 'PerplexityBot']) expect(askedAs(site, closed)).toEqual([]);
    // Not named in this file, and the `*` group leaves the article open: asked once each.
    expect(askedAs(site, 'OAI-SearchBot')).toEqual(['/2024/06/20/world/europe/election.html']);
    expect(askedAs(site, 'Googlebot')).toEqual(['/2024/06/20/world/europe/election.html']);
    const view = crawlerViewOf(result);
    const closed = view.evidence.filter((e) => e.key === 'items.crawlerView.evidence.closed');
    expect(closed.map((e) => e.values!.agent)).toEqual(['PerplexityBot', 'GPTBot', 'ClaudeBot']);
    expect(closed.find((e) => e.values!.agent === 'GPTBot')!.values).toMatchObject({
      line: 164,
      rule: 'Disallow: /',
    });
    // The two agents asked got the same page: nothing for the firewall check to complain of.
    expect(view.status).toBe('pass');
  });

  it('NBA: asks as GPTBot on the paths its group allows, never on the others', async () => {
    const robots = text(robotsFile('nba.com'));
    const site = await publisher({
      robots,
      paths: ['/players', '/games/2024-finals', '/team/celtics/schedule'],
    });

    await audit(site, '/players');
    await audit(site, '/games/2024-finals');
    await audit(site, '/team/celtics/schedule');

    expect(violations(site, robots)).toEqual([]);
    // `Allow: /players` opens the first; `Disallow: /` closes the second; `Disallow: /team/*/schedule$`
    // is longer than `Allow: /team/*` and closes the third.
    expect(askedAs(site, 'GPTBot')).toEqual(['/players']);
    expect(askedAs(site, 'ClaudeBot')).toEqual(['/players', '/games/2024-finals', '/team/celtics/schedule']);
  });

  it('Le Monde, The Guardian, news.com.au and Investopedia: no crawler where its group closes the path', async () => {
    const cases = [
      { file: 'lemonde.fr', paths: ['/international/article/2024/05/04/elections.html', '/recherche/geo'] },
      { file: 'theguardian.com', paths: ['/world/2024/jun/30/election', '/sendarticle/123'] },
      { file: 'news.com.au', paths: ['/technology/ai-search', '/sport'] },
      { file: 'investopedia.com', paths: ['/terms/g/geo.asp', '/thmb/chart.png'] },
    ];
    for (const { file, paths } of cases) {
      const robots = text(robotsFile(file));
      const site = await publisher({ robots, paths });
      for (const path of paths) await audit(site, path);
      expect(violations(site, robots), file).toEqual([]);
    }
    const [lemonde, guardian, newsAu, investopedia] = sites.slice(-4) as [
      HeldSite,
      HeldSite,
      HeldSite,
      HeldSite,
    ];
    expect(askedAs(lemonde, 'PerplexityBot')).toEqual([]);
    expect(askedAs(guardian, 'GPTBot')).toEqual([]);
    // news.com.au lets GPTBot in and keeps PerplexityBot out.
    expect(askedAs(newsAu, 'GPTBot')).toEqual(['/technology/ai-search', '/sport']);
    expect(askedAs(newsAu, 'PerplexityBot')).toEqual([]);
    // Investopedia closes only its image folder to GPTBot (the page audit of an image fails as not HTML).
    expect(askedAs(investopedia, 'GPTBot')).toEqual(['/terms/g/geo.asp']);
  });

  it('does not follow a view’s redirect to a path robots.txt closes to that crawler', async () => {
    const robots = text(robotsFile('nba.com'));
    const site = await publisher({
      robots,
      paths: ['/players', '/games/2024-finals'],
      more: () => ({ '/players/archive': { status: 301, headers: { Location: '/games/2024-finals' } } }),
    });
    const result = await audit(site, '/players/archive');

    expect(violations(site, robots)).toEqual([]);
    // GPTBot asked for the open address, got the redirect, and stopped there.
    expect(askedAs(site, 'GPTBot')).toEqual(['/players/archive']);
    expect(askedAs(site, 'ClaudeBot')).toEqual(['/players/archive', '/games/2024-finals']);
    const evidence = crawlerViewOf(result).evidence.find(
      (e) => e.key === 'items.crawlerView.evidence.closedRedirect',
    );
    expect(evidence?.values).toMatchObject({
      agent: 'GPTBot',
      at: `${site.origin}/games/2024-finals`,
      line: 71,
    });
  });

  it('asks as no crawler when robots.txt answers 503 (a complete disallow), and as every one when it is missing', async () => {
    const unreachable = { status: 503, type: 'text/plain', body: 'Service unavailable' };
    const down = await publisher({ robots: unreachable, paths: ['/'] });
    const result = await audit(down, '/');
    expect(down.requests.filter((r) => crawlerOf(r) !== undefined)).toEqual([]);
    const view = crawlerViewOf(result);
    expect(view.status).toBe('notApplicable');
    expect(view.evidence.map((e) => e.key)).toEqual(
      VIEW_AGENTS.map(() => 'items.crawlerView.evidence.closedUnreachable'),
    );

    // 4xx: "unavailable", every crawler may go anywhere (RFC 9309 §2.3.1.3).
    const missing = await publisher({ robots: { status: 404, body: 'Not found' }, paths: ['/'] });
    await audit(missing, '/');
    expect(VIEW_AGENTS.map((v) => askedAs(missing, v.token))).toEqual(VIEW_AGENTS.map(() => ['/']));
  });
});

describe('a whole audit', () => {
  it('site audit of a publisher: no request as a closed crawler, further pages only as the audit where robots.txt lets it', async () => {
    const robots = text(robotsFile('nytimes.com'));
    const site = await publisher({
      robots,
      paths: [...NEWS_PATHS, '/2024/06/21/us/politics.html', '/ads/x'],
    });
    const result = await audit(site, '/', 10);
    if (!result.ok) throw new Error(result.detail);

    expect(violations(site, robots)).toEqual([]);
    const state = robotsOf(site, robots);
    // The audit's own agent (after the page asked for and the site's files) fetches only what its group allows.
    const ownPages = site.requests
      .filter((r) => crawlerOf(r) === undefined)
      .map((r) => r.target)
      .filter((t) => !['/', '/robots.txt', '/llms.txt', '/llms-full.txt', '/sitemap.xml'].includes(t));
    expect(ownPages.length).toBeGreaterThan(0);
    for (const target of ownPages) {
      expect(agentVerdict(state, `${site.origin}${target}`, AUDIT_AGENT).allowed, target).toBe(true);
    }
    expect(site.count('/search')).toBe(0);
    expect(site.count('/ads/x')).toBe(0);
    // Further pages are asked for as the audit only: crawlers ask for the first page, nothing else.
    expect(new Set(site.requests.filter((r) => crawlerOf(r) !== undefined).map((r) => r.target))).toEqual(
      new Set(['/']),
    );
  });

  it('names the audit, with its address, at the end of every request’s User-Agent', async () => {
    const robots = text(robotsFile('news.com.au'));
    const site = await publisher({
      robots,
      paths: ['/technology/ai-search', '/sport', '/national'],
      more: () => ({ '/old': { status: 301, headers: { Location: '/sport' } } }),
    });
    await audit(site, '/technology/ai-search', 10);
    await audit(site, '/old');

    expect(site.requests.length).toBeGreaterThan(10);
    const unnamed = site.requests.filter((r) => !r.userAgent.endsWith(` ${SELF}`));
    expect(unnamed).toEqual([]);
    // Crawler views keep the operator's own string before the audit's name, as they publish it.
    for (const view of VIEW_AGENTS) {
      for (const r of site.requests.filter((q) => crawlerOf(q) === view.token)) {
        expect(r.userAgent).toBe(`${view.userAgent} ${SELF}`);
      }
    }
  });
});
