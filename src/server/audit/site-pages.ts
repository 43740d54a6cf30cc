import { createHash } from 'node:crypto';
import { comparableText } from '../../lib/text.ts';
import { overallScore, type EngineId, type EngineStatus } from '../../lib/audit.ts';
import { analyze } from './analyze.ts';
import type { Resource } from './check.ts';
import { SHELL_WORDS } from './checks/main-text.ts';
import { buildContext, type AuditContext } from './context.ts';
import { metaByName } from './read/html.ts';
import { agentVerdict } from './read/robots.ts';
import { comparable } from './read/sitemap.ts';
import { categoryScore } from './score.ts';
import type { AuditInput, CategoryFindings } from './types.ts';

// A site audit's pages (decision 024), each analysed on its own in the worker pool: the checks that
// read only the page and the site's shared files (robots.txt, llms.txt, the sitemap) give it a
// score, and a few facts about it feed the site summary (site-summary.ts). The pages to take come
// from the first page's analysis: the sitemap's addresses, else the page's own links, on its origin,
// each with robots.txt's verdict for the audit's own user agent.

/** The audit's robots.txt product token: a site's rules for it, or for `*`, decide what it fetches. */
export const AUDIT_AGENT = 'GEOPlatformAudit';

/** The resources every page of a site audit has; checks needing more run on the first page only. */
const SITE_RESOURCES: ReadonlySet<Resource> = new Set(['robots', 'llms', 'sitemap']);

/** Candidates kept from the first page's analysis: enough to skip the disallowed and the broken. */
const MAX_CANDIDATES = 100;

export interface Candidate {
  url: string;
  /** robots.txt disallows it for the audit's user agent: it is listed, never fetched. */
  disallowed: boolean;
}

/** Where a site audit's pages were found. */
export type CandidateSource = 'sitemap' | 'links' | 'none';

/** A page's overall score, by the report's own rule, over the categories it had checks in. */
export function overallOf(categories: readonly CategoryFindings[]): number {
  return overallScore(
    categories
      .filter((c) => c.findings.length > 0)
      .map((c) => ({ id: c.id, score: categoryScore(c.findings), items: c.findings })),
  );
}

/** The same page: one address whatever its fragment or a trailing slash (as the sitemap compares). */
export function samePage(a: string, b: string): boolean {
  const key = comparable(a);
  return key !== undefined && key === comparable(b);
}

/** The other pages of the audited page's site a site audit may take, in the order found. */
export function candidatesOf(ctx: AuditContext): { source: CandidateSource; candidates: Candidate[] } {
  const origin = ctx.page.url.origin;
  const fromSitemap = ctx.sitemap.kind === 'valid' && ctx.sitemap.root === 'urlset' ? ctx.sitemap.locs : [];
  const fromLinks = ctx.page.anchors.map((a) => a.url).filter((u): u is string => u !== undefined);
  const source: CandidateSource =
    fromSitemap.length > 0 ? 'sitemap' : fromLinks.length > 0 ? 'links' : 'none';
  const seen: string[] = [ctx.input.page.finalUrl];
  const candidates: Candidate[] = [];
  for (const address of source === 'sitemap' ? fromSitemap : fromLinks) {
    if (candidates.length >= MAX_CANDIDATES) break;
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      continue;
    }
    // A sitemap may list other sites' pages and addresses that are not web pages; links point anywhere.
    if (
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      (source === 'links' && url.origin !== origin)
    ) {
      continue;
    }
    url.hash = '';
    if (seen.some((s) => samePage(s, url.href))) continue;
    seen.push(url.href);
    const disallowed = !agentVerdict(ctx.robots, url.href, AUDIT_AGENT).allowed;
    candidates.push({ url: url.href, disallowed });
  }
  return { source, candidates };
}

/** What the site summary needs to know of one page. */
export interface PageFacts {
  url: string;
  finalUrl: string;
  status: number;
  score: number;
  title: string;
  description: string;
  /** The canonical address it declares, resolved, when it declares one. */
  canonical: string | undefined;
  /** Its hreflang alternates: code and resolved address. */
  alternates: { hreflang: string; url: string }[];
  /** Whether it has structured data in any syntax (JSON-LD, microdata or RDFa). */
  structuredData: boolean;
  words: number;
  /** noindex, none or a past unavailable_after for every crawler, or a non-2xx answer. */
  excluded: boolean;
  /** Whether each answer engine can use the page (engines.ts; no crawler view is fetched for it). */
  engines: { id: EngineId; status: EngineStatus }[];
  /**
   * Its main text reduced to letters and digits, hashed: two pages with the same one show the same
   * text (`/` and `/index.html`). Empty below SHELL_WORDS words: no text, nothing to compare.
   */
  fingerprint: string;
  /**
   * The template it is made from, as far as it shows: its address's pattern (the section kept, the
   * rest `*`: `/product/*`) and the types of its structured data. Pages of one template share a fix.
   */
  template: string;
}

/** A language prefix (`/fr/`, `/en-gb/`): the section is the segment after it. */
const LANGUAGE_SEGMENT = /^[a-z]{2}(?:-[a-z]{2})?$/i;

/** `/product/*` for `/product/enamel-kettle`, `/fr/blog/*` for `/fr/blog/2024/floods`, plus markup types. */
function templateOf(url: URL, ctx: AuditContext): string {
  const segments = url.pathname.split('/').filter((s) => s !== '');
  const kept = LANGUAGE_SEGMENT.test(segments[0] ?? '') ? 2 : 1;
  const pattern = segments.map((s, i) => (i < kept && !/\d/.test(s) ? s : '*'));
  const types = [...new Set(ctx.structured.entities.filter((e) => !e.parent).flatMap((e) => e.types))].sort();
  return `/${pattern.join('/')}${url.pathname.endsWith('/') && segments.length > 0 ? '/' : ''} ${types.join(',')}`;
}

function fingerprintOf(text: string, words: number): string {
  if (words < SHELL_WORDS) return '';
  return createHash('sha256').update(comparableText(text)).digest('base64url');
}

/** One page of a site audit: its score on the checks it can be given, and its facts. */
export function pageFacts(input: AuditInput): PageFacts {
  const ctx = buildContext(input);
  const categories = analyze(input, ctx, (check) => check.needs.every((need) => SITE_RESOURCES.has(need)));
  const directives = categories.flatMap((c) => c.findings).find((f) => f.id === 'pageDirectives');
  const canonical = ctx.links.find((l) => l.rel.includes('canonical') && l.url !== undefined)?.url;
  return {
    url: input.page.url,
    finalUrl: input.page.finalUrl,
    status: input.page.status,
    score: overallOf(categories),
    title: (ctx.page.title ?? '').replace(/\s+/g, ' ').trim(),
    description: (metaByName(ctx.page, 'description')[0] ?? '').replace(/\s+/g, ' ').trim(),
    canonical,
    alternates: ctx.links.flatMap((l) =>
      l.rel.includes('alternate') && l.hreflang && l.url ? [{ hreflang: l.hreflang, url: l.url }] : [],
    ),
    structuredData: ctx.structured.entities.length > 0,
    words: ctx.page.main.words,
    excluded: input.page.status < 200 || input.page.status >= 300 || directives?.status === 'fail',
    engines: ctx.engines.map((e) => ({ id: e.id, status: e.status })),
    fingerprint: fingerprintOf(ctx.page.main.text, ctx.page.main.words),
    template: templateOf(new URL(input.page.finalUrl), ctx),
  };
}
