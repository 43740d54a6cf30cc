import type { ApiError } from './api-error.ts';
import { parseHttpUrl, withScheme } from './urls.ts';

// The free AI citation audit: the report's shape, scoring rules and address rules shared by the
// server (src/server/audit/), the API and the Tools page. No React, no I/O. A score is green
// (excellent) from 90, yellow (good) from 75 and red (needs work) below, for the categories and
// the badges alike; the overall score is the rounded mean of the four categories.

export type CategoryId = 'crawlerAccess' | 'structuredData' | 'citability' | 'technical';
export type CategoryStatus = 'excellent' | 'good' | 'needsWork';
/**
 * A check's verdict; `notApplicable` when it does not apply to the page's type (issue 36) or finds
 * nothing to judge (no robots.txt to state content signals in, no type to check the properties of),
 * `info` for a check that never changes the score (issue 38, decision 068): neither is a pass, and
 * neither is counted with the passes.
 */
export type ItemStatus = 'pass' | 'warning' | 'fail' | 'info' | 'notApplicable';

/** Every status, in the order the report counts them: passes, problems, then what is not judged. */
export const ITEM_STATUSES: readonly ItemStatus[] = ['pass', 'warning', 'fail', 'info', 'notApplicable'];

/** Whether a status asks something of the site: a failure or a warning. */
export function asksForFix(status: ItemStatus): status is 'fail' | 'warning' {
  return status === 'fail' || status === 'warning';
}

/**
 * How many checks of a report have each status (the "12 checks passed" line of the pages and the
 * Markdown copy): a check for information or one that does not apply is counted as such, never as a
 * pass.
 */
export function statusCounts(
  categories: readonly { items: readonly Pick<AuditItem, 'status'>[] }[],
): Record<ItemStatus, number> {
  const counts = Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as Record<ItemStatus, number>;
  for (const item of categories.flatMap((c) => c.items)) counts[item.status] += 1;
  return counts;
}

/**
 * The counts a report states, in order: passes, warnings and failures always, checks for information
 * and those that do not apply only when there are some.
 */
export function countsShown(
  categories: readonly { items: readonly Pick<AuditItem, 'status'>[] }[],
): { status: ItemStatus; count: number }[] {
  const counts = statusCounts(categories);
  return ITEM_STATUSES.filter((s) => asksForFix(s) || s === 'pass' || counts[s] > 0).map((status) => ({
    status,
    count: counts[status],
  }));
}

/** A check to fix: one that failed or warned. */
export type FixableItem = AuditItem & { status: 'fail' | 'warning' };

/** How many fixes the report's pages put first ("What to fix first"); the emails list more. */
export const FIXES_FIRST = 3;

/**
 * What to fix first, for the report's pages and every email that lists fixes (one selection,
 * issue 38): the checks that keep AI assistants out of the page (they cap the score), then the
 * other failures, then warnings, each in report order; `more` counts those left out by `limit`.
 */
export function topFindings(
  report: Pick<AuditReport, 'categories'>,
  limit: number,
): { top: FixableItem[]; more: number } {
  const fixable = report.categories
    .flatMap((c) => c.items)
    .filter((i): i is FixableItem => asksForFix(i.status));
  const rank = (i: FixableItem) => (i.blocks ? 0 : i.status === 'fail' ? 1 : 2);
  // Array.prototype.sort is stable: report order holds within a rank.
  const ranked = [...fixable].sort((a, b) => rank(a) - rank(b));
  return { top: ranked.slice(0, limit), more: Math.max(0, ranked.length - limit) };
}
export type ScoreBand = 'green' | 'yellow' | 'red';
export type ScoreMessage = 'excellent' | 'good' | 'needsWork';
export type AuditBadgeVariant = 'default' | 'secondary' | 'destructive' | 'success' | 'warning';

/** The four categories, in the order the page and the API show them. */
export const CATEGORY_IDS: readonly CategoryId[] = [
  'crawlerAccess',
  'structuredData',
  'citability',
  'technical',
];

/**
 * What kind of page the audit judged (issue 36): the checks that apply, and how, follow from it.
 * Article (news and blog posts too), product, documentation or reference, home or organization,
 * local business, or other.
 */
export const PAGE_TYPE_IDS = [
  'article',
  'product',
  'documentation',
  'home',
  'localBusiness',
  'other',
] as const;
export type PageType = (typeof PAGE_TYPE_IDS)[number];

