import type { Resource, ResourceLanguage } from 'i18next';
import { LANGUAGES, type Lang } from '../site.ts';

// Every namespace of every language, bundled into the server build at build time.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/locales/*/*.json', {
  eager: true,
});

function collect(): Resource {
  const resources: Resource = {};
  for (const [file, mod] of Object.entries(files)) {
    const match = /\/locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lang, ns] = match as unknown as [string, string, string];
    resources[lang] ??= {};
    (resources[lang] as ResourceLanguage)[ns] = mod.default;
  }
  return resources;
}

export const ALL_RESOURCES: Resource = collect();

/** The resources of one language limited to the given namespaces: what a page embeds for hydration. */
export function pickResources(lang: Lang, namespaces: readonly string[]): Resource {
  const all = ALL_RESOURCES[lang] ?? {};
  const picked: ResourceLanguage = {};
  for (const ns of namespaces) if (all[ns]) picked[ns] = all[ns];
  return { [lang]: picked };
}

export function assertLanguagesLoaded(): void {
  for (const lang of LANGUAGES) {
    if (!ALL_RESOURCES[lang]?.common) throw new Error(`Translation resources for "${lang}" are missing`);
  }
}
