import fp from 'fastify-plugin';
import type { ServingState } from '../modules/health/serving-state.ts';

/**
 * While the process drains (ADR 051), every answer closes its connection: a client or load balancer
 * holding a kept-alive connection opens its next one to a host that is staying. The answer itself is
 * given as usual, so nothing in flight is lost.
 */
export const draining = fp<{ serving: ServingState }>(
  (app, { serving }, loaded) => {
    // On sending, not on receiving: a request that came in before the process began to drain closes
    // its connection too. A callback, not an async function: it runs for every request (ADR 035).
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (serving.draining) reply.header('connection', 'close');
      done(null, payload);
    });
    loaded();
  },
  { name: 'draining', fastify: '5.x' },
);
