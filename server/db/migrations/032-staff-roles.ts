import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Staff roles (issue 28, ADR 042): `user.staff_role` says which admin calls a staff member may make
 * (owner, manager, fulfilment or support; null for a customer). `role` stays 'admin' for every staff
 * member, as the specification's `userRole` has it. Every admin there is already could do everything,
 * so each becomes an owner.
 */
export const staffRolesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('user').addColumn('staff_role', 'text').execute();
    await sql`update ${sql.table('user')} set staff_role = 'owner' where role = 'admin'`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('user').dropColumn('staff_role').execute();
  },
};
