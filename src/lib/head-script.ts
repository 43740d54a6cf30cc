import { LAZY_LAYOUT_CLASS } from './lazy-layout.ts';
import { THEME_SCRIPT } from './preferences.ts';

/**
 * The inline head script of a person's page (never a crawler's), run before the first paint: the
 * stored theme (THEME_SCRIPT) and the first page's lazy layout. Always the same text, so the Content
 * Security Policy allows it by its hash (src/renderer/client-starter.ts, scriptHashes). A function,
 * so that the browser's code, which never renders it, leaves it out.
 *
 * Skipping the layout of parts far from the viewport is only safe while nothing needs their exact
 * place, which an estimate would get wrong:
 * - the class is set only on a new visit to an address without a `#fragment` (not on a reload or a
 *   return through the history, whose scroll position is restored);
 * - a click on a link with a fragment, or any change of fragment, removes it before the browser
 *   scrolls, so the target lands where it is;
 * - so does the first key pressed: a key can jump far (find in page, End, Tab to a far link), and a
 *   jump into estimated sizes lands off target (scrolling, a little at a time, does not: the
 *   browser keeps what is on screen in place as the parts above it are laid out);
 * - the first client navigation removes it (src/browser/after-load.ts): what the app renders, and
 *   the scroll positions it restores, are laid out in full.
 */
export function headScript(): string {
  const lazyLayout =
    'var n=performance.getEntriesByType&&performance.getEntriesByType("navigation")[0];' +
    `if(!location.hash&&(!n||n.type==="navigate")){var d=document.documentElement,c="${LAZY_LAYOUT_CLASS}",` +
    'o=function(){d.classList.remove(c)};d.classList.add(c);' +
    'addEventListener("click",function(e){if(e.target.closest&&e.target.closest("a[href*=\'#\']"))o()},true);' +
    'addEventListener("hashchange",o);addEventListener("keydown",o,true)}';
  return `(function(){${THEME_SCRIPT}${lazyLayout}})()`;
}
