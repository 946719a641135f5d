import { trace } from '@opentelemetry/api';
import fp from 'fastify-plugin';
import type { ShopMetrics } from '../modules/metrics/shop-metrics.ts';

/** The route label of a request no route matched: one series for every unknown address. */
const unmatched = 'unmatched';

/**
 * Every request counted and timed by its route's pattern (`/api/products/:id`, never the URL, whose
 * ids would make a series each), method and status (ADR 052); and, when traces are exported, the
 * HTTP span named by the same pattern. Callbacks rather than async functions: they run for every
 * request, and cost a few microseconds.
 */
export const requestTelemetry = fp<{ metrics: ShopMetrics }>(
  (app, { metrics }, loaded) => {
    app.addHook('onRequest', (request, _reply, done) => {
      // No tracer registered (OTEL_EXPORTER_OTLP_ENDPOINT unset): there is no span.
      const span = trace.getActiveSpan();
      const route = request.routeOptions.url;
      if (span && route) span.updateName(`${request.method} ${route}`).setAttribute('http.route', route);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      metrics.requestAnswered(request.method, request.routeOptions.url ?? unmatched, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    loaded();
  },
  { name: 'request-telemetry', fastify: '5.x' },
);
