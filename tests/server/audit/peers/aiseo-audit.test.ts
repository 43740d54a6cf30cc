import { describe, expect, it } from 'vitest';
import { SEARCH_AGENTS, TRAINING_AGENTS } from '../../../../src/server/audit/agents.ts';
import type { Finding } from '../../../../src/server/audit/types.ts';
import { evidenceValues, find, keysOf } from '../../../fixtures/audit-inputs.ts';
import {
  AISEO_CRAWLERS,
  COUNTERPARTS,
  PAGE_CASES,
  ROBOTS_CASES,
  type PageCase,
} from '../../../fixtures/peers/aiseo-audit-cases.ts';
import { passes, peerInput } from '../../../fixtures/peers/peer-inputs.ts';

// Agreement with aiseo-audit's own tests (agencyenterprise/aiseo-audit at ffad2decc177, MIT): each
// test with a counterpart in the audit, restated as data in tests/fixtures/peers/aiseo-audit-cases.ts
// and run through the audit's own checks. A case marked `kept` is one where the audit decides
// otherwise on purpose, with the source that supports it; decision 066 records each and the figures.

/** The agents a check's evidence names, from the values of the given evidence keys. */
function named(finding: Finding, keys: string[]): string[] {
  const values = evidenceValues(finding);
  return keysOf(finding).flatMap((key, i) =>
    keys.includes(key) ? String(values[i]?.agents ?? '').split(', ') : [],
  );
}

/** The crawlers aiseo-audit judges that the audit finds blocked for the page, and those it lets in. */
function verdicts(robots: (typeof ROBOTS_CASES)[number]['robots']) {
  const input = peerInput({ url: 'https://example.com/', robots });
  const search = find(input, 'aiSearchAgents');
  const training = find(input, 'trainingAgents');
  const blocked = [
    ...named(search, [
      'items.aiSearchAgents.evidence.blockedNamed',
      'items.aiSearchAgents.evidence.blockedStar',
      'items.aiSearchAgents.evidence.userFetchers',
    ]),
    ...named(training, ['items.trainingAgents.evidence.blocked']),
  ].filter((agent) => AISEO_CRAWLERS.includes(agent));
  const allowed = AISEO_CRAWLERS.filter((agent) => !blocked.includes(agent));
  return { blocked, allowed, search };
}

describe('aiseo-audit: crawler access (content-extractability/robots.test.ts)', () => {
  for (const c of ROBOTS_CASES) {
    it(c.test, () => {
      const { blocked, allowed, search } = verdicts(c.robots);
      for (const agent of c.blocked ?? []) expect(blocked).toContain(agent);
      for (const agent of c.notBlocked ?? []) expect(blocked).not.toContain(agent);
      for (const agent of c.allowed ?? []) expect(allowed).toContain(agent);
      if (c.noneBlocked) expect(blocked).toEqual([]);
      if (c.someBlocked) expect(blocked.length).toBeGreaterThan(0);
      // aiseo-audit leaves every crawler "unknown" here; the audit lets them all in, on purpose.
      if (c.noneAllowed) expect(allowed.length === 0).toBe(!c.kept);
      if (c.because) expect(keysOf(search)).toContain(c.because);
    });
  }
});

describe('aiseo-audit: the crawlers it judges (content-extractability/crawlers.test.ts)', () => {
  it('contains major AI crawlers: each is one the audit judges', () => {
    for (const agent of ['GPTBot', 'ClaudeBot', 'PerplexityBot', 'Google-Extended']) {
      expect([...SEARCH_AGENTS, ...TRAINING_AGENTS]).toContain(agent);
    }
  });

  it('has at least 5 crawlers: the audit judges all of aiseo-audit’s, and more', () => {
    const ours = [...SEARCH_AGENTS, ...TRAINING_AGENTS];
    expect(AISEO_CRAWLERS.filter((agent) => !ours.includes(agent))).toEqual([]);
    expect(ours.length).toBeGreaterThanOrEqual(AISEO_CRAWLERS.length);
  });
});

/** Images the audit counts as described: a usable alt, less the empty ones (decorative). */
function described(finding: Finding): number {
  const coverage = evidenceValues(finding)[keysOf(finding).indexOf('items.imageAlt.evidence.coverage')];
  return Number(coverage?.withAlt ?? 0) - Number(coverage?.decorative ?? 0);
}

/** The months our freshness check counts since the page's last date; null when it finds none. */
function months(finding: Finding): number | null {
  const keys = keysOf(finding);
  if (keys.includes('items.freshness.evidence.recent')) return 0;
  const at = keys.indexOf('items.freshness.evidence.age');
  return at < 0 ? null : Number(evidenceValues(finding)[at]?.count);
}

/** Each expectation of a case, as a pair [ours, theirs]: equal when the audit agrees. */
function compared(c: PageCase, finding: Finding): [unknown, unknown][] {
  const pairs: [unknown, unknown][] = [];
  if (c.status) pairs.push([passes(finding), c.status === 'good' || c.status === 'neutral']);
  if (c.shows) pairs.push([keysOf(finding).some((k) => k.startsWith(c.shows!)), true]);
  if (c.months !== undefined) pairs.push([months(finding), c.months]);
  if (c.described !== undefined) pairs.push([described(finding), c.described]);
  return pairs;
}

describe('aiseo-audit: pages (freshness, authority, images, sitemaps)', () => {
  for (const c of PAGE_CASES) {
    it(`${c.file}: ${c.test}`, () => {
      const finding = find(peerInput(c.page), c.check);
      const pairs = compared(c, finding);
      expect(pairs.length).toBeGreaterThan(0);
      // A kept case disagrees on what it restates, with the evidence that says why.
      if (c.kept) expect(pairs.some(([ours, theirs]) => ours !== theirs)).toBe(true);
      else for (const [ours, theirs] of pairs) expect(ours).toEqual(theirs);
      if (c.because) expect(keysOf(finding)).toContain(c.because);
    });
  }
});

describe('aiseo-audit: the figures of decision 066', () => {
  it('runs every test with a counterpart, and agrees with all but the kept ones', () => {
    const cases = [...ROBOTS_CASES, ...PAGE_CASES];
    const kept = cases.filter((c) => c.kept).length;
    // The crawler-list tests (2) agree by construction of the list above.
    const total = cases.length + 2;
    const used = Object.values(COUNTERPARTS.used).reduce((a, b) => a + b, 0);
    expect({
      total,
      agree: total - kept,
      kept,
      testsUsed: used,
      testsWithoutCounterpart: COUNTERPARTS.total - used,
    }).toEqual({ total: 46, agree: 38, kept: 8, testsUsed: 43, testsWithoutCounterpart: 515 });
  });
});
