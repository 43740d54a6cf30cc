import { describe, expect, it } from 'vitest';
import { REPORT_BOUNDS } from '../../../src/lib/report-bounds.ts';
import { boundedResult } from '../../../src/server/audit/bounded.ts';
import { CHECKS } from '../../../src/server/audit/registry.ts';
import type { RunResult } from '../../../src/server/audit/run.ts';

// The report's bounds by construction (decision 048): whatever a run holds, the result stored and
// shown is at most 250 KB, the hard limit of issue 34, even when every quote is as long as it can
// be in four-byte characters and every list is full.

type Report = Extract<RunResult, { ok: true }>;

const HUGE = '𝔘'.repeat(1000); // four UTF-8 bytes each
const longUrl = (i: number) => `https://shop.example/${i}/${'x'.repeat(1000)}`;

function worstResult(): Report {
  const values = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`v${i}`, HUGE]));
  return {
    ok: true,
    url: 'https://shop.example/',
    finalUrl: longUrl(0),
    auditedAt: '2027-03-01T08:00:00.000Z',
    categories: [
      {
        id: 'technical',
        findings: CHECKS.map((check) => ({
          id: check.id,
          status: 'fail' as const,
          weight: 1,
          evidence: Array.from({ length: 20 }, () => ({ key: 'items.x.evidence', values })),
          recommendation: { key: 'items.x.recommendation', values },
        })),
      },
    ],
    site: {
      requested: 25,
      source: 'sitemap',
      table: Array.from({ length: 100 }, (_, i) => ({
        url: longUrl(i),
        outcome: 'failed' as const,
        detail: HUGE,
      })),
      findings: Array.from({ length: 15 }, (_, i) => ({
        id: `site${i}`,
        status: 'warning' as const,
        evidence: Array.from({ length: 20 }, () => ({ key: 'site.x', values })),
        urls: Array.from({ length: 60 }, (_, j) => `${longUrl(j)} → ${longUrl(j + 1)}`),
      })),
    },
  };
}

describe('boundedResult', () => {
  it('holds the worst run a site could make to at most 250 KB of JSON', () => {
    const before = Buffer.byteLength(JSON.stringify(worstResult()));
    const bytes = Buffer.byteLength(JSON.stringify(boundedResult(worstResult())));
    expect(before).toBeGreaterThan(10 * 1024 * 1024);
    expect(bytes).toBeLessThanOrEqual(250 * 1024);
  });

  it('clips every address and quote, and cuts every list, to its bound', () => {
    const bounded = boundedResult(worstResult());
    const chars = (s: string) => Array.from(s).length;
    expect(chars(bounded.finalUrl)).toBeLessThanOrEqual(REPORT_BOUNDS.urlChars);
    for (const finding of bounded.categories[0]!.findings) {
      expect(finding.evidence.length).toBeLessThanOrEqual(REPORT_BOUNDS.messagesPerFinding);
      const quoted = [...finding.evidence, finding.recommendation!]
        .flatMap((m) => Object.values(m.values ?? {}))
        .map((v) => chars(String(v)));
      for (const length of quoted) expect(length).toBeLessThanOrEqual(REPORT_BOUNDS.valueChars);
      // The finding's budget, and at most two characters ("x…") for each value past it.
      expect(quoted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(
        REPORT_BOUNDS.findingChars + 2 * quoted.length,
      );
    }
    const site = bounded.site!;
    expect(site.table.length).toBe(REPORT_BOUNDS.tableRows);
    for (const row of site.table) expect(chars(row.url)).toBeLessThanOrEqual(REPORT_BOUNDS.urlChars);
    expect(site.findings.length).toBe(REPORT_BOUNDS.summaryItems);
    for (const item of site.findings) {
      expect(item.urls.length).toBe(REPORT_BOUNDS.urlsPerItem);
      for (const pair of item.urls) {
        const sides = pair.split(' → ');
        expect(sides).toHaveLength(2);
        for (const side of sides) expect(chars(side)).toBeLessThanOrEqual(REPORT_BOUNDS.urlChars);
      }
    }
  });

  it('leaves a result already within its bounds as it was', () => {
    const small: Report = {
      ok: true,
      url: 'https://shop.example/',
      finalUrl: 'https://www.shop.example/',
      auditedAt: '2027-03-01T08:00:00.000Z',
      categories: [
        {
          id: 'citability',
          findings: [
            {
              id: 'headings',
              status: 'pass',
              weight: 1,
              evidence: [{ key: 'k', values: { text: 'Tea', count: 2 } }],
            },
          ],
        },
      ],
    };
    expect(boundedResult(small)).toEqual(small);
  });
});
