import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { serializeForHtml } from '../lib/serialize.ts';
import { deepestPage, useHandleMatches, type PageMeta } from '../route-handle.ts';
import { useSite } from '../site-context.tsx';
import {
  LANGUAGES,
  LANGUAGE_ENTRIES,
  PAGES,
  OG_IMAGES,
  SITE_NAME,
  localePath,
  markdownCopyPath,
  pageMetaKey,
  splitLangPath,
  type Lang,
} from '../site.ts';
import { useJsonLdSource } from './graph-builder.ts';
import type { PageGraphInput } from './page-graph.ts';
import { useT } from '../i18n/hooks.ts';
import { pageModified } from '../content/page-dates.ts';
import type { BlogPostData } from '../content/blog-data.ts';

/** The human-generated score meta tag: 95 for human-written pages, 5 for AI-generated ones; every page here is written by people. */
export const HUMAN_GENERATED_SCORE = 95;

/** What the current page says about itself: its metadata, canonical address and markdown copy. */
export function usePageMeta(lang: Lang, errorStatus?: number) {
  const { siteUrl } = useSite();
  const { t } = useT('common');
  const { pathname } = useLocation();
  const match = deepestPage(useHandleMatches());
  const pageId = errorStatus ? 'notFound' : match?.handle.page;
  const isError = pageId === 'notFound' || errorStatus !== undefined;
  const page = PAGES.find((p) => p.id === pageId);

  let meta: PageMeta;
  if (errorStatus && errorStatus !== 404) {
    meta = { title: t('error.metaTitle'), description: t('error.text'), noindex: true };
  } else if (isError) {
    meta = { title: t('notFound.metaTitle'), description: t('notFound.text'), noindex: true };
  } else if (match?.handle.meta) {
    meta = match.handle.meta({ data: match.data, t, lang, siteUrl });
  } else {
    const key = pageMetaKey(page?.id ?? 'home');
    meta = { title: t(`${key}.title`), description: t(`${key}.description`) };
  }

  // The canonical path is the page's own path in this language; other languages share the rest.
  const rest = splitLangPath(pathname)?.rest ?? '/';
  const pathIn = (l: Lang) => localePath(l, rest);
  const canonical = `${siteUrl}${pathIn(lang)}`;
  const isHome = page?.id === 'home';
  const branded = `${meta.title} | ${SITE_NAME}`;
  // The brand follows the page's own title only while the whole stays within what results show.
  const title = isHome || isError || branded.length > TITLE_MAX ? meta.title : branded;
  const locale = LANGUAGE_ENTRIES[lang].locale;
  const ogImage = `${siteUrl}${OG_IMAGES[lang]}`;
  const markdownPath = isError ? undefined : markdownCopyPath(lang, rest);
  // When the page's content last changed: its recorded date, or an article's updatedAt.
  const modified = isError
    ? undefined
    : page
      ? pageModified(page.id, lang)
      : match?.handle.page === 'blogPost'
        ? (match.data as BlogPostData | undefined)?.post.updatedAt
        : undefined;
  return {
    meta,
    title,
    canonical,
    pathIn,
    locale,
    ogImage,
    markdownPath,
    modified,
    isError,
    page,
    // The page's part of its JSON-LD graph's input; the site's part comes from the site context.
    graph: {
      t,
      canonical,
      pathname,
      rest,
      meta,
      page,
      kind: match?.handle.page,
      data: match?.data,
      isHome,
      isError,
      modified,
    } satisfies Partial<PageGraphInput>,
  };
}

/** Longest title search results and AI answers show whole (about 600 px, some 70 characters). */
const TITLE_MAX = 70;
/** Longest meta description shown whole. */
const DESCRIPTION_MAX = 160;

/** A description cut at a word boundary to fit what results show, with an ellipsis when cut. */
export function shortDescription(text: string): string {
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2)).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/**
 * The tags PageHead renders, as a selector for the document's head (the document's own tags, its
 * charset, viewport, theme colour, styles, fonts and icons, match none of these).
 */
export const PAGE_HEAD_TAGS =
  'title, meta[name]:not([name="viewport"]):not([name="theme-color"]), meta[property], link[rel="canonical"], link[rel="alternate"], script[type="application/ld+json"]';

