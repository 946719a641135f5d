import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { orderIdParamsSchema } from '../../../common/schemas/orders.ts';
import {
  orderReturnSchema,
  returnDecisionInputSchema,
  returnIdParamsSchema,
  returnListQuerySchema,
  returnRequestInputSchema,
  returnSettingsSchema,
} from '../../../common/schemas/returns.ts';
import { sendPage } from '../../pagination.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import { staffActorOf } from '../audit/staff-actor.ts';
import type { PricingSettingsService } from '../pricing/pricing-settings-service.ts';
import type { ReturnService } from './return-service.ts';

export interface ReturnRouteOptions {
  returns: ReturnService;
  /** The return window, kept with the shop's settings. */
  settings: Pick<PricingSettingsService, 'returnSettings' | 'replaceReturnSettings'>;
}

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** Returns and exchanges (ADR 040): the customer's request, the admin's decisions and list, and the return window. */
export const returnRoutes: FastifyPluginAsyncZod<ReturnRouteOptions> = async (app, { returns, settings }) => {
  const tags = ['returns'];

  app.post(
    '/orders/:id/returns',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Ask to send back pieces of your delivered order within the return window, with a reason and a note',
        params: orderIdParamsSchema,
        body: returnRequestInputSchema,
        response: { 201: orderReturnSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await returns.request(signedInViewer(request), request.params.id, request.body)),
  );

  app.get(
    '/returns',
    {
      config: { access: 'admin', right: 'orders.read' },
      schema: {
        tags,
        summary: 'The returns at a status, oldest first (those waiting for a decision unless a status is given); the total is in X-Total-Count',
        querystring: returnListQuerySchema,
        response: { 200: z.array(orderReturnSchema), ...refusals },
      },
    },
    async (request, reply) => sendPage(reply, await returns.list(request.query)),
  );

  app.patch(
    '/returns/:id',
    {
      config: { access: 'admin', right: 'orders' },
      schema: {
        tags,
        summary:
          'Approve or refuse a requested return (the customer is mailed the instructions or the reason), or mark an approved one received and refund its pieces (needs the refunds right) or exchange them for another variant of the same product',
        params: returnIdParamsSchema,
        body: returnDecisionInputSchema,
        response: { 200: orderReturnSchema, 404: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema, ...refusals },
      },
    },
    async (request) => returns.decide(signedInViewer(request), request.params.id, request.body, staffActorOf(request)),
  );

  app.get(
    '/return-settings',
    {
      config: { access: 'admin', right: 'settings' },
      schema: { tags: ['settings'], summary: 'How many days after delivery customers may ask to return pieces', response: { 200: returnSettingsSchema, ...refusals } },
    },
    async () => settings.returnSettings(),
  );

  app.put(
    '/return-settings',
    {
      config: { access: 'admin', right: 'settings' },
      schema: { tags: ['settings'], summary: 'Set the return window, in days after delivery', body: returnSettingsSchema, response: { 200: returnSettingsSchema, ...refusals } },
    },
    async (request) => settings.replaceReturnSettings(request.body, staffActorOf(request)),
  );
};
