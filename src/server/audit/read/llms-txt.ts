// What the audit reads in an llms.txt beyond its shape (checks/machine-readable.ts judges that): the
// addresses of its file lists, so that a few of them can be asked for (issue 37, item 3). The format
// (llmstxt.org, "Format"): H2 sections whose list items each start with a Markdown link `[name](url)`,
// optionally followed by ": notes". Fenced code blocks are skipped, as the shape reader skips them.

import type { FetchedResource, FetchOutcome } from '../types.ts';

/** A text file served as an HTML page: a catch-all route or a soft 404, not the file. */
export function isHtmlPage(outcome: FetchedResource): boolean {
  const type = outcome.headers['content-type'] ?? '';
  return /^\s*text\/html/i.test(type) || /^\s*<(!doctype\s+html|html|head|body)[\s>]/i.test(outcome.body);
}

/** A fetched text that is Markdown (or at least plain text), not an error or an HTML page. */
export function isMarkdown(outcome: FetchOutcome | undefined): outcome is FetchedResource {
  return (
    outcome !== undefined &&
    outcome.ok &&
    outcome.status < 300 &&
    outcome.body.trim() !== '' &&
    !isHtmlPage(outcome)
  );
}

/** A list item of a file list: a Markdown link, an optional title, optional ": notes". */
export const LINK_ITEM = /^[-*+]\s+\[[^\]]+\]\(\s*([^)\s]+)(\s+"[^"]*")?\s*\)(\s*:.*)?$/;

/** Links read at most: an llms.txt of 512 KB may list thousands; the audit samples a few. */
const MAX_READ = 200;

/**
 * The addresses the file lists link to, resolved against the file's own address, in file order, each
 * once, fragments dropped; only http(s) addresses on `origin` (the audit stays on the audited site).
 */
export function llmsLinks(text: string, fileUrl: string, origin: string): string[] {
  const found: string[] = [];
  let inFence = false;
  let read = 0;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line.startsWith('```')) inFence = !inFence;
    if (inFence) continue;
    const match = LINK_ITEM.exec(line);
    if (!match) continue;
    if (++read > MAX_READ) break;
    let url: URL;
    try {
      url = new URL(match[1]!, fileUrl);
    } catch {
      continue;
    }
    url.hash = '';
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) continue;
    if (!found.includes(url.href)) found.push(url.href);
  }
  return found;
}