/** Every tag of the document head that depends on the page: title, description, links, social, JSON-LD. */
export function PageHead({ lang, errorStatus }: { lang: Lang; errorStatus?: number }) {
  const { siteUrl, contactEmail, company, auditChecks, aiCrawlers, visitor, aiTrainingPolicy } = useSite();
  const { meta, title, canonical, pathIn, locale, ogImage, markdownPath, modified, isError, page, graph } =
    usePageMeta(lang, errorStatus);
  // A Tools page with `?url=` is one visitor's report on another site: never indexed.
  const { search } = useLocation();
  const auditReport = page?.id === 'tools' && new URLSearchParams(search).has('url');

  const graphInput: PageGraphInput = {
    ...graph,
    lang,
    siteUrl,
    contactEmail,
    company,
    auditChecks,
    aiCrawlers,
  };

  return (
    <>
      <title>{title}</title>
      <meta name="description" content={shortDescription(meta.description)} />
      {meta.noindex || auditReport ? <meta name="robots" content="noindex, follow" /> : null}
      {isError ? null : (
        <>
          <link rel="canonical" href={canonical} />
          {LANGUAGES.map((l) => (
            <link key={l} rel="alternate" hrefLang={l} href={`${siteUrl}${pathIn(l)}`} />
          ))}
          <link rel="alternate" hrefLang="x-default" href={`${siteUrl}${pathIn('en')}`} />
        </>
      )}
      <link
        rel="alternate"
        type="application/rss+xml"
        title={`${SITE_NAME} (${LANGUAGE_ENTRIES[lang].name})`}
        href={`/${lang}/feed.xml`}
      />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={meta.ogType ?? 'website'} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={ogImage} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:locale" content={locale.replace('-', '_')} />
      {LANGUAGES.filter((l) => l !== lang).map((l) => (
        <meta key={l} property="og:locale:alternate" content={LANGUAGE_ENTRIES[l].locale.replace('-', '_')} />
      ))}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={ogImage} />
      {markdownPath ? (
        <link rel="alternate" type="text/markdown" href={markdownPath} title="Markdown" />
      ) : null}
      {/* The AI page metadata: training policy, provenance and how to quote the page. */}
      <meta name="ai-training" content={aiTrainingPolicy} />
      <meta name="ai-primary-source" content="true" />
      {/* The spec's element, with a true value: the AI Act has no "low" tier, and we place no
          general-purpose AI model on the market, so none with systemic risk (Art. 51, the AI Act
          statement). */}
      <meta name="gpai-risk" content="none" />
      <meta name="ai-visibility" content="public" />
      <meta name="ai-generated" content="false" />
      <meta name="human-generated-score" content={String(HUMAN_GENERATED_SCORE)} />
      <meta name="ai-quote-excerpt" content={meta.quote ?? meta.description} />
      <meta name="ai-watermark" content="none" />
      <meta name="crawl-delay" content={String(visitor.crawlDelay)} />
      {/* For AI crawlers, when the content last changed (not when the page was rendered). */}
      {visitor.isAICrawler && modified ? <meta name="last-modified" content={modified} /> : null}
      <JsonLdScript input={graphInput} />
    </>
  );
}

/**
 * The page's JSON-LD. The server builds it. The browser adopts the server's copy from the DOM for the
 * page it hydrated (it is there for machines, and building the guide's graph costs more than the rest
 * of its head), and builds it only after a client-side navigation, with the builders loaded then
 * (the entry's JsonLdContext, seo/graph-builder.ts): until they arrive the new page has no JSON-LD for
 * a moment. React does not compare `dangerouslySetInnerHTML` while hydrating, so nothing else changes.
 */
function JsonLdScript({ input }: { input: PageGraphInput }) {
  const { build, load, hydrated } = useJsonLdSource();
  const json =
    hydrated?.canonical === input.canonical
      ? hydrated.json
      : build
        ? serializeForHtml(build(input))
        : undefined;
  const missing = json === undefined;
  useEffect(() => {
    if (missing) load?.();
  }, [missing, load]);
  return json === undefined ? null : (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
  );
}
