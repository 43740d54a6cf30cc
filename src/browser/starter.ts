/**
 * The inline script that starts the client app once the page has painted (decision 012).
 *
 * This file is its readable source. It never runs as a module: the build minifies this function
 * (vite.config.ts, `virtual:client-starter`) and the renderer writes it into every person's page as
 * `(function …)("app-modules")`, after the JSON element of that id, which lists the modules
 * (src/renderer/client-starter.ts). The script is the same on every page, so the Content Security
 * Policy allows it by its hash (decision 037). It stands alone: no imports, no names from outside but
 * the browser's own, and nothing newer than the module scripts it starts need.
 *
 * The server-rendered page is complete and usable without JavaScript, so the app's modules are not
 * fetched or run before the first paint: they neither compete with the HTML, stylesheet and font for
 * bandwidth nor put script evaluation in front of the first frame. Once the document is parsed and
 * its first contentful paint is on screen (its Paint Timing entry has been reported; the next frame
 * where the browser has no such entries), all modules start downloading (modulepreload links, one per
 * task: starting a download takes a millisecond or more on a slow phone), and are then imported one
 * by one, dependencies first, with a turn for the browser in between, so that evaluating them is a
 * few short tasks rather than one long one. A hidden tab, which paints nothing, starts at once. A
 * failed import leaves the server-rendered page as it is.
 *
 * @param dataId The id of the JSON element that holds `modules` (the app's modules, dependencies
 *   first, the entry last: preloaded, then imported) and `preloadOnly` (the current page's own
 *   modules: the app imports them itself when it starts, and finds them downloaded, their preload
 *   links present, so Vite's preload helper adds none).
 */
export default function startClient(dataId: string): void {
  const { modules, preloadOnly } = JSON.parse(document.getElementById(dataId)!.textContent!) as {
    modules: string[];
    preloadOnly: string[];
  };
  let started = false;

  function importFrom(index: number): void {
    if (index >= modules.length) return;
    import(modules[index]!).then(
      () => setTimeout(() => importFrom(index + 1)),
      () => {},
    );
  }

  const preloads = modules.concat(preloadOnly);

  /**
   * Starts one download per task, then the imports in the next task. Inserting a modulepreload link
   * starts its download at once, which costs one to several milliseconds on a slow phone (more under
   * a lab tool's network instrumentation): one per task keeps each task short.
   */
  function preloadFrom(index: number): void {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = preloads[index]!;
    document.head.appendChild(link);
    setTimeout(() => (index + 1 < preloads.length ? preloadFrom(index + 1) : importFrom(0)));
  }

  function start(): void {
    if (started) return;
    started = true;
    preloadFrom(0);
  }

  function painted(): void {
    if (document.visibilityState === 'hidden') return start();
    // The first contentful paint's entry is reported once that frame is on screen, which on a busy
    // phone can be well after the frame itself. A download started before it would be, for
    // Lighthouse's simulation, a script the first paint waited for. A tab hidden before it paints
    // starts at once, like one that never showed.
    if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
      new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start);
      }).observe({ type: 'paint', buffered: true });
      document.addEventListener('visibilitychange', start);
    } else requestAnimationFrame(() => setTimeout(start));
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', painted);
  else painted();
}
