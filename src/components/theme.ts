import { useSyncExternalStore } from 'react';
import { storePreference, storedTheme, type Theme } from '../lib/preferences.ts';

// The visitor's theme lives in the browser alone (decision 037): every person's page is rendered
// with 'system', the head script (THEME_SCRIPT) puts the stored choice's class on <html> before the
// first paint, and this store keeps the choice after that. It is not React context, so a change of
// theme re-renders only what shows it (the toggle, the toaster), never the whole page.

const listeners = new Set<() => void>();
/** The choice made on this page, which also holds when storage is off. */
let chosen: Theme | undefined;

function current(): Theme {
  return chosen ?? storedTheme();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Applies a theme to the page (its class on <html>, as the head script does) and keeps it. */
export function setTheme(theme: Theme): void {
  chosen = theme;
  storePreference('theme', theme);
  const classes = document.documentElement.classList;
  classes.remove('light', 'dark');
  if (theme !== 'system') classes.add(theme);
  for (const listener of listeners) listener();
}

/** The visitor's theme: 'system' on the server and while hydrating, then the stored choice. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, current, () => 'system');
}
