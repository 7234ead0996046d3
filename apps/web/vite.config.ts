import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget, '/dev': apiTarget },
  },
  // The server renderer (`vite build --ssr src/entry-server.tsx`, docs/decisions/069) goes beside
  // the browser build, not inside it (dist is served as static files). Every package is bundled
  // into it, React's production build included, so the API runs it with production dependencies
  // of its own only (`npm ci --omit=dev`).
  ...(isSsrBuild
    ? {
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: { target: 'node20', outDir: 'dist-ssr', sourcemap: true, emptyOutDir: true, copyPublicDir: false },
      }
    : {
        build: {
          target: 'es2022',
          sourcemap: false,
          reportCompressedSize: true,
          manifest: true,
          // The page loads the entry's own imports (modulepreload links in index.html); a lazy
          // chunk's imports are not listed again in the entry (about 2.5 KB gzip of file lists on
          // every page): the server preloads the first page's chunks (lib/ssr.ts in the API), later
          // pages fetch theirs as they import them. Stylesheets of lazy chunks are still loaded.
          modulePreload: {
            polyfill: false,
            resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))),
          },
        },
      }),
}));