/**
 * How the audit read the page: its type, what said so (its markup, its address or its content) and
 * `text`, the sentence the report opens with ("Read as a product page, from its Product markup."), in
 * the reader's language. `detail` is what decided: a schema.org type or a path segment, from the
 * audited site (clipped, shown as text).
 */
export interface PageReading {
  type: PageType;
  from: 'markup' | 'url' | 'content';
  detail?: string;
  text: string;
}

/** The answer engines the report gives a verdict for (src/server/audit/engines.ts holds their rules). */
export type EngineId = 'chatgpt' | 'perplexity' | 'copilot' | 'google' | 'claude';
/** Can the engine use the page: yes, only in part, no, or it cannot be told. */
export type EngineStatus = 'yes' | 'limited' | 'no' | 'unknown';
/** When the engines' rules (src/server/audit/engines.ts) were last checked against their sources. */
export const ENGINES_CHECKED_ON = '2026-11-29';

/**
 * One answer engine's verdict on the page, in the reader's language: the engine's name, its status,
 * the reasons (which crawler, which robots.txt line or directive, what our fetch got) and the
 * operator's documentation the rule comes from. Reasons may quote the audited site: plain text.
 */
export interface EngineReading {
  id: EngineId;
  name: string;
  status: EngineStatus;
  reasons: string[];
  docs: string;
}

/**
 * One check of a report, already in the reader's language. `evidence` may quote the audited site:
 * it is untrusted plain text, shown only as text.
 */
export interface AuditItem {
  id: string;
  status: ItemStatus;
  title: string;
  evidence: string;
  recommendation?: string;
  /** This check's failure keeps AI assistants from using the page at all (the overall is capped). */
  blocks?: true;
}

export interface AuditCategory {
  id: CategoryId;
  score: number;
  status: CategoryStatus;
  items: AuditItem[];
}

/** One page of a site audit's table. `note` says why a page was not scored, in the reader's language. */
export interface SitePageRow {
  url: string;
  outcome: 'audited' | 'failed' | 'disallowed' | 'notTaken';
  status?: number;
  score?: number;
  note?: string;
}

/** One item of a site audit's summary: what the pages together show, and the pages concerned. */
export interface SiteSummaryItem {
  id: string;
  status: ItemStatus;
  title: string;
  evidence: string;
  urls: string[];
  /** Pages of one template (address pattern and markup) concerned together: one fix for all. */
  templates?: { pattern: string; count: number; example: string }[];
}

/** A site audit (decision 024): the pages taken, from where, and what they show together. */
export interface SiteReport {
  /** Pages asked for, the first included. */
  requested: number;
  source: 'sitemap' | 'links' | 'none';
  pages: SitePageRow[];
  summary: SiteSummaryItem[];
  /** The site as a whole (issue 37): its score over the pages audited, its worst pages, its engines. */
  verdict?: {
    score: number;
    lowest: number;
    highest: number;
    worst: { url: string; score: number }[];
    /** Each engine across the pages: how many it cannot use, and how many only in part. */
    engines: {
      id: EngineId;
      name: string;
      status: EngineStatus;
      out: number;
      partly: number;
      pages: number;
    }[];
  };
}

/** A finished audit (the 200 body of GET /api/audit, decision 017). */
export interface AuditReport {
  url: string;
  finalUrl: string;
  auditedAt: string;
  overall: number;
  categories: AuditCategory[];
  /** With `pages` above 1: the other pages of the site and the summary. */
  site?: SiteReport;
  /** How the page was read (reports made before issue 36 have none). */
  pageType?: PageReading;
  /** Whether each answer engine can use the page (reports made before issue 37 have none). */
  engines?: EngineReading[];
  /** Which audited crawlers robots.txt lets in (names are ours). */
  crawlers?: { agent: string; allowed: boolean }[];
  /** The properties of the page's top-level entities, by type (names from the audited site: text). */
  markup?: { type: string; properties: string[] }[];
  /** The saved report's id (its permanent address /{lang}/tools/report/{id}), once it is kept. */
  id?: string;
  /** A kept report offers the monthly re-check (the server runs and emails them, decision 032). */
  recheck?: true;
  /** What changed since the report of the same address before this one, when there is one. */
  changes?: ReportChanges;
  /**
   * Why a person's report was not kept (decision 048): the address saved its most reports for the
   * day, or the reports' storage is full. The audit is answered all the same, without an id.
   */
  notKept?: { reason: ReportNotKept; message: string };
}

