import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { escapeHtml } from '../lib/serialize.ts';
import { onEngaged, onIdle } from '../lib/idle.ts';

/** The longest a deferred part waits for an idle moment once the visitor uses the page. */
const IDLE_TIMEOUT_MS = 3000;
/** What shows a visitor is about to use a part: its code loads at once then. */
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Resolves at the first idle moment after the visitor starts using the page (onEngaged), or as soon
 * as they point at, touch or focus the element the server rendered for the part; at once when there
 * is no such element (a part that is new on a page reached by a client navigation).
 */
function whenUsed(selector: string): Promise<void> {
  const element = document.querySelector(selector);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    // Whichever comes first resolves; the other, should it come, finds nothing left to do.
    let cancelIdle = () => {};
    onEngaged(() => (cancelIdle = onIdle(done, IDLE_TIMEOUT_MS)));
    for (const type of INTENT_EVENTS) element.addEventListener(type, done, { passive: true });
    function done() {
      cancelIdle();
      for (const type of INTENT_EVENTS) element!.removeEventListener(type, done);
      resolve();
    }
  });
}

/**
 * The markup the server rendered for a part: its first element and what follows it up to the end of
 * its Suspense boundary (React's `<!--/$-->` marker).
 */
function serverMarkup(selector: string): string {
  let markup = '';
  for (let node = document.querySelector(selector) as ChildNode | null; node; node = node.nextSibling) {
    if (node instanceof Comment && node.data === '/$') break;
    if (node instanceof Element) markup += node.outerHTML;
    else if (node instanceof Text) markup += escapeHtml(node.data);
  }
  return markup;
}

/**
 * A part of a page that needs no script to be read or used (links, a <details> accordion, a
 * waitlist link to the no-script form), hydrated after the rest of the page (decisions 042, 047):
 * the server renders it in place as usual; the browser loads its code, a chunk of its own, at the
 * first idle moment after the visitor starts using the page, or when they reach for the part,
 * whichever comes first. Until then it is the server's HTML, and its links work as plain links: the
 * part is its own <Suspense> boundary, which React leaves as it is while the code loads. Should
 * React give up that HTML before the code is here (an update that reaches the boundary, such as a
 * change of fragment), the boundary's fallback is the same markup, so the page keeps its content and
 * its anchors. `selector` finds the element the part renders first. If the code cannot be loaded
 * (offline, or a new release has replaced the chunk), the part stays the server's markup, in an
 * element that does not change the layout, rather than fail the page.
 */
export function hydrateLater<P extends object>(
  selector: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<void> } {
  // The part's code once loaded: a cache, like React.lazy's, kept for the life of the page.
  let loaded: ComponentType<P> | undefined;
  // The server's markup of the part, read when the browser first renders it (none on a page reached
  // by a client navigation, whose parts' code is loaded before it is shown).
  let markup: string | undefined;
  const AsServed = () =>
    createElement('div', {
      style: { display: 'contents' },
      dangerouslySetInnerHTML: { __html: markup ?? '' },
    });
  const Lazy = lazy(async () => {
    if (import.meta.env.SSR) return { default: (loaded = await load()) };
    await whenUsed(selector);
    try {
      return { default: (loaded = await load()) };
    } catch {
      return { default: AsServed as ComponentType<P> };
    }
  });
  // Once the code is here the part renders at once, without suspending: a page reached by a client
  // navigation then shows it in the same commit (and its anchors are there to scroll to).
  const Part = (props: P) => {
    if (!import.meta.env.SSR) markup ??= serverMarkup(selector);
    return createElement(
      Suspense,
      { fallback: import.meta.env.SSR || loaded ? null : createElement(AsServed) },
      createElement(loaded ?? Lazy, props),
    );
  };
  return Object.assign(Part, {
    /**
     * For a client navigation to the page: loads the part's code before the page is shown. Nothing
     * to do while the server's markup of the part is on the page (its hydration loads it later); on
     * the server, the code is loaded at once.
     */
    preload: async () => {
      if (loaded) return;
      if (import.meta.env.SSR || !document.querySelector(selector)) loaded = await load();
    },
  });
}
