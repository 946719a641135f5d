import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Brotli or gzip for every answer of a kilobyte or more that is not compressed already (the build's
 * files and the kept answers are): added to each route as it is declared, so before any route.
 */
export const compression = fp(
  async (app) => {
    await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  },
  { name: 'compression', fastify: '5.x' },
);
