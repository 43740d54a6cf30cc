// Whether the browser is still hydrating the server-rendered page: false on the server, true in the
// browser until the first commit. Lets a component adopt what the server rendered instead of
// computing it again while hydrating.
let hydrating = typeof document !== 'undefined';

export function isHydrating(): boolean {
  return hydrating;
}

/** Called once the first page has hydrated (the app's first effect). */
export function hydrationDone(): void {
  hydrating = false;
}
