import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorCodes } from '../../common/schemas/errors.ts';

/** Hashed build output never changes under its name; the page itself must be revalidated on every load. */
function cacheControlFor(filePath: string): string {
  // With pre-compressed files the path is that of the .br or .gz beside the original.
  const original = filePath.replace(/\.(br|gz)$/, '');
  if (original.endsWith('.html')) return 'no-cache';
  if (original.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=86400';
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** A last path segment with an extension names a file; a missing file is a 404, never the app. */
function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/**
 * Serves the built single-page app. Hashed assets are cached for a year; every path that is not
 * a file or an API call answers index.html, so that reloading a deep link such as
 * /dashboard/myorders works. Unknown /api paths answer a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const built = fs.existsSync(path.join(webRoot, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      // One route per built file, found at start; every other path falls through to the handler below.
      wildcard: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', cacheControlFor(filePath));
      },
    });
  } else {
    app.log.warn(`No built web app at ${webRoot}: run "npm run build" to serve the shop's pages.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const api = isApiPath(request.url);
    if (built && !api && (request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(request.url)) {
      return reply.sendFile('index.html');
    }
    const message = api
      ? `There is no API endpoint ${request.method} ${request.url.split('?')[0]}.`
      : built
        ? 'Not found.'
        : 'The web app is not built. Run "npm run build", then start the server again.';
    return reply.status(404).send({ code: errorCodes.notFound, message });
  });
}
