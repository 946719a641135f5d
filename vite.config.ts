import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import path from 'node:path';
import { entryScriptAfterPage } from './scripts/entry-script-after-page.ts';
import { firstLoadChunk } from './scripts/first-load-chunk.ts';
import { productPicturesManifestPlugin } from './scripts/product-pictures-manifest.ts';

const firstLoad = firstLoadChunk();

// The web app lives in web/ and builds into dist/web, which the API server serves; its server
// entry (web/entry-server.tsx, `vite build --ssr`) builds into dist/ssr, with which the server renders
// public pages (ADR 024). `npm run dev:web` proxies /api to a server started with `npm run dev:server`.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [firstLoad.plugin, entryScriptAfterPage(), productPicturesManifestPlugin(path.resolve('web/assets/product-pictures'))])],
  build: isSsrBuild
    ? { outDir: '../dist/ssr', emptyOutDir: true, assetsInlineLimit: 0, sourcemap: false, copyPublicDir: false, rolldownOptions: { input: 'web/entry-server.tsx' } }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        assetsInlineLimit: 0,
        sourcemap: false,
        rolldownOptions: {
          // Vite's preload helper, used by the entry and the app alike, in a chunk of its own: in the
          // app's, the entry would import the whole app before the first paint (ADR 026).
          // React apart from the rest of the first load, so that the browser evaluates the two in separate
          // tasks (main.tsx), neither long enough to hold up a tap.
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: /\/node_modules\/(react|react-dom|scheduler)\//, priority: 3 },
                { name: 'vite-helpers', test: /^\0vite\//, priority: 2 },
                { name: 'first-load', test: firstLoad.loadsFirst, priority: 1 },
              ],
            },
          },
        },
      },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
