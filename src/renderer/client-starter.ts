/**
 * The inline script that starts the client app once the page has painted (decision 012).
 *
 * The server-rendered page is complete and usable without JavaScript, so the app's modules are not
 * fetched or run before the first paint: they neither compete with the HTML, stylesheet and font for
 * bandwidth nor put script evaluation in front of the first frame. Once the document is parsed and
 * its next frame has been painted, all modules start downloading at once (modulepreload, with the
 * page's nonce; starting ten downloads takes a few milliseconds, so that is a task of its own), and
 * are then imported one by one, dependencies first, with a turn for the browser in between, so that
 * evaluating them is a few short tasks rather than one long one. A hidden tab,
 * which paints nothing, starts at once. A failed import leaves the server-rendered page as it is.
 *
 * `preloadOnly` are the current page's own modules: the app imports them itself when it starts, and
 * finds them downloaded (and their preload links present, so Vite's preload helper adds none).
 */
export function clientStarter(modules: readonly string[], preloadOnly: readonly string[] = []): string {
  // JSON.stringify of hashed asset paths ("/assets/name-hash.js") holds nothing HTML-significant;
  // the escape of "<" keeps that true whatever a path may contain.
  const json = (list: readonly string[]) => JSON.stringify(list).replace(/</g, '\\u003c');
  return (
    `(function(m,p,n){var s=0;function go(){if(s)return;s=1;` +
    `m.concat(p).forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;l.nonce=n;document.head.appendChild(l)});` +
    `setTimeout(function next(i){if(i<m.length)import(m[i]).then(function(){setTimeout(function(){next(i+1)})},function(){})},0,0)}` +
    `function painted(){document.visibilityState==="hidden"?go():requestAnimationFrame(function(){setTimeout(go)})}` +
    `document.readyState==="loading"?document.addEventListener("DOMContentLoaded",painted):painted()})(${json(modules)},${json(preloadOnly)},document.currentScript.nonce)`
  );
}
