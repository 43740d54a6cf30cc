import { createHash } from 'node:crypto';
import { headScript } from '../lib/head-script.ts';
import { escapeHtml, serializeForHtml } from '../lib/serialize.ts';
import { PAYLOAD_ID } from '../payload.ts';

/**
 * How a person's page starts the app (decision 074), the way browsers load any module graph:
 * - in the head, a `<link rel="modulepreload">` for each chunk the page runs before it hydrates (the
 *   entry's static imports and the current route's page chunks), so they download in parallel, and
 *   the entry itself as `<script type="module" src>`, which runs once the document is parsed;
 * - before the body ends, `<script type="application/json" id="app-data">`: the hydration payload
 *   (src/payload.ts), data, not script.
 *
 * Module scripts by address are allowed by the Content Security Policy's 'self'; the only inline
 * script is the head script, allowed by its hash (scriptHashes). A page is the same bytes for every
 * person, which a shared cache may keep.
 */
export function moduleTags(entryModules: readonly string[], preloads: readonly string[]): string {
  const preloaded = [...new Set(preloads)].filter((href) => !entryModules.includes(href));
  return [
    ...preloaded.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    ...entryModules.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
  ].join('');
}

/** The hydration payload, as the element the entry reads it from. */
export function payloadScript(payload: unknown): string {
  return `<script type="application/json" id="${PAYLOAD_ID}">${serializeForHtml(payload)}</script>`;
}

/** CSP source expressions (`'sha256-…'`) of the inline scripts a page may hold: the head script. */
export function scriptHashes(): string[] {
  return [headScript()].map(
    (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
  );
}
