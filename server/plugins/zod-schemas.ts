import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/** Routes declare their requests and answers as zod schemas (shared with the web app in common/), checked and written by zod. */
export const zodSchemas = fp(
  (app, _options, loaded) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    loaded();
  },
  { name: 'zod-schemas', fastify: '5.x' },
);
