// The free AI citation audit (spec §2 Tools, §4 audit states, §9 constants): pure scoring rules,
// shared by the Tools page and its tests. No React, no I/O: the audit tool makes no call (spec §7).

export type CategoryStatus = 'excellent' | 'good';
export type ItemStatus = 'pass' | 'warning' | 'fail';
export type ScoreBand = 'green' | 'yellow' | 'red';
export type ScoreMessage = 'excellent' | 'good' | 'needsWork';
export type AuditBadgeVariant = 'default' | 'secondary' | 'destructive' | 'success' | 'warning';

/** One check inside a category; its name, description and recommendation are translations keyed by id. */
export interface AuditItem {
  id: string;
  status: ItemStatus;
  /** Whether the item carries a recommendation (spec: "optional recommendation"). */
  hasRecommendation: boolean;
}

export interface AuditCategory {
  id: string;
  score: number;
  status: CategoryStatus;
  items: readonly AuditItem[];
}

/** The simulated analysis lasts this long (spec §9: 3000 ms). */
export const ANALYSIS_DURATION_MS = 3000;
/** The progress bar shows this value for the whole run (spec §9: "progress bar fixed at 66"). */
export const ANALYSIS_PROGRESS = 66;
/** Score thresholds (spec §9): green from 90, yellow from 75, red below. */
export const SCORE_GREEN_FROM = 90;
export const SCORE_YELLOW_FROM = 75;
/** Longest address the audit accepts (browsers and servers commonly cap URLs near 2,000 characters). */
export const MAX_URL_LENGTH = 2048;

/** The overall score: the rounded mean of the category scores (0 when there is none). */
export function overallScore(categories: readonly Pick<AuditCategory, 'score'>[]): number {
  if (categories.length === 0) return 0;
  const total = categories.reduce((sum, c) => sum + c.score, 0);
  return Math.round(total / categories.length);
}

export function scoreBand(score: number): ScoreBand {
  if (score >= SCORE_GREEN_FROM) return 'green';
  if (score >= SCORE_YELLOW_FROM) return 'yellow';
  return 'red';
}

/** Which of the three messages a score gets: 'Excellent…' from 90, 'Good…' from 75, else 'Significant…'. */
export function scoreMessage(score: number): ScoreMessage {
  const band = scoreBand(score);
  return band === 'green' ? 'excellent' : band === 'yellow' ? 'good' : 'needsWork';
}

/** The translation key of a score's message in the `tools` namespace. */
export function scoreMessageKey(score: number): `results.overall.messages.${ScoreMessage}` {
  return `results.overall.messages.${scoreMessage(score)}`;
}

/** Category badge (spec §4): default for excellent, secondary for good, destructive otherwise. */
export function categoryBadgeVariant(status: string): AuditBadgeVariant {
  if (status === 'excellent') return 'default';
  if (status === 'good') return 'secondary';
  return 'destructive';
}

/** Item badge: success for pass, warning for warning, destructive for fail (and anything else). */
export function itemBadgeVariant(status: string): AuditBadgeVariant {
  if (status === 'pass') return 'success';
  if (status === 'warning') return 'warning';
  return 'destructive';
}

/**
 * The address to audit, normalised, or null when it is not an http(s) URL of reasonable length.
 * The value comes from the query string, so it is untrusted: it is only ever shown as text.
 */
export function parseAuditUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url.href.length > MAX_URL_LENGTH ? null : url.href;
}
