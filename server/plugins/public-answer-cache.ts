import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { totalCountCappedHeader, totalCountHeader } from '../../common/pagination.ts';
import { createVersionWatch } from '../db/version-watch.ts';
import type { CatalogueVersion } from '../modules/catalogue-cache/catalogue-version.ts';
import { matchesEntityTag, preferredEncoding } from './http-negotiation.ts';

/** An answer as sent once: its bytes in each encoding, made once, and the headers of its own that go with them. */
interface KeptAnswer {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  headers: Record<string, string>;
}

export interface PublicAnswerCacheSettings {
  /** Whose changes drop the kept answers. */
  version: CatalogueVersion;
  /** How old the last look at the catalogue's version may be before a request looks again. */
  checkEveryMs: number;
  /** How many answers are kept; the oldest goes first. */
  maxAnswers: number;
}

/** The headers a kept answer is sent with again; the others (security, cache policy, request id) are set on each request by their own hooks. */
const keptHeaders = ['content-type', totalCountHeader, totalCountCappedHeader];

declare module 'fastify' {
  interface FastifyRequest {
    /** The kept answer this request was sent from memory, in the first hooks. */
    answeredFromMemory: KeptAnswer | undefined;
    /** The catalogue's version when this request looked: its answer is kept only if that is still the version. */
    catalogueVersionSeen: number | undefined;
  }
}

function cacheable(request: FastifyRequest): boolean {
  const { access, cache } = request.routeOptions.config;
  return access === 'public' && cache === 'revalidate' && (request.method === 'GET' || request.method === 'HEAD');
}

/** Sets a kept answer's headers and answers its bytes in the best encoding the client takes (brotli, gzip, none). */
function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer): Buffer {
  for (const [name, value] of Object.entries(kept.headers)) reply.header(name, value);
  reply.header('etag', kept.etag).header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return kept[encoding];
}

/**
 * The public catalogue's answers (products, a product, reviews) and the pages rendered from them
 * (ADR 024): routes declared `public` and `revalidate`, kept in memory, serialized and compressed
 * once, and sent again as they are while the catalogue's version stays the same (ADR 019). The
 * version is read at most every `checkEveryMs`, and at once after any change this process makes, so
 * that an admin sees their own edit on the next load and every other process within a second. A
 * browser's copy still gets its 304.
 *
 * A kept answer is sent from Fastify's first hook (`onRequest`), so it skips the route's own work
 * (sessions, validation, the handler, serializing) but every `onSend` and `onResponse` hook still runs
 * for it: the security headers, cache policy, request id and log are those of any answer (ADR 035).
 */
function createPublicAnswerCache({ version, ...settings }: PublicAnswerCacheSettings) {
  const kept = new Map<string, KeptAnswer>();
  const watch = createVersionWatch(() => version.current(), settings.checkEveryMs);
  let keptVersion: number | undefined;

  /** Brings the kept answers up to date with the catalogue: all dropped when its version moved. */
  async function upToDate(): Promise<void> {
    const current = await watch.current();
    if (current !== keptVersion) {
      kept.clear();
      keptVersion = current;
    }
  }

  /**
   * Sends the request's kept answer, if there is one, without calling `done`: Fastify then runs no
   * further onRequest hook nor the route, but every onSend and onResponse hook as for any answer.
   */
  function answerFromMemory(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    request.catalogueVersionSeen = keptVersion;
    const answer = kept.get(request.url);
    if (!answer) {
      done();
      return;
    }
    request.answeredFromMemory = answer;
    const body = sendKept(request, reply, answer);
    if (matchesEntityTag(request, answer.etag)) reply.code(304).send();
    else reply.send(body);
  }

  /** Keeps an answer the route made, compressed once, and sends it in the client's encoding; any other payload goes out as it is. */
  function keptOnce(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    // Read while the catalogue changed (another request saw a newer version since): sent, not kept.
    if (request.answeredFromMemory || !cacheable(request) || reply.statusCode !== 200) return payload;
    if (request.catalogueVersionSeen === undefined || request.catalogueVersionSeen !== keptVersion) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const identity = Buffer.from(payload);
    const headers: Record<string, string> = {};
    for (const name of keptHeaders) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const answer: KeptAnswer = {
      identity,
      br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
      gzip: zlib.gzipSync(identity, { level: 6 }),
      etag: String(reply.getHeader('etag')),
      headers,
    };
    kept.set(request.url, answer);
    if (kept.size > settings.maxAnswers) kept.delete(kept.keys().next().value!);
    return sendKept(request, reply, answer);
  }

  return {
    register(app: FastifyInstance): void {
      app.decorateRequest('answeredFromMemory', undefined);
      app.decorateRequest('catalogueVersionSeen', undefined);

      // Callbacks, not async functions: while the version read is fresh, a kept answer is sent in the
      // tick its request arrives, with no promise to wait on; the version is awaited only when it is
      // time to look again (ADR 035).
      app.addHook('onRequest', (request, reply, done) => {
        if (!cacheable(request)) {
          done();
          return;
        }
        if (keptVersion !== undefined && watch.fresh() === keptVersion) {
          answerFromMemory(request, reply, done);
          return;
        }
        upToDate().then(() => answerFromMemory(request, reply, done), done);
      });

      app.addHook('onSend', (request, reply, payload, done) => {
        done(null, keptOnce(request, reply, payload));
      });

      app.addHook('onResponse', (request, _reply, done) => {
        // A change made here is seen by this process's next request, not up to `checkEveryMs` later.
        if (request.method !== 'GET' && request.method !== 'HEAD') watch.lookAgain();
        done();
      });
    },
  };
}

export const publicAnswerCache = fp<PublicAnswerCacheSettings>(
  (app, settings, loaded) => {
    createPublicAnswerCache(settings).register(app);
    loaded();
  },
  // After the hooks that set every answer's security headers and cache policy: a kept answer, sent
  // from this plugin's onRequest hook, skips the onRequest hooks after it. Its onSend hook keeps the
  // ETag the response policy's set.
  { name: 'public-answer-cache', dependencies: ['response-policy', 'security-headers'], fastify: '5.x' },
);
