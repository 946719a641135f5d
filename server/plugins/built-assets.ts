import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { productPicturesManifest } from '../../common/built-pictures.ts';
import { preferredEncoding } from './http-negotiation.ts';

/** What a built file is, by its extension: the build writes only these kinds. */
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

/** One built file, with the compressed copies the build wrote beside it. */
interface BuiltFile {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  contentType: string;
}

/**
 * The headers every asset goes with. A hashed name never changes what it holds, so a browser keeps
 * it for a year without asking again. The page's own security headers (the Content-Security-Policy
 * and its kin) say nothing of a script or a font and would be sent once per file for nothing: an
 * asset keeps the two that apply to it.
 */
const assetHeaders = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

/** A file of the build with its .br and .gz copies, if the build wrote them; undefined for a kind it does not write. */
function readBuiltFile(file: string): BuiltFile | undefined {
  const contentType = contentTypes[path.extname(file)];
  if (!contentType || !fs.existsSync(file)) return undefined;
  const copy = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
  const identity = fs.readFileSync(file);
  return { identity, br: copy('.br'), gzip: copy('.gz'), contentType };
}

function readBuiltAssets(folder: string): Map<string, BuiltFile> {
  const assets = new Map<string, BuiltFile>();
  if (!fs.existsSync(folder)) return assets;
  for (const name of fs.readdirSync(folder)) {
    const asset = readBuiltFile(path.join(folder, name));
    if (asset) assets.set(name, asset);
  }
  return assets;
}

/** Sends a built file in the best encoding the client takes, with its type; the caller sets the caching. */
function sendBuiltFile(request: FastifyRequest, reply: FastifyReply, file: BuiltFile): FastifyReply {
  const encoding = preferredEncoding(request, file);
  reply.header('content-type', file.contentType).header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(file[encoding] ?? file.identity);
}

/**
 * The stable names of the shop's own product pictures (`smoothing-plane.webp`) and the hashed files
 * in /assets they were built into, as the build wrote them (scripts/product-pictures-manifest.ts).
 */
function readPictureNames(webRoot: string): Map<string, string> {
  const manifest = path.join(webRoot, productPicturesManifest);
  if (!fs.existsSync(manifest)) return new Map();
  const files = JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(files).map(([name, file]) => [name, path.basename(file)]));
}

/**
 * The build's hashed files (scripts, styles, fonts and the shop's own product pictures under
 * /assets), read into memory once at start (a new build comes with a restart) and sent as they are,
 * compressed by the build, on every request. The product pictures answer their stable names too.
 */
export function registerBuiltAssets(app: FastifyInstance, webRoot: string): void {
  const assets = readBuiltAssets(path.join(webRoot, 'assets'));
  if (assets.size === 0) return;
  const pictures = readPictureNames(webRoot);
  // A product picture under its stable name is kept a day, as the name may hold another picture after
  // the next build. The pages use the hashed names; this one is for the catalogue's records, a page's
  // social preview and the e-mails.
  app.get<{ Params: { file: string } }>(
    '/images/products/:file',
    { config: { access: 'public', cache: 'day', securityHeaders: false }, schema: { hide: true } },
    async (request, reply) => {
      const hashed = pictures.get(request.params.file);
      const asset = hashed === undefined ? undefined : assets.get(hashed);
      if (!asset) return reply.callNotFound();
      return sendBuiltFile(request, reply.headers(assetHeaders), asset);
    },
  );
  app.get<{ Params: { file: string } }>(
    '/assets/:file',
    { config: { access: 'public', cache: 'immutable', securityHeaders: false }, schema: { hide: true } },
    async (request, reply) => {
      const asset = assets.get(request.params.file);
      if (!asset) return reply.callNotFound();
      return sendBuiltFile(request, reply.headers(assetHeaders), asset);
    },
  );
}
