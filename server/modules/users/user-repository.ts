import { sql } from 'kysely';
import type { UserRole } from '../../../common/account-rules.ts';
import { hasRight, type StaffRole } from '../../../common/staff-roles.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { becomeTheWriter } from '../../db/row-lock.ts';

const userColumns = ['id', 'name', 'email', 'role', 'staff_role as staffRole', 'education', 'location', 'contactNumber', 'createdAt'] as const;

export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  staffRole: StaffRole | null;
  education: string | null;
  location: string | null;
  contactNumber: string | null;
}

/**
 * How a change of staff role ended: made; refused because the one making it may no longer choose
 * roles (demoted a moment before); or refused because it would leave the shop without an owner.
 */
export type StaffRoleChange = 'changed' | 'changer-not-allowed' | 'last-owner';

export interface ProfileChanges {
  name?: string;
  education?: string;
  location?: string;
  contactNumber?: string;
}

/** The shop's reads and writes of better-auth's user table: profile fields and role only. */
export function createUserRepository(db: Database, clock: Clock) {
  /** The account's password hash (better-auth's "credential" sign-in method), if it has one. */
  async function passwordHash(userId: string): Promise<string | undefined> {
    const row = await db.selectFrom('account').select('password').where('userId', '=', userId).where('providerId', '=', 'credential').executeTakeFirst();
    return row?.password ?? undefined;
  }

  return {
    passwordHash,
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('user').select(userColumns).where('email', '=', email.toLowerCase()).executeTakeFirst();
    },

    async list(page: { limit: number; offset: number }): Promise<{ items: UserRow[]; total: number }> {
      const [items, count] = await Promise.all([
        db.selectFrom('user').select(userColumns).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
        db
          .selectFrom('user')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(count.total) };
    },

    async updateProfile(id: string, changes: ProfileChanges): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await db
        .updateTable('user')
        .set({ ...changes, updatedAt: clock().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Gives `targetId` a staff role (`role: 'admin'` with it), or takes it away (null: a customer
     * again). The shop always keeps an owner: the transaction first holds every owner's row (in id
     * order, so that two such changes never wait on each other crosswise), then counts them, so of two
     * owners demoting each other at once the second finds one owner left and is refused. `changerId`,
     * when a person makes the change, must still hold the right to choose roles as the change is
     * written, not only when their request came in. The rows of the person changed and of the one
     * changing are held with the owners', in the same order, so that every row the change writes or
     * reads is held before any is written. `alongside` runs in the same transaction once the role has
     * moved (the audit trail's record of it), so the change and its record commit together.
     */
    async setStaffRole(
      targetId: string,
      role: StaffRole | null,
      changerId?: string,
      alongside?: (transaction: Database, before: StaffRole | null) => Promise<void>,
    ): Promise<StaffRoleChange> {
      return db.transaction().execute(async (trx) => {
        if (isPostgres(trx)) {
          const people = [targetId, ...(changerId === undefined ? [] : [changerId])];
          await sql`select id from ${sql.table('user')} where staff_role = 'owner' or id in (${sql.join(people)}) order by id for update`.execute(trx);
        } else await becomeTheWriter(trx);
        const staff = await trx.selectFrom('user').select(['id', 'staff_role']).where('staff_role', 'is not', null).execute();
        const roleOf = (id: string) => staff.find((member) => member.id === id)?.staff_role ?? null;
        if (changerId !== undefined && !hasRight(roleOf(changerId), 'roles')) return 'changer-not-allowed';
        const owners = staff.filter((member) => member.staff_role === 'owner').length;
        if (roleOf(targetId) === 'owner' && role !== 'owner' && owners <= 1) return 'last-owner';
        await trx
          .updateTable('user')
          .set({ role: role ? 'admin' : 'user', staff_role: role, updatedAt: clock().toISOString() })
          .where('id', '=', targetId)
          .execute();
        if (roleOf(targetId) !== role) await alongside?.(trx, roleOf(targetId));
        return 'changed';
      });
    },

    async hasPassword(userId: string): Promise<boolean> {
      return (await passwordHash(userId)) !== undefined;
    },

    /**
     * The account the shop made at start for ADMIN_EMAIL: its address counts as confirmed (the shop's
     * owner named it), and the session that making it left behind, which no browser holds, ends.
     */
    async settleMadeAtStart(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('user')
          .set({ emailVerified: isPostgres(trx) ? true : 1, updatedAt: clock().toISOString() })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('session').where('userId', '=', id).execute();
      });
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
