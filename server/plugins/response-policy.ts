import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { matchesEntityTag } from './http-negotiation.ts';
import type { CachePolicy } from './route-access.ts';

/** Personal and admin answers, and anything not declared cacheable: no browser or proxy keeps a copy. */
const neverKept = 'private, no-store';
/** A public answer a browser may keep but must check: cheap when nothing changed (a 304 and no body). */
const keptButChecked = 'no-cache';

/** The header each long-lived policy writes on a successful answer (ADR 005). */
export const keptFor: Record<Extract<CachePolicy, 'day' | 'immutable'>, string> = {
  day: 'public, max-age=86400',
  immutable: 'public, max-age=31536000, immutable',
};

function entityTag(payload: string | Buffer): string {
  return `"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** Whether the answer gets an ETag, and a 304 when the browser has it: a public answer checked on each use. */
function revalidates(request: FastifyRequest, reply: FastifyReply): boolean {
  return request.routeOptions.config.cache === 'revalidate' && (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode === 200;
}

/**
 * The cache half of each route's declaration (`config.cache`, beside `config.access`): set before
 * anything else runs, so that refusals and errors carry it too. A `revalidate` answer gets an ETag
 * from its bytes and a 304 when the browser already has them: the catalogue changes rarely and is
 * read constantly, and an admin's edit shows on the next load.
 */
export const responsePolicy = fp(
  (app, _options, loaded) => {
    // Both hooks are callbacks, not async functions: they run for every request, the catalogue's kept
    // answers included, and a promise per hook is a measurable share of a small answer's cost (ADR 035).
    app.addHook('onRequest', (request, reply, done) => {
      const { access, cache } = request.routeOptions.config;
      // Routes outside the API (the web app's files) keep the headers they set themselves. A long-lived
      // answer is marked so once it succeeds (onSend, below): a refusal or an error is never kept.
      if (access !== undefined) reply.header('cache-control', cache === 'revalidate' ? keptButChecked : neverKept);
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      done(null, withPolicy(request, reply, payload));
    });
    loaded();
  },
  { name: 'response-policy', fastify: '5.x' },
);

/** Marks a long-lived answer that succeeded, and tags a revalidated one: the payload to send (empty for a 304). */
function withPolicy(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const { cache } = request.routeOptions.config;
  if ((cache === 'day' || cache === 'immutable') && (reply.statusCode === 200 || reply.statusCode === 304)) reply.header('cache-control', keptFor[cache]);
  if (request.answeredFromMemory || !revalidates(request, reply) || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  const tag = entityTag(payload);
  reply.header('etag', tag);
  if (!matchesEntityTag(request, tag)) return payload;
  reply.code(304);
  return '';
}
