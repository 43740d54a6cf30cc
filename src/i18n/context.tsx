import { createContext, useContext, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { Lang } from '../site.ts';

/**
 * What components need of translations: a `t` fixed to a language and namespace. The server's
 * i18next instance provides it, and so does the browser's reader of the same JSON (ClientI18n,
 * decision 014).
 */
export interface Translations {
  readonly language: string;
  getFixedT(lang: Lang, ns: string): TFunction;
}

// Through a context of our own rather than react-i18next: components only ever need a `t` fixed to
// the page language (hooks.ts), which takes a few lines here instead of about 2 KB of client
// JavaScript with its subscription machinery (the JavaScript budget in docs/performance.md; decision 012).
const I18nContext = createContext<Translations | null>(null);

export function I18nProvider({ i18n, children }: { i18n: Translations; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useI18n(): Translations {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n() needs an I18nProvider above it');
  return i18n;
}
