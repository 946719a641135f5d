import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { contactMessageCreatedSchema, contactMessageInputSchema } from '../../../common/schemas/inbox.ts';
import type { InboxService } from './inbox-service.ts';
import { perHour } from '../../plugins/rate-limit.ts';

export interface InboxRouteOptions {
  inbox: InboxService;
  /** How many contact messages one client may send per hour. */
  formsPerHour: number;
}

export const inboxRoutes: FastifyPluginAsyncZod<InboxRouteOptions> = async (app, { inbox, formsPerHour }) => {
  const rateLimit = perHour(formsPerHour);

  app.post(
    '/contact-messages',
    {
      config: { access: 'public', rateLimit },
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
