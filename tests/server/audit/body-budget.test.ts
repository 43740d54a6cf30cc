import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowedHosts } from '../../../src/server/audit/address.ts';
import { auditUserAgents } from '../../../src/server/audit/agents.ts';
import { bodyBudget, type BodyBudget } from '../../../src/server/audit/body-budget.ts';
import { HTML_CAP, runAudit } from '../../../src/server/audit/run.ts';
import { analysisInProcess } from '../../fixtures/audit-analysis.ts';
import { heldPage, startHeldSite, type HeldSite } from '../../fixtures/held-site.ts';

// The byte budget on bodies held at once (decision 049): reservations wait their turn and never
// exceed the budget, an aborted wait leaves the line, and every audit reserves its first page's
// bodies and each further page's body through it, so that four site audits at once hold at most
// the budget in bodies whatever the sites send.

const MB = 1024 * 1024;
const never = new AbortController().signal;

describe('bodyBudget', () => {
  it('grants in order while the bytes fit, and never past the budget', async () => {
    const budget = bodyBudget(10 * MB);
    const first = (await budget.acquire(6 * MB, never))!;
    const order: string[] = [];
    const second = budget.acquire(6 * MB, never).then((r) => (order.push('second'), r!));
    // Smaller, but behind the second in line: first come, first served.
    const third = budget.acquire(1 * MB, never).then((r) => (order.push('third'), r!));
    await Promise.resolve();
    expect(order).toEqual([]);
    first();
    first(); // given back once only
    const [giveSecond, giveThird] = await Promise.all([second, third]);
    expect(order).toEqual(['second', 'third']);
    expect(budget.used).toBe(7 * MB);
    giveSecond();
    giveThird();
    expect(budget.used).toBe(0);
    expect(budget.peak).toBeLessThanOrEqual(10 * MB);
  });

  it('lets a wait end with its signal, and the ones behind it move up', async () => {
    const budget = bodyBudget(4 * MB);
    const held = (await budget.acquire(3 * MB, never))!;
    const giveUp = new AbortController();
    const big = budget.acquire(4 * MB, giveUp.signal);
    const small = budget.acquire(1 * MB, never);
    giveUp.abort();
    expect(await big).toBeUndefined();
    (await small)!();
    held();
    // Larger than the whole budget: waits for all of it.
    const whole = (await budget.acquire(40 * MB, never))!;
    expect(budget.used).toBe(4 * MB);
    whole();
  });
});

describe('site audits under one budget', () => {
  const PAGES = Array.from({ length: 6 }, (_, i) => `/p${i}`);
  let site: HeldSite;
  beforeAll(async () => {
    site = await startHeldSite({
      files: (origin) => ({
        '/': { body: heldPage('Home') },
        '/sitemap.xml': {
          type: 'application/xml',
          body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${PAGES.map(
            (p) => `<url><loc>${origin}${p}</loc></url>`,
          ).join('')}</urlset>`,
        },
        ...Object.fromEntries(PAGES.map((p) => [p, { body: heldPage(p) }])),
      }),
    });
  });
  afterAll(() => site.close());

  it('reserves each audit’s first page and every further page, and holds at most the budget', async () => {
    const shared = bodyBudget(16 * MB);
    const reserved: number[] = [];
    const budget: BodyBudget = {
      acquire: (bytes, signal) => (reserved.push(bytes), shared.acquire(bytes, signal)),
      get used() {
        return shared.used;
      },
      get peak() {
        return shared.peak;
      },
    };
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        runAudit(`${site.origin}/`, {
          ...auditUserAgents('https://geo.example'),
          allowedHosts: parseAllowedHosts(site.host),
          analysis: analysisInProcess,
          timeoutMs: 10_000,
          pages: 10,
          bodies: budget,
        }),
      ),
    );
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true]);
    const pagesFetched = PAGES.reduce((n, p) => n + site.count(p), 0);
    expect(pagesFetched).toBe(4 * PAGES.length);
    // One reservation of the first page's bodies per audit, one of HTML_CAP per further page.
    expect(reserved.filter((b) => b === HTML_CAP)).toHaveLength(pagesFetched);
    expect(reserved.filter((b) => b > HTML_CAP)).toHaveLength(4);
    expect(shared.peak).toBeLessThanOrEqual(16 * MB);
    expect(shared.used).toBe(0);
  });
});
