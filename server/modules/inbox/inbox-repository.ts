import type { Database } from '../../db/database.ts';
import type { ContactMessagesTable } from '../../db/schema.ts';
import { newRecordId } from '../../record-id.ts';

export type ContactMessageRow = ContactMessagesTable;

export function createInboxRepository(db: Database) {
  return {
    /** Adds an address to the newsletter list; answers false when it was there already. */
    async addSubscriber(email: string, now: Date): Promise<boolean> {
      const result = await db
        .insertInto('newsletter_subscribers')
        .values({ id: newRecordId(), email, created_at: now.toISOString() })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .executeTakeFirst();
      return Boolean(result.numInsertedOrUpdatedRows);
    },

    async addContactMessage(message: Omit<ContactMessageRow, 'id'>): Promise<ContactMessageRow> {
      const row = { id: newRecordId(), ...message };
      await db.insertInto('contact_messages').values(row).execute();
      return row;
    },
  };
}

export type InboxRepository = ReturnType<typeof createInboxRepository>;
