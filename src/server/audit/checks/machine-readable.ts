import { kilobytes, list, msg, verdict, type Verdict } from '../check.ts';
import { CLOSED_TO_AUDIT } from '../llms.ts';
import { NOT_READ } from '../politeness.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import { isHtmlPage, isMarkdown, LINK_ITEM } from '../read/llms-txt.ts';
import type { FetchOutcome, Message } from '../types.ts';

// The machine-friendly extras some engines and agents use and none penalise: llms.txt, a Markdown
// version, a feed.

interface LlmsShape {
  title: string | undefined;
  h1s: number;
  summary: boolean;
  sections: number;
  /** Markdown links in list items, anywhere in the file. */
  links: number;
  /** List items inside H2 sections that are not Markdown links. */
  badItems: number;
  /** Headings other than the H1 before the first H2 section, where the format allows none. */
  introHeadings: number;
}

const LIST_ITEM = /^[-*+]\s+/;

/**
 * The llms.txt format (llmstxt.org, "Format"), in this order: an H1 with the project's or site's name,
 * "the only required section"; optionally a blockquote summary; zero or more Markdown sections of any
 * kind except headings (paragraphs, lists, links); zero or more sections delimited by H2 headings,
 * each a "file list": list items with a required Markdown link `[name](url)`, optionally followed by
 * ": notes". A file with its H1 and a few links but no H2 is therefore valid. Fenced code blocks are
 * skipped.
 */
function readLlms(text: string): LlmsShape {
  const shape: LlmsShape = {
    title: undefined,
    h1s: 0,
    summary: false,
    sections: 0,
    links: 0,
    badItems: 0,
    introHeadings: 0,
  };
  let firstContent = true;
  let inFence = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line.startsWith('```')) inFence = !inFence;
    if (inFence || line === '') continue;
    if (/^#\s/.test(line)) {
      shape.h1s++;
      if (firstContent) shape.title = line.slice(1).trim();
    } else if (/^##\s/.test(line)) shape.sections++;
    else if (/^#{3,6}\s/.test(line)) {
      if (shape.sections === 0) shape.introHeadings++;
    } else if (line.startsWith('>') && shape.sections === 0) shape.summary = true;
    else if (LIST_ITEM.test(line)) {
      if (LINK_ITEM.test(line)) shape.links++;
      else if (shape.sections > 0) shape.badItems++;
    }
    firstContent = false;
  }
  return shape;
}

function llmsProblems(shape: LlmsShape): Message[] {
  const problems: Message[] = [];
  if (!shape.title) problems.push(msg('items.llmsTxt.evidence.noH1'));
  if (shape.h1s > 1) problems.push(msg('items.llmsTxt.evidence.manyH1', { count: shape.h1s }));
  if (shape.introHeadings > 0) {
    problems.push(msg('items.llmsTxt.evidence.introHeadings', { count: shape.introHeadings }));
  }
  if (shape.badItems > 0) problems.push(msg('items.llmsTxt.evidence.badItems', { count: shape.badItems }));
  return problems;
}

/** The audit left the file alone for the site's sake: robots.txt closes it (or a redirect of it) to the audit. */
function notRead(detail: string): boolean {
  return detail === CLOSED_TO_AUDIT || detail === NOT_READ.disallowed || detail === NOT_READ.offSite;
}

/** Why a file of llms.ts was not read: robots.txt closes it to the audit, or it answered nothing useful. */
function notReadHow(outcome: FetchOutcome): string {
  if (outcome.ok) return String(outcome.status);
  return clip(outcome.detail, 60);
}

/**
 * Where llms.txt was looked for and found: the nearest folder's file wins over the root's (llmstxt.org
 * allows one in a subpath; v2 says the most specific file applies). Said only when the audit looked
 * beyond the root (run.ts gathers `llmsTried`; a bare input has none).
 */
function llmsWhere(ctx: AuditContext, found: boolean): Message[] {
  const { llms, llmsTried } = ctx.input;
  if (llmsTried === undefined) return [];
  const at = llmsTried.indexOf(llms.url);
  const before = at >= 0 ? llmsTried.slice(0, at) : llmsTried;
  const evidence = found ? [msg('items.llmsTxt.evidence.where', { url: clip(llms.url, 100) })] : [];
  if (before.length > 0) {
    evidence.push(msg('items.llmsTxt.evidence.triedFirst', { urls: list(before.map((u) => clip(u, 100))) }));
  }
  return evidence;
}

/**
 * What the few links of llms.txt the audit asked for answered, the llms-ctx files beside it, and how
 * little engines say about reading any of it; `noMarkdown` when every link asked for answered no
 * Markdown. Nothing when the audit did not follow llms.txt (a bare input).
 */
function llmsFollowed(ctx: AuditContext): { evidence: Message[]; noMarkdown: boolean } {
  const { llmsSample, llmsCtx } = ctx.input;
  if (llmsSample === undefined || llmsCtx === undefined) return { evidence: [], noMarkdown: false };
  const evidence: Message[] = [];
  const closed = llmsSample.filter((o) => !o.ok && notRead(o.detail));
  const asked = llmsSample.filter((o) => o.ok || !notRead(o.detail));
  const markdown = asked.filter(isMarkdown);
  if (asked.length > 0) {
    evidence.push(msg('items.llmsTxt.evidence.sample', { count: asked.length, markdown: markdown.length }));
    const others = asked.filter((o): boolean => !isMarkdown(o));
    if (others.length > 0) {
      const what = others.map(
        (o) => `${clip(o.url, 100)} (${o.ok && isHtmlPage(o) ? 'HTML' : notReadHow(o)})`,
      );
      evidence.push(msg('items.llmsTxt.evidence.sampleNotMarkdown', { links: list(what) }));
    }
  }
  if (closed.length > 0) evidence.push(msg('items.llmsTxt.evidence.sampleClosed', { count: closed.length }));
  const ctxFiles = llmsCtx.filter(isMarkdown);
  evidence.push(
    ctxFiles.length > 0
      ? msg('items.llmsTxt.evidence.ctx', { urls: list(ctxFiles.map((o) => clip(o.url, 100))) })
      : msg('items.llmsTxt.evidence.noCtx'),
  );
  evidence.push(msg('items.llmsTxt.evidence.fewEngines'));
  return { evidence, noMarkdown: asked.length > 0 && markdown.length === 0 };
}

