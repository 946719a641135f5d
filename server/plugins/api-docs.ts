import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate requests, browsable at /api/docs. */
export const apiDocs = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Joinery API',
          description: 'The web shop of a maker of carpentry tools. Prices are US dollars; lists take limit and offset and report the total in X-Total-Count.',
          version: '1.0.0',
        },
        servers: [],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(async (docs) => {
      // The description of the API is public; Swagger UI adds its own routes, so they are declared here.
      docs.addHook('onRoute', (route) => {
        route.config ??= {};
        route.config.access = 'public';
      });
      await docs.register(swaggerUi, {
        routePrefix: '/api/docs',
        staticCSP: true,
        // Swagger UI's own policy, less the https upgrade (which breaks a plain-http shop) and never framed.
        transformStaticCSP: (header) =>
          header
            .replace(/upgrade-insecure-requests;?/, '')
            .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
            .trim(),
      });
    });
  },
  // Swagger UI's own routes are declared public, so the route checks must be there to see them.
  { name: 'api-docs', dependencies: ['route-access'], fastify: '5.x' },
);
