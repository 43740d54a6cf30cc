import { createElement, useSyncExternalStore, type ComponentType } from 'react';
import type { Lang } from '../site.ts';

// The page's head in the browser (decisions 042 and 074). The server renders it with the page, and
// that head is right until the visitor moves to another page in the app, so the browser does not
// hydrate it: React 19 leaves the tags it does not render in <head> as they are. The head's code
// (PageHead.tsx and what it imports, 2 KB gzip: hydrating it would put the home page over its
// JavaScript budget, decision 074) is downloaded with the first client navigation and takes the
// place of the server's tags before that navigation commits (the routes' loaders wait for
// loadPageHead, src/browser/entry.tsx): the server's tags are removed, and React renders the same
// ones (JSON-LD included, from the server's copy of the graph) in the next moment.

interface HeadProps {
  lang: Lang;
  errorStatus?: number;
}

type Head = ComponentType<HeadProps>;

// A cache of the head's module, like React.lazy's of a component: loaded once for the life of the
// page, the same for every part of it.
let loaded: Head | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Loads the head's code once (again after a failed download), then mounts it. */
export function loadPageHead(): Promise<void> {
  return (loading ??= import('./PageHead.tsx').then(
    (module) => {
      for (const tag of document.head.querySelectorAll(module.PAGE_HEAD_TAGS)) tag.remove();
      loaded = module.PageHead;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Nothing while hydrating and until the head's code is here; the page's head from then on. */
function PageHeadLater(props: HeadProps) {
  const ready = useSyncExternalStore(
    subscribe,
    () => loaded !== undefined,
    () => false,
  );
  return ready && loaded ? createElement(loaded, props) : null;
}

// On the server the head is rendered in the same pass as the rest of the document, never suspended:
// a head that waited for its module would come out in another order on the first page rendered, and
// the same page would not be the same bytes from one render (or one server) to the next.
let serverHead: Head | undefined;

/** Loads the head's code on the server; the renderer awaits it before it renders any page. */
export async function loadServerHead(): Promise<void> {
  serverHead ??= (await import('./PageHead.tsx')).PageHead;
}

function PageHeadNow(props: HeadProps) {
  if (!serverHead) throw new Error('The page head is rendered before loadServerHead() has finished');
  return createElement(serverHead, props);
}

/** Every tag of the document's head that depends on the page (seo/PageHead.tsx). */
export const DocumentHead: Head = import.meta.env.SSR ? PageHeadNow : PageHeadLater;
