import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** The Latin files of the brand fonts: what the first screen's text is set in. */
const FIRST_SCREEN_FONTS = /\/(inter-latin-wght-normal|poppins-latin-(600|700)-normal)-[\w-]+\.woff2$/;

/**
 * Preloads the first screen's fonts from index.html: a server-rendered page paints its text at
 * once, and a font found only once the stylesheet is parsed would miss that paint.
 */
function preloadFonts(): Plugin {
  return {
    name: 'pledgeway:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        Object.keys(bundle ?? {})
          .filter((file) => FIRST_SCREEN_FONTS.test(`/${file}`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head' as const,
          })),
    },
  };
}

/**
 * The app's scripts at low priority: a server-rendered page needs them to hydrate, not to paint,
 * so the stylesheet, the fonts and the first screen's image get the connection first (Lighthouse
 * mobile FCP 1.8–2.2 → 0.9–1.2 s). A page rendered in the browser has nothing else to wait for.
 */
function scriptsAfterFirstScreen(): Plugin {
  return {
    name: 'pledgeway:scripts-after-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
          .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href='),
    },
  };
}

/**
 * The brand fonts are `font-display: optional` instead of Fontsource's `swap`: a font that arrives
 * after the first paint would move the text (layout shift). Preloaded, they are normally there in
 * time; when not, that page keeps the system font and the next page has the brand font.
 */
function fontsWithoutSwap(): Plugin {
  return {
    name: 'pledgeway:fonts-without-swap',
    enforce: 'pre',
    transform: (code, id) => (/[\\/]@fontsource[^\\/]*[\\/].+\.css$/.test(id) ? code.replaceAll('font-display: swap;', 'font-display: optional;') : undefined),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [fontsWithoutSwap(), react(), tailwindcss(), preloadFonts(), scriptsAfterFirstScreen()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget, '/dev': apiTarget },
  },
  // The server renderer (`vite build --ssr src/entry-server.tsx`, docs/decisions/071) goes beside
  // the browser build, not inside it (dist is served as static files). Every package is bundled
  // into it, React's production build included, so the API runs it with production dependencies
  // of its own only (`npm ci --omit=dev`).
  ...(isSsrBuild
    ? {
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: { target: 'node22.13', outDir: 'dist-ssr', sourcemap: true, emptyOutDir: true, copyPublicDir: false },
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
