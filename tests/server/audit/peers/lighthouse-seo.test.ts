import { describe, expect, it } from 'vitest';
import { buildContext } from '../../../../src/server/audit/context.ts';
import { isBlocking, robotsDirectives } from '../../../../src/server/audit/checks/page-directives.ts';
import { agentVerdict } from '../../../../src/server/audit/read/robots.ts';
import type { AuditInput, Finding } from '../../../../src/server/audit/types.ts';
import { evidenceValues, find, keysOf } from '../../../fixtures/audit-inputs.ts';
import {
  CANONICAL_CASES,
  CRAWLABLE_CASES,
  DESCRIPTION_CASES,
  HREFLANG_CASES,
  HTTP_STATUS_CASES,
  LLMS_TXT_CASES,
  NOT_APPLICABLE,
  ROBOTS_TXT_CASES,
  VIEWPORT_CASES,
  type Case,
  type CrawlableAgent,
} from '../../../fixtures/peers/lighthouse-seo-cases.ts';
import { passes, peerInput } from '../../../fixtures/peers/peer-inputs.ts';

// Agreement with Lighthouse's own SEO and agentic-browsing tests (GoogleChrome/lighthouse at
// f8eac394a68b, Apache-2.0; the viewport tests from the commits before their removal): every
// artifact set those tests give an audit, restated as data in
// tests/fixtures/peers/lighthouse-seo-cases.ts, run through the audit's own checks. Lighthouse's
// verdict is binary: its pass (or "not applicable") is our pass, its fail our warning or fail. A case
// marked `kept` is one where the audit decides otherwise on purpose, with the source that supports
// it; decision 066 records each and the figures below.

/**
 * One Lighthouse test file's cases, each run through one of our checks: our pass is Lighthouse's
 * score 1, and a kept disagreement must stay one (with the evidence that says why), or the record
 * would be wrong.
 */
function suite<C extends Case>(
  audit: string,
  cases: C[],
  findingFor: (c: C) => Finding,
  more?: (c: C, finding: Finding) => void,
): void {
  describe(`Lighthouse: ${audit}`, () => {
    for (const c of cases) {
      it(c.test, () => {
        const finding = findingFor(c);
        expect(passes(finding)).toBe(c.kept ? c.score === 0 : c.score === 1);
        if (c.because) expect(keysOf(finding)).toContain(c.because);
        more?.(c, finding);
      });
    }
  });
}

suite(
  'canonical',
  CANONICAL_CASES,
  ({ page }) => find(peerInput(page), 'canonical'),
  // The fault Lighthouse names is the one our evidence names.
  ({ fault }, finding) => {
    if (fault) expect(keysOf(finding)).toContain(`items.canonical.evidence.${fault}`);
  },
);

suite(
  'hreflang',
  HREFLANG_CASES,
  ({ page }) => find(peerInput(page), 'language'),
  ({ badCodes, badHrefs }, finding) => {
    const values = evidenceValues(finding);
    const keys = keysOf(finding);
    if (badCodes) {
      const codes = String(values[keys.indexOf('items.language.evidence.badHreflang')]?.codes ?? '');
      for (const code of badCodes) expect(codes.split(', ')).toContain(code);
    }
    if (badHrefs) expect(values[keys.indexOf('items.language.evidence.badHref')]?.count).toBe(badHrefs);
  },
);

suite('http-status-code', HTTP_STATUS_CASES, ({ page }) => find(peerInput(page), 'httpStatus'));

suite('meta-description', DESCRIPTION_CASES, ({ page }) => find(peerInput(page), 'titleDescription'));

/** A crawler named by no robots.txt of these cases: what robots.txt says to any crawler. */
const ANY_CRAWLER = 'ExampleBot';

/**
 * The agents the audit finds kept out of the page: by robots.txt, as the aiSearchAgents check reads
 * it, or by a robots directive the pageDirectives check reads (`*`: one addressed to every crawler).
 */
function blockedAgents(input: AuditInput): CrawlableAgent[] {
  const ctx = buildContext(input);
  const { directives } = robotsDirectives(ctx);
  const agents: CrawlableAgent[] = ['*', 'Googlebot', 'Bingbot'];
  return agents.filter((agent) => {
    const name = agent === '*' ? ANY_CRAWLER : agent;
    const byRobots = !agentVerdict(ctx.robots, input.page.finalUrl, name).allowed;
    const byDirective = directives.some(
      (d) => isBlocking(d, input.now) && (d.scope === undefined || d.scope === agent.toLowerCase()),
    );
    return byRobots || byDirective;
  });
}

describe('Lighthouse: is-crawlable', () => {
  for (const { test, page, score, blocked, kept, because } of CRAWLABLE_CASES) {
    it(test, () => {
      const input = peerInput(page);
      const ours = blockedAgents(input);
      if (kept) expect(ours).not.toEqual(blocked);
      else expect(ours).toEqual(blocked);
      const directives = find(input, 'pageDirectives');
      const robots = find(input, 'aiSearchAgents');
      if (because) expect(keysOf(directives)).toContain(because);
      // Lighthouse fails a page every crawler is kept out of: one of our two checks fails it too,
      // and a page no crawler is kept out of passes both.
      if (score === 0) expect([directives.status, robots.status]).toContain('fail');
      if (blocked.length === 0 && !kept) expect([directives.status, robots.status]).toEqual(['pass', 'pass']);
    });
  }
});

suite('robots-txt', ROBOTS_TXT_CASES, ({ robots }) => find(peerInput({ robots }), 'robotsTxt'));

suite('llms-txt', LLMS_TXT_CASES, ({ llms }) => find(peerInput({ llms }), 'llmsTxt'));

suite('viewport', VIEWPORT_CASES, ({ viewport }) => {
  const meta = viewport === undefined ? [] : [{ name: 'viewport', content: viewport }];
  return find(peerInput({ dropMeta: ['viewport'], meta }), 'viewport');
});

describe('Lighthouse: the figures of decision 066', () => {
  it('runs every case of the suites with a counterpart, and agrees with all but the kept ones', () => {
    const suites = [
      CANONICAL_CASES,
      HREFLANG_CASES,
      HTTP_STATUS_CASES,
      DESCRIPTION_CASES,
      CRAWLABLE_CASES,
      ROBOTS_TXT_CASES,
      LLMS_TXT_CASES,
      VIEWPORT_CASES,
    ];
    const cases = suites.flat();
    const kept = cases.filter((c) => c.kept).length;
    expect({
      cases: cases.length,
      agree: cases.length - kept,
      kept,
      testsWithoutCounterpart: NOT_APPLICABLE.reduce((sum, n) => sum + n.tests, 0),
    }).toEqual({ cases: 122, agree: 109, kept: 13, testsWithoutCounterpart: 35 });
  });
});
