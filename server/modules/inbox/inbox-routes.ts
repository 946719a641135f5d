import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import {
  contactMessageCreatedSchema,
  contactMessageInputSchema,
  newsletterSubscriptionResultSchema,
  newsletterSubscriptionSchema,
} from '../../../common/schemas/inbox.ts';
import type { InboxService } from './inbox-service.ts';

export interface InboxRouteOptions {
  inbox: InboxService;
  /** How many submissions of each form one client may make per hour. */
  formsPerHour: number;
}

export const inboxRoutes: FastifyPluginAsyncZod<InboxRouteOptions> = async (app, { inbox, formsPerHour }) => {
  const rateLimit = { max: formsPerHour, timeWindow: '1 hour' };

  app.post(
    '/newsletter',
    {
      config: { rateLimit },
      schema: {
        tags: ['inbox'],
        summary: 'Subscribe an e-mail address to the newsletter (once; a second time is not an error)',
        body: newsletterSubscriptionSchema,
        response: { 200: newsletterSubscriptionResultSchema, 201: newsletterSubscriptionResultSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await inbox.subscribe(request.body.email);
      return reply.status(result.alreadySubscribed ? 200 : 201).send(result);
    },
  );

  app.post(
    '/contact-messages',
    {
      config: { rateLimit },
      schema: {
        tags: ['inbox'],
        summary: "Send a message from the home page's contact form",
        body: contactMessageInputSchema,
        response: { 201: contactMessageCreatedSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const message = await inbox.sendContactMessage(request.body);
      return reply.status(201).send({ insertedId: message._id, ...message });
    },
  );
};
