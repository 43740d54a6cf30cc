// The site's fixed facts: languages and the list of pages. This one list feeds the router,
// the redirects, the sitemap, llms.txt and robots.txt: one source for each fact.

export const LANGUAGES = ['en', 'fr'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'en';

export interface LanguageEntry {
  code: Lang;
  name: string;
  flag: string;
  /** BCP 47 locale used for dates, Open Graph and JSON-LD. */
  locale: string;
}

export const LANGUAGE_ENTRIES: Record<Lang, LanguageEntry> = {
  en: { code: 'en', name: 'English', flag: '🇬🇧', locale: 'en-US' },
  fr: { code: 'fr', name: 'Français', flag: '🇫🇷', locale: 'fr-FR' },
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export const SITE_NAME = 'GEO Platform';
/** The organisation's public profiles (footer links and JSON-LD sameAs). */
export const SOCIAL_PROFILES = [
  'https://www.linkedin.com/company/geo-platform',
  'https://x.com/geoplatform',
  'https://github.com/geo-platform',
];

export type PageId =
  | 'home'
  | 'guide'
  | 'services'
  | 'tools'
  | 'blog'
  | 'faq'
  | 'about'
  | 'contact'
  | 'aiAct'
  | 'legalNotice'
  | 'privacy'
  | 'terms'
  | 'gdpr'
  | 'cookiePolicy';

export interface PageEntry {
  id: PageId;
  /** Path below the language prefix; '' is the home page. */
  path: string;
  /** Shown in the header navigation, in this order. */
  nav: boolean;
  /** Shows the FAQ set of its path (faqSetFor in src/lib/faq-sets.ts) and marks it up. */
  pathFaq: boolean;
  /** Translation namespaces the page needs besides its own (forms, services…). */
  extraNs?: string[];
}

/**
 * The legal pages: one layout (pages/legal.tsx), their copy under their id in the `legal` namespace.
 * The legal notice (« mentions légales ») shows the publisher and host from the settings (decision 029).
 */
export const LEGAL_PAGE_IDS = [
  'legalNotice',
  'privacy',
  'terms',
  'gdpr',
  'cookiePolicy',
] as const satisfies PageId[];
export type LegalPageId = (typeof LEGAL_PAGE_IDS)[number];
const LEGAL_PATHS: Record<LegalPageId, string> = {
  legalNotice: 'legal-notice',
  privacy: 'privacy',
  terms: 'terms',
  gdpr: 'gdpr',
  cookiePolicy: 'cookie-policy',
};

export function isLegalPage(id: unknown): id is LegalPageId {
  return typeof id === 'string' && (LEGAL_PAGE_IDS as readonly string[]).includes(id);
}

/** Where a page's title and description are: `{page}:meta`, or `legal:{page}.meta` for a legal page. */
export function pageMetaKey(id: PageId): string {
  return isLegalPage(id) ? `legal:${id}.meta` : `${id}:meta`;
}

/** A page at its id's path, in the navigation, with its path's FAQ, unless `entry` says otherwise. */
function page(id: PageId, entry: Partial<PageEntry> = {}): PageEntry {
  return { id, path: id, nav: true, pathFaq: true, ...entry };
}

export const PAGES: readonly PageEntry[] = [
  page('home', { path: '', extraNs: ['forms'] }),
  page('guide'),
  page('services'),
  page('tools', { extraNs: ['forms'] }),
  page('blog', { extraNs: ['forms'] }),
  page('faq', { pathFaq: false }),
  page('about'),
  page('contact', { extraNs: ['forms', 'services'] }),
  page('aiAct', { path: 'ai-act-statement', nav: false }),
  ...LEGAL_PAGE_IDS.map((id) => page(id, { path: LEGAL_PATHS[id], nav: false, pathFaq: false })),
];

/**
 * The URL path of a page in a language: `/en/` for home, `/en/guide` otherwise. `path` is a path of
 * PAGES (`guide`) or what follows the language prefix (`/guide`, splitLangPath's rest).
 */
export function localePath(lang: Lang, path = ''): string {
  const rest = path.replace(/^\//, '');
  return rest ? `/${lang}/${rest}` : `/${lang}/`;
}

/**
 * The address of a page's Markdown copy: `/en/index.md` for home, `/en/guide.md`, `/en/blog/slug.md`.
 * `path` as localePath takes it; a trailing slash names the same page.
 */
export function markdownCopyPath(lang: Lang, path: string): string {
  return `${localePath(lang, path.replace(/\/$/, '') || 'index')}.md`;
}

/** The page a Markdown copy's address names, markdownCopyPath's inverse: `/en/index.md` → 'en', ''. */
export function markdownCopyTarget(pathname: string): { lang: Lang; path: string } | null {
  const match = /^\/([a-z]{2})\/((?:[a-z0-9-]+\/)*[a-z0-9-]+)\.md$/.exec(pathname);
  if (!match || !isLang(match[1])) return null;
  return { lang: match[1], path: match[2] === 'index' ? '' : match[2]! };
}

/** Splits `/fr/guide?x=1` into its language and the rest (`/guide`), or null when unprefixed. */
export function splitLangPath(pathname: string): { lang: Lang; rest: string } | null {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  if (!match || !isLang(match[1])) return null;
  return { lang: match[1], rest: match[2] ?? '/' };
}

/**
 * The query parameters each page reads, by its path after the language prefix: the only ones that
 * change what it shows. Any other parameter (utm_source, fbclid, anything made up) changes nothing,
 * so the server renders and caches the page without it (src/server/pages.ts) and links to the page
 * in another language drop it.
 */
const PAGE_QUERY: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^\/blog\/?$/, ['category', 'q']],
  [/^\/contact\/?$/, ['service', 'website', 'from']],
  [/^\/tools\/?$/, ['url', 'pages']],
  [/^\/newsletter\/(?:confirm|unsubscribe)\/?$/, ['token']],
  [/^\/tools\/recheck\/(?:confirm|unsubscribe)\/?$/, ['id']],
];

/**
 * The query string of a page's address with only the parameters that page reads, in a fixed order
 * (`?category=geo`), or '' when none is there. `rest` is the path after the language prefix.
 */
export function pageQuery(rest: string, search: string): string {
  const names = PAGE_QUERY.find(([path]) => path.test(rest))?.[1] ?? [];
  if (names.length === 0 || !search) return '';
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}

/** Swaps the language prefix of a path and keeps the rest (the page's own query and the hash). */
export function switchLangPath(pathname: string, search: string, hash: string, to: Lang): string {
  const rest = splitLangPath(pathname)?.rest ?? '/';
  return `${localePath(to, rest)}${pageQuery(rest, search)}${hash}`;
}
