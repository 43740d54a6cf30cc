import { createContext, useContext, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';

// The i18next instance of this render (server) or of the page (browser), through a context of our
// own rather than react-i18next: components only ever need a `t` fixed to the page language
// (hooks.ts), which takes a few lines here instead of about 2 KB of client JavaScript with its
// subscription machinery (design §10 budget; decision 012).
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n() needs an I18nProvider above it');
  return i18n;
}
