import type { Kysely, Migration } from 'kysely';
import { accountVersionMigration } from './020-account-version.ts';

/**
 * Drops what migration 020 added, the accounts' version row and the triggers on `session` and `user`
 * that raised it: no process keeps who a session cookie is any more, better-auth reads the session
 * table for each request (ADR 036), so nothing reads the version. Exactly 020 undone, on both
 * engines; undoing this one makes it again.
 */
export const noAccountVersionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await accountVersionMigration.down!(db);
  },

  async down(db: Kysely<unknown>) {
    await accountVersionMigration.up(db);
  },
};
