import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';

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

// One config for the client bundle (dist/client, with a manifest the server reads) and, with
// `vite build --ssr`, the server: the renderer bundle (renderer.js) and the Express server
// itself (server.js), so production runs plain `node dist/server/server.js` with no TypeScript
// loader in memory.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    sonnerWithoutInlineStyle(),
    ...(isSsrBuild ? [] : [eagerCompileHint(['react-dom'])]),
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
          input: { renderer: 'src/renderer/entry.tsx', server: 'server.ts' },
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
              groups: [
                {
                  name: 'react-dom',
                  test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]|[\\/]src[\\/]client[\\/]react-dom-client\.ts$/,
                },
                {
                  name: 'react-router',
                  test: /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
                },
              ],
            },
          },
        },
      },
}));
