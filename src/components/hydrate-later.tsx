import { lazy, type ComponentType } from 'react';

/** The longest a deferred part waits for an idle moment after start-up before it loads anyway. */
const IDLE_TIMEOUT_MS = 3000;
/** What shows a visitor is about to use a part: its code loads at once then. */
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Resolves once the browser is idle after start-up, or as soon as the visitor points at, touches or
 * focuses the element the server rendered for the part; at once when there is no such element (a
 * part that is new on a page reached by a client navigation).
 */
function whenIdleOrUsed(selector: string): Promise<void> {
  const element = document.querySelector(selector);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS })
        : window.setTimeout(done, IDLE_TIMEOUT_MS);
    for (const type of INTENT_EVENTS) element.addEventListener(type, done, { passive: true });
    function done() {
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      for (const type of INTENT_EVENTS) element!.removeEventListener(type, done);
      resolve();
    }
  });
}

/**
 * A part of a page that needs no script to be read or used (links, a <details> accordion, a
 * waitlist link to the no-script form), hydrated after the rest of the page (decision 042): the
 * server renders it in place as usual; the browser loads its code, a chunk of its own, when it is
 * first idle after start-up or when the visitor reaches for the part, whichever comes first. Until
 * then it is the server's HTML, and its links work as plain links. Render it inside its own
 * <Suspense> boundary, which React leaves as it is while the code loads. `selector` finds the
 * element the part renders first.
 */
export function hydrateLater<P extends object>(
  selector: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return lazy(async () => {
    if (!import.meta.env.SSR) await whenIdleOrUsed(selector);
    return { default: await load() };
  });
}
