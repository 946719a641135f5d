import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import path from 'node:path';
import { firstLoadChunk } from './scripts/first-load-chunk.ts';
import { productPicturesManifestPlugin } from './scripts/product-pictures-manifest.ts';

const firstLoad = firstLoadChunk();

// The web app lives in web/ and builds into dist/web, which the API server serves.
// `npm run dev:web` proxies /api to a server started with `npm run dev:server`.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), firstLoad.plugin, productPicturesManifestPlugin(path.resolve('web/assets/product-pictures'))],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    sourcemap: false,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'first-load', test: firstLoad.loadsFirst }] } },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
