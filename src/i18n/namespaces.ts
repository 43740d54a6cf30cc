import type { ClientI18n } from './client-i18n.ts';
import type { Lang } from '../site.ts';

// One lazy chunk per language and namespace: a client navigation loads only what the next page needs.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

let clientI18n: ClientI18n | undefined;

/** Registers the browser's translations (set once by the client entry). */
export function setClientI18n(instance: ClientI18n): void {
  clientI18n = instance;
}

/**
 * Makes sure the namespaces are loaded for the language and switches to it. Runs in route loaders in
 * the browser before a navigation commits; on the server every resource is already in memory.
 */
export async function ensureNamespaces(lang: Lang, namespaces: readonly string[]): Promise<void> {
  const instance = clientI18n;
  if (!instance) return;
  await Promise.all(
    namespaces.map(async (ns) => {
      if (instance.hasResourceBundle(lang, ns)) return;
      const load = loaders[`./locales/${lang}/${ns}.json`];
      if (!load) return;
      const mod = await load();
      instance.addResourceBundle(lang, ns, mod.default);
    }),
  );
  if (instance.language !== lang) instance.changeLanguage(lang);
}
