// Visitor preferences (language, theme) kept in a cookie, so the server renders the right thing on the
// next request, and in local storage. The server reads the cookie; `storePreference` touches browser
// storage and is only ever called from event handlers, so importing this module is safe anywhere.

export type Theme = 'light' | 'dark' | 'system';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark' || value === 'system';
}

export const PREFERENCE_MAX_AGE = 60 * 60 * 24 * 365;

export function storePreference(name: 'lang' | 'theme', value: string): void {
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${PREFERENCE_MAX_AGE}; SameSite=Lax${secure}`;
  } catch {
    /* cookies disabled */
  }
  try {
    window.localStorage.setItem(name, value);
  } catch {
    /* storage disabled or full */
  }
}
