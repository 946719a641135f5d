import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireAdmin, requireSignedIn, type Sessions } from './viewer.ts';

/**
 * The guards as `onRequest` hooks: who may call is settled before the body is read or validated,
 * so that a caller without the right gets 401 or 403 (not a 400 about their body), and nobody
 * without the right can make the server read a large upload.
 */
export function signedInFirst(sessions: Sessions) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireSignedIn(sessions, request);
  };
}

/** Admin answers carry customers' names, addresses and numbers: no browser or proxy keeps a copy. */
export function adminFirst(sessions: Sessions) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await requireAdmin(sessions, request);
    reply.header('cache-control', 'no-store');
  };
}
