import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { contactMessageSchema, newsletterSubscriberSchema } from '../../../common/schemas/inbox.ts';
import { keysetPaginationQuerySchema } from '../../../common/schemas/pagination.ts';
import type { InboxService } from './inbox-service.ts';
import { sendPage } from '../../pagination.ts';

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };

export interface InboxAdminRouteOptions {
  inbox: InboxService;
}

/** The admin's inbox: what people sent through the home page's contact and newsletter forms. */
export const inboxAdminRoutes: FastifyPluginAsyncZod<InboxAdminRouteOptions> = async (app, { inbox }) => {
  const config = { access: 'admin', right: 'inbox' } as const;

  app.get(
    '/contact-messages',
    {
      config,
      schema: {
        tags: ['inbox'],
        summary: 'Messages from the contact form, newest first, by offset or after/before a message (admins only)',
        querystring: keysetPaginationQuerySchema,
        response: { 200: z.array(contactMessageSchema), 400: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      return sendPage(reply, await inbox.listContactMessages(request.query));
    },
  );

  app.get(
    '/newsletter-subscribers',
    {
      config,
      schema: {
        tags: ['inbox'],
        summary: 'Newsletter subscribers, newest first, by offset or after/before a subscriber (admins only)',
        querystring: keysetPaginationQuerySchema,
        response: { 200: z.array(newsletterSubscriberSchema), 400: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      return sendPage(reply, await inbox.listSubscribers(request.query));
    },
  );

  app.get(
    '/newsletter-subscribers.csv',
    {
      config,
      schema: {
        tags: ['inbox'],
        summary: 'Every newsletter subscriber as a CSV file, newest first (admins only)',
        response: {
          200: { description: 'CSV with the header email,subscribedAt', content: { 'text/csv': { schema: z.string() } } },
          ...refusals,
        },
      },
    },
    async (_request, reply) => {
      // Streamed: rows are read in batches as the client takes them, so a long list never sits in
      // memory whole. A database error midway can only cut the download short (the status is sent).
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
          // Typed as the documented string body; Fastify sends a stream as it is, unserialised.
          .send(Readable.from(inbox.subscribersCsv()) as unknown as string)
      );
    },
  );
};
