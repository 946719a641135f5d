import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogQuerySchema, auditRecordSchema } from '../../../common/schemas/audit-log.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { sendPage } from '../../pagination.ts';
import type { AuditTrail } from './audit-trail.ts';

/** The audit trail is read here and nowhere written: no route changes or deletes a record. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditTrail }> = async (app, { audit }) => {
  app.get(
    '/audit-log',
    {
      config: { access: 'admin', right: 'audit' },
      schema: {
        tags: ['audit'],
        summary: 'What the staff did, newest first: by person (e-mail), kind and days; X-Total-Count has how many match (staff with the audit right)',
        querystring: auditLogQuerySchema,
        response: { 200: z.array(auditRecordSchema), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => sendPage(reply, await audit.list(request.query)),
  );
};
