import type { Database } from '../../db/database.ts';

/** The most sessions listed for one account: far more than anyone keeps, so the list needs no pages. */
export const maxListedSessions = 100;

/** better-auth's session rows of one account, read and ended by the shop (the library's own list would answer tokens). */
export function createAccountSessionRepository(db: Database) {
  return {
    /** The session with this token and its account, in one read: who a request's cookie signs in. */
    signedInBy(token: string) {
      return db
        .selectFrom('session')
        .innerJoin('user', 'user.id', 'session.userId')
        .select([
          'session.id as sessionId',
          'session.expiresAt',
          'user.id',
          'user.name',
          'user.email',
          'user.role',
          'user.staff_role',
          'user.twoFactorEnabled',
          'user.emailVerified',
        ])
        .where('session.token', '=', token)
        .executeTakeFirst();
    },

    listLive(userId: string, now: string) {
      return db
        .selectFrom('session')
        .select(['id', 'createdAt', 'updatedAt', 'ipAddress', 'userAgent'])
        .where('userId', '=', userId)
        .where('expiresAt', '>', now)
        .orderBy('updatedAt', 'desc')
        .limit(maxListedSessions)
        .execute();
    },

    async end(userId: string, sessionId: string): Promise<number> {
      const result = await db.deleteFrom('session').where('userId', '=', userId).where('id', '=', sessionId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async endAllBut(userId: string, keptSessionId: string): Promise<number> {
      const result = await db.deleteFrom('session').where('userId', '=', userId).where('id', '!=', keptSessionId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AccountSessionRepository = ReturnType<typeof createAccountSessionRepository>;
