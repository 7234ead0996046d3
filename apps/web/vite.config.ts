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
    : { build: { target: 'es2022', sourcemap: false, reportCompressedSize: true, manifest: true } }),
}));
