import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountDeletionQuerySchema, accountErasedSchema } from '../../../common/schemas/customer-data.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { userEmailParamsSchema } from '../../../common/schemas/users.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import { staffActorOf } from '../audit/staff-actor.ts';
import type { Sessions } from '../auth/viewer.ts';
import type { CustomerDataService } from './customer-data-service.ts';

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };
const exportFile = {
  description: 'JSON: the profile, sign-in methods, sessions (never tokens), addresses, cart, wishlist, newsletter, alerts, reviews, messages and orders',
  content: { 'application/json': { schema: z.string() } },
};

/**
 * Streamed as it is read (orders a page at a time), as a download that nothing keeps: the route's
 * cache policy is `private`, which the response policy writes as `private, no-store`. A database error
 * midway can only cut the file short (the status is sent).
 */
function sendFile(reply: FastifyReply, { fileName, chunks }: { fileName: string; chunks: AsyncGenerator<string> }) {
  return (
    reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      // Fastify sends a stream as it is, unserialised.
      .send(Readable.from(chunks))
  );
}

/** A customer's data in their hands (ADR 046): their file and their account's deletion, by them or by staff at their request. */
export const customerDataRoutes: FastifyPluginAsyncZod<{ customerData: CustomerDataService; sessions: Sessions }> = async (app, { customerData, sessions }) => {
  app.get(
    '/account/export',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'Everything the shop keeps about the signed-in person, as a JSON file to download',
        response: { 200: exportFile, 401: apiErrorSchema },
      },
    },
    async (request, reply) => sendFile(reply, await customerData.exportOwn(signedInViewer(request))),
  );

  app.delete(
    '/account',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary:
          'Delete the signed-in account: personal data erased, invoices and credit notes kept as issued. Needs a sign-in from the last few minutes (403 FRESH_SIGN_IN_REQUIRED otherwise) and no order on its way (409 ORDERS_IN_FLIGHT)',
        querystring: accountDeletionQuerySchema,
        response: { 200: accountErasedSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => customerData.eraseOwn(signedInViewer(request), await sessions.sessionIdOf(request)),
  );

  app.get(
    '/users/:email/export',
    {
      config: { access: 'admin', right: 'customers.read' },
      schema: {
        tags: ['users'],
        summary: 'A customer’s data as a JSON file, at their request (recorded in the audit trail)',
        params: userEmailParamsSchema,
        response: { 200: exportFile, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => sendFile(reply, await customerData.exportFor(request.params.email, staffActorOf(request))),
  );

  app.delete(
    '/users/:email/account',
    {
      config: { access: 'admin', right: 'customers' },
      schema: {
        tags: ['users'],
        summary: 'Erase a customer’s account at their request, as their own deletion does (recorded in the audit trail); staff accounts lose their role first',
        params: userEmailParamsSchema,
        querystring: accountDeletionQuerySchema,
        response: { 200: accountErasedSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => customerData.eraseFor(signedInViewer(request), request.params.email, staffActorOf(request)),
  );
};
