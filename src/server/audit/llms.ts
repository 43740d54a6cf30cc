import type { Analysis } from './analysis.ts';
import { Refusal } from './fetch-refusal.ts';
import { NOT_READ, type RequestBudget } from './politeness.ts';
import { isMarkdown } from './read/llms-txt.ts';
import type { SafeFetchOptions } from './safe-fetch.ts';
import type { FetchOutcome } from './types.ts';

// llms.txt as the proposal writes it (llmstxt.org; issue 37, item 3; decision 064): the page's Markdown
// sibling at its own address with `.md`, the llms.txt nearest the page (its folder or a parent before
// the root), a few of the links llms.txt lists and the llms-ctx files beside it. These are the
// audit's own requests, not a visitor's page: each is sent only where robots.txt lets the audit's
// agent in (GEOPlatformAudit, or the `*` group), as a site audit's further pages are, on the audited
// origin only, and counted against the audit's request cap.

type Gate = NonNullable<SafeFetchOptions['gate']>;

/** The detail of a request the audit did not send because robots.txt closes the address to it. */
export const CLOSED_TO_AUDIT = 'closedByRobots';

/** The files the proposal's tools expand llms.txt into, beside it (llms_txt2ctx). */
const CTX_FILES = ['llms-ctx.txt', 'llms-ctx-full.txt'] as const;
/** Folders above the page whose llms.txt is looked for, nearest first, before the root's. */
const MAX_FOLDERS = 3;
/** Links of llms.txt asked for at most: enough to tell whether they answer Markdown. */
export const SAMPLE_LINKS = 3;
/** What is kept of a sampled file's body: enough to tell Markdown from an HTML page. */
export const SAMPLE_KEEP = 4096;

export interface LlmsOptions {
  /** The page's address after redirects. */
  pageUrl: string;
  /** robots.txt of the page's origin. */
  robots: Promise<FetchOutcome>;
  /** `/llms.txt` of the page's origin, fetched with the site's files. */
  root: Promise<FetchOutcome>;
  analysis: Pick<Analysis, 'verdicts' | 'llmsLinks'>;
  /** Fetches a text file, asking `gate` before each request; keeps `keepBytes` of its body when given. */
  fetchText(target: string, gate: Gate, keepBytes?: number): Promise<FetchOutcome>;
  budget: RequestBudget;
  signal: AbortSignal;
}

/**
 * The page's Markdown sibling addresses, in the order asked: llmstxt.org v1 appends `.md` to the
 * page's address ("URLs without file names should append `index.html.md` instead"); v2 (August 2026)
 * also allows the extension replaced (`page.md` for `page.html`, so `index.md` for a folder, as
 * llmstxt.org itself publishes). The query and fragment are not part of it.
 */
export function markdownSiblings(pageUrl: string): string[] {
  const url = new URL(pageUrl);
  url.search = '';
  url.hash = '';
  const path = url.pathname;
  if (/\.md$/i.test(path)) return [];
  const at = (p: string) => new URL(p, url).href;
  if (path.endsWith('/')) return [at(`${path}index.html.md`), at(`${path}index.md`)];
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(path.slice(path.lastIndexOf('/')));
  if (!extension) return [at(`${path}.md`)];
  return [at(`${path}.md`), at(`${path.slice(0, -extension[0].length)}.md`)];
}

/** The llms.txt addresses of the page's folder and its parents, nearest first, the root's excluded. */
export function llmsFolders(pageUrl: string): string[] {
  const url = new URL(pageUrl);
  const segments = url.pathname.split('/').slice(1, -1);
  const folders: string[] = [];
  for (let depth = segments.length; depth > 0 && folders.length < MAX_FOLDERS; depth--) {
    folders.push(new URL(`/${segments.slice(0, depth).join('/')}/llms.txt`, url).href);
  }
  return folders;
}

/**
 * The audit's own gate for these files: the audited origin only, robots.txt obeyed for the audit's
 * agent at every hop (a verdict that cannot be had counts as closed), every request counted.
 */
function ownGate(options: LlmsOptions, robots: FetchOutcome, origin: string): Gate {
  return async (target, hop) => {
    if (new URL(target).origin !== origin) return new Refusal('refused', NOT_READ.offSite);
    const [verdict] = await options.analysis
      .verdicts(robots, [{ url: target }], options.signal)
      .catch(() => [undefined]);
    if (!verdict?.allowed) return new Refusal('refused', hop === 0 ? CLOSED_TO_AUDIT : NOT_READ.disallowed);
    return options.budget.take();
  };
}

/**
 * A file of that name answered: Markdown or text, still at an address of that name after its
 * redirects. A site that redirects every unknown address of a folder to the folder's page (and answers
 * the audit's Accept with that page's Markdown copy) has no llms.txt there.
 */
function isFile(outcome: FetchOutcome, name: string): boolean {
  return isMarkdown(outcome) && new URL(outcome.finalUrl).pathname.endsWith(`/${name}`);
}

export interface LlmsReading {
  llms: FetchOutcome;
  llmsTried: string[];
  llmsSample: FetchOutcome[];
  llmsCtx: FetchOutcome[];
}

/** The llms.txt nearest the page, a few of its links and the llms-ctx files beside it. */
export async function readLlmsFiles(options: LlmsOptions): Promise<LlmsReading> {
  const origin = new URL(options.pageUrl).origin;
  const robots = await options.robots;
  const gate = ownGate(options, robots, origin);
  const tried = llmsFolders(options.pageUrl);
  // Asked together: the nearest that answers a file wins, else the root's.
  const [root, ...nested] = await Promise.all([
    options.root,
    ...tried.map((address) => options.fetchText(address, gate)),
  ]);
  const llms = nested.find((o) => isFile(o, 'llms.txt')) ?? root!;
  if (!isMarkdown(llms)) return { llms, llmsTried: tried, llmsSample: [], llmsCtx: [] };

  const links = await options.analysis.llmsLinks(llms, origin, options.signal).catch(() => []);
  const folder = new URL('.', llms.url).href;
  const [llmsSample, llmsCtx] = await Promise.all([
    Promise.all(links.slice(0, SAMPLE_LINKS).map((link) => options.fetchText(link, gate, SAMPLE_KEEP))),
    Promise.all(CTX_FILES.map((name) => options.fetchText(new URL(name, folder).href, gate, SAMPLE_KEEP))),
  ]);
  // A redirect away from the file's name is no llms-ctx file (see isFile): kept as not found.
  const ctxFiles = llmsCtx.map((o, i) =>
    isFile(o, CTX_FILES[i]!)
      ? o
      : { ok: false as const, url: o.url, reason: 'httpError' as const, detail: 'not that file' },
  );
  return { llms, llmsTried: tried, llmsSample, llmsCtx: ctxFiles };
}

/** The page's Markdown sibling: the first address of markdownSiblings() that answers Markdown, else the last tried. */
export async function readSibling(options: LlmsOptions): Promise<FetchOutcome | undefined> {
  const origin = new URL(options.pageUrl).origin;
  const gate = ownGate(options, await options.robots, origin);
  let last: FetchOutcome | undefined;
  // One after the other: the second form is asked for only when the first is not there.
  for (const address of markdownSiblings(options.pageUrl)) {
    last = await options.fetchText(address, gate, SAMPLE_KEEP);
    if (isMarkdown(last)) return last;
  }
  return last;
}
