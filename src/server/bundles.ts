import type { Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RendererBundle } from '../renderer/contract.ts';
import { developmentAssets, productionAssets, type PageAssets } from './assets.ts';

/** Client and server bundles: Vite's dev server in development, dist/ in production. */
export async function loadBundles(
  root: string,
  options: { dev?: boolean; httpServer?: Server; renderer?: RendererBundle },
) {
  if (options.dev) {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      root,
      server: { middlewareMode: true, hmr: options.httpServer ? { server: options.httpServer } : false },
      appType: 'custom',
    });
    return {
      renderer: () => vite.ssrLoadModule('/src/renderer/entry.tsx') as Promise<RendererBundle>,
      assets: developmentAssets(),
      vite,
    };
  }
  const assets: PageAssets = productionAssets(path.join(root, 'dist/client'));
  const bundle =
    options.renderer ??
    ((await import(pathToFileURL(path.join(root, 'dist/server/renderer.js')).href)) as RendererBundle);
  // Loading the bundle validates the content (a bad article stops start-up here).
  return { renderer: () => Promise.resolve(bundle), assets, vite: undefined };
}
