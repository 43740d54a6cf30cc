import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { COPY_EXTENSIONS, encode } from './src/server/compressed.ts';

/**
 * sonner injects its stylesheet with a <style> element at import time, which the CSP (style-src
 * 'self', no inline styles) blocks. Drop the injection; Toaster.tsx imports sonner's CSS file instead.
 */
function sonnerWithoutInlineStyle(): Plugin {
  return {
    name: 'sonner-without-inline-style',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      return { code: code.replace(/__insertCSS\("(?:[^"\\]|\\.)*"\);?/g, ''), map: null };
    },
  };
}

/**
 * The hashed assets compressed once, at build time, at the highest settings (brotli 11, gzip 9): a
 * `.br` and a `.gz` beside each JS, CSS, SVG and JSON file, each only when smaller than the file, which
 * src/server/static-files.ts sends to the clients that accept them (decision 035). Fonts (woff2) and
 * images are compressed formats already.
 */
function precompressedAssets(): Plugin {
  return {
    name: 'precompressed-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const files = Object.values(bundle).filter((file) =>
        /^assets\/[^/]+\.(?:m?js|css|svg|json)$/.test(file.fileName),
      );
      await Promise.all(
        files.map(async (file) => {
          // The bytes as written, so that each copy decompresses to exactly the file.
          const target = path.join(options.dir!, file.fileName);
          const raw = await readFile(target);
          const encoded = await encode(raw);
          for (const [encoding, ext] of COPY_EXTENSIONS)
            if (encoded[encoding].length < raw.length) await writeFile(target + ext, encoded[encoding]);
        }),
      );
    },
  };
}

// One config for the client bundle (dist/client, with a manifest the server reads) and, with
// `vite build --ssr`, the server: the renderer bundle (renderer.js) and the Express server
// itself (server.js), so production runs plain `node dist/server/server.js` with no TypeScript
// loader in memory.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    sonnerWithoutInlineStyle(),
    ...(isSsrBuild ? [] : [precompressedAssets()]),
  ],
  // Pre-bundling would skip the transform above in development.
  optimizeDeps: { exclude: ['sonner'] },
  build: isSsrBuild
    ? {
        ssr: true,
        outDir: 'dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node20',
        rollupOptions: {
          input: {
            renderer: 'src/renderer/entry.tsx',
            server: 'server.ts',
            // The audit's analysis threads load this module (decision 022).
            'audit-worker': 'src/server/audit/worker.ts',
          },
          // The server bundles every translation up front (src/renderer/translations.ts) while the browser
          // loads them per page with import(): on the server those import() calls stay in one
          // chunk on purpose, which is what this check would warn about 24 times.
          checks: { ineffectiveDynamicImport: false },
        },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rollupOptions: {
          // One entry; Rolldown splits the chunks by dynamic import (a chunk per page module).
          input: 'src/browser/entry.tsx',
        },
      },
}));
