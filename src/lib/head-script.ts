import { THEME_SCRIPT } from './preferences.ts';

/**
 * The inline head script of a person's page (never a crawler's), run before the first paint: the
 * stored theme (THEME_SCRIPT). Always the same text, so the Content Security Policy allows it by its
 * hash (src/renderer/client-scripts.ts, scriptHashes), the page's only inline script. A function, so
 * that the browser's code, which never renders it, leaves it out.
 */
export function headScript(): string {
  return `(function(){${THEME_SCRIPT}})()`;
}