export function llmsTxt(ctx: AuditContext): Verdict {
  const { llms } = ctx.input;
  const url = clip(llms.url, 100);
  const absent = (evidence: Message) =>
    verdict('warning', [evidence, ...llmsWhere(ctx, false)], msg('items.llmsTxt.recommendation.add'));
  if (!llms.ok) return absent(msg('items.llmsTxt.evidence.failed', { url, detail: clip(llms.detail, 100) }));
  if (llms.status >= 300) return absent(msg('items.llmsTxt.evidence.missing', { url, status: llms.status }));
  if (isHtmlPage(llms)) {
    const evidence = [msg('items.llmsTxt.evidence.html', { url }), ...llmsWhere(ctx, false)];
    return verdict('warning', evidence, msg('items.llmsTxt.recommendation.fix'));
  }
  const where = llmsWhere(ctx, true);
  const followed = llmsFollowed(ctx);
  const shape = readLlms(llms.body);
  const problems = llmsProblems(shape);
  if (problems.length > 0) {
    return verdict(
      'warning',
      [...problems, ...where, ...followed.evidence],
      msg('items.llmsTxt.recommendation.fix'),
    );
  }
  const evidence = [
    msg('items.llmsTxt.evidence.valid', {
      title: clip(shape.title ?? '', 60),
      sections: shape.sections,
      links: shape.links,
    }),
  ];
  if (shape.summary) evidence.push(msg('items.llmsTxt.evidence.summary'));
  evidence.push(...where, ...followed.evidence);
  // Links that answer HTML or errors: an agent that follows llms.txt gets no Markdown from it.
  if (followed.noMarkdown) {
    return verdict('warning', evidence, msg('items.llmsTxt.recommendation.markdownLinks'));
  }
  return verdict('pass', evidence);
}

function markdownAlternate(ctx: AuditContext): string | undefined {
  return ctx.page.links.find((l) => l.rel.includes('alternate') && l.type === 'text/markdown' && l.url)?.url;
}

export function markdownVersion(ctx: AuditContext): Verdict {
  const declared = markdownAlternate(ctx);
  const { markdown, sibling } = ctx.input;
  const fetched =
    markdown !== undefined && declared !== undefined && markdown.url === declared ? markdown : undefined;
  if (declared) {
    const url = clip(declared, 100);
    const answered: boolean = isMarkdown(fetched);
    if (answered) return verdict('pass', [msg('items.markdownVersion.evidence.alternate', { url })]);
    const evidence = [
      fetched?.ok
        ? msg('items.markdownVersion.evidence.alternateBroken', { url, status: fetched.status })
        : msg('items.markdownVersion.evidence.alternateUnchecked', { url }),
    ];
    return verdict('warning', evidence, msg('items.markdownVersion.recommendation.fix'));
  }
  // Without an alternate: the page's address with .md (llmstxt.org), then the site's llms-full.txt.
  if (sibling && isMarkdown(sibling)) {
    const values = { url: clip(sibling.url, 100), kb: kilobytes(sibling.bytes) };
    return verdict('pass', [msg('items.markdownVersion.evidence.sibling', values)]);
  }
  const siblingEvidence = sibling ? [siblingMissing(sibling)] : [];
  if (markdown?.ok && new URL(markdown.url).pathname === '/llms-full.txt' && isMarkdown(markdown)) {
    const values = { url: clip(markdown.url, 100), kb: kilobytes(markdown.bytes) };
    return verdict('pass', [msg('items.markdownVersion.evidence.llmsFull', values), ...siblingEvidence]);
  }
  return verdict(
    'warning',
    [msg('items.markdownVersion.evidence.none'), ...siblingEvidence],
    msg('items.markdownVersion.recommendation.add'),
  );
}

/** What the page's Markdown sibling answered when it is not one (the last form tried). */
function siblingMissing(sibling: FetchOutcome): Message {
  const url = clip(sibling.url, 100);
  if (!sibling.ok && notRead(sibling.detail))
    return msg('items.markdownVersion.evidence.siblingClosed', { url });
  if (sibling.ok && isHtmlPage(sibling)) return msg('items.markdownVersion.evidence.siblingHtml', { url });
  return msg('items.markdownVersion.evidence.siblingMissing', { url, answer: notReadHow(sibling) });
}

const FEED_TYPES: Record<string, string> = {
  'application/rss+xml': 'RSS',
  'application/atom+xml': 'Atom',
  'application/feed+json': 'JSON Feed',
};

export function feed(ctx: AuditContext): Verdict {
  const link = ctx.page.links.find((l) => l.rel.includes('alternate') && Object.hasOwn(FEED_TYPES, l.type));
  if (link) {
    const values = { url: clip(link.url ?? link.href, 100), format: FEED_TYPES[link.type]! };
    return verdict('pass', [msg('items.feed.evidence.found', values)]);
  }
  return verdict('warning', [msg('items.feed.evidence.none')], msg('items.feed.recommendation.add'));
}
