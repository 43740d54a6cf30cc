import { Suspense, type ReactNode } from 'react';
import { preload } from 'react-dom';
import { ScrollRestoration } from 'react-router-dom';
import { Header } from './components/Header.tsx';
import { Footer } from './components/Footer.tsx';
import { PathFaq } from './components/PathFaq.tsx';
import { Toasts } from './components/Toasts.tsx';
import { deepestPage, useHandleMatches } from './route-handle.ts';
import { DocumentHead } from './seo/DocumentHead.tsx';
import { PAGES } from './site.ts';
import { useSite } from './site-context.tsx';
import { useLang, useT } from './i18n/hooks.ts';
import { headScript } from './lib/head-script.ts';

/** The whole HTML document, rendered by React on the server and hydrated as such in the browser. */
export function Document({ children, errorStatus }: { children: ReactNode; errorStatus?: number }) {
  const lang = useLang();
  const { t } = useT('common');
  const { visitor, assets } = useSite();
  const pageId = deepestPage(useHandleMatches())?.handle.page;
  const showPathFaq = !errorStatus && PAGES.some((p) => p.id === pageId && p.pathFaq);
  // Resources rather than plain tags, so that React writes them at the top of the head, font first,
  // whatever the order of the tags around them: the browser finds them before the page's metadata.
  for (const href of assets.fonts)
    preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });

  return (
    <html
      lang={lang}
      // A person's theme class is the head script's and the theme toggle's (src/components/theme.ts).
      className={visitor.isAICrawler ? 'ai-crawler' : undefined}
      data-visitor={visitor.isBot ? 'crawler' : 'human'}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        {/* A person's head script, run before the first paint (allowed by its hash in the CSP): the
            stored theme. Server-only: hydration passes over a tag
            in <head> the app does not render, so the browser's code does not carry its text. */}
        {visitor.isBot || !import.meta.env.SSR ? null : (
          <script dangerouslySetInnerHTML={{ __html: headScript() }} />
        )}
        <DocumentHead lang={lang} errorStatus={errorStatus} />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {/* Raster icons only: an SVG icon is rendered as a document of its own on the page's main thread. */}
        <link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />
        <link rel="icon" href="/icon-192.png" sizes="192x192" type="image/png" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
      </head>
      <body>
        {/* Toasts gives the page useNotify() and, once a toast is asked for, mounts the toaster after it. */}
        <Toasts>
          <a href="#main-content" className="skip-link">
            {t('skipToContent')}
          </a>
          <Header lang={lang} />
          <main
            id="main-content"
            tabIndex={-1}
            aria-label={t('mainContent')}
            className={visitor.isBot ? 'main' : 'main fade-in'}
          >
            {/* Should part of a page wait for code on a client navigation, the shell stays on screen. */}
            <Suspense>{children}</Suspense>
            {showPathFaq ? <PathFaq /> : null}
          </main>
          <Footer lang={lang} />
        </Toasts>
        {visitor.isBot ? null : <ScrollRestoration />}
      </body>
    </html>
  );
}
