import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartReminderTokenSchema,
  cartRemindersStoppedSchema,
  cartsReportQuerySchema,
  cartsReportSchema,
  guestCartInputSchema,
  guestCartResultSchema,
  restoredCartSchema,
} from '../../../common/schemas/cart-reminders.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { perHour } from '../../plugins/rate-limit.ts';
import type { CartReminderService } from './cart-reminder-service.ts';

export interface CartReminderRouteOptions {
  reminders: CartReminderService;
  /** How many guest carts one client may ask to keep per hour, as with the other public forms. */
  formsPerHour: number;
}

/** Mail programs' one-click unsubscribe posts this form field (RFC 8058), form-encoded or as multipart. */
const oneClickBodyTypes = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * Stopping the reminders, in a scope of its own: only here are form bodies accepted (every other route
 * answers them 415), since mail programs' one-click unsubscribe posts one.
 */
const stopRoutes: FastifyPluginAsyncZod<Pick<CartReminderRouteOptions, 'reminders'>> = async (oneClick, { reminders }) => {
  // The token is in the address (that is what List-Unsubscribe names), so whatever body comes is set aside.
  oneClick.addContentTypeParser(oneClickBodyTypes, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));

  oneClick.post(
    '/cart-reminders/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cart'],
        summary: 'Stop cart reminders with one click: the List-Unsubscribe address of a reminder (RFC 8058), and the stop page. Again: no change',
        querystring: cartReminderTokenSchema,
        response: { 200: cartRemindersStoppedSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => reminders.stop(request.query.token),
  );

  oneClick.get(
    '/cart-reminders/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cart'],
        summary: 'A mail program that opens the List-Unsubscribe address in a browser is sent to the stop page; a visit stops nothing',
        querystring: cartReminderTokenSchema,
        response: { 303: z.null().meta({ description: 'To /cart/reminders/stop?token=…, the page with the Stop button' }), 400: apiErrorSchema },
      },
    },
    async (request, reply) => reply.redirect(`/cart/reminders/stop?token=${encodeURIComponent(request.query.token)}`, 303),
  );
};

/** Carts that come back (ADR 045): a guest's cart kept at their asking, a reminder's links, and the report. */
export const cartReminderRoutes: FastifyPluginAsyncZod<CartReminderRouteOptions> = async (app, { reminders, formsPerHour }) => {
  app.post(
    '/guest-carts',
    {
      config: { access: 'public', rateLimit: perHour(formsPerHour) },
      schema: {
        tags: ['cart'],
        summary:
          'A guest who ticked "E-mail me my cart" at checkout: the lines of the cart their browser keeps are kept with the address, and reminded if left untouched. Asking again replaces the lines',
        body: guestCartInputSchema,
        response: { 202: guestCartResultSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await reminders.saveGuestCart(request.body)),
  );

  app.get(
    '/cart-reminders/restore',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['cart'],
        summary: "A reminder's restore link: a customer's cart (theirs on the server, and whether the caller is them), or a guest's lines for the browser's cart. Changes nothing",
        // In the query, never the path: the request log keeps addresses without their tokens.
        querystring: cartReminderTokenSchema,
        response: { 200: restoredCartSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => reminders.restore(request.query.token, request.viewer),
  );

  app.get(
    '/reports/carts',
    {
      config: { access: 'admin', right: 'reports' },
      schema: {
        tags: ['reports'],
        summary:
          'Carts reminded, and the carts that came back (orders paid from a cart after a reminder) with what they came to, in the range of UTC days (admins with the reports right)',
        querystring: cartsReportQuerySchema,
        response: { 200: cartsReportSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => reminders.report(request.query),
  );

  await app.register(stopRoutes, { reminders });
};
