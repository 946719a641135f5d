import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * What every route takes from the plugins before it: Fastify gives a plugin's routes the hooks, error
 * handler and schema compilers its context holds when they are declared, and the route checks, rate
 * limits, compression and API docs each see a route as it is added. A route declared before one of
 * these would go without it, so a feature's routes name them all, and Fastify refuses to start
 * when one is missing or comes after.
 */
export const routeConcerns = [
  'zod-schemas',
  'request-id',
  'request-log',
  'request-telemetry',
  'error-handler',
  'body-depth-limit',
  'text-rule',
  'response-policy',
  'security-headers',
  'public-answer-cache',
  'route-access',
  'compression',
  'api-docs',
  'rate-limits',
];

/**
 * A feature's routes as a named plugin. It stays encapsulated: a body parser or error handler of its
 * own (the Stripe webhook's, the picture uploads') applies to its routes alone.
 */
export function featureRoutes<Options extends object>(name: string, routes: FastifyPluginAsyncZod<Options>) {
  return fp<Options>((app, options) => routes(app.withTypeProvider<ZodTypeProvider>(), options), {
    name,
    dependencies: routeConcerns,
    encapsulate: true,
    fastify: '5.x',
  });
}
