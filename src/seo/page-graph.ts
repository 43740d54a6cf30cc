import type { CompanyIdentity } from '../lib/company.ts';
import type { TFunction } from 'i18next';
import type { BlogPostData } from '../content/blog-data.ts';
import { copyReader } from '../i18n/copy.ts';
import { faqSchemaFor, faqSetFor } from '../lib/faq-sets.ts';
import type { PageMeta } from '../route-handle.ts';
import { localePath, type Lang, type PageEntry } from '../site.ts';
import { articleJsonLd } from './article-jsonld.ts';
import {
  breadcrumbList,
  faqPage,
  graph,
  organization,
  qaPage,
  webPage,
  website,
  type Crumb,
  type JsonLd,
} from './jsonld.ts';
import { PAGE_JSONLD } from './page-jsonld.ts';

// A page's whole JSON-LD @graph. The server builds it for every page; the browser needs it only
// after a client-side navigation (while hydrating it adopts the server's copy), so it loads this
// module, with every page's builders, lazily (seo/graph-builder.ts) instead of in the app's entry.

export interface PageGraphInput {
  t: TFunction;
  lang: Lang;
  siteUrl: string;
  /** The site's one contact address (CONTACT_EMAIL). */
  contactEmail: string;
  /** The publisher's identity (COMPANY_* settings), for the Organization node. */
  company: CompanyIdentity;
  /** How many checks the free audit runs. */
  auditChecks: number;
  /** How many AI crawlers the site recognises, as the copy states it. */
  aiCrawlers: number;
  canonical: string;
  pathname: string;
  /** The path after the language prefix. */
  rest: string;
  meta: PageMeta;
  /** The site page, when the route is one (articles are not). */
  page: PageEntry | undefined;
  /** The deepest route's page kind and loader data. */
  kind: string | undefined;
  data: unknown;
  isHome: boolean;
  isError: boolean;
  /** When the page's content last changed (recorded page date or article updatedAt). */
  modified: string | undefined;
}

export function buildPageGraph(input: PageGraphInput): unknown {
  const { t, lang, siteUrl, contactEmail, auditChecks, aiCrawlers, canonical, pathname, meta, page } = input;
  const { isHome, isError } = input;
  const crumbs: Crumb[] = [{ name: t('breadcrumb.home'), url: `${siteUrl}${localePath(lang)}` }];
  if (page && !isHome)
    // Pages outside the navigation (legal pages, the AI Act statement) have no nav label: their title.
    crumbs.push({
      name: page.nav ? t(`nav.${page.id}`) : meta.title,
      url: `${siteUrl}${localePath(lang, page.path)}`,
    });
  crumbs.push(...(meta.parents ?? []));
  if (!page || input.rest !== `/${page.path}`) crumbs.push({ name: meta.title, url: canonical });
  const hasBreadcrumb = !isHome && !isError;

  const own: JsonLd[] = [];
  if (!isError && page) {
    own.push(
      ...(PAGE_JSONLD[page.id]?.({
        t,
        lang,
        siteUrl,
        contactEmail,
        auditChecks,
        aiCrawlers,
        pageUrl: canonical,
      }) ?? []),
    );
    if (page.pathFaq) {
      const faqs = copyReader(t, 'faqsets');
      const entries = faqs(`sets.${faqSetFor(pathname)}`).map((e) => ({ question: e.q, answer: e.a }));
      own.push(
        faqSchemaFor(pathname) === 'QAPage'
          ? qaPage(canonical, lang, entries[0]!)
          : faqPage(canonical, lang, entries),
      );
    }
  }
  if (!isError && input.kind === 'blogPost' && input.data)
    own.push(articleJsonLd((input.data as BlogPostData).post, lang, siteUrl));

  return graph([
    organization(siteUrl, t('brand.tagline'), contactEmail, input.company),
    website(siteUrl, lang, t('brand.tagline')),
    ...(isError
      ? []
      : [
          webPage(siteUrl, {
            url: canonical,
            lang,
            title: meta.title,
            description: meta.description,
            hasBreadcrumb,
            modified: input.modified,
          }),
        ]),
    ...(hasBreadcrumb ? [breadcrumbList(canonical, crumbs)] : []),
    ...own,
  ]);
}
