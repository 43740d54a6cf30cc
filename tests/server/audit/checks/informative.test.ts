import { describe, expect, it } from 'vitest';
import { analyze } from '../../../../src/server/audit/analyze.ts';
import { check, judge } from '../../../../src/server/audit/check.ts';
import { buildContext } from '../../../../src/server/audit/context.ts';
import { localizeFindings } from '../../../../src/server/audit/localize.ts';
import { CHECKS } from '../../../../src/server/audit/registry.ts';
import type { CategoryFindings } from '../../../../src/server/audit/types.ts';
import { find, goodInput, html, T, withPage, withRobots } from '../../../fixtures/audit-inputs.ts';

// Checks that never change the score, and checks with nothing to judge (issue 38, decision 068):
// neither is a pass. A weightless check informs whatever its function says, now and in a report saved
// before the change; a check with no file, line or type to judge does not apply.

describe('checks for information', () => {
  it('reports every check of weight 0 for information, on every page', () => {
    const weightless = CHECKS.filter((c) => c.weight === 0).map((c) => c.id);
    expect(weightless).toEqual(['trainingAgents']);
    const findings = analyze(goodInput()).flatMap((c) => c.findings);
    for (const id of weightless) expect(findings.find((f) => f.id === id)?.status).toBe('info');
  });

  it('makes a weightless check information even when its function says pass, with no advice', () => {
    const passing = check('x', 'technical', () => ({ status: 'pass', evidence: [] }), { weight: 0 });
    const ctx = buildContext(goodInput());
    expect(judge(passing, ctx).status).toBe('info');
    const weighed = check('y', 'technical', () => ({ status: 'pass', evidence: [] }));
    expect(judge(weighed, ctx).status).toBe('pass');
  });

  it('reads a report saved before issue 38 with its weightless pass as information, its scores unchanged', () => {
    const saved: CategoryFindings[] = [
      {
        id: 'crawlerAccess',
        findings: [
          { id: 'robotsTxt', status: 'pass', weight: 1, evidence: [] },
          { id: 'trainingAgents', status: 'pass', weight: 0, evidence: [] },
          { id: 'sitemap', status: 'fail', weight: 1, evidence: [] },
        ],
      },
    ];
    const [category] = localizeFindings(saved, T.en);
    expect(category!.items.map((i) => [i.id, i.status])).toEqual([
      ['robotsTxt', 'pass'],
      ['trainingAgents', 'info'],
      ['sitemap', 'fail'],
    ]);
    expect(category!.score).toBe(50);
  });
});

describe('checks with nothing to judge', () => {
  it('content signals do not apply without robots.txt, or with no line for every crawler', () => {
    const none = { ...goodInput(), robots: { ...goodInput().robots, status: 404, body: 'Not found' } };
    expect(find(none, 'contentSignals')).toMatchObject({
      status: 'notApplicable',
      evidence: [{ key: 'items.contentSignals.evidence.noFile' }],
    });
    const some = withRobots('User-agent: GPTBot\nContent-Signal: ai-train=no\n\nUser-agent: *\nAllow: /\n');
    expect(find(some, 'contentSignals').status).toBe('notApplicable');
    const stated = withRobots('User-agent: *\nContent-Signal: search=yes, ai-input=yes\nAllow: /\n');
    expect(find(stated, 'contentSignals').status).toBe('pass');
  });

  it('a page with no structured data leaves its vocabulary, consistency and properties unjudged', () => {
    const bare = withPage(html({ jsonLd: [] }));
    expect(find(bare, 'markup').status).not.toBe('pass');
    for (const id of ['vocabulary', 'consistency', 'typeProperties'])
      expect(find(bare, id).status, id).toBe('notApplicable');
  });
});
