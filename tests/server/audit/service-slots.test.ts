import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditOutcome } from '../../../src/lib/audit.ts';
import { parseAllowedHosts } from '../../../src/server/audit/address.ts';
import { createAuditService, type AuditService } from '../../../src/server/audit/service.ts';
import { loadConfig, type AuditSettings } from '../../../src/server/config.ts';
import { analysisInProcess } from '../../fixtures/audit-analysis.ts';
import { heldPage, startHeldSite, type HeldSite } from '../../fixtures/held-site.ts';

// Fair audit slots (issue 34, finding 4; decision 049): one address holds at most one slot, joining
// a run under way takes none, and the monthly re-checks have a slot of their own. The audited site
// holds its pages until the test releases them, so an audit stays in flight exactly as long as the
// test needs: no sleeps, no timers.

const PAGES = ['/a1', '/a2', '/a3', '/a4', '/b', '/c', '/r'];

let site: HeldSite;
beforeEach(async () => {
  site = await startHeldSite({
    files: () => Object.fromEntries(PAGES.map((p) => [p, { body: heldPage(p) }])),
    hold: (path) => PAGES.includes(path),
  });
});
afterEach(async () => {
  site.release();
  await site.close();
});

function service(maxConcurrent: number): AuditService {
  const settings: AuditSettings = {
    ...loadConfig({}).audit,
    allowedHosts: parseAllowedHosts(site.host),
    rateLimitPerMinute: 1000,
    maxConcurrent,
    perAddress: 1,
    cacheSeconds: 0,
    workers: 1,
  };
  return createAuditService({ settings, analysis: analysisInProcess, siteUrl: 'https://geo.example' });
}

const reasonOf = (outcome: AuditOutcome) => (outcome.ok ? 'ok' : outcome.reason);

/** Resolves once the audit is fetching `path` (held by the site); fails at once if it was refused. */
function started(audit: Promise<AuditOutcome>, path: string): Promise<void> {
  const refused = audit.then((outcome) => {
    throw new Error(`the audit of ${path} did not start: ${reasonOf(outcome)}`);
  });
  return Promise.race([site.held(path), refused]);
}

describe('audit slots', () => {
  it('gives one address one slot: its other audits are refused, a second address gets in', async () => {
    const audits = service(2);
    const url = (path: string) => `${site.origin}${path}`;
    const first = audits.audit(url('/a1'), 'en', undefined, 1, { visitor: 'A' });
    await started(first, '/a1');
    // Three more from the same address while its first runs: "one audit at a time", in its language.
    const more = await Promise.race([
      Promise.all(
        ['/a2', '/a3', '/a4'].map((p) => audits.audit(url(p), 'fr', undefined, 1, { visitor: 'A' })),
      ),
      site.held('/a2').then(() => {
        throw new Error('a second audit of the same address started');
      }),
    ]);
    expect(more.map(reasonOf)).toEqual(['oneAtATime', 'oneAtATime', 'oneAtATime']);
    expect(more[0]!.ok ? '' : more[0]!.message).toContain('un audit à la fois');
    for (const p of ['/a2', '/a3', '/a4']) expect(site.count(p)).toBe(0);

    // Another address starts its audit: the first address holds one slot, not every one.
    const second = audits.audit(url('/b'), 'en', undefined, 1, { visitor: 'B' });
    await started(second, '/b');
    // The first address may join the second's run under way: that takes no slot, so it is not refused.
    const joined = audits.audit(url('/b'), 'en', undefined, 1, { visitor: 'A' });
    // Both slots are now taken (A and B): a third address is told the audit is busy.
    expect(reasonOf(await audits.audit(url('/c'), 'en', undefined, 1, { visitor: 'C' }))).toBe('busy');

    site.release();
    expect((await Promise.all([first, second, joined])).map(reasonOf)).toEqual(['ok', 'ok', 'ok']);
    // Its audit done, the first address may start another.
    expect(reasonOf(await audits.audit(url('/a2'), 'en', undefined, 1, { visitor: 'A' }))).toBe('ok');
  });

  it('runs a re-check while visitors hold every slot, and a visitor while a re-check runs', async () => {
    const audits = service(1);
    const url = (path: string) => `${site.origin}${path}`;
    const visitor = audits.audit(url('/a1'), 'en', undefined, 1, { visitor: 'A' });
    await started(visitor, '/a1');
    expect(reasonOf(await audits.audit(url('/b'), 'en', undefined, 1, { visitor: 'B' }))).toBe('busy');

    // The only visitor slot is taken: the re-check starts all the same, on its own slot.
    const recheck = audits.audit(url('/r'), 'en', undefined, 1, { save: true, fresh: true, lane: 'recheck' });
    await started(recheck, '/r');
    site.release('/a1');
    expect(reasonOf(await visitor)).toBe('ok');

    // The re-check still runs: a visitor gets the slot it left.
    const next = audits.audit(url('/b'), 'en', undefined, 1, { visitor: 'B' });
    await started(next, '/b');
    site.release();
    expect((await Promise.all([recheck, next])).map(reasonOf)).toEqual(['ok', 'ok']);
  });
});
