import { useLocation } from 'react-router-dom';
import { isHydrating } from '../lib/hydration.ts';
import { serializeForHtml } from '../lib/serialize.ts';
import { deepestPage, useHandleMatches, type PageMeta } from '../route-handle.ts';
import { useSite } from '../site-context.tsx';
import { LANGUAGES, LANGUAGE_ENTRIES, PAGES, SITE_NAME, localePath, splitLangPath, type Lang } from '../site.ts';
import { faqSchemaFor, faqSetFor, type FaqEntry } from '../lib/faq-sets.ts';
import { breadcrumbList, faqPage, graph, organization, qaPage, webPage, website, type Crumb, type JsonLd } from './jsonld.ts';
import { PAGE_JSONLD } from './page-jsonld.ts';
import { useT } from '../i18n/hooks.ts';

/** Spec §9: 95 for human-written pages, 5 for AI-generated ones; every page here is written by people. */
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
    const key = match?.handle.metaKey ?? `${page?.id ?? 'home'}:meta`;
    meta = { title: t(`${key}.title`), description: t(`${key}.description`) };
  }

  // The canonical path is the page's own path in this language; other languages share the rest.
  const rest = splitLangPath(pathname)?.rest ?? '/';
  const pathIn = (l: Lang) => (rest === '/' ? localePath(l) : `/${l}${rest}`);
  const canonical = `${siteUrl}${pathIn(lang)}`;
  const isHome = page?.id === 'home';
  const title = isHome || isError ? meta.title : `${meta.title} | ${SITE_NAME}`;
  const locale = LANGUAGE_ENTRIES[lang].locale;
  const ogImage = `${siteUrl}/og-image.jpg`;
  // The markdown copy of the page (design §7): /{lang}/index.md for home, the path + .md otherwise.
  const markdownPath = isError ? undefined : rest === '/' ? `/${lang}/index.md` : `/${lang}${rest.replace(/\/$/, '')}.md`;
  return { meta, match, page, isError, isHome, rest, pathIn, canonical, title, locale, ogImage, pathname, markdownPath, t };
}

/** Every tag of the document head that depends on the page: title, description, links, social, JSON-LD. */
export function PageHead({ lang, errorStatus }: { lang: Lang; errorStatus?: number }) {
  const { siteUrl, visitor, renderedAt, aiTrainingPolicy } = useSite();
  const { meta, page, isError, isHome, rest, pathIn, canonical, title, locale, ogImage, pathname, markdownPath, t } = usePageMeta(lang, errorStatus);

  const jsonLd = () => {
    const crumbs: Crumb[] = [{ name: t('breadcrumb.home'), url: `${siteUrl}${localePath(lang)}` }];
    if (page && !isHome) crumbs.push({ name: t(`nav.${page.id}`), url: `${siteUrl}${localePath(lang, page.path)}` });
    crumbs.push(...(meta.parents ?? []));
    if (!page || rest !== `/${page.path}`) crumbs.push({ name: meta.title, url: canonical });
    const hasBreadcrumb = !isHome && !isError;

    const own: JsonLd[] = [];
    if (!isError && page) {
      own.push(...(PAGE_JSONLD[page.id]?.({ t, lang, siteUrl, pageUrl: canonical }) ?? []));
      if (page.pathFaq) {
        const entries = (t(`faqsets:sets.${faqSetFor(pathname)}`, { returnObjects: true }) as FaqEntry[]).map((e) => ({ question: e.q, answer: e.a }));
        own.push(faqSchemaFor(pathname) === 'QAPage' ? qaPage(canonical, lang, entries[0]!) : faqPage(canonical, lang, entries));
      }
    }

    return graph([
      organization(siteUrl, t('brand.tagline')),
      website(siteUrl, lang, t('brand.tagline')),
      ...(isError ? [] : [webPage(siteUrl, { url: canonical, lang, title: meta.title, description: meta.description, hasBreadcrumb })]),
      ...(hasBreadcrumb ? [breadcrumbList(canonical, crumbs)] : []),
      ...own,
      ...(meta.jsonLd ?? []),
    ]);
  };

  return (
    <>
      <title>{title}</title>
      <meta name="description" content={meta.description} />
      {meta.noindex ? <meta name="robots" content="noindex, follow" /> : null}
      {isError ? null : (
        <>
          <link rel="canonical" href={canonical} />
          {LANGUAGES.map((l) => (
            <link key={l} rel="alternate" hrefLang={l} href={`${siteUrl}${pathIn(l)}`} />
          ))}
          <link rel="alternate" hrefLang="x-default" href={`${siteUrl}${pathIn('en')}`} />
        </>
      )}
      <link rel="alternate" type="application/rss+xml" title={`${SITE_NAME} (${LANGUAGE_ENTRIES[lang].name})`} href={`/${lang}/feed.xml`} />
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
      {markdownPath ? <link rel="alternate" type="text/markdown" href={markdownPath} title="Markdown" /> : null}
      {/* The spec's AI page metadata: training policy, provenance and how to quote the page. */}
      <meta name="ai-training" content={aiTrainingPolicy} />
      <meta name="ai-primary-source" content="true" />
      <meta name="gpai-risk" content="low" />
      <meta name="ai-visibility" content="public" />
      <meta name="ai-generated" content="false" />
      <meta name="human-generated-score" content={String(HUMAN_GENERATED_SCORE)} />
      <meta name="ai-quote-excerpt" content={meta.quote ?? meta.description} />
      <meta name="ai-watermark" content="none" />
      <meta name="crawl-delay" content={String(visitor.crawlDelay)} />
      {visitor.isAICrawler ? <meta name="last-modified" content={renderedAt} /> : null}
      <JsonLdScript build={jsonLd} />
    </>
  );
}

/**
 * The page's JSON-LD. While the browser hydrates the first page it adopts the server's copy from the
 * DOM instead of building the graph again: it is there for machines, and the guide's graph costs more
 * than the rest of its head. After a client-side navigation it is built as usual. (React does not
 * compare `dangerouslySetInnerHTML` while hydrating, so nothing else changes.)
 */
function JsonLdScript({ build }: { build: () => unknown }) {
  const fromServer = isHydrating() ? document.querySelector('head > script[type="application/ld+json"]')?.textContent : undefined;
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: fromServer ?? serializeForHtml(build()) }} />;
}
