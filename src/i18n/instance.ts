import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { Lang } from '../site.ts';

export const DEFAULT_NS = 'common';

/**
 * Creates a ready-to-use i18next instance from resources already in memory: the server passes all
 * of them, the browser passes the namespaces the server embedded in the page. Nothing is fetched.
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
