import type { Resource } from 'i18next';
import { LANGUAGES } from '../site.ts';

// The translation files code of the Express process reads (its emails, its messages), loaded for
// every language of LANGUAGES: a language the site gains is read without touching the modules that
// use it. One dynamic import names the file by its language and namespace: tsx (development, the
// scripts) imports the JSON as it is, and the server build bundles each file the pattern can name.

type LocaleFile = { default: Record<string, unknown> };

/** `{ [lang]: { [namespace]: texts } }` for these namespaces, every language of the site. */
export async function loadLocales(namespaces: readonly string[]): Promise<Resource> {
  const languages = await Promise.all(
    LANGUAGES.map(async (lang) => {
      const files = await Promise.all(
        namespaces.map(async (ns) => {
          const file = (await import(`../i18n/locales/${lang}/${ns}.json`)) as LocaleFile;
          return [ns, file.default] as const;
        }),
      );
      return [lang, Object.fromEntries(files)] as const;
    }),
  );
  return Object.fromEntries(languages);
}
