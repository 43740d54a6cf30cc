import type { SiteFilesInput } from './contract.ts';
import type { BlogSource } from '../content/blog-data.ts';
import { ALL_RESOURCES } from './translations.ts';
import { textReader } from '../i18n/instance.ts';
import { crawlerAllowed, type AiTrainingPolicy } from '../lib/ai-policy.ts';
import { escapeXml } from '../lib/serialize.ts';
import { newest, pageModified } from '../content/page-dates.ts';
import { priceCopy, SERVICES } from '../lib/services.ts';
import { CRAWLERS } from '../lib/visitor.ts';
import {
  LANGUAGES,
  LANGUAGE_ENTRIES,
  PAGES,
  SITE_NAME,
  localePath,
  markdownCopyPath,
  pageMetaKey,
  type Lang,
  type PageEntry,
  type PageId,
} from '../site.ts';

// Files for crawlers (see docs/architecture.md), generated from the page list and the translations: never
// hand-maintained lists. Pure functions of their inputs.

const read = textReader(ALL_RESOURCES, { strict: true });

/** A text of the site, `ns:key` or a `common` key; a missing one throws (a file never shows a key). */
function text(lang: Lang, key: string): string {
  return read(lang)(key);
}

/** "; " joining two facts: French puts a narrow no-break space before the semicolon. */
const SEMICOLON: Record<Lang, string> = { en: '; ', fr: '\u202f; ' };

export function pageTitle(lang: Lang, page: PageEntry): string {
  return text(lang, `${pageMetaKey(page.id)}.title`);
}
export function pageDescription(lang: Lang, page: PageEntry): string {
  return text(lang, `${pageMetaKey(page.id)}.description`);
}

/**
 * What no crawler should fetch: the JSON API, audit results (`/{lang}/tools?url=…`), which are one
 * visitor's report of another site, rendered on demand and marked noindex, saved reports, and the
 * links of the emails (newsletter, monthly re-checks).
 */
const PRIVATE_PATHS = [
  '/api/',
  ...LANGUAGES.map((lang) => `${localePath(lang, 'tools')}?url=`),
  // One visitor's newsletter links: nothing to index.
  ...LANGUAGES.map((lang) => `${localePath(lang, 'newsletter')}/`),
  // Saved reports and their badges: one visitor's site each, shared by link only.
  ...LANGUAGES.map((lang) => `${localePath(lang, 'tools')}/report/`),
  // One email's monthly re-check links.
  ...LANGUAGES.map((lang) => `${localePath(lang, 'tools')}/recheck/`),
  '/badge/',
];
const disallowPrivate = PRIVATE_PATHS.map((path) => `Disallow: ${path}`);

export function robotsTxt({ siteUrl, policy }: SiteFilesInput): string {
  const lines = [
    `# ${SITE_NAME}: crawler policy`,
    `# AI training policy: ${policy} (details in ${siteUrl}/ai.txt)`,
    '# Search engines and AI assistants may read and cite every page.',
    '',
  ];
  for (const crawler of CRAWLERS) {
    lines.push(`# ${crawler.name} (${crawler.operator}, ${crawler.category})`);
    lines.push(`User-agent: ${crawler.token}`);
    lines.push(crawlerAllowed(policy, crawler) ? 'Allow: /' : 'Disallow: /');
    if (crawlerAllowed(policy, crawler)) lines.push(...disallowPrivate);
    lines.push('');
  }
  lines.push(
    'User-agent: *',
    // contentsignals.org: what may be done with the content once fetched, the same choice as ai.txt.
    `Content-Signal: ${contentSignal(policy)}`,
    'Allow: /',
    ...disallowPrivate,
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  );
  return lines.join('\n');
}

/**
 * The Content-Signal line of a training policy: search and AI answers always welcome; training
 * allowed only under `allow` (the signal has no "commercial only": any opt-out is ai-train=no).
 */
export function contentSignal(policy: AiTrainingPolicy): string {
  return `search=yes, ai-input=yes, ai-train=${policy === 'allow' ? 'yes' : 'no'}`;
}

export function aiTxt({ siteUrl, contactEmail, policy }: SiteFilesInput): string {
  const training =
    policy === 'allow'
      ? 'allowed'
      : policy === 'opt-out'
        ? 'not allowed'
        : 'not allowed for commercial model training';
  const lines = [
    `# ai.txt: AI usage policy for ${siteUrl}`,
    `# ${SITE_NAME}`,
    '',
    `Policy: ${policy}`,
    'Search-Indexing: allowed',
    'Assistant-Retrieval: allowed (read, summarize and cite with a link to the source page)',
    `Training: ${training}`,
    'Attribution: required (name the page and link to its URL)',
    `Contact: ${contactEmail}`,
    `Content-Index: ${siteUrl}/llms.txt`,
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
    '# Per-agent rules, as in robots.txt:',
  ];
  for (const crawler of CRAWLERS.filter((c) => c.isAICrawler)) {
    lines.push(
      `User-Agent: ${crawler.token}`,
      crawlerAllowed(policy, crawler) ? 'Allow: /' : 'Disallow: /',
      '',
    );
  }
  return lines.join('\n');
}

