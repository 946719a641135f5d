import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSessionParamsSchema, accountSessionSchema, endedSessionsSchema, type AccountSession } from '../../../common/schemas/account-sessions.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import { createAccountSessionRepository } from './account-session-repository.ts';
import { describeDevice } from './user-agent.ts';
import type { Sessions } from './viewer.ts';

export interface AccountSessionRouteOptions {
  db: Database;
  sessions: Sessions;
  clock: Clock;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The places an account is signed in, for its owner to see and end (My Profile). Each answer names
 * sessions by id; tokens stay in the database and the HttpOnly cookie.
 */
export const accountSessionRoutes: FastifyPluginAsyncZod<AccountSessionRouteOptions> = async (app, { db, sessions, clock }) => {
  const repository = createAccountSessionRepository(db);
  const refusals = { 401: apiErrorSchema };

  app.get(
    '/sessions',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['account'], summary: 'Where the signed-in account is signed in, most recently active first', response: { 200: z.array(accountSessionSchema), ...refusals } },
    },
    async (request): Promise<AccountSession[]> => {
      const viewer = signedInViewer(request);
      const current = await sessions.sessionIdOf(request);
      const rows = await repository.listLive(viewer.id, clock().toISOString());
      return rows.map((row) => ({
        id: row.id,
        ...describeDevice(row.userAgent),
        ...(row.ipAddress ? { address: row.ipAddress } : {}),
        signedInAt: iso(row.createdAt),
        lastActiveAt: iso(row.updatedAt),
        current: row.id === current,
      }));
    },
  );

  app.delete(
    '/sessions/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'Sign one of the account’s sessions out (this one included)',
        params: accountSessionParamsSchema,
        response: { 200: endedSessionsSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      const ended = await repository.end(signedInViewer(request).id, request.params.id);
      // Someone else's session, or one already ended: the same answer, so ids reveal nothing.
      if (ended === 0) throw notFound('No session of yours has that id.');
      return { ended };
    },
  );

  app.post(
    '/sessions/end-others',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['account'], summary: 'Sign out everywhere but this device', response: { 200: endedSessionsSchema, ...refusals } },
    },
    async (request) => {
      const viewer = signedInViewer(request);
      const current = await sessions.sessionIdOf(request);
      return { ended: current ? await repository.endAllBut(viewer.id, current) : 0 };
    },
  );
};
