import type { UserRole } from '../../../common/account-rules.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';

const userColumns = ['id', 'name', 'email', 'role', 'education', 'location', 'contactNumber', 'createdAt'] as const;

export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  education: string | null;
  location: string | null;
  contactNumber: string | null;
}

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

    async updateProfile(id: string, changes: ProfileChanges & { role?: UserRole }): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await db
        .updateTable('user')
        .set({ ...changes, updatedAt: clock().toISOString() })
        .where('id', '=', id)
        .execute();
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
