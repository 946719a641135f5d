import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { newsletterAddressSchema, newsletterSubscriptionResultSchema, newsletterSubscriptionSchema, newsletterTokenSchema } from '../../../common/schemas/inbox.ts';
import type { NewsletterService } from './newsletter-service.ts';
import { perHour } from '../../plugins/rate-limit.ts';

export interface NewsletterRouteOptions {
  newsletter: NewsletterService;
  /** How many subscriptions one client may ask for per hour. */
  formsPerHour: number;
}

/** Mail programs' one-click unsubscribe posts this form field (RFC 8058), form-encoded or as multipart. */
const oneClickBodyTypes = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * Unsubscribing, in a scope of its own: only here are form bodies accepted (every other route
 * answers them 415), since mail programs' one-click unsubscribe posts one.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod<Pick<NewsletterRouteOptions, 'newsletter'>> = async (oneClick, { newsletter }) => {
  // The token is in the address (that is what List-Unsubscribe names), so whatever body comes is set aside.
  oneClick.addContentTypeParser(oneClickBodyTypes, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));

  oneClick.post(
    '/newsletter/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['inbox'],
        summary: 'Unsubscribe with one click: the List-Unsubscribe address of newsletter e-mail (RFC 8058), and the unsubscribe page',
        querystring: newsletterTokenSchema,
        response: { 200: newsletterAddressSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => newsletter.unsubscribe(request.query.token),
  );

  oneClick.get(
    '/newsletter/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['inbox'],
        summary: 'A mail program that opens the List-Unsubscribe address in a browser is sent to the unsubscribe page; a visit unsubscribes nobody',
        querystring: newsletterTokenSchema,
        response: { 303: z.null().meta({ description: 'To /newsletter/unsubscribe?token=…, the page with the Unsubscribe button' }), 400: apiErrorSchema },
      },
    },
    async (request, reply) => reply.redirect(`/newsletter/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );
};

/** The newsletter for its readers: subscribe from the home page, confirm and unsubscribe from the e-mail's links. */
export const newsletterRoutes: FastifyPluginAsyncZod<NewsletterRouteOptions> = async (app, { newsletter, formsPerHour }) => {
  app.post(
    '/newsletter',
    {
      config: { access: 'public', rateLimit: perHour(formsPerHour) },
      schema: {
        tags: ['inbox'],
        summary:
          'Ask for the newsletter: an e-mail goes to the address (a confirmation link, or word that it is on the list already). The answer is the same whatever the address’s state',
        body: newsletterSubscriptionSchema,
        response: { 202: newsletterSubscriptionResultSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { email } = await newsletter.subscribe(request.body.email);
      return reply.status(202).send({ email });
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['inbox'],
        summary: "Confirm a subscription with the token from the confirmation e-mail's link (again: no change)",
        body: newsletterTokenSchema,
        response: { 200: newsletterAddressSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => newsletter.confirm(request.body.token),
  );

  await app.register(unsubscribeRoutes, { newsletter });
};