/** How far ahead security.txt's Expires is: well inside RFC 9116's "less than a year". */
export const SECURITY_TXT_VALIDITY_DAYS = 180;

/**
 * /.well-known/security.txt (RFC 9116): where to report a security problem. Contact is the site's one
 * contact address; Expires, required, is computed from the time of the request (midnight UTC,
 * SECURITY_TXT_VALIDITY_DAYS ahead), so it can never go stale.
 */
export function securityTxt({ siteUrl, contactEmail }: SiteFilesInput, now: Date): string {
  const expires = new Date(now.getTime() + SECURITY_TXT_VALIDITY_DAYS * 24 * 60 * 60 * 1000);
  expires.setUTCHours(0, 0, 0, 0);
  return [
    `Contact: mailto:${contactEmail}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    'Preferred-Languages: en, fr',
    `Canonical: ${siteUrl}/.well-known/security.txt`,
    '',
  ].join('\n');
}

/**
 * Sitemap hints of each page (priority, change frequency): the sitemap's own facts, kept here rather
 * than in the page list the browser loads. A legal page is 0.2, yearly.
 */
const SITEMAP_HINTS: Partial<Record<PageId, Pick<SitemapEntry, 'priority' | 'changefreq'>>> = {
  home: { priority: 1, changefreq: 'weekly' },
  guide: { priority: 0.9, changefreq: 'monthly' },
  services: { priority: 0.9, changefreq: 'monthly' },
  tools: { priority: 0.8, changefreq: 'monthly' },
  blog: { priority: 0.8, changefreq: 'weekly' },
  faq: { priority: 0.7, changefreq: 'monthly' },
  about: { priority: 0.6, changefreq: 'yearly' },
  contact: { priority: 0.6, changefreq: 'yearly' },
  aiAct: { priority: 0.4, changefreq: 'yearly' },
};

interface SitemapEntry {
  path: string;
  /** When the content last changed in a language (sitemap lastmod), when it is recorded. */
  lastmod: (lang: Lang) => string | undefined;
  changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority: number;
}

function sitemapUrl(siteUrl: string, lang: Lang, entry: SitemapEntry): string {
  const lastmod = entry.lastmod(lang);
  const alternates = [
    ...LANGUAGES.map(
      (l) =>
        `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(siteUrl + localePath(l, entry.path))}"/>`,
    ),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(siteUrl + localePath('en', entry.path))}"/>`,
  ];
  return [
    '  <url>',
    `    <loc>${escapeXml(siteUrl + localePath(lang, entry.path))}</loc>`,
    ...alternates,
    ...(lastmod ? [`    <lastmod>${lastmod.slice(0, 10)}</lastmod>`] : []),
    `    <changefreq>${entry.changefreq}</changefreq>`,
    `    <priority>${entry.priority.toFixed(1)}</priority>`,
    '  </url>',
  ].join('\n');
}

