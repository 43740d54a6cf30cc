import type { ClientI18n } from './client-i18n.ts';
import type { Lang } from '../site.ts';

// One lazy chunk per language and namespace: a client navigation loads only what the next page needs.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

/**
 * Makes sure the browser's translations have the namespaces for the language, and switches to it.
 * The client entry hands this to route loaders (src/routes.tsx, `LoadContext`), which run it
 * before a navigation commits; on the server every resource is already in memory.
 */
export async function ensureNamespaces(
  i18n: ClientI18n,
  lang: Lang,
  namespaces: readonly string[],
): Promise<void> {
  await Promise.all(
    namespaces.map(async (ns) => {
      if (i18n.hasResourceBundle(lang, ns)) return;
      const load = loaders[`./locales/${lang}/${ns}.json`];
      if (!load) return;
      const mod = await load();
      i18n.addResourceBundle(lang, ns, mod.default);
    }),
  );
  if (i18n.language !== lang) i18n.changeLanguage(lang);
}
