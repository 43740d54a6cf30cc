/**
 * The inline script that starts the client app once the page has painted (decision 012).
 *
 * This file is its readable source. It never runs as a module: the build minifies this function
 * (vite.config.ts, `virtual:client-starter`) and the renderer writes it into every human's page as
 * `(function …)(modules, preloadOnly, document.currentScript.nonce)`, in the one inline script that
 * carries the request's nonce (src/renderer/client-starter.ts). So it stands alone: no imports, no
 * names from outside but the browser's own, and nothing newer than the module scripts it starts need.
 *
 * The server-rendered page is complete and usable without JavaScript, so the app's modules are not
 * fetched or run before the first paint: they neither compete with the HTML, stylesheet and font for
 * bandwidth nor put script evaluation in front of the first frame. Once the document is parsed and
 * its next frame has been painted, all modules start downloading at once (modulepreload, with the
 * page's nonce; starting ten downloads takes a few milliseconds, so that is a task of its own), and
 * are then imported one by one, dependencies first, with a turn for the browser in between, so that
 * evaluating them is a few short tasks rather than one long one. A hidden tab, which paints nothing,
 * starts at once. A failed import leaves the server-rendered page as it is.
 *
 * @param modules The app's modules, dependencies first, the entry last: preloaded, then imported.
 * @param preloadOnly The current page's own modules: the app imports them itself when it starts, and
 *   finds them downloaded (and their preload links present, so Vite's preload helper adds none).
 * @param nonce The page's CSP nonce, for the preload links.
 */
export default function startClient(modules: string[], preloadOnly: string[], nonce: string): void {
  let started = false;

  function importFrom(index: number): void {
    if (index >= modules.length) return;
    import(modules[index]!).then(
      () => setTimeout(() => importFrom(index + 1)),
      () => {},
    );
  }

  function start(): void {
    if (started) return;
    started = true;
    for (const href of modules.concat(preloadOnly)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.nonce = nonce;
      document.head.appendChild(link);
    }
    // The first import in the next task: starting the downloads is a task of its own.
    setTimeout(() => importFrom(0));
  }

  function painted(): void {
    if (document.visibilityState === 'hidden') start();
    else requestAnimationFrame(() => setTimeout(start));
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', painted);
  else painted();
}
