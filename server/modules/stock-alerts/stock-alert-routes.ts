import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { paginationQuerySchema } from '../../../common/schemas/pagination.ts';
import { stockAlertInputSchema, stockAlertLinkResultSchema, stockAlertResultSchema, stockAlertTokenSchema, waitingDemandSchema } from '../../../common/schemas/stock-alerts.ts';
import { sendPage } from '../../pagination.ts';
import { perHour } from '../../plugins/rate-limit.ts';
import type { StockAlertService } from './stock-alert-service.ts';

export interface StockAlertRouteOptions {
  alerts: StockAlertService;
  /** How many alerts one client may ask for per hour, as with the other public forms. */
  formsPerHour: number;
}

/** Mail programs' one-click unsubscribe posts this form field (RFC 8058), form-encoded or as multipart. */
const oneClickBodyTypes = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * Unsubscribing, in a scope of its own: only here are form bodies accepted (every other route answers
 * them 415), since mail programs' one-click unsubscribe posts one.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod<Pick<StockAlertRouteOptions, 'alerts'>> = async (oneClick, { alerts }) => {
  // The token is in the address (that is what List-Unsubscribe names), so whatever body comes is set aside.
  oneClick.addContentTypeParser(oneClickBodyTypes, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));

  oneClick.post(
    '/stock-alerts/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stock alerts'],
        summary: 'Unsubscribe an alert with one click: the List-Unsubscribe address of its e-mails (RFC 8058), and the unsubscribe page',
        querystring: stockAlertTokenSchema,
        response: { 200: stockAlertLinkResultSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => alerts.unsubscribe(request.query.token),
  );

  oneClick.get(
    '/stock-alerts/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stock alerts'],
        summary: 'A mail program that opens the List-Unsubscribe address in a browser is sent to the unsubscribe page; a visit unsubscribes nobody',
        querystring: stockAlertTokenSchema,
        response: { 303: z.null().meta({ description: 'To /stock-alerts/unsubscribe?token=…, the page with the Unsubscribe button' }), 400: apiErrorSchema },
      },
    },
    async (request, reply) => reply.redirect(`/stock-alerts/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );
};

/** "Notify me" for what is sold out: asked for on a product's page, confirmed and unsubscribed from the e-mails' links; the demand, for admins. */
export const stockAlertRoutes: FastifyPluginAsyncZod<StockAlertRouteOptions> = async (app, { alerts, formsPerHour }) => {
  app.post(
    '/stock-alerts',
    {
      // Anyone; a signed-in customer asking for their own verified address needs no confirmation.
      config: { access: 'anyone', rateLimit: perHour(formsPerHour) },
      schema: {
        tags: ['stock alerts'],
        summary:
          'Ask to be e-mailed once when a sold-out product (or one variant) can be ordered again. A visitor gets an e-mail with a confirmation link; asking again changes nothing. 409 while it is in stock',
        body: stockAlertInputSchema,
        response: { 202: stockAlertResultSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await alerts.request(request.body, request.viewer)),
  );

  app.post(
    '/stock-alerts/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stock alerts'],
        summary: "Confirm an alert with the token from the confirmation e-mail's link (again: no change)",
        body: stockAlertTokenSchema,
        response: { 200: stockAlertLinkResultSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => alerts.confirm(request.body.token),
  );

  app.get(
    '/stock-alerts/waiting',
    {
      config: { access: 'admin', right: 'catalogue' },
      schema: {
        tags: ['stock alerts'],
        summary: 'How many people wait for each product and variant (confirmed, not yet told, not unsubscribed), the most awaited first; total in X-Total-Count',
        querystring: paginationQuerySchema,
        response: { 200: z.array(waitingDemandSchema), 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => sendPage(reply, await alerts.waiting(request.query)),
  );

  await app.register(unsubscribeRoutes, { alerts });
};