export function sitemapXml({ siteUrl }: SiteFilesInput, blog: BlogSource): string {
  const posts = blog.summaries('en');
  // Each address's lastmod is when its own content last changed, in its own language: the page's
  // recorded date (content/pages/dates.json), an article's updatedAt.
  const entries: SitemapEntry[] = [
    ...PAGES.map((page) => ({
      path: page.path,
      lastmod: (lang: Lang) => pageModified(page.id, lang),
      ...(SITEMAP_HINTS[page.id] ?? { priority: 0.2, changefreq: 'yearly' as const }),
    })),
    ...posts.map((post) => ({
      path: `blog/${post.slug}`,
      lastmod: (lang: Lang) => blog.post(lang, post.slug)?.updatedAt,
      changefreq: 'monthly' as const,
      priority: 0.7,
    })),
  ];
  const urls = entries.flatMap((entry) => LANGUAGES.map((lang) => sitemapUrl(siteUrl, lang, entry)));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function llmsTxt({ siteUrl, contactEmail }: SiteFilesInput, blog: BlogSource): string {
  // Every link points at the Markdown copy of the page: what a language model reads best.
  const md = (lang: Lang, path: string) => `${siteUrl}${markdownCopyPath(lang, path)}`;
  const lines = [
    `# ${SITE_NAME}`,
    '',
    `> ${text('en', 'brand.tagline')} ${text('en', 'home:meta.description')}`,
    '',
  ];
  lines.push(
    'GEO Platform is a pre-launch software platform and service for generative engine optimization (GEO): making a website discoverable, understandable and citable by AI assistants. Every page exists in English (/en/) and French (/fr/); each link below is the Markdown copy of a page, whose HTML version is at the same address without `.md`.',
    '',
    `Contact: [${contactEmail}](mailto:${contactEmail})`,
    '',
  );
  for (const lang of LANGUAGES) {
    lines.push(`## Pages (${LANGUAGE_ENTRIES[lang].name})`, '');
    for (const page of PAGES.filter((p) => p.nav || p.id === 'aiAct')) {
      lines.push(`- [${pageTitle(lang, page)}](${md(lang, page.path)}): ${pageDescription(lang, page)}`);
    }
    lines.push('');
  }
  for (const lang of LANGUAGES) {
    lines.push(`## Services (${LANGUAGE_ENTRIES[lang].name})`, '');
    for (const service of SERVICES) {
      const title = text(lang, `services:items.${service.id}.title`);
      const { key, price: amount } = priceCopy(service, lang);
      const price = text(lang, `services:${key}`).replace('{{price}}', amount);
      const duration = text(lang, `services:items.${service.id}.duration`);
      const description = text(lang, `services:items.${service.id}.description`);
      lines.push(
        `- [${title}](${md(lang, 'services')}): ${description} ${price}${SEMICOLON[lang]}${duration}.`,
      );
    }
    lines.push('');
  }
  for (const lang of LANGUAGES) {
    lines.push(`## Blog (${LANGUAGE_ENTRIES[lang].name})`, '');
    for (const post of blog.summaries(lang)) {
      lines.push(`- [${post.title}](${md(lang, `blog/${post.slug}`)}): ${post.excerpt}`);
    }
    lines.push('');
  }
  lines.push('## Optional', '');
  for (const lang of LANGUAGES) {
    for (const page of PAGES.filter((p) => !p.nav && p.id !== 'aiAct')) {
      lines.push(`- [${pageTitle(lang, page)}](${md(lang, page.path)}): ${pageDescription(lang, page)}`);
    }
  }
  lines.push(`- [AI training policy](${siteUrl}/ai.txt): what AI systems may do with this site's content`);
  lines.push(
    `- [Full content](${siteUrl}/llms-full.txt): every page and article in both languages as one Markdown file`,
  );
  lines.push(`- [Sitemap](${siteUrl}/sitemap.xml): every page in both languages`, '');
  return lines.join('\n');
}

/** RFC 822 date for RSS. */
function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

/** RSS 2.0 feed of a language's articles, newest first. */
export function feedXml({ siteUrl }: SiteFilesInput, blog: BlogSource, lang: Lang): string {
  const posts = blog.summaries(lang);
  const self = `${siteUrl}/${lang}/feed.xml`;
  const items = posts.map((post) => {
    const url = `${siteUrl}/${lang}/blog/${post.slug}`;
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${rfc822(post.publishedAt)}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author.name)}</dc:creator>`,
      `      <category>${escapeXml(text(lang, `blog:categories.${post.category}`))}</category>`,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <description>${escapeXml(post.excerpt)}</description>`,
      '    </item>',
    ].join('\n');
  });
  const updated = newest(posts.map((post) => post.updatedAt)) ?? new Date(0).toISOString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(`${text(lang, 'blog:meta.title')} | ${SITE_NAME}`)}</title>`,
    `    <link>${escapeXml(`${siteUrl}${localePath(lang, 'blog')}`)}</link>`,
    `    <description>${escapeXml(text(lang, 'blog:meta.description'))}</description>`,
    `    <language>${LANGUAGE_ENTRIES[lang].locale}</language>`,
    `    <lastBuildDate>${rfc822(updated)}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The markdown copy of an article: title as H1, its facts, then the body without front matter. */
export function postMarkdown(
  { siteUrl }: SiteFilesInput,
  blog: BlogSource,
  lang: Lang,
  slug: string,
): string | undefined {
  const post = blog.post(lang, slug);
  if (!post) return undefined;
  const date = (iso: string) => iso.slice(0, 10);
  const word = (key: string) => text(lang, `blog:markdownFacts.${key}`);
  // "Author: …" in English, "Auteur : …" in French (a no-break space before the colon).
  const label = (key: string) => word(key) + word('separator');
  const category = text(lang, `blog:categories.${post.category}`);
  return [
    `# ${post.title}`,
    '',
    `> ${post.excerpt}`,
    '',
    `- ${label('author')}${post.author.name}`,
    `- ${label('published')}${date(post.publishedAt)} (${word('updated')} ${date(post.updatedAt)})`,
    `- ${label('category')}${category}${SEMICOLON[lang]}${label('tags')}${post.tags.join(', ')}`,
    // A number keeps its unit (docs/copy-style.md): "8 min", and in French « 1745 mots » too.
    `- ${label('readingTime')}${post.readingTime}\u00a0min (${post.wordCount}${lang === 'fr' ? '\u00a0' : ' '}${word('words')})`,
    `- ${label('canonical')}${siteUrl}/${lang}/blog/${post.slug}`,
    '',
    post.content,
    '',
  ].join('\n');
}
