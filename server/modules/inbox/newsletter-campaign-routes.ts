import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import {
  campaignAudienceSchema,
  campaignIdParamsSchema,
  campaignInputSchema,
  campaignPatchSchema,
  campaignPreviewSchema,
  campaignSchema,
  campaignSendSchema,
  campaignTestSchema,
} from '../../../common/schemas/newsletter-campaigns.ts';
import { paginationQuerySchema } from '../../../common/schemas/pagination.ts';
import { sendPage } from '../../pagination.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import { staffActorOf } from '../audit/staff-actor.ts';
import type { CampaignService } from './newsletter-campaign-service.ts';

export interface CampaignRouteOptions {
  campaigns: CampaignService;
}

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const oneCampaign = { 404: apiErrorSchema, ...refusals };

/** The admin's newsletter campaigns (issue 29): write, preview, test, send or schedule, and follow the figures. */
export const campaignRoutes: FastifyPluginAsyncZod<CampaignRouteOptions> = async (app, { campaigns }) => {
  const config = { access: 'admin', right: 'content' } as const;
  const tags = ['newsletter'];

  app.post(
    '/newsletter/campaigns',
    {
      config,
      schema: {
        tags,
        summary: 'A new draft campaign: a subject and a text in the shop’s rich text, whose product lines must name products of the catalogue',
        body: campaignInputSchema,
        response: { 201: campaignSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await campaigns.create(request.body)),
  );

  app.get(
    '/newsletter/campaigns',
    {
      config,
      schema: {
        tags,
        summary: 'The campaigns, newest first, with their figures; the total is in X-Total-Count',
        querystring: paginationQuerySchema,
        response: { 200: z.array(campaignSchema), ...refusals },
      },
    },
    async (request, reply) => sendPage(reply, await campaigns.list(request.query)),
  );

  app.get(
    '/newsletter/audience',
    {
      config,
      schema: { tags, summary: 'How many confirmed subscribers a campaign sent now would go to', response: { 200: campaignAudienceSchema, ...refusals } },
    },
    async () => campaigns.audience(),
  );

  app.post(
    '/newsletter/campaigns/preview',
    {
      config,
      schema: {
        tags,
        summary: 'The e-mail a subject and text make, as readers will get it (HTML and plain text), saved or not',
        body: campaignInputSchema,
        response: { 200: campaignPreviewSchema, ...refusals },
      },
    },
    async (request) => campaigns.preview(request.body),
  );

  app.get(
    '/newsletter/campaigns/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One campaign: its state, scheduled time, recipients, and how many were sent, failed, skipped and unsubscribed with its link',
        params: campaignIdParamsSchema,
        response: { 200: campaignSchema, ...oneCampaign },
      },
    },
    async (request) => campaigns.get(request.params.id),
  );

  app.get(
    '/newsletter/campaigns/:id/preview',
    {
      config,
      schema: {
        tags,
        summary: 'A saved campaign’s e-mail as an HTML page, for the editor’s preview frame (it may be framed by the shop’s own pages only)',
        params: campaignIdParamsSchema,
        response: { 200: { description: 'The e-mail’s HTML', content: { 'text/html': { schema: z.string() } } }, ...oneCampaign },
      },
    },
    async (request, reply) => {
      const { html } = await campaigns.previewOf(request.params.id);
      // The e-mail is styled inline, as mail programs need, which the shop's own policy refuses; this
      // page allows inline styles and pictures, runs nothing, and may be framed only by the shop's pages.
      // Its links open apart: the shop's pages refuse to be framed.
      return reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https: http:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
        )
        .header('x-frame-options', 'SAMEORIGIN')
        .send(html.replace('<head>', '<head><base target="_blank">'));
    },
  );

  for (const method of ['put', 'patch'] as const) {
    app[method](
      '/newsletter/campaigns/:id',
      {
        config,
        schema: {
          tags,
          summary: method === 'put' ? 'Replace a draft’s subject and text' : 'Change a draft’s subject or text',
          params: campaignIdParamsSchema,
          body: method === 'put' ? campaignInputSchema : campaignPatchSchema,
          response: { 200: campaignSchema, 409: apiErrorSchema, ...oneCampaign },
        },
      },
      async (request) => campaigns.update(request.params.id, request.body),
    );
  }

  app.post(
    '/newsletter/campaigns/:id/test',
    {
      config,
      schema: {
        tags,
        summary: 'Send one copy of the campaign to the signed-in admin’s own address',
        params: campaignIdParamsSchema,
        response: { 202: campaignTestSchema, ...oneCampaign },
      },
    },
    async (request, reply) => reply.status(202).send(await campaigns.sendTest(request.params.id, signedInViewer(request).email)),
  );

  app.post(
    '/newsletter/campaigns/:id/send',
    {
      config,
      schema: {
        tags,
        summary:
          'Send a draft to every confirmed subscriber now, or at `at` (a time to come). A campaign is sent once: sending one that is sent, sending or scheduled is refused with 409',
        params: campaignIdParamsSchema,
        body: campaignSendSchema,
        response: { 202: campaignSchema, 409: apiErrorSchema, ...oneCampaign },
      },
    },
    async (request, reply) => reply.status(202).send(await campaigns.send(request.params.id, request.body.at, staffActorOf(request))),
  );

  app.post(
    '/newsletter/campaigns/:id/cancel',
    {
      config,
      schema: {
        tags,
        summary: 'Cancel a scheduled campaign before it starts: it is a draft again',
        params: campaignIdParamsSchema,
        response: { 200: campaignSchema, 409: apiErrorSchema, ...oneCampaign },
      },
    },
    async (request) => campaigns.cancel(request.params.id, staffActorOf(request)),
  );
};
