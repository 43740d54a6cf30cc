import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import TurndownService from 'turndown';
import type { VisitorProfile } from '../lib/visitor.ts';
import { LANGUAGES, PAGES, SITE_NAME, localePath, type Lang } from '../site.ts';
import { NO_SCRIPTS, type PageAssets } from './assets.ts';
import { BoundedCache, stringBytes, type WatchCache } from './bounded-cache.ts';
import { siteFor } from './pages.ts';
import { PAGE_PATHS } from './page-paths.ts';
import type { RendererBundle } from '../renderer/contract.ts';
import type { AiTrainingPolicy } from '../lib/ai-policy.ts';
import type { CompanyIdentity } from '../lib/company.ts';
import type { LeadStoreKind } from '../site-context.tsx';

// Markdown copies of every page (see docs/architecture.md): the page is rendered exactly as crawlers
// get it and its <main> converted to Markdown, so the copy can never drift from the page. Articles use their
// Markdown source instead (postMarkdown). Results are cached for a few minutes.

const READER: VisitorProfile = Object.freeze({
  isBot: true,
  isAICrawler: true,
  name: 'Markdown copy',
  category: 'search',
  priority: 'high',
  crawlDelay: 1,
});

function converter(siteUrl: string): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  // Interactive chrome has no place in a text copy.
  service.remove([
    'script',
    'style',
    'form',
    'button',
    'dialog',
    'noscript',
    'input',
    'select',
    'textarea',
    'label',
  ]);
  // Per-visitor parts (data-per-visitor, e.g. the Tools page's "who is visiting" card) describe the
  // request, not the page: a copy made for every reader leaves them out.
  service.remove((node) => {
    const element = node as HTMLElement;
    return (
      ['NAV', 'SVG', 'svg'].includes(node.nodeName) ||
      element.getAttribute?.('aria-hidden') === 'true' ||
      element.hasAttribute?.('data-per-visitor')
    );
  });
  service.addRule('absoluteLinks', {
    filter: (node) => node.nodeName === 'A' && Boolean((node as HTMLAnchorElement).getAttribute('href')),
    replacement: (content, node) => {
      const href = (node as HTMLAnchorElement).getAttribute('href')!;
      const url = href.startsWith('/') ? `${siteUrl}${href}` : href;
      const text = content.trim();
      return text ? `[${text}](${url})` : '';
    },
  });
  return service;
}

/** The inner HTML of the document's <main>. */
export function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const open = html.indexOf('>', start);
  const end = html.lastIndexOf('</main>');
  return start >= 0 && end > open ? html.slice(open + 1, end) : '';
}

export function htmlToMarkdown(html: string, siteUrl: string): string {
  return converter(siteUrl)
    .turndown(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface MarkdownDeps {
  renderer: () => Promise<RendererBundle>;
  siteUrl: string;
  contactEmail: string;
  company: CompanyIdentity;
  assets: PageAssets;
  policy: AiTrainingPolicy;
  auditChecks: number;
  reportDays: number;
  leadStore: LeadStoreKind;
  ttlMs?: number;
  watchCache?: WatchCache | undefined;
}

export function pageMarkdownService(deps: MarkdownDeps) {
  // Bounded all the same: every copy and llms-full.txt together count 1.4 MB (39 entries, 2026-11-25).
  const cache = new BoundedCache<string>({
    ttlMs: deps.ttlMs ?? 10 * 60 * 1000,
    maxBytes: 8 * 1024 * 1024,
    sizeOf: stringBytes,
  });
  deps.watchCache?.('markdown', () => cache.stats);
  const siteFiles = {
    siteUrl: deps.siteUrl,
    contactEmail: deps.contactEmail,
    policy: deps.policy,
  };

  /** The Markdown copy of a page or article, or undefined when there is no such page. */
  async function markdownFor(lang: Lang, path: string): Promise<string | undefined> {
    const article = /^blog\/([a-z0-9-]+)$/.exec(path);
    if (!article && !PAGE_PATHS.has(path)) return undefined;
    const key = `${lang}/${path}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const renderer = await deps.renderer();
    let markdown: string | undefined;
    if (article) {
      markdown = renderer.siteFiles.postMarkdown(siteFiles, lang, article[1]!);
    } else {
      const url = `${deps.siteUrl}${localePath(lang, path)}`;
      const result = await renderer.renderPage({
        url,
        fallbackLang: lang,
        scripts: NO_SCRIPTS,
        site: siteFor(deps, READER),
      });
      if (result.kind === 'html' && result.status === 200) {
        const title = /<title>([^<]*)<\/title>/.exec(result.html)?.[1] ?? SITE_NAME;
        markdown = [
          `<!-- ${decodeEntities(title)} | Source: ${url} -->`,
          '',
          htmlToMarkdown(mainOf(result.html), deps.siteUrl),
          '',
        ].join('\n');
      }
    }
    // Only copies are kept: an unknown article is looked up again, which costs a Map lookup.
    if (markdown !== undefined) cache.set(key, markdown);
    return markdown;
  }

  /**
   * llms-full.txt: every page and article as Markdown, English then French. Made once for all the
   * requests that ask while it is being made, one page at a time with the event loop free between
   * pages: made in one go it held every other request for 1.6 s (2026-11-26).
   */
  let building: Promise<string> | undefined;
  function fullText(): Promise<string> {
    const hit = cache.get('llms-full');
    if (hit !== undefined) return Promise.resolve(hit);
    building ??= buildFullText().finally(() => {
      building = undefined;
    });
    return building;
  }

  async function buildFullText(): Promise<string> {
    const renderer = await deps.renderer();
    const parts = [
      `# ${SITE_NAME}: full content`,
      '',
      `> Every page and article of ${deps.siteUrl}, in English and French, as Markdown.`,
      '',
    ];
    for (const lang of LANGUAGES) {
      const paths = [
        ...PAGES.map((p) => p.path),
        ...renderer.blogJson(lang).posts.map((p) => `blog/${p.slug}`),
      ];
      for (const path of paths) {
        await yieldToEventLoop();
        const markdown = await markdownFor(lang, path);
        if (markdown)
          parts.push('---', '', `Source: ${deps.siteUrl}${localePath(lang, path)}`, '', markdown.trim(), '');
      }
    }
    const text = parts.join('\n');
    cache.set('llms-full', text);
    return text;
  }

  return { markdownFor, fullText };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
