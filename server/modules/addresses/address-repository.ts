import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { whileHolding } from '../../db/row-lock.ts';
import type { AddressesTable } from '../../db/schema.ts';

export type AddressRow = Selectable<AddressesTable>;

/** Customers' address books (ADR 030). */
export function createAddressRepository(db: Database) {
  return {
    /**
     * Runs `work` in a transaction holding the customer's account row: changes to one address book
     * queue here, so that its size limit and its one default hold when several arrive at once.
     */
    withBookHeld<T>(userId: string, work: (transaction: Database) => Promise<T>): Promise<T> {
      return whileHolding(db, 'user', userId, work);
    },

    /** The customer's addresses, the default first, then newest first (`addresses_user_created_idx`). */
    async listOf(userId: string, on: Database = db): Promise<AddressRow[]> {
      const rows = await on.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return [...rows.filter((row) => row.is_default === 1), ...rows.filter((row) => row.is_default !== 1)];
    },

    findOwn(userId: string, id: string, on: Database = db): Promise<AddressRow | undefined> {
      return on.selectFrom('addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    async insert(transaction: Database, row: Insertable<AddressesTable>): Promise<AddressRow> {
      return transaction.insertInto('addresses').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async update(transaction: Database, userId: string, id: string, changes: Updateable<AddressesTable>): Promise<AddressRow | undefined> {
      return transaction.updateTable('addresses').set(changes).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
    },

    /** No address of the customer's is the default any more (before another becomes it). */
    async clearDefault(transaction: Database, userId: string): Promise<void> {
      await transaction.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).execute();
    },

    async remove(transaction: Database, userId: string, id: string): Promise<AddressRow | undefined> {
      return transaction.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
    },
  };
}

export type AddressRepository = ReturnType<typeof createAddressRepository>;
