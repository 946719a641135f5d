import fp from 'fastify-plugin';

/** The header that tells a client its request's id, the `reqId` of any log line about it. */
export const requestIdHeader = 'x-request-id';

/** Every answer names its request's id (Fastify's own, made by the app's `genReqId`). */
export const requestId = fp(
  (app, _options, loaded) => {
    // A callback, not an async function: it runs for every answer, the catalogue's kept ones included (ADR 035).
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header(requestIdHeader, request.id);
      done(null, payload);
    });
    loaded();
  },
  { name: 'request-id', fastify: '5.x' },
);
