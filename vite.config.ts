import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// One config for the client bundle (dist/client, with a manifest the server reads)
// and the SSR bundle (`vite build --ssr src/entry-server.tsx --outDir dist/server`).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
