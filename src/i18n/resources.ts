import { LANGUAGES, type Lang } from '../site.ts';
import type { CopyMap, Namespace } from './copy.ts';

// Translation resources for code outside the pages (the server's API messages, the audit's texts,
// the emails): the namespaces it asks for, in every language of LANGUAGES, read from the same files
// as the pages (src/i18n/locales/{lang}/{ns}.json). A language added to LANGUAGES is loaded here
// without another line. The import is dynamic so that it works the same under Node (development,
// scripts) and in the Vite build, which bundles the files: nothing is fetched at run time.

/** Per language, the namespaces asked for, each typed from its English file (CopyMap). */
export type NamespaceResources<N extends Namespace> = Record<Lang, { [K in N]: CopyMap[K] }>;

async function loadFile(lang: Lang, ns: Namespace): Promise<unknown> {
  const file = (await import(`./locales/${lang}/${ns}.json`, { with: { type: 'json' } })) as {
    default: unknown;
  };
  return file.default;
}

/**
 * Loads `namespaces` in every language, ready for textReader (src/i18n/instance.ts) or to read
 * directly: `(await loadNamespaces(['forms'])).fr.forms.errors`.
 */
export async function loadNamespaces<const N extends Namespace>(
  namespaces: readonly N[],
): Promise<NamespaceResources<N>> {
  const languages = await Promise.all(
    LANGUAGES.map(async (lang) => {
      const files = await Promise.all(namespaces.map(async (ns) => [ns, await loadFile(lang, ns)] as const));
      return [lang, Object.fromEntries(files)] as const;
    }),
  );
  return Object.fromEntries(languages) as NamespaceResources<N>;
}
