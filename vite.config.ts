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

// One config for the client bundle (dist/client, with a manifest the server reads)
// and the SSR bundle (`vite build --ssr src/entry-server.tsx --outDir dist/server`).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), sonnerWithoutInlineStyle()],
  // Pre-bundling would skip the transform above in development.
  optimizeDeps: { exclude: ['sonner'] },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false, target: 'node20' }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rollupOptions: { input: 'src/entry-client.tsx' },
      },
  ssr: { noExternal: isSsrBuild ? ['react-helmet-async'] : [] },
}));
