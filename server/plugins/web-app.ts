import { createHash } from 'node:crypto';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes } from '../../common/schemas/errors.ts';
import { type BuiltFile, readBuiltFile, registerBuiltAssets, sendBuiltFile } from './built-assets.ts';
import { matchesEntityTag } from './http-negotiation.ts';

/** The page itself must be revalidated on every load; the other unhashed files (pictures, the icon) are kept a day. */
function cacheControlFor(filePath: string): string {
  // With pre-compressed files the path is that of the .br or .gz beside the original.
  return filePath.replace(/\.(br|gz)$/, '').endsWith('.html') ? 'no-cache' : 'public, max-age=86400';
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** A last path segment with an extension names a file; a missing file is a 404, never the app. */
function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/** The app's page, checked by the browser on every load: a 304 when its copy (tagged `etag`) is this build's. */
function sendAppPage(request: FastifyRequest, reply: FastifyReply, page: BuiltFile, etag: string): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', etag);
  if (matchesEntityTag(request, etag)) return reply.code(304).send();
  return sendBuiltFile(request, reply, page);
}

/**
 * Serves the built single-page app: the hashed assets from memory (registerBuiltAssets), the other
 * files from the folder. Every path that is not a file or an API call answers index.html, so that
 * reloading a deep link such as /dashboard/myorders works. Unknown /api paths answer a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  // The page every app path answers, read once: a new build comes with a restart.
  const page = readBuiltFile(path.join(webRoot, 'index.html'));
  // A strong tag of its bytes; the hashed assets need none, their names change with them.
  const pageTag = page && `"${createHash('sha1').update(page.identity).digest('base64url')}"`;
  const built = page !== undefined;
  if (built) {
    registerBuiltAssets(app, webRoot);
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      // One route per built file, found at start; every other path falls through to the handler below.
      wildcard: false,
      globIgnore: ['assets/**'],
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
    if (page && pageTag && !api && (request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(request.url)) {
      return sendAppPage(request, reply, page, pageTag);
    }
    const message = api
      ? `There is no API endpoint ${request.method} ${request.url.split('?')[0]}.`
      : built
        ? 'Not found.'
        : 'The web app is not built. Run "npm run build", then start the server again.';
    return reply.status(404).send({ code: errorCodes.notFound, message });
  });
}
