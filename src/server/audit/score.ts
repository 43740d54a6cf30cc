import { categoryStatus, type CategoryStatus, type ItemStatus } from '../../lib/audit.ts';
import type { Finding } from './types.ts';

// A category's score is the weighted share of its checks that pass, a warning counting half:
// round(100 × Σ weight·value / Σ weight). Thresholds for the status are the site's own (lib/audit.ts).

export const STATUS_VALUE: Record<ItemStatus, number> = { pass: 1, warning: 0.5, fail: 0 };

export function categoryScore(findings: readonly Finding[]): number {
  const total = findings.reduce((sum, f) => sum + f.weight, 0);
  // Nothing weighed (no check, or only informative ones): nothing to hold against the site.
  if (total <= 0) return 100;
  const earned = findings.reduce((sum, f) => sum + f.weight * STATUS_VALUE[f.status], 0);
  return Math.round((100 * earned) / total);
}

export function scoreFindings(findings: readonly Finding[]): { score: number; status: CategoryStatus } {
  const score = categoryScore(findings);
  return { score, status: categoryStatus(score) };
}