/** Why a report a person asked to keep was not saved (decision 048). */
export type ReportNotKept = 'daily' | 'full';

/** A score before and after. */
export interface ScoreChange {
  before: number;
  after: number;
}

/** How a report differs from the earlier report of the same address (decision 031). */
export interface ReportChanges {
  /**
   * The earlier report: when it was made, and its id (permanent address) only when the reader came
   * with it (a re-check's own chain): a report never shows another person's id (decision 048).
   */
  previous: { id?: string; auditedAt: string };
  overall: ScoreChange;
  /** Every category, in report order, changed or not. */
  categories: ({ id: CategoryId } & ScoreChange)[];
  /** The checks whose status changed, in report order, titled in the reader's language. */
  checks: { id: string; title: string; before: ItemStatus; after: ItemStatus }[];
  /** The page's type, when the two reports read the page as different types. */
  pageType?: { before: PageReading; after: PageReading };
  /** The answer engines whose verdict changed (both reports have verdicts), in the table's order. */
  engines?: { id: EngineId; name: string; before: EngineStatus; after: EngineStatus }[];
  /** Crawlers robots.txt newly lets in, and newly closes (both reports say). */
  crawlers?: { allowed: string[]; blocked: string[] };
  /** Properties added to, or removed from, an entity type both reports have. */
  properties?: { type: string; added: string[]; removed: string[] }[];
}

/**
 * The changes from `previous` (the saved report `previousId`, when it may be shown) to `current`, both
 * in one language.
 * A check that only one of them has (the registry changed between them) is left out.
 */
export function compareReports(
  current: AuditReport,
  previous: AuditReport,
  previousId?: string,
): ReportChanges {
  const before = new Map(previous.categories.map((c) => [c.id, c]));
  const earlierItems = new Map(previous.categories.flatMap((c) => c.items).map((i) => [i.id, i]));
  const [typeBefore, typeAfter] = [previous.pageType, current.pageType];
  const enginesBefore = new Map((previous.engines ?? []).map((e) => [e.id, e.status]));
  const engines = (previous.engines ? (current.engines ?? []) : []).flatMap((e) => {
    const before = enginesBefore.get(e.id);
    return before && before !== e.status ? [{ id: e.id, name: e.name, before, after: e.status }] : [];
  });
  return {
    previous: { ...(previousId ? { id: previousId } : {}), auditedAt: previous.auditedAt },
    overall: { before: previous.overall, after: current.overall },
    categories: current.categories.map((c) => ({
      id: c.id,
      before: before.get(c.id)?.score ?? c.score,
      after: c.score,
    })),
    checks: current.categories
      .flatMap((c) => c.items)
      .flatMap((item) => {
        const earlier = earlierItems.get(item.id);
        // A weightless check reads as information in both reports (settledStatus reads reports saved
        // before issue 38 the same way): it never shows here as a change.
        return earlier && earlier.status !== item.status
          ? [{ id: item.id, title: item.title, before: earlier.status, after: item.status }]
          : [];
      }),
    ...(typeBefore && typeAfter && typeBefore.type !== typeAfter.type
      ? { pageType: { before: typeBefore, after: typeAfter } }
      : {}),
    ...(engines.length > 0 ? { engines } : {}),
    ...crawlerChanges(previous, current),
    ...propertyChanges(previous, current),
  };
}

/**
 * The sentences (`tools` keys and their values) that tell how one entity type's properties changed:
 * those added, then those removed. The names come from the audited site: shown as text.
 */
export function propertyChangeTexts(change: {
  type: string;
  added: string[];
  removed: string[];
}): { key: string; values: Record<string, string> }[] {
  const texts = [];
  if (change.added.length > 0)
    texts.push({
      key: 'report.changes.propertiesAdded',
      values: { type: change.type, properties: change.added.join(', ') },
    });
  if (change.removed.length > 0)
    texts.push({
      key: 'report.changes.propertiesRemoved',
      values: { type: change.type, properties: change.removed.join(', ') },
    });
  return texts;
}

