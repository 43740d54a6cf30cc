import { describe, expect, it } from 'vitest';
import { BADGE_MAX_AGE_S, badgeCacheControl } from '../../../src/server/audit/http.ts';

// How long a badge may be kept (decision 051): a report never changes, but it ends (a 404 after
// AUDIT_REPORT_DAYS), so caches keep a badge a day at most and never past its report's expiry.

const DAY = 24 * 60 * 60 * 1000;
const audited = '2026-01-01T00:00:00.000Z';
const at = (ms: number) => Date.parse(audited) + ms;

describe('badgeCacheControl', () => {
  it('is a day while the report has more than a day left', () => {
    expect(BADGE_MAX_AGE_S).toBe(86_400);
    expect(badgeCacheControl(audited, 365, at(0))).toBe('public, max-age=86400');
    expect(badgeCacheControl(audited, 365, at(363 * DAY))).toBe('public, max-age=86400');
  });

  it('ends with the report', () => {
    expect(badgeCacheControl(audited, 365, at(365 * DAY - 90_000))).toBe('public, max-age=90');
    expect(badgeCacheControl(audited, 365, at(365 * DAY))).toBe('public, max-age=0');
    expect(badgeCacheControl(audited, 1, at(2 * DAY))).toBe('public, max-age=0');
  });

  it('is not kept at all when the report’s date cannot be read', () => {
    expect(badgeCacheControl('not a date', 365, at(0))).toBe('public, max-age=0');
  });
});
