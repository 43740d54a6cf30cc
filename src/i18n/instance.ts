import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { LANGUAGES, type Lang } from '../site.ts';

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
    supportedLngs: [...LANGUAGES],
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

/**
 * A translate function fixed to one language and a default namespace; a key may name another
 * namespace (`tools:results.evidence`). Interpolation does not escape: results are plain text.
 * Values are a record (not `object`) so that i18next's TFunction can be passed where one is expected.
 */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Reads the texts of code outside React (the server's emails and audit, the renderer's site files). */
export interface TextReader {
  /** A translate function for `lang`, keys read in `ns` unless they name their namespace. */
  (lang: Lang, ns?: string): Translate;
  /** The i18next instance of `lang` (what React's I18nProvider takes). */
  instance(lang: Lang): I18n;
}

export interface TextReaderOptions {
  /**
   * A missing key, or one that names a group of texts rather than a text, throws naming it (for files
   * generated from the texts, which must never print a key). Otherwise i18next's answer is returned.
   */
  strict?: boolean;
}

/**
 * The one reader of translations over resources in memory: an i18next instance per language, made
 * when the language is first read and kept (a cache of immutable instances: only `t` is ever called).
 */
export function textReader(resources: Resource, options: TextReaderOptions = {}): TextReader {
  const instances = new Map<Lang, I18n>();
  const instance = (lang: Lang): I18n => {
    let found = instances.get(lang);
    if (!found) {
      found = createI18n(lang, resources);
      instances.set(lang, found);
    }
    return found;
  };
  const read = (lang: Lang, ns = DEFAULT_NS): Translate => {
    const i18n = instance(lang);
    const t = i18n.getFixedT(lang, ns);
    return (key, values) => {
      if (options.strict) {
        const value: unknown = t(key, { ...values, returnObjects: true } as never);
        if (!i18n.exists(key, { ns }) || typeof value !== 'string') {
          throw new Error(`Missing translation ${lang}:${key}`);
        }
        return value;
      }
      return String(t(key, values as never));
    };
  };
  return Object.assign(read, { instance });
}
