import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ApiTransport, RenderPage } from '../../../common/rendered-page.ts';

type PageRendererModule = {
  createPageRenderer(answer: ApiTransport): RenderPage;
};

/**
 * How long a page may take to render before it is sent bare: a call that hangs (a database that does not
 * answer) must not hold the page with it. Its render goes on and is dropped.
 */
const renderTimeLimitMs = 2_000;

/** Where `npm run build` puts the web app's server entry (web/entry-server.tsx), beside the web app. */
const pageRendererFile = (webRoot: string) => path.resolve(webRoot, '../ssr/entry-server.js');

/**
 * The web app's own renderer (ADR 024), answering its API calls from this server as an anonymous
 * visitor, in-process. Without a build of it, no page is rendered here and every page is the bare app.
 * A page that fails to render, or takes too long, is logged and sent bare: the browser renders it as it always could.
 */
export async function loadPageRenderer(app: FastifyInstance, webRoot: string): Promise<RenderPage | undefined> {
  const file = pageRendererFile(webRoot);
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as PageRendererModule;
  const render = module.createPageRenderer(async (url) => {
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(answer.statusCode === 304 || answer.statusCode === 204 ? null : answer.rawPayload, { status: answer.statusCode, headers });
  });
  return async (url) => {
    // The path alone in the logs: a query string may carry a token.
    const logged = { path: url.split('?')[0] };
    let timer: NodeJS.Timeout | undefined;
    const tooLong = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        app.log.warn({ ...logged, ms: renderTimeLimitMs }, 'A page took too long to render on the server; it was sent for the browser to render.');
        resolve(undefined);
      }, renderTimeLimitMs);
    });
    try {
      // Joined, not resolved: an address beginning "//" stays a path on this shop.
      return await Promise.race([render(`http://shop.invalid${url}`), tooLong]);
    } catch (error) {
      app.log.error({ err: error, ...logged }, 'A page could not be rendered on the server; it was sent for the browser to render.');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}
