import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { productPicturesManifest } from '../common/built-pictures.ts';

/**
 * Writes which hashed file in /assets each of the shop's own product pictures became
 * (`{ "smoothing-plane.webp": "assets/smoothing-plane-3kf9sD1x.webp", … }`), so that the server can
 * keep answering a product's stable address, /images/products/<name>, which the catalogue's records,
 * a page's social preview and the e-mails name (ADR 022). The development server answers those
 * addresses from the pictures' folder itself.
 */
export function productPicturesManifestPlugin(picturesFolder: string): Plugin {
  // The bundle names an asset's source relative to the app's root (web/).
  let root = '';
  return {
    name: 'joinery:product-pictures-manifest',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use('/images/products', (request, response, next) => {
        // The prefix is taken off the address here; only a file's own name is looked for.
        const name = path.basename(decodeURIComponent((request.url ?? '').split('?')[0] ?? ''));
        const file = path.join(picturesFolder, name);
        if (!name.endsWith('.webp') || !fs.existsSync(file)) return next();
        response.setHeader('content-type', 'image/webp');
        fs.createReadStream(file).pipe(response);
      });
    },
    generateBundle(_options, bundle) {
      const files: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'asset') continue;
        // Pictures of the same bytes (one tool's picture reused for another) are one asset: each name is kept.
        for (const source of output.originalFileNames.filter((name) => path.resolve(root, name).startsWith(picturesFolder + path.sep))) {
          files[path.basename(source)] = output.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: productPicturesManifest, source: `${JSON.stringify(files, null, 2)}\n` });
    },
  };
}
