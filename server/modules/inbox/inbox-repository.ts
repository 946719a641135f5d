import type { ListPlace } from '../../../common/pagination.ts';
import type { Database } from '../../db/database.ts';
import type { ContactMessagesTable, NewsletterSubscribersTable } from '../../db/schema.ts';
import { type KeysetPage, newestFirstPage } from '../../db/keyset-page.ts';
import { newRecordId } from '../../record-id.ts';

export type ContactMessageRow = ContactMessagesTable;
export type SubscriberRow = NewsletterSubscribersTable;

/** Where a walk through the subscribers, newest first, has got to. */
export type SubscriberCursor = ListPlace;

export function createInboxRepository(db: Database) {
  /** The newsletter list: the addresses whose owners confirmed them (ADR 011). */
  const confirmed = () => db.selectFrom('newsletter_subscribers').where('confirmed_at', 'is not', null);

  return {
    /** Stores the message; `alongside` runs in the same transaction (the shop's notice is queued with it). */
    async addContactMessage(message: Omit<ContactMessageRow, 'id'>, alongside?: (trx: Database, row: ContactMessageRow) => Promise<void>): Promise<ContactMessageRow> {
      const row = { id: newRecordId(), ...message };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('contact_messages').values(row).execute();
        await alongside?.(trx, row);
      });
      return row;
    },

    /** Newest first, by keyset or offset; the id breaks ties so that pages never overlap (index contact_messages_created_at_idx). */
    async listContactMessages(page: KeysetPage): Promise<{ rows: ContactMessageRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        newestFirstPage(db.selectFrom('contact_messages').selectAll(), page),
        db
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /** The confirmed subscribers, newest first, by keyset or offset (index newsletter_subscribers_created_at_idx). */
    async listSubscribers(page: KeysetPage): Promise<{ rows: SubscriberRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        newestFirstPage(confirmed().selectAll(), page),
        confirmed()
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /**
     * The next batch of confirmed subscribers, newest first, after the cursor. Keyset paging rather than an
     * offset: each batch is one seek on the (created_at, id) index however far the export has got,
     * and a subscriber who joins meanwhile neither shifts nor repeats the rows still to come.
     */
    subscribersAfter(cursor: SubscriberCursor | undefined, limit: number): Promise<SubscriberRow[]> {
      return newestFirstPage(confirmed().selectAll(), { limit, offset: 0, after: cursor });
    },
  };
}

export type InboxRepository = ReturnType<typeof createInboxRepository>;
