// Visitor preferences. The language is kept in a cookie, which the server reads to send a visitor
// who asks for `/` to their language, and in local storage. The theme is kept in local storage only:
// a page is the same bytes for every person (a shared cache may keep it, decision 037), and the head
// script THEME_SCRIPT applies the stored choice before the first paint. `storePreference` touches
// browser storage and is only ever called from event handlers, so importing this module is safe
// anywhere.

export type Theme = 'light' | 'dark' | 'system';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark' || value === 'system';
}

const PREFERENCE_MAX_AGE = 60 * 60 * 24 * 365;

/**
 * The theme part of a person's inline head script (src/lib/head-script.ts): puts the stored theme's
 * class on <html> before the first paint, so a chosen theme never flashes.
 */
export const THEME_SCRIPT =
  'try{var t=localStorage.getItem("theme");if(t==="light"||t==="dark")document.documentElement.classList.add(t)}catch(e){}';

/** The theme a visitor chose in this browser ('system' when none, or storage is off). */
export function storedTheme(): Theme {
  try {
    const value = window.localStorage.getItem('theme');
    return isTheme(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

/**
 * Removes the theme cookie earlier versions kept beside local storage (which holds the same
 * choice): a cookie would make every page request of this browser miss the shared caches (Vary: Cookie).
 */
export function forgetThemeCookie(): void {
  try {
    if (/(?:^|;\s*)theme=/.test(document.cookie)) document.cookie = 'theme=; Path=/; Max-Age=0; SameSite=Lax';
  } catch {
    /* cookies disabled */
  }
}

export function storePreference(name: 'lang' | 'theme', value: string): void {
  if (name === 'lang') {
    try {
      const secure = window.location.protocol === 'https:' ? '; Secure' : '';
      document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${PREFERENCE_MAX_AGE}; SameSite=Lax${secure}`;
    } catch {
      /* cookies disabled */
    }
  }
  try {
    window.localStorage.setItem(name, value);
  } catch {
    /* storage disabled or full */
  }
}
