import type { EngineId, EngineStatus, ItemStatus } from '../../lib/audit.ts';
import { msg } from './check.ts';
import { samePage, type PageFacts } from './site-pages.ts';
import type { Message } from './types.ts';
import { PAIR, REPORT_BOUNDS, reportListEntry } from '../../lib/report-bounds.ts';

// A site audit's summary (decision 024): what only the pages together show. Each item lists the
// pages concerned; texts are translated with the report (localize.ts).

/** A page of a site audit, as its table shows it. */
export interface SitePage {
  url: string;
  outcome: 'audited' | 'failed' | 'disallowed' | 'notTaken';
  /** HTTP status, when the page answered. */
  status?: number;
  score?: number;
  /** Why a page failed (a fetch refusal or failure's detail), for the table. */
  detail?: string;
}

/** The candidates a site audit did not take, by reason (decision 048: counted, never stored one by one). */
export interface SkippedCandidates {
  /** On another origin than the audited page's: never fetched. */
  otherSite: number;
  /** On another origin and an address the audit may not reach (private, local, another port). */
  refused: number;
  /** Closed to the audit by robots.txt; the first REPORT_BOUNDS.listedDisallowed are also listed. */
  disallowed: number;
}

export interface SiteFinding {
  id: string;
  status: ItemStatus;
  evidence: Message[];
  /** The pages concerned, in crawl order (those of a template apart). */
  urls: string[];
  /**
   * Pages of one template (the same address pattern and markup) concerned together: one fix in the
   * template fixes them all, so they are shown once.
   */
  templates?: { pattern: string; count: number; example: string }[];
}

/** Pages of one template shown as one entry from this many. */
const TEMPLATE_FROM = 3;

/** An item's pages grouped by template: a template with TEMPLATE_FROM pages or more is one entry. */
function byTemplate(finding: SiteFinding, pages: readonly PageFacts[]): SiteFinding {
  const templateOf = new Map(pages.map((p) => [reportListEntry(p.finalUrl), p.template]));
  const groups = new Map<string, string[]>();
  for (const url of finding.urls) {
    const template = templateOf.get(url);
    if (template) groups.set(template, [...(groups.get(template) ?? []), url]);
  }
  const grouped = [...groups].filter(([, urls]) => urls.length >= TEMPLATE_FROM);
  if (grouped.length === 0) return finding;
  const inTemplates = new Set(grouped.flatMap(([, urls]) => urls));
  return {
    ...finding,
    urls: finding.urls.filter((u) => !inTemplates.has(u)),
    templates: grouped.map(([template, urls]) => ({
      pattern: template.split(' ')[0]!,
      count: urls.length,
      example: urls[0]!,
    })),
  };
}

/** What a site audit says of the site as a whole (issue 37): its score and its engines. */
export interface SiteVerdict {
  /** The mean of the audited pages' scores, rounded; the lowest and the highest. */
  score: number;
  lowest: number;
  highest: number;
  /** The lowest-scoring pages, lowest first (at most WORST_PAGES). */
  worst: { url: string; score: number }[];
  /**
   * Each engine across the audited pages: `yes` when it can use every page, `no` when none,
   * `limited` when some; with the pages it cannot use, and those it can use only in part.
   */
  engines: { id: EngineId; status: EngineStatus; out: number; partly: number; pages: number }[];
}

/** Pages named as the site's worst. */
const WORST_PAGES = 3;

/** The site's score and its engines, over the pages audited (none: no verdict). */
export function siteVerdict(
  table: readonly SitePage[],
  pages: readonly PageFacts[],
): SiteVerdict | undefined {
  const scored = table.filter((p) => p.outcome === 'audited' && p.score !== undefined);
  if (scored.length === 0) return undefined;
  const scores = scored.map((p) => p.score!);
  const worst = [...scored]
    .sort((a, b) => a.score! - b.score!)
    .slice(0, WORST_PAGES)
    .map((p) => ({ url: reportListEntry(p.url), score: p.score! }));
  const ids = pages[0]?.engines.map((e) => e.id) ?? [];
  const engines = ids.map((id) => {
    const statuses = pages.map((p) => p.engines.find((e) => e.id === id)?.status ?? 'unknown');
    const out = statuses.filter((s) => s === 'no').length;
    const partly = statuses.filter((s) => s === 'limited' || s === 'unknown').length;
    const status: EngineStatus =
      out === statuses.length
        ? 'no'
        : out + partly === 0
          ? 'yes'
          : statuses.every((s) => s === 'unknown')
            ? 'unknown'
            : 'limited';
    return { id, status, out, partly, pages: statuses.length };
  });
  return {
    score: Math.round(scores.reduce((a, b) => a + b, 0) / scores.length),
    lowest: Math.min(...scores),
    highest: Math.max(...scores),
    worst,
    engines,
  };
}

