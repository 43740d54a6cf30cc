import { describe, expect, it } from 'vitest';
import {
  countsShown,
  FIXES_FIRST,
  itemBadgeVariant,
  statusCounts,
  topFindings,
  type AuditItem,
  type CategoryId,
  type ItemStatus,
} from '../../src/lib/audit.ts';

// What to fix first and the counts of a report (issue 38, decision 068): one selection for the emails
// and the pages, and counts where a check for information or one that does not apply is no pass.

const item = (id: string, status: ItemStatus, blocks?: true): AuditItem => ({
  id,
  status,
  title: id,
  evidence: `${id} evidence`,
  ...(status === 'fail' || status === 'warning' ? { recommendation: `fix ${id}` } : {}),
  ...(blocks ? { blocks } : {}),
});
const report = (...categories: AuditItem[][]) => ({
  categories: categories.map((items, i) => ({
    id: (['crawlerAccess', 'structuredData', 'citability', 'technical'] as CategoryId[])[i]!,
    score: 50,
    status: 'needsWork' as const,
    items,
  })),
});

describe('what to fix first', () => {
  const sample = report(
    [item('robotsTxt', 'warning'), item('trainingAgents', 'info'), item('sitemap', 'fail')],
    [item('markup', 'warning'), item('typeProperties', 'notApplicable'), item('identity', 'fail')],
    [item('mainText', 'fail', true), item('headings', 'pass')],
  );

  it('puts what keeps assistants out first, then failures, then warnings, each in report order', () => {
    const { top, more } = topFindings(sample, FIXES_FIRST);
    expect(FIXES_FIRST).toBe(3);
    expect(top.map((i) => i.id)).toEqual(['mainText', 'sitemap', 'identity']);
    expect(more).toBe(2);
    expect(topFindings(sample, 10).top.map((i) => i.id)).toEqual([
      'mainText',
      'sitemap',
      'identity',
      'robotsTxt',
      'markup',
    ]);
  });

  it('never lists a pass, a check for information or one that does not apply', () => {
    const settled = report([item('a', 'pass'), item('b', 'info'), item('c', 'notApplicable')]);
    expect(topFindings(settled, FIXES_FIRST)).toEqual({ top: [], more: 0 });
  });
});

describe('the counts a report states', () => {
  it('counts information and "not applicable" apart from the passes', () => {
    const sample = report(
      [item('a', 'pass'), item('b', 'info'), item('c', 'notApplicable')],
      [item('d', 'pass'), item('e', 'fail'), item('f', 'notApplicable')],
    );
    expect(statusCounts(sample.categories)).toEqual({
      pass: 2,
      warning: 0,
      fail: 1,
      info: 1,
      notApplicable: 2,
    });
    expect(countsShown(sample.categories)).toEqual([
      { status: 'pass', count: 2 },
      { status: 'warning', count: 0 },
      { status: 'fail', count: 1 },
      { status: 'info', count: 1 },
      { status: 'notApplicable', count: 2 },
    ]);
  });

  it('states passes, warnings and failures always, the other two only when there are some', () => {
    const sample = report([item('a', 'pass'), item('b', 'warning')]);
    expect(countsShown(sample.categories).map((c) => c.status)).toEqual(['pass', 'warning', 'fail']);
  });

  it('never gives a check for information the green badge of a pass', () => {
    expect(itemBadgeVariant('pass')).toBe('success');
    expect(itemBadgeVariant('info')).toBe('secondary');
    expect(itemBadgeVariant('notApplicable')).toBe('secondary');
  });
});
