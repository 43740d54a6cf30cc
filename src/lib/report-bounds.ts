import { clip } from './text.ts';

// Every bound on what an audit report holds, in one place (decision 048). A report is made of the
// audited site's text, and a hostile site chooses that text: 70 sitemap addresses of 4.9 KB and 30
// pages redirecting to 14 KB addresses once made one 25-page report of 1.74 MB. With these bounds
// the largest report a site can make is measured by `npm run bench:reports` (scripts/report-bounds.ts)
// and stated in the README. The same bounds apply when a report is stored (service.ts `keep`) and
// when one is shown (service.ts `toReport`), so a report saved before they existed is shown within
// them too.

export const REPORT_BOUNDS = {
  /**
   * An address from the audited site (a page of the site table, a page a summary item lists, each
   * side of a "from → to" pair, the address the first page redirected to), in characters. Above the
   * length of nearly every real page address; the sitemap protocol allows 2,048.
   */
  urlChars: 200,
  /** A value quoted from the site inside a finding's message (the checks clip theirs to 120 or less). */
  valueChars: 300,
  /**
   * All the values of one finding (its evidence and its recommendation) together, in characters:
   * room for three structured-data findings, each quoting a type, a value and an element's path.
   */
  findingChars: 1000,
  /** All the values of all the findings of one report together, in characters. */
  reportChars: 8000,
  /**
   * Messages in one finding's evidence. Most checks write a handful; a structured-data check names
   * what is wrong, where, and the fix (three messages) for up to three entities, then counts the rest.
   */
  messagesPerFinding: 12,
  /** Messages in one site summary item's evidence (each writes one or two). */
  messagesPerSummaryItem: 6,
  /** Pages one summary item lists (the rest are counted in its evidence). */
  urlsPerItem: 25,
  /** Pages robots.txt closes to the audit that the site table lists one by one (the rest are counted). */
  listedDisallowed: 25,
  /**
   * Rows of the site table: the pages asked for (25 at most) and the disallowed pages listed. Off-site
   * and refused sitemap addresses are counted in the summary, never listed.
   */
  tableRows: 50,
  /** Items of a site summary (the summary has 9 kinds). */
  summaryItems: 10,
} as const;

// What these bounds allow at most, by construction (tests/server/audit/bounded.test.ts builds it:
// every one of the 36 checks quoting four-byte characters in 20 messages of six values, a full
// summary of 25 pairs of 200-character addresses per item, a full table): 209 KB of JSON (44 KB of
// findings, once the report's 8,000 quoted characters are spent, 165 KB of site audit), under the
// 250 KB one stored report may never exceed (issue 34).

/** An address clipped to the report's bound (it stays text: a clipped address is never a link). */
export function reportUrl(url: string): string {
  return clip(url, REPORT_BOUNDS.urlChars);
}

/** Between the two pages of a pair a summary item lists ("from → to"). */
export const PAIR = ' → ';

/**
 * An entry of a summary item's list within the bounds: an address, or each side of a pair, clipped
 * (an address never holds a space, so the pair's arrow cannot come from the site).
 */
export function reportListEntry(entry: string): string {
  return entry.split(PAIR).map(reportUrl).join(PAIR);
}
