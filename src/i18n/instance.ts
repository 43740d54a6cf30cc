import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { Lang } from '../site.ts';

export const DEFAULT_NS = 'common';

/**
 * Creates a ready-to-use i18next instance from resources already in memory (the server's, with every
 * namespace; the browser reads the same JSON with ClientI18n, decision 014). Nothing is fetched.
 */
export function createI18n(lang: Lang, resources: Resource): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    supportedLngs: ['en', 'fr'],
    resources,
    defaultNS: DEFAULT_NS,
    ns: Object.keys(resources[lang] ?? {}),
    initAsync: false,
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