/**
 * Pages that show the same text as another one, where none of them names another as its canonical:
 * engines then pick one themselves, or index both (`/` and `/index.html`). As "from → to" pairs.
 */
function uncanonicalDuplicates(pages: readonly PageFacts[]): string[] {
  const groups = new Map<string, PageFacts[]>();
  for (const page of pages) {
    if (page.fingerprint === '' || page.excluded) continue;
    groups.set(page.fingerprint, [...(groups.get(page.fingerprint) ?? []), page]);
  }
  const pairs: string[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const declared = group.some((p) =>
      group.some(
        (other) => other !== p && p.canonical !== undefined && samePage(p.canonical, other.finalUrl),
      ),
    );
    if (!declared) pairs.push(...group.slice(1).map((p) => `${p.finalUrl}${PAIR}${group[0]!.finalUrl}`));
  }
  return pairs;
}

/** Below this, a page's main text is thin (the single-page audit's own threshold). */
export const THIN_WORDS = 300;

/** An item listing at most REPORT_BOUNDS.urlsPerItem pages, each clipped; its evidence counts them all. */
function item(
  id: string,
  status: ItemStatus,
  evidence: Message[],
  urls: readonly string[] = [],
): SiteFinding {
  return { id, status, evidence, urls: urls.slice(0, REPORT_BOUNDS.urlsPerItem).map(reportListEntry) };
}

/**
 * The evidence of the items that pass when no page is concerned: [when none is, when some are]. Keys
 * written out in full.
 */
const NONE_OR_SOME = {
  siteErrors: ['site.items.siteErrors.evidence.none', 'site.items.siteErrors.evidence.some'],
  siteExcluded: ['site.items.siteExcluded.evidence.none', 'site.items.siteExcluded.evidence.some'],
  siteCanonicals: ['site.items.siteCanonicals.evidence.none', 'site.items.siteCanonicals.evidence.some'],
  siteJsonLd: ['site.items.siteJsonLd.evidence.all', 'site.items.siteJsonLd.evidence.some'],
  siteThin: ['site.items.siteThin.evidence.none', 'site.items.siteThin.evidence.some'],
  siteDuplicates: ['site.items.siteDuplicates.evidence.none', 'site.items.siteDuplicates.evidence.some'],
} as const;

/**
 * An item that passes when no page is concerned (its `none` evidence, counting the pages checked), and
 * otherwise fails or warns with its `some` evidence, counting and listing the pages concerned.
 */
function noneOrSome(
  id: keyof typeof NONE_OR_SOME,
  failing: 'fail' | 'warning',
  checked: number,
  concerned: readonly string[],
  values: Record<string, number> = {},
): SiteFinding {
  const [none, some] = NONE_OR_SOME[id];
  return concerned.length === 0
    ? item(id, 'pass', [msg(none, { count: checked, ...values })])
    : item(id, failing, [msg(some, { count: concerned.length, ...values })], [...concerned]);
}

/** Pages that share a value with another page, the empty value apart. */
function duplicates(pages: readonly PageFacts[], value: (p: PageFacts) => string): PageFacts[] {
  const counts = new Map<string, number>();
  for (const p of pages) if (value(p)) counts.set(value(p), (counts.get(value(p)) ?? 0) + 1);
  return pages.filter((p) => value(p) !== '' && counts.get(value(p))! > 1);
}

/** Missing and repeated values (titles, descriptions) in one item; keys written out by the caller. */
function uniqueness(
  id: string,
  keys: { unique: string; missing: string; repeated: string },
  pages: readonly PageFacts[],
  value: (p: PageFacts) => string,
) {
  const missing = pages.filter((p) => value(p) === '');
  const repeated = duplicates(pages, value);
  if (missing.length === 0 && repeated.length === 0) {
    return item(id, 'pass', [msg(keys.unique, { count: pages.length })]);
  }
  const evidence: Message[] = [];
  if (missing.length > 0) evidence.push(msg(keys.missing, { count: missing.length }));
  if (repeated.length > 0) evidence.push(msg(keys.repeated, { count: repeated.length }));
  return item(
    id,
    'warning',
    evidence,
    [...missing, ...repeated].map((p) => p.finalUrl),
  );
}

