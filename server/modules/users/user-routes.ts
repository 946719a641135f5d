import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { paginationQuerySchema } from '../../../common/schemas/pagination.ts';
import { roleChangeSchema } from '../../../common/schemas/staff-roles.ts';
import { userEmailParamsSchema, userSchema, userUpdateSchema } from '../../../common/schemas/users.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import type { UserService } from './user-service.ts';
import { sendPage } from '../../pagination.ts';

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };

export const userRoutes: FastifyPluginAsyncZod<{ users: UserService }> = async (app, { users }) => {
  app.get(
    '/users',
    {
      config: { access: 'admin', right: 'customers.read' },
      schema: {
        tags: ['users'],
        summary: 'Every user, newest first, with each staff member’s role (staff who may read customers)',
        querystring: paginationQuerySchema,
        response: { 200: z.array(userSchema), 400: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => sendPage(reply, await users.list(request.query)),
  );

  app.get(
    '/users/:email',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'One user: yourself, or anyone for staff who may read customers',
        params: userEmailParamsSchema,
        response: { 200: userSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => users.get(signedInViewer(request), request.params.email),
  );

  app.put(
    '/users/:email',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary:
          'Update a profile (blank fields keep their value): yours, or anyone’s for staff who may change customers; an owner may also set userRole to admin, which makes an owner',
        params: userEmailParamsSchema,
        body: userUpdateSchema,
        response: { 200: userSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => users.update(signedInViewer(request), request.ip, request.params.email, request.body),
  );

  app.put(
    '/users/:email/role',
    {
      config: { access: 'admin', right: 'roles' },
      schema: {
        tags: ['users'],
        summary: 'Give a staff role (owner, manager, fulfilment, support), or take it away (customer); the last owner keeps theirs (owners only)',
        params: userEmailParamsSchema,
        body: roleChangeSchema,
        response: { 200: userSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => users.setRole(signedInViewer(request), request.ip, request.params.email, request.body.role),
  );
};
