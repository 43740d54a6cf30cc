import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, minify, transformWithOxc, type Plugin } from 'vite';
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
 * V8's explicit compile hint (Chrome 136+): a script whose first line is this comment has all its
 * functions compiled eagerly, off the main thread while it downloads, instead of one by one on the
 * main thread the first time each is called. Worth it only for code that mostly runs at start-up:
 * the libraries every page hydrates with. Other engines ignore the comment.
 */
function eagerCompileHint(chunkNames: readonly string[]): Plugin {
  return {
    name: 'eager-compile-hint',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && chunkNames.includes(file.name))
          file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
      }
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

const STARTER_SOURCE = fileURLToPath(new URL('./src/browser/starter.ts', import.meta.url));
const STARTER_MODULE = 'virtual:client-starter';

/**
 * The client starter (src/browser/starter.ts) as the renderer inlines it: the function's source,
 * types stripped and minified with the bundler's own minifier, as a function expression
 * (`function e(e,t,n){…}`) the renderer calls with the page's modules (src/renderer/client-starter.ts).
 */
export async function compileClientStarter(file = STARTER_SOURCE): Promise<string> {
  const source = await readFile(file, 'utf8');
  const { code } = await transformWithOxc(source, file, { lang: 'ts', sourcemap: false });
  // Target ES2020, the dynamic import() the starter itself uses: every browser that runs it.
  const minified = await minify(path.basename(file, '.ts') + '.js', code, {
    compress: { target: 'es2020' },
    mangle: { toplevel: true },
    module: true,
    sourcemap: false,
  });
  if (minified.errors.length) throw new Error(`${file}: ${minified.errors.map((e) => e.message).join('; ')}`);
  // The module is its default export and nothing else: what follows `export default` is the function.
  const match = /^export default (function\b[\s\S]*\})\s*;?\s*$/.exec(minified.code);
  const startClient = match?.[1];
  // A syntax check (nothing runs): the rest must be one function expression the renderer can call.
  if (!startClient || typeof new Function(`return (${startClient})`)() !== 'function')
    throw new Error(`${file} must default-export one function and contain nothing else`);
  return startClient;
}

/**
 * `virtual:client-starter`: the minified starter as a string, in the renderer bundle and in
 * development (Vite's ssrLoadModule), rebuilt when its source changes.
 */
function clientStarterModule(): Plugin {
  const resolved = `\0${STARTER_MODULE}`;
  return {
    name: 'client-starter',
    resolveId: (id) => (id === STARTER_MODULE ? resolved : null),
    async load(id) {
      if (id !== resolved) return null;
      this.addWatchFile(STARTER_SOURCE);
      return `export default ${JSON.stringify(await compileClientStarter())};`;
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
    clientStarterModule(),
    ...(isSsrBuild ? [] : [eagerCompileHint(['react-dom', 'react-router']), precompressedAssets()]),
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
          input: 'src/browser/entry.tsx',
          // The libraries every page loads, one chunk each: the browser evaluates each in its own
          // task when the page starts (src/renderer/client-starter.ts), instead of one long evaluation.
          output: {
            codeSplitting: {
              // A group takes the modules it names, not everything they import (react, shared helpers).
              includeDependenciesRecursively: false,
              groups: [
                {
                  name: 'react-dom',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/]browser[\\/]react-dom-client\.ts$/,
                },
                {
                  name: 'react-router',
                  test: /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
                },
                {
                  // The small blocks most inner pages are built of (hero, action links, cards, lists):
                  // one chunk of 1.3 KB gzip rather than four of 250-770 bytes, each a download the
                  // starter must begin and a module to evaluate, on the Tools page, the article and
                  // nine other pages (decision 047). The home page uses none of them.
                  name: 'page-kit',
                  test: /[\\/]src[\\/]components[\\/](PageHero|Primitives|sections[\\/](ActionLinks|PageBlocks))\.tsx$/,
                },
                {
                  // The lead forms' shared code (state, fields, checks) always loads together: one
                  // chunk rather than four small ones, each with its own import boilerplate.
                  name: 'lead-form',
                  test: /[\\/]src[\\/](components[\\/]forms[\\/]|lib[\\/](urls|form-limits)\.ts$)/,
                },
              ],
            },
          },
        },
      },
}));