/** Crawlers newly allowed or blocked by robots.txt, when both reports list them and some changed. */
function crawlerChanges(previous: AuditReport, current: AuditReport): Pick<ReportChanges, 'crawlers'> {
  if (!previous.crawlers || !current.crawlers) return {};
  const before = new Map(previous.crawlers.map((c) => [c.agent, c.allowed]));
  const changed = current.crawlers.filter((c) => before.has(c.agent) && before.get(c.agent) !== c.allowed);
  if (changed.length === 0) return {};
  return {
    crawlers: {
      allowed: changed.filter((c) => c.allowed).map((c) => c.agent),
      blocked: changed.filter((c) => !c.allowed).map((c) => c.agent),
    },
  };
}

/** Properties added or removed on the entity types both reports have. */
function propertyChanges(previous: AuditReport, current: AuditReport): Pick<ReportChanges, 'properties'> {
  if (!previous.markup || !current.markup) return {};
  const before = new Map(previous.markup.map((m) => [m.type, new Set(m.properties)]));
  const properties = current.markup.flatMap((m) => {
    const earlier = before.get(m.type);
    if (!earlier) return [];
    const now = new Set(m.properties);
    const added = m.properties.filter((p) => !earlier.has(p));
    const removed = [...earlier].filter((p) => !now.has(p));
    return added.length + removed.length > 0 ? [{ type: m.type, added, removed }] : [];
  });
  return properties.length > 0 ? { properties } : {};
}

/** Pages a site audit takes at most, the first included; the form offers these choices. */
export const MAX_SITE_PAGES = 25;
export const SITE_PAGE_CHOICES = [1, 10, 25] as const;

/** The number of pages asked for (`pages` of the form or the API): 1 unless a whole number up to 25. */
export function parseSitePages(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,2}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 && n <= MAX_SITE_PAGES ? n : 1;
}

/**
 * Why an audit has no report: the API's `reason`, plus the page's own cases (`rateLimited`, `busy`,
 * `oneAtATime` when the visitor's address already has an audit running, and `network` when the
 * browser could not reach the audit service).
 */
export const AUDIT_ERROR_REASONS = [
  'refused',
  'unreachable',
  'timeout',
  'httpError',
  'notHtml',
  'tooLarge',
  'tooComplex',
  'challenged',
  'rateLimited',
  'busy',
  'oneAtATime',
  'restarting',
  'network',
] as const;
export type AuditErrorReason = (typeof AUDIT_ERROR_REASONS)[number];

/**
 * Failures of ours that pass (the audit was busy, rate-limited, one of the address's own was
 * running, or the server was restarting): worth trying again later, never
 * worth telling a person about by email (the waitlist email and the re-check job wait instead).
 */
export const TRANSIENT_AUDIT_FAILURES: ReadonlySet<AuditErrorReason> = new Set([
  'busy',
  'oneAtATime',
  'restarting',
  'rateLimited',
  'network',
]);

/** What the Tools page shows for `?url=`: a report, or why there is none. */
export type AuditOutcome = { ok: true; report: AuditReport } | AuditFailure;

/** Why an audit has no report, for the page and the API. */
export interface AuditFailure {
  ok: false;
  url: string;
  reason: AuditErrorReason;
  message: string;
}

/** How many pages an outcome is the audit of (1 unless it is a site audit's report). */
export function pagesOf(outcome: AuditOutcome): number {
  return outcome.ok && outcome.report.site ? outcome.report.site.requested : 1;
}

/**
 * A saved report's page data (/{lang}/tools/report/{id}): the report in the page's language, or null
 * when the id leads nowhere (mistyped, or expired after `keptDays`).
 */
export interface ReportData {
  report: AuditReport | null;
  keptDays: number;
  /** Whether the page offers the monthly re-check (the server can run and email them). */
  recheck?: boolean;
}

/** The Tools page's loader data: the server's audit of `?url=`, or null. */
export interface ToolsData {
  audit: AuditOutcome | null;
}

/** The steps of an audit, in order; the server reports each as it completes (NDJSON progress). */
export const AUDIT_STEPS = [
  'page',
  'robots',
  'llms',
  'sitemap',
  'crawlerView',
  'markdown',
  'analysis',
] as const;
export type AuditStep = (typeof AUDIT_STEPS)[number];

/** One line of the NDJSON progress stream of GET /api/audit. */
export type AuditStreamLine =
  | { step: AuditStep; done: number; total: number }
  | { page: { url: string; done: number; total: number } }
  | { result: AuditReport }
  | { error: ApiError };

