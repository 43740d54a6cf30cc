import { ALL_RESOURCES } from '../i18n/resources.server.ts';
import { crawlerAllowed, type AiTrainingPolicy } from '../lib/ai-policy.ts';
import { escapeXml } from '../lib/serialize.ts';
import { CRAWLERS } from '../lib/visitor.ts';
import { LANGUAGES, LANGUAGE_ENTRIES, PAGES, SITE_NAME, localePath, type Lang, type PageEntry } from '../site.ts';

// Files for crawlers (design §7), generated from the page list and the translations: never
// hand-maintained lists. Pure functions of their inputs.

export interface SiteFilesInput {
  siteUrl: string;
  policy: AiTrainingPolicy;
  /** ISO date used as lastmod for pages without their own date. */
  buildDate: string;
}

function text(lang: Lang, key: string): string {
  const [ns, ...path] = key.split(':').length > 1 ? [key.split(':')[0]!, ...key.split(':')[1]!.split('.')] : ['common', ...key.split('.')];
  let node: unknown = ALL_RESOURCES[lang]?.[ns];
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`Missing translation ${lang}:${key}`);
  return node;
}

function pageMetaKey(page: PageEntry): string {
  const legal = ['privacy', 'terms', 'gdpr', 'cookiePolicy'].includes(page.id);
  return legal ? `legal:${page.id}.meta` : `${page.id}:meta`;
}

export function pageTitle(lang: Lang, page: PageEntry): string {
  return text(lang, `${pageMetaKey(page)}.title`);
}
export function pageDescription(lang: Lang, page: PageEntry): string {
  return text(lang, `${pageMetaKey(page)}.description`);
}

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
    if (crawlerAllowed(policy, crawler)) lines.push('Disallow: /api/');
    lines.push('');
  }
  lines.push('User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${siteUrl}/sitemap.xml`, '');
  return lines.join('\n');
}

export function aiTxt({ siteUrl, policy }: SiteFilesInput): string {
  const training = policy === 'allow' ? 'allowed' : policy === 'opt-out' ? 'not allowed' : 'not allowed for commercial model training';
  const lines = [
    `# ai.txt: AI usage policy for ${siteUrl}`,
    `# ${SITE_NAME}`,
    '',
    `Policy: ${policy}`,
    'Search-Indexing: allowed',
    'Assistant-Retrieval: allowed (read, summarise and cite with a link to the source page)',
    `Training: ${training}`,
    'Attribution: required (name the page and link to its URL)',
    `Contact: hello@geo-platform.example`,
    `Content-Index: ${siteUrl}/llms.txt`,
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
    '# Per-agent rules, as in robots.txt:',
  ];
  for (const crawler of CRAWLERS.filter((c) => c.isAICrawler)) {
    lines.push(`User-Agent: ${crawler.token}`, crawlerAllowed(policy, crawler) ? 'Allow: /' : 'Disallow: /', '');
  }
  return lines.join('\n');
}

export function sitemapXml({ siteUrl, buildDate }: SiteFilesInput): string {
  const urls: string[] = [];
  for (const page of PAGES) {
    for (const lang of LANGUAGES) {
      const alternates = [
        ...LANGUAGES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(siteUrl + localePath(l, page.path))}"/>`),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(siteUrl + localePath('en', page.path))}"/>`,
      ];
      urls.push(
        [
          '  <url>',
          `    <loc>${escapeXml(siteUrl + localePath(lang, page.path))}</loc>`,
          ...alternates,
          `    <lastmod>${buildDate.slice(0, 10)}</lastmod>`,
          `    <changefreq>${page.changefreq}</changefreq>`,
          `    <priority>${page.priority.toFixed(1)}</priority>`,
          '  </url>',
        ].join('\n'),
      );
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function llmsTxt({ siteUrl }: SiteFilesInput): string {
  const lines = [`# ${SITE_NAME}`, '', `> ${text('en', 'brand.tagline')} ${text('en', 'home:meta.description')}`, ''];
  lines.push(
    'GEO Platform is a pre-launch software platform and service for generative engine optimization (GEO): making a website discoverable, understandable and citable by AI assistants. Every page exists in English (/en/) and French (/fr/).',
    '',
  );
  for (const lang of LANGUAGES) {
    lines.push(`## Pages (${LANGUAGE_ENTRIES[lang].name})`, '');
    for (const page of PAGES.filter((p) => p.nav || p.id === 'aiAct')) {
      lines.push(`- [${pageTitle(lang, page)}](${siteUrl}${localePath(lang, page.path)}): ${pageDescription(lang, page)}`);
    }
    lines.push('');
  }
  lines.push('## Optional', '');
  for (const page of PAGES.filter((p) => !p.nav && p.id !== 'aiAct')) {
    lines.push(`- [${pageTitle('en', page)}](${siteUrl}${localePath('en', page.path)}): ${pageDescription('en', page)}`);
  }
  lines.push(`- [AI training policy](${siteUrl}/ai.txt): what AI systems may do with this site's content`);
  lines.push(`- [Sitemap](${siteUrl}/sitemap.xml): every page in both languages`, '');
  return lines.join('\n');
}
