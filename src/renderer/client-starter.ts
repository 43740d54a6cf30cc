import { createHash } from 'node:crypto';
import { headScript } from '../lib/head-script.ts';
import { serializeForHtml } from '../lib/serialize.ts';
import { PAYLOAD_ID } from '../payload.ts';

/**
 * The scripts that end a person's page (decisions 012 and 037):
 * - `<script type="application/json" id="app-data">`: the hydration payload (src/payload.ts);
 * - `<script type="application/json" id="app-modules">`: the app's modules, dependencies first, and
 *   the current page's own (`preloadOnly`: the app imports them itself when it starts);
 * - one inline script, the starter (src/browser/starter.ts, minified by the build into
 *   `virtual:client-starter`), which reads the modules and starts the app once the page has painted.
 *
 * The data are data, not script, so the inline script is the same on every page and every build of
 * the starter: the Content Security Policy allows it by its hash (scriptHashes), and a page is the
 * same bytes for every person, which a shared cache may keep.
 */
export const MODULES_ID = 'app-modules';

export function clientScripts(
  startClient: string,
  payload: unknown,
  modules: readonly string[],
  preloadOnly: readonly string[] = [],
): string {
  const data = (id: string, value: unknown) =>
    `<script type="application/json" id="${id}">${serializeForHtml(value)}</script>`;
  const starter = modules.length
    ? `${data(MODULES_ID, { modules, preloadOnly })}<script>${starterCall(startClient)}</script>`
    : '';
  return `${data(PAYLOAD_ID, payload)}${starter}`;
}

function starterCall(startClient: string): string {
  return `(${startClient})(${JSON.stringify(MODULES_ID)})`;
}

/** CSP source expressions (`'sha256-…'`) of the inline scripts a page may hold: the head script and the starter. */
export function scriptHashes(startClient: string): string[] {
  return [headScript(), starterCall(startClient)].map(
    (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
  );
}
