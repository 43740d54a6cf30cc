import { kilobytes, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import type { FetchOutcome, Message } from '../types.ts';

// The machine-friendly extras some engines and agents use and none penalise: llms.txt, a Markdown
// version, a feed.

/** A text file served as an HTML page: a catch-all route or a soft 404, not the file. */
function isHtmlPage(outcome: FetchOutcome & { ok: true }): boolean {
  const type = outcome.headers['content-type'] ?? '';
  return /^\s*text\/html/i.test(type) || /^\s*<(!doctype\s+html|html|head|body)[\s>]/i.test(outcome.body);
}

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

const LINK_ITEM = /^[-*+]\s+\[[^\]]+\]\(\s*[^)\s]+(\s+"[^"]*")?\s*\)(\s*:.*)?$/;

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

export function llmsTxt(ctx: AuditContext): Verdict {
  const { llms } = ctx.input;
  const url = clip(llms.url, 100);
  const absent = (evidence: Message) =>
    verdict('warning', [evidence], msg('items.llmsTxt.recommendation.add'));
  if (!llms.ok) return absent(msg('items.llmsTxt.evidence.failed', { url, detail: clip(llms.detail, 100) }));
  if (llms.status >= 300) return absent(msg('items.llmsTxt.evidence.missing', { url, status: llms.status }));
  if (isHtmlPage(llms)) {
    const evidence = [msg('items.llmsTxt.evidence.html', { url })];
    return verdict('warning', evidence, msg('items.llmsTxt.recommendation.fix'));
  }
  const shape = readLlms(llms.body);
  const problems = llmsProblems(shape);
  if (problems.length > 0) {
    return verdict('warning', problems, msg('items.llmsTxt.recommendation.fix'));
  }
  const evidence = [
    msg('items.llmsTxt.evidence.valid', {
      title: clip(shape.title ?? '', 60),
      sections: shape.sections,
      links: shape.links,
    }),
  ];
  if (shape.summary) evidence.push(msg('items.llmsTxt.evidence.summary'));
  return verdict('pass', evidence);
}

/** A fetched text that is Markdown (or at least plain text), not an error or an HTML page. */
function isMarkdown(outcome: FetchOutcome | undefined): boolean {
  return (
    outcome !== undefined &&
    outcome.ok &&
    outcome.status < 300 &&
    outcome.body.trim() !== '' &&
    !isHtmlPage(outcome)
  );
}

function markdownAlternate(ctx: AuditContext): string | undefined {
  return ctx.page.links.find((l) => l.rel.includes('alternate') && l.type === 'text/markdown' && l.url)?.url;
}

export function markdownVersion(ctx: AuditContext): Verdict {
  const declared = markdownAlternate(ctx);
  const { markdown } = ctx.input;
  const fetched =
    markdown !== undefined && declared !== undefined && markdown.url === declared ? markdown : undefined;
  if (declared) {
    const url = clip(declared, 100);
    if (isMarkdown(fetched))
      return verdict('pass', [msg('items.markdownVersion.evidence.alternate', { url })]);
    const evidence = [
      fetched?.ok
        ? msg('items.markdownVersion.evidence.alternateBroken', { url, status: fetched.status })
        : msg('items.markdownVersion.evidence.alternateUnchecked', { url }),
    ];
    return verdict('warning', evidence, msg('items.markdownVersion.recommendation.fix'));
  }
  // Without an alternate, the orchestrator fetched /llms-full.txt: only that file counts here.
  if (markdown?.ok && new URL(markdown.url).pathname === '/llms-full.txt' && isMarkdown(markdown)) {
    const values = { url: clip(markdown.url, 100), kb: kilobytes(markdown.bytes) };
    return verdict('pass', [msg('items.markdownVersion.evidence.llmsFull', values)]);
  }
  return verdict(
    'warning',
    [msg('items.markdownVersion.evidence.none')],
    msg('items.markdownVersion.recommendation.add'),
  );
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
