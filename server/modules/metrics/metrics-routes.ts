import cluster from 'node:cluster';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Registry } from 'prom-client';
import { AppError } from '../../errors.ts';
import { scrapeWholeMachine, shareWithPrimary } from './cluster-metrics.ts';
import { processMetrics } from './process-metrics.ts';
import type { ShopMetrics } from './shop-metrics.ts';

/**
 * `GET /metrics` in Prometheus's text format, for the scraper holding METRICS_TOKEN (ADR 052).
 * Registered only when the token is set: otherwise the address is unknown (404). Outside /api and
 * left out of the API's description: it is the operator's, not the shop's customers'.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: ShopMetrics }> = async (app, { metrics }) => {
  const registries = [processMetrics(), metrics.registry];
  if (cluster.isWorker) shareWithPrimary(registries);

  app.get('/metrics', { config: { access: 'token' }, schema: { hide: true } }, async (_request, reply) => {
    if (cluster.isWorker) {
      const whole = await scrapeWholeMachine().catch((error: unknown) => {
        throw new AppError(503, 'UNAVAILABLE', `The server processes' figures could not be gathered: ${String(error)}`);
      });
      return reply.type(Registry.PROMETHEUS_CONTENT_TYPE).send(whole);
    }
    const registry = Registry.merge(registries);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};
