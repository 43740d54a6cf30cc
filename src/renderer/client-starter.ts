/**
 * The inline script that starts the client app once the page has painted (decision 012): the
 * starter's function (src/browser/starter.ts, which says what it does, minified by the build into
 * `virtual:client-starter`) called with this page's modules and the nonce of the script it is in.
 *
 * `preloadOnly` are the current page's own modules: the app imports them itself when it starts.
 */
export function clientStarter(
  startClient: string,
  modules: readonly string[],
  preloadOnly: readonly string[] = [],
): string {
  // JSON.stringify of hashed asset paths ("/assets/name-hash.js") holds nothing HTML-significant;
  // the escape of "<" keeps that true whatever a path may contain.
  const json = (list: readonly string[]) => JSON.stringify(list).replace(/</g, '\\u003c');
  return `(${startClient})(${json(modules)},${json(preloadOnly)},document.currentScript.nonce)`;
}