/** hreflang pairs where the page named does not name the first one back (Google ignores them). */
function oneWayAlternates(pages: readonly PageFacts[]): string[] {
  const pairs: string[] = [];
  for (const page of pages) {
    for (const alt of page.alternates) {
      if (samePage(alt.url, page.finalUrl)) continue;
      const other = pages.find((p) => samePage(p.finalUrl, alt.url) || samePage(p.url, alt.url));
      // Only pages this audit read can be judged.
      if (!other) continue;
      if (
        !other.alternates.some((back) => samePage(back.url, page.finalUrl) || samePage(back.url, page.url))
      ) {
        pairs.push(`${page.finalUrl}${PAIR}${other.finalUrl}`);
      }
    }
  }
  return [...new Set(pairs)];
}

/**
 * The summary of a site audit: pages kept out of results or broken, titles and descriptions,
 * canonicals, hreflang pairs, JSON-LD and thin pages, then what the audit did not fetch (`skipped`:
 * the candidates counted, not listed, by the site audit's choice; decision 048).
 */
export function siteSummary(
  table: readonly SitePage[],
  pages: readonly PageFacts[],
  skipped?: SkippedCandidates,
): SiteFinding[] {
  const total = pages.length;
  const items: SiteFinding[] = [];
  const broken = table.filter((p) => p.outcome === 'failed').map((p) => p.url);
  items.push(noneOrSome('siteErrors', 'fail', table.length, broken));
  const excluded = pages
    .filter((p) => p.excluded && p.status >= 200 && p.status < 300)
    .map((p) => p.finalUrl);
  items.push(noneOrSome('siteExcluded', 'fail', total, excluded));
  const titles = {
    unique: 'site.items.siteTitles.evidence.unique',
    missing: 'site.items.siteTitles.evidence.missing',
    repeated: 'site.items.siteTitles.evidence.repeated',
  };
  const descriptions = {
    unique: 'site.items.siteDescriptions.evidence.unique',
    missing: 'site.items.siteDescriptions.evidence.missing',
    repeated: 'site.items.siteDescriptions.evidence.repeated',
  };
  items.push(uniqueness('siteTitles', titles, pages, (p) => p.title));
  items.push(uniqueness('siteDescriptions', descriptions, pages, (p) => p.description));
  const elsewhere = pages
    .filter((p) => p.canonical !== undefined && !samePage(p.canonical, p.finalUrl))
    .map((p) => `${p.finalUrl}${PAIR}${p.canonical}`);
  items.push(noneOrSome('siteCanonicals', 'warning', total, elsewhere));
  items.push(noneOrSome('siteDuplicates', 'warning', total, uncanonicalDuplicates(pages)));
  const oneWay = oneWayAlternates(pages);
  const withAlternates = pages.filter((p) => p.alternates.length > 0).length;
  items.push(
    oneWay.length > 0
      ? item(
          'siteHreflang',
          'warning',
          [msg('site.items.siteHreflang.evidence.oneWay', { count: oneWay.length })],
          oneWay,
        )
      : item('siteHreflang', 'pass', [
          withAlternates > 0
            ? msg('site.items.siteHreflang.evidence.reciprocal', { count: withAlternates })
            : msg('site.items.siteHreflang.evidence.none'),
        ]),
  );
  const noJsonLd = pages.filter((p) => !p.structuredData && !p.excluded).map((p) => p.finalUrl);
  items.push(noneOrSome('siteJsonLd', 'warning', total, noJsonLd));
  const thin = pages.filter((p) => p.words < THIN_WORDS && !p.excluded).map((p) => p.finalUrl);
  items.push(noneOrSome('siteThin', 'warning', total, thin, { words: THIN_WORDS }));
  const listedDisallowed = table.filter((p) => p.outcome === 'disallowed');
  const disallowed = skipped?.disallowed ?? listedDisallowed.length;
  const evidence: Message[] = [];
  if (disallowed > 0) {
    evidence.push(msg('site.items.siteSkipped.evidence.disallowed', { count: disallowed }));
  }
  if (skipped && skipped.otherSite > 0) {
    evidence.push(msg('site.items.siteSkipped.evidence.otherSite', { count: skipped.otherSite }));
  }
  if (skipped && skipped.refused > 0) {
    evidence.push(msg('site.items.siteSkipped.evidence.refused', { count: skipped.refused }));
  }
  if (evidence.length > 0) {
    items.push(
      item(
        'siteSkipped',
        'pass',
        evidence,
        listedDisallowed.map((p) => p.url),
      ),
    );
  }
  return items.map((finding) => byTemplate(finding, pages));
}