/** Score thresholds: green from 90, yellow from 75, red below. */
export const SCORE_GREEN_FROM = 90;
export const SCORE_YELLOW_FROM = 75;
/** Longest address the audit accepts (browsers and servers commonly cap URLs near 2,000 characters). */
export const MAX_URL_LENGTH = 2048;

/** A category's status from its score: excellent from 90, good from 75, else needs work. */
export function categoryStatus(score: number): CategoryStatus {
  return scoreMessage(score);
}

/**
 * The highest overall score of a page AI assistants cannot use at all (blocked for every AI search
 * agent, noindex, an error status, a firewall): well inside "significant improvements needed", so
 * that no amount of good markup elsewhere makes such a page look fine (decision 023).
 */
export const BLOCKED_SCORE_CAP = 40;

/** The checks of a report that keep AI assistants from using the page, in report order. */
export function blockingItems<I extends Pick<AuditItem, 'status' | 'blocks'>>(
  categories: readonly { items: readonly I[] }[],
): I[] {
  return categories.flatMap((c) => c.items).filter((i) => i.blocks && asksForFix(i.status));
}

/**
 * What each category weighs in the overall score (issue 37, decision 063): whether engines can reach
 * the page and whether its text can be quoted weigh most, its structured data next, technical
 * signals least. In percent; they sum to 100.
 */
export const CATEGORY_WEIGHTS: Readonly<Record<CategoryId, number>> = {
  crawlerAccess: 30,
  citability: 30,
  structuredData: 25,
  technical: 15,
};

/**
 * The overall score: the weighted mean of the category scores (CATEGORY_WEIGHTS; 0 when there is
 * none), rounded, capped at BLOCKED_SCORE_CAP when a blocking check failed.
 */
export function overallScore(
  categories: readonly {
    id: CategoryId;
    score: number;
    items: readonly Pick<AuditItem, 'status' | 'blocks'>[];
  }[],
): number {
  const weight = categories.reduce((sum, c) => sum + CATEGORY_WEIGHTS[c.id], 0);
  if (weight === 0) return 0;
  const total = categories.reduce((sum, c) => sum + c.score * CATEGORY_WEIGHTS[c.id], 0);
  const mean = Math.round(total / weight);
  return blockingItems(categories).length > 0 ? Math.min(mean, BLOCKED_SCORE_CAP) : mean;
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

/** Category badge: default for excellent, secondary for good, destructive otherwise. */
export function categoryBadgeVariant(status: string): AuditBadgeVariant {
  if (status === 'excellent') return 'default';
  if (status === 'good') return 'secondary';
  return 'destructive';
}

/**
 * Item badge: success for pass, warning for warning, secondary (neutral, never green) for a check
 * for information or one that does not apply, destructive for fail (and anything else).
 */
export function itemBadgeVariant(status: string): AuditBadgeVariant {
  if (status === 'pass') return 'success';
  if (status === 'warning') return 'warning';
  if (status === 'notApplicable' || status === 'info') return 'secondary';
  return 'destructive';
}

/**
 * Which sentence tells an engine's verdict across a site's pages (`results.site.verdict.engine.*`):
 * every page, none, or how many it cannot use and how many only in part.
 */
export function engineAcross(engine: {
  status: EngineStatus;
  out: number;
  partly: number;
}): 'yes' | 'no' | 'unknown' | 'out' | 'partly' | 'outAndPartly' {
  if (engine.status !== 'limited') return engine.status;
  if (engine.out > 0 && engine.partly > 0) return 'outAndPartly';
  return engine.out > 0 ? 'out' : 'partly';
}

/** An engine's verdict badge: success, warning for in part, neutral when it cannot be told, destructive. */
export function engineBadgeVariant(status: EngineStatus): AuditBadgeVariant {
  return ({ yes: 'success', limited: 'warning', no: 'destructive', unknown: 'secondary' } as const)[status];
}

/**
 * The address to audit, normalised, or null when it is not an http(s) URL of reasonable length.
 * The value comes from the query string, so it is untrusted: it is only ever shown as text.
 */
export function parseAuditUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > MAX_URL_LENGTH) return null;
  const url = parseHttpUrl(withScheme(trimmed));
  if (!url) return null;
  // The fragment never reaches the server it names: one address, one audit (and one cache entry).
  url.hash = '';
  return url.href.length > MAX_URL_LENGTH ? null : url.href;
}
