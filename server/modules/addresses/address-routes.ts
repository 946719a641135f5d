import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressIdParamsSchema, addressInputSchema, savedAddressSchema } from '../../../common/schemas/addresses.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { perMinute } from '../../plugins/rate-limit.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import type { AddressService } from './address-service.ts';

export interface AddressRouteOptions {
  addresses: AddressService;
}

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };
/** A person keeps an address book by hand. */
const editsPerMinute = perMinute(60);

/** The signed-in customer's own address book (ADR 030); there is no way to name another's. */
export const addressRoutes: FastifyPluginAsyncZod<AddressRouteOptions> = async (app, { addresses }) => {
  app.get(
    '/addresses',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['addresses'], summary: 'Your saved addresses: the default first, then the newest', response: { 200: z.array(savedAddressSchema), ...refusals } },
    },
    async (request) => addresses.list(signedInViewer(request)),
  );

  app.post(
    '/addresses',
    {
      config: { access: 'signedIn', rateLimit: editsPerMinute },
      schema: {
        tags: ['addresses'],
        summary: 'Save an address to your address book (at most 20); the first one, or one sent with isDefault, is the default',
        body: addressInputSchema,
        response: { 201: savedAddressSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await addresses.add(signedInViewer(request), request.body)),
  );

  app.put(
    '/addresses/:id',
    {
      config: { access: 'signedIn', rateLimit: editsPerMinute },
      schema: {
        tags: ['addresses'],
        summary: 'Change one of your addresses; isDefault: true makes it the default',
        params: addressIdParamsSchema,
        body: addressInputSchema,
        response: { 200: savedAddressSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => addresses.change(signedInViewer(request), request.params.id, request.body),
  );

  app.delete(
    '/addresses/:id',
    {
      config: { access: 'signedIn', rateLimit: editsPerMinute },
      schema: {
        tags: ['addresses'],
        summary: 'Delete one of your addresses; when it was the default, your newest other address becomes it',
        params: addressIdParamsSchema,
        response: { 200: z.object({ deletedCount: z.number().int() }), 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => addresses.remove(signedInViewer(request), request.params.id),
  );
};
