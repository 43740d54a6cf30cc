import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true once the page is interactive. Lets a control
 * behave as plain HTML (e.g. a submit button that is never disabled) until JavaScript runs,
 * without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
