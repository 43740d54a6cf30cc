import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientScripts } from '../renderer/contract.ts';
import type { Assets } from '../site-context.tsx';

export interface PageAssets extends Assets, ClientScripts {}

/** Renders that start no client app (Markdown copies). */
export const NO_SCRIPTS: ClientScripts = { entryModules: [], preloadModules: [], pageModules: {} };

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

const CLIENT_ENTRY = 'src/browser/entry.tsx';

/** Reads Vite's client manifest once: the entry script, its static imports, its CSS and fonts. */
export function productionAssets(clientDir: string): PageAssets {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${manifestPath} has no entry for ${CLIENT_ENTRY}: run npm run build`);
  // The entry's static imports, each after its own imports (post-order), the entry last.
  const postOrder = (key: string, seen: Set<string>, out: string[] = []): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return out;
    seen.add(key);
    for (const dep of chunk.imports ?? []) postOrder(dep, seen, out);
    out.push(`/${chunk.file}`);
    return out;
  };
  const inEntry = new Set<string>();
  const modules = postOrder(CLIENT_ENTRY, inEntry);
  const pageModules: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isDynamicEntry && key.startsWith('src/pages/'))
      pageModules[key] = postOrder(key, new Set(inEntry));
  }
  // The latin face is on every page: preload it so text never waits for the stylesheet to find it.
  const fonts = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file))
    .map((file) => `/${file}`);
  return {
    styles: (entry.css ?? []).map((f) => `/${f}`),
    fonts,
    entryModules: [`/${entry.file}`],
    preloadModules: modules.slice(0, -1),
    pageModules,
  };
}

/** In development Vite serves the sources; the preamble and HMR client load as modules. */
export function developmentAssets(): PageAssets {
  return {
    styles: ['/src/styles.css'],
    fonts: [],
    entryModules: ['/@vite/client', `/${CLIENT_ENTRY}`],
    preloadModules: [],
    pageModules: {},
  };
}
