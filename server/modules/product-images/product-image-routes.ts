import { Readable } from 'node:stream';
import type { FastifyError, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageUpload } from '../../../common/shop-management.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { productImageSchema } from '../../../common/schemas/products.ts';
import { notAnImage, type ProductImageService, tooLarge } from './product-image-service.ts';

export interface ProductImageRouteOptions {
  images: ProductImageService;
}

const imageIdParamsSchema = z.object({ id: z.string().max(200) });

/** `?w=400` asks for the card's copy; without it, the product page's (ADR 004). */
const imageSizeQuerySchema = z.object({
  w: z.literal('400').optional().meta({ description: 'Ask for the copy at most 400 px wide (a card or thumbnail)' }),
});

/**
 * The picture's bytes: a Buffer from the database, or the bucket's stream (ADR 053). Fastify sends
 * either as it is: this schema only types the reply and documents it.
 */
const imageBytesSchema = z
  .union([z.instanceof(Buffer), z.instanceof(Readable)])
  .meta({ type: 'string', format: 'binary', description: 'The picture, as image/jpeg, image/png or image/webp' });

/** The types a browser may label a picture with; its bytes decide what it really is. */
const acceptedContentTypes = [...imageUpload.types, 'application/octet-stream'];

export const productImageRoutes: FastifyPluginAsyncZod<ProductImageRouteOptions> = async (app, { images }) => {
  // The picture bucket's kept connections end with the app, as the mail sender's do (job-queue.ts).
  app.addHook('onClose', () => images.close());

  const pictureRoute = {
    // A picture's address never serves other bytes (its id is made from them, ADR 053), so caches may keep it for good.
    config: { access: 'public', cache: 'immutable' },
    schema: {
      tags: ['products'],
      summary: 'An uploaded product picture (WebP, 800 px wide at most, or 400 with ?w=400; JPEG or PNG if stored before pictures were resized)',
      params: imageIdParamsSchema,
      querystring: imageSizeQuerySchema,
      response: { 200: imageBytesSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
  } as const;
  const pictureHeaders = (reply: FastifyReply, contentType: string, length: number | undefined) => {
    reply.type(contentType);
    // The stored type came from the bytes; the browser must not guess another one.
    reply.header('x-content-type-options', 'nosniff');
    if (length !== undefined) reply.header('content-length', length);
  };

  // Declared before the GET, so that Fastify does not make its own HEAD from it, which would fetch the
  // whole object from the bucket to send none of it: this one asks the bucket for the length only.
  app.head('/product-images/:id', pictureRoute, async (request, reply) => {
    const { contentType, length } = await images.describe(request.params.id, request.query.w ? 'small' : 'large');
    pictureHeaders(reply, contentType, length);
    // No body: Fastify keeps the Content-Length given above for a HEAD.
    return reply.send(Buffer.alloc(0));
  });

  app.get('/product-images/:id', pictureRoute, async (request, reply) => {
    const { contentType, body, length } = await images.get(request.params.id, request.query.w ? 'small' : 'large');
    pictureHeaders(reply, contentType, length);
    return reply.send(body);
  });

  // The upload's body is the file itself, as the browser's fetch(url, { body: file }) sends it. Its
  // parsers live in this scope only, so that no other route accepts raw bytes.
  await app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(acceptedContentTypes, { parseAs: 'buffer', bodyLimit: imageUpload.maxBytes }, (_request, body, done) => done(null, body));
    // Fastify's own refusals (too large, a content type without a parser) in words the admin's form can show.
    uploads.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw notAnImage();
      // Everything else goes on to the app's error handler.
      throw error;
    });

    uploads.post(
      '/product-images',
      {
        // Settled before a byte of the body is read.
        config: { access: 'admin', right: 'catalogue' },
        bodyLimit: imageUpload.maxBytes,
        schema: {
          tags: ['products'],
          summary: "Upload a product picture (admins only): the body is the file's bytes, a JPEG, PNG or WebP of at most 25 MB (a phone's photo as it takes it), kept resized",
          response: { 201: productImageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { body } = request;
        // No body at all (or one no parser here produced) is not a picture either.
        if (!Buffer.isBuffer(body)) throw notAnImage();
        return reply.status(201).send(await images.store(body));
      },
    );
  });
};
