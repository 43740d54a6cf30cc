import { LANGUAGES, PAGES, markdownCopyPath, type Lang } from '../site.ts';

// Which addresses name a page of the site that has a Markdown copy: shared by the page handler (its
// Last-Modified), the Markdown copies, the Markdown answers to Accept: text/markdown and the request
// metrics' page labels. The copy's own address and its inverse are in src/site.ts, because the
// page's head links to the copy too.

const PAGE_PATH = new RegExp(`^/(${LANGUAGES.join('|')})/((?:[a-z0-9-]+/)*[a-z0-9-]+)?/?$`);

/** The paths that have a page copy (besides articles): the pages of PAGES, home as ''. */
export const PAGE_PATHS: ReadonlySet<string> = new Set(PAGES.map((p) => p.path));

/**
 * The page a path names, when it may have a Markdown copy: `/en/` → { lang: 'en', path: '' },
 * `/fr/guide` → 'guide', `/en/blog/slug` → 'blog/slug' (whether that article exists is the copy's
 * business). Null for anything else.
 */
export function copyTarget(pathname: string): { lang: Lang; path: string; copy: string } | null {
  const match = PAGE_PATH.exec(pathname);
  if (!match) return null;
  const [, lang, rest = ''] = match as unknown as [string, Lang, string | undefined];
  if (!PAGE_PATHS.has(rest) && !/^blog\/[a-z0-9-]+$/.test(rest)) return null;
  return { lang, path: rest, copy: markdownCopyPath(lang, rest) };
}
