import { clip } from '../../lib/text.ts';
import { REPORT_BOUNDS, reportListEntry, reportUrl } from '../../lib/report-bounds.ts';
import type { RunResult, SiteResult } from './run.ts';
import type { CategoryFindings, Finding, Message } from './types.ts';

// A finished audit within the report's bounds (src/lib/report-bounds.ts, decision 048), whatever
// made it: the site audit already writes within them, and this is where a stored report and a
// shown one are held to them all the same, a report saved before the bounds existed included.

type Report = Extract<RunResult, { ok: true }>;

/**
 * A message with each value from the site clipped to REPORT_BOUNDS.valueChars and to what is left
 * of its finding's `budget` (characters, shared by the finding's messages).
 */
function boundedMessage(message: Message, budget: { left: number }): Message {
  if (!message.values) return message;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values)) {
    if (typeof value !== 'string') {
      values[name] = value;
      continue;
    }
    const clipped = clip(value, Math.max(1, Math.min(REPORT_BOUNDS.valueChars, budget.left)));
    budget.left -= Array.from(clipped).length;
    values[name] = clipped;
  }
  return { ...message, values };
}

/**
 * The first `messages` of an evidence list, their values within `budget`. Once the budget is spent, a
 * further message that quotes the site is left out (one with nothing left to quote says nothing);
 * the first message is always kept, so that the finding says what it found.
 */
function boundedEvidence(
  evidence: readonly Message[],
  messages: number,
  budget: { left: number } = { left: REPORT_BOUNDS.findingChars },
) {
  const quotes = (m: Message) => Object.values(m.values ?? {}).some((v) => typeof v === 'string');
  const kept: Message[] = [];
  for (const [i, message] of evidence.slice(0, messages).entries()) {
    if (i > 0 && budget.left <= 0 && quotes(message)) continue;
    kept.push(boundedMessage(message, budget));
  }
  return kept;
}

function boundedFinding(finding: Finding, report: { left: number }): Finding {
  const budget = { left: Math.min(REPORT_BOUNDS.findingChars, report.left) };
  const start = budget.left;
  const bounded: Finding = {
    ...finding,
    evidence: boundedEvidence(finding.evidence, REPORT_BOUNDS.messagesPerFinding, budget),
  };
  if (finding.recommendation) bounded.recommendation = boundedMessage(finding.recommendation, budget);
  report.left -= start - Math.max(0, budget.left);
  return bounded;
}

function boundedSite(site: SiteResult): SiteResult {
  return {
    ...site,
    table: site.table.slice(0, REPORT_BOUNDS.tableRows).map((row) => ({
      ...row,
      url: reportUrl(row.url),
      ...(row.detail !== undefined ? { detail: clip(row.detail, 40) } : {}),
    })),
    ...(site.verdict
      ? {
          verdict: {
            ...site.verdict,
            worst: site.verdict.worst.slice(0, 3).map((w) => ({ ...w, url: reportListEntry(w.url) })),
          },
        }
      : {}),
    findings: site.findings.slice(0, REPORT_BOUNDS.summaryItems).map((finding) => ({
      ...finding,
      evidence: boundedEvidence(finding.evidence, REPORT_BOUNDS.messagesPerSummaryItem),
      urls: finding.urls.slice(0, REPORT_BOUNDS.urlsPerItem).map(reportListEntry),
      ...(finding.templates
        ? {
            templates: finding.templates.slice(0, REPORT_BOUNDS.urlsPerItem).map((g) => ({
              pattern: reportUrl(g.pattern),
              count: g.count,
              example: reportListEntry(g.example),
            })),
          }
        : {}),
    })),
  };
}

/** The audit's result with every address, quote and list within the report's bounds. */
export function boundedResult(result: Report): Report {
  const report = { left: REPORT_BOUNDS.reportChars };
  const categories: CategoryFindings[] = result.categories.map((category) => ({
    ...category,
    findings: category.findings.map((finding) => boundedFinding(finding, report)),
  }));
  return {
    ...result,
    // The address asked for is bounded by parseAuditUrl (2,048 characters); where it led, here.
    finalUrl: result.finalUrl === result.url ? result.finalUrl : reportUrl(result.finalUrl),
    categories,
    ...(result.pageType?.detail
      ? { pageType: { ...result.pageType, detail: clip(result.pageType.detail, 60) } }
      : {}),
    ...(result.engines
      ? {
          engines: result.engines.map((e) => ({
            ...e,
            reasons: boundedEvidence(e.reasons, REPORT_BOUNDS.messagesPerSummaryItem),
          })),
        }
      : {}),
    ...(result.markup
      ? {
          markup: result.markup.slice(0, 10).map((m) => ({
            type: clip(m.type, 40),
            properties: m.properties.slice(0, 40).map((p) => clip(p, 40)),
          })),
        }
      : {}),
    ...(result.site ? { site: boundedSite(result.site) } : {}),
  };
}
