import { describe, expect, it } from 'vitest';
import { categoryScore, scoreFindings } from '../../../src/server/audit/score.ts';
import type { Finding } from '../../../src/server/audit/types.ts';

// The audit's scores (src/server/audit/score.ts).

describe('scoring', () => {
  const f = (status: Finding['status'], weight: number): Finding => ({
    id: 'x',
    status,
    weight,
    evidence: [],
  });

  it('is round(100 × Σ weight·value / Σ weight)', () => {
    expect(categoryScore([f('pass', 2), f('warning', 1), f('fail', 1)])).toBe(63); // 2.5 / 4
    expect(categoryScore([f('pass', 1), f('warning', 0.5), f('fail', 0.5)])).toBe(63); // 1.25 / 2 = 62.5
    expect(categoryScore([f('fail', 1), f('pass', 0)])).toBe(0);
    expect(categoryScore([])).toBe(100);
  });

  it('maps scores to statuses at 90 and 75', () => {
    expect(scoreFindings([f('pass', 9), f('fail', 1)])).toEqual({ score: 90, status: 'excellent' });
    expect(scoreFindings([f('pass', 3), f('fail', 1)])).toEqual({ score: 75, status: 'good' });
    expect(scoreFindings([f('pass', 37), f('fail', 13)])).toEqual({ score: 74, status: 'needsWork' });
  });
});
