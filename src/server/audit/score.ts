import { categoryStatus, type CategoryStatus, type ItemStatus } from '../../lib/audit.ts';
import type { Finding } from './types.ts';

// A category's score is the weighted share of its checks that pass, a warning counting half:
// round(100 × Σ weight·value / Σ weight). A check that does not apply to the page's type is left out
// of both sums (issue 36), as is one for information (issue 38: it weighs nothing anyway): a product page is not marked down for lacking an article's byline. A
// finding may cap its category (decision 063: crawler access falls with each engine the page is
// out of), whatever the other checks earn.
// Thresholds for the status are the site's own (lib/audit.ts).

/** What a status earns (a check that does not apply is left out before, its value never read). */
export const STATUS_VALUE: Record<ItemStatus, number> = {
  pass: 1,
  warning: 0.5,
  fail: 0,
  info: 0,
  notApplicable: 0,
};

export function categoryScore(all: readonly Finding[]): number {
  const findings = all.filter((f) => f.status !== 'notApplicable' && f.status !== 'info');
  const total = findings.reduce((sum, f) => sum + f.weight, 0);
  // Nothing weighed (no check, or only informative ones): nothing to hold against the site.
  if (total <= 0) return 100;
  const earned = findings.reduce((sum, f) => sum + f.weight * STATUS_VALUE[f.status], 0);
  const caps = findings.flatMap((f) => (f.cap === undefined ? [] : [f.cap]));
  return Math.min(Math.round((100 * earned) / total), ...caps);
}

export function scoreFindings(findings: readonly Finding[]): { score: number; status: CategoryStatus } {
  const score = categoryScore(findings);
  return { score, status: categoryStatus(score) };
}
