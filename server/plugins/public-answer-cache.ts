import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { totalCountCappedHeader, totalCountHeader } from '../../common/pagination.ts';
import type { RequestLogSettings } from '../config/env.ts';
import { createVersionWatch } from '../db/version-watch.ts';
import type { CatalogueVersion } from '../modules/catalogue-cache/catalogue-version.ts';
import { type Encoding, matchesEntityTag, preferredEncoding } from './http-negotiation.ts';
import { requestLine } from './request-log.ts';

export const requestIdHeader = 'x-request-id';

/** An answer as sent once: its bytes in each encoding, made once, and the headers that go with them. */
interface KeptAnswer {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  headers: Record<string, string>;
  /** Every header Fastify sent with it, by status and encoding (`200 br`), but the request's id: what the door sends. */
  sent: Map<string, OutgoingHttpHeaders>;
}

export interface PublicAnswerCacheSettings {
  /** How old the last look at the catalogue's version may be before a request looks again. */
  checkEveryMs: number;
  /** How many answers are kept; the oldest goes first. */
  maxAnswers: number;
  requestLog: RequestLogSettings;
}

/** The headers a kept answer is sent with again; the others (security, request id) are set on each request. */
const keptHeaders = ['content-type', totalCountHeader, totalCountCappedHeader];
/** Never sent again to someone else: a cookie is one visitor's, an id one request's. */
const unsharedHeaders = new Set(['set-cookie', requestIdHeader]);

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

const sentKey = (statusCode: number, encoding: Encoding) => `${statusCode} ${encoding}`;

/**
 * What Fastify's hooks sent with a kept answer, for the door to send as it is. Only from a request
 * answered in the first hooks (no later hook, the visitor's session among them, has run for it), and
 * only when what went out is what the door would send for the same request: the encoding it would
 * choose and the very bytes kept for it. A hook that answered otherwise (the compression plugin's own
 * reading of an unusual Accept-Encoding, say) leaves nothing for the door.
 */
function keepSentHeaders(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer): void {
  const encoding = preferredEncoding(request);
  const sentEncoding = String(reply.getHeader('content-encoding') ?? 'identity');
  if (sentEncoding !== encoding) return;
  const statusCode = reply.statusCode;
  const length = Number(reply.getHeader('content-length'));
  if (statusCode === 200 ? length !== answer[encoding].length : statusCode !== 304) return;
  const sent: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (!unsharedHeaders.has(name)) sent[name] = value;
  answer.sent.set(sentKey(statusCode, encoding), sent);
}

/**
 * The public catalogue's answers (products, a product, reviews) and the pages rendered from them
 * (ADR 024): routes declared `public` and `revalidate`, kept in memory, serialized and compressed
 * once, and sent again as they are while the catalogue's version stays the same (ADR 019). The
 * version is read at most every `checkEveryMs`, and at once after any change this process makes, so
 * that an admin sees their own edit on the next load and every other process within a second. A
 * browser's copy still gets its 304.
 *
 * A kept answer goes out twice over: through Fastify's first hooks, and, once Fastify has sent it in
 * an encoding, from the door in front of Fastify (`answerAtTheDoor`, ADR 025) with the very headers
 * Fastify sent, while the version read is fresh; whatever the door does not answer goes on to Fastify.
 */
export function createPublicAnswerCache(version: CatalogueVersion, settings: PublicAnswerCacheSettings) {
  const kept = new Map<string, KeptAnswer>();
  const watch = createVersionWatch(() => version.current(), settings.checkEveryMs);
  let keptVersion: number | undefined;
  let log: FastifyBaseLogger | undefined;
  /** Set as the app begins to close: Fastify then answers what still comes on open connections itself. */
  let closing = false;

  /** Brings the kept answers up to date with the catalogue: all dropped when its version moved. */
  async function upToDate(): Promise<void> {
    const current = await watch.current();
    if (current !== keptVersion) {
      kept.clear();
      keptVersion = current;
    }
  }

  return {
    /**
     * Answers a GET from memory before Fastify parses it, when its answer is kept, the catalogue's
     * version was read within `checkEveryMs` and is the kept one, and Fastify has sent that answer
     * with that status and encoding before; false for any other request, which Fastify then serves.
     * With the access log on, every request goes through Fastify, which logs it.
     */
    answerAtTheDoor(req: IncomingMessage, res: ServerResponse): boolean {
      if (req.method !== 'GET' || closing || settings.requestLog.accessLog || req.url === undefined) return false;
      const answer = kept.get(req.url);
      if (!answer || keptVersion === undefined || watch.fresh() !== keptVersion) return false;
      const encoding = preferredEncoding(req);
      const statusCode = matchesEntityTag(req, answer.etag) ? 304 : 200;
      const headers = answer.sent.get(sentKey(statusCode, encoding));
      if (!headers) return false;
      const id = randomUUID();
      res.setHeader(requestIdHeader, id);
      res.writeHead(statusCode, headers);
      res.end(statusCode === 304 ? undefined : answer[encoding]);
      const { sampleRate } = settings.requestLog;
      if (log && sampleRate > 0 && Math.random() < sampleRate) log.info({ reqId: id, ...requestLine('GET', req.url, statusCode, 0), answeredAtTheDoor: true }, 'request completed');
      return true;
    },

    register(app: FastifyInstance): void {
      log = app.log;
      app.addHook('preClose', (done) => {
        closing = true;
        done();
      });
      app.decorateRequest('answeredFromMemory', undefined);
      app.decorateRequest('catalogueVersionSeen', undefined);

      app.addHook('onRequest', async (request, reply) => {
        if (!cacheable(request)) return;
        await upToDate();
        request.catalogueVersionSeen = keptVersion;
        const answer = kept.get(request.url);
        if (!answer) return;
        request.answeredFromMemory = answer;
        const body = sendKept(request, reply, answer);
        if (matchesEntityTag(request, answer.etag)) return reply.code(304).send();
        return reply.send(body);
      });

      app.addHook('onSend', async (request, reply, payload) => {
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
          sent: new Map(),
        };
        kept.set(request.url, answer);
        if (kept.size > settings.maxAnswers) kept.delete(kept.keys().next().value!);
        return sendKept(request, reply, answer);
      });

      app.addHook('onResponse', (request, reply, done) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          // A change made here is seen by this process's next request, not up to `checkEveryMs` later.
          watch.lookAgain();
        } else if (request.method === 'GET' && request.answeredFromMemory) {
          keepSentHeaders(request, reply, request.answeredFromMemory);
        }
        done();
      });
    },
  };
}

export type PublicAnswerCache = ReturnType<typeof createPublicAnswerCache>;
