import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Assets } from '../site-context.tsx';

export interface PageAssets extends Assets {
  /** Modules React loads to hydrate the page (humans only). */
  bootstrapModules: string[];
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

const CLIENT_ENTRY = 'src/entry-client.tsx';

/** Reads Vite's client manifest once: the entry script, its static imports, its CSS and fonts. */
export function productionAssets(clientDir: string): PageAssets {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${manifestPath} has no entry for ${CLIENT_ENTRY}: run npm run build`);
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(`/${chunk.file}`)) return;
    if (key !== CLIENT_ENTRY) preloads.add(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(CLIENT_ENTRY);
  // The latin face is on every page: preload it so text never waits for the stylesheet to find it.
  const fonts = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file))
    .map((file) => `/${file}`);
  return {
    styles: (entry.css ?? []).map((f) => `/${f}`),
    modulePreloads: [...preloads],
    fonts,
    bootstrapModules: [`/${entry.file}`],
  };
}

/** In development Vite serves the sources; the preamble and HMR client load as modules. */
export function developmentAssets(): PageAssets {
  return {
    styles: ['/src/styles.css'],
    modulePreloads: [],
    fonts: [],
    bootstrapModules: ['/@vite/client', `/${CLIENT_ENTRY}`],
  };
}
