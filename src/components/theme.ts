import { createContext, useContext, useSyncExternalStore } from 'react';
import { storePreference, storedTheme, type Theme } from '../lib/preferences.ts';

// The visitor's theme lives in the browser alone (decision 037): every person's page is rendered
// with 'system', the head script (THEME_SCRIPT, part of headScript()) puts the stored choice's class
// on <html> before the first paint, and the browser entry's store keeps the choice after that.
// Components reach the store through ThemeContext, whose value never changes, and subscribe to it: a
// change of theme re-renders only what shows it (the toggle, the toaster), never the page around
// them (decision 042).

export interface ThemeStore {
  get(): Theme;
  set(theme: Theme): void;
  subscribe(listener: () => void): () => void;
}

/** The browser's store: the stored choice, applied to <html> (as the head script does) when it changes. */
export function createThemeStore(): ThemeStore {
  const listeners = new Set<() => void>();
  // The choice made on this page, which also holds when storage is off.
  let chosen: Theme | undefined;
  return {
    get: () => chosen ?? storedTheme(),
    set(theme) {
      chosen = theme;
      storePreference('theme', theme);
      const classes = document.documentElement.classList;
      classes.remove('light', 'dark');
      if (theme !== 'system') classes.add(theme);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The server's: every page is rendered with 'system'. */
const RENDERED: ThemeStore = { get: () => 'system', set: () => {}, subscribe: () => () => {} };

export const ThemeContext = createContext<ThemeStore>(RENDERED);

/** The visitor's theme ('system' on the server and while hydrating, then the stored choice) and its setter. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const store = useContext(ThemeContext);
  const theme = useSyncExternalStore(store.subscribe, store.get, (): Theme => 'system');
  return [theme, store.set];
}
