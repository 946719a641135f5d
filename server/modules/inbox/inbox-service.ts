import type { ContactMessage, ContactMessageInput, NewsletterSubscriber } from '../../../common/schemas/inbox.ts';
import type { KeysetPaginationQuery } from '../../../common/schemas/pagination.ts';
import type { Clock } from '../../clock.ts';
import { keysetPageOf } from '../../db/keyset-page.ts';
import type { Mailer } from '../mail/mailer.ts';
import { newContactMessage } from '../mail/templates/shop-messages.ts';
import { csvLine } from '../../csv.ts';
import type { ContactMessageRow, InboxRepository, SubscriberRow } from './inbox-repository.ts';

/** How many subscribers the CSV export reads at a time: a long list never sits in memory whole. */
const exportBatchSize = 500;

const toContactMessage = (row: ContactMessageRow): ContactMessage => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  phone: row.phone,
  requirement: row.requirement,
  createdAt: row.created_at,
});

const toSubscriber = (row: SubscriberRow): NewsletterSubscriber => ({ _id: row.id, email: row.email, createdAt: row.created_at });

/** Where the shop's own notice of a new contact message goes, if anywhere. */
export interface ShopNotices {
  mailer: Mailer;
  /** SHOP_NOTIFY_EMAIL; unset, no notice is sent. */
  to: string | undefined;
  publicUrl: string;
}

export function createInboxService(inbox: InboxRepository, clock: Clock, notices: ShopNotices) {
  return {
    async sendContactMessage(input: Required<ContactMessageInput>): Promise<ContactMessage> {
      const { to } = notices;
      const notify = to
        ? (trx: Parameters<Mailer['enqueue']>[0], row: ContactMessageRow) =>
            notices.mailer.enqueue(trx, { to, content: newContactMessage({ message: toContactMessage(row), messagesUrl: `${notices.publicUrl}/dashboard/messages` }) })
        : undefined;
      return toContactMessage(await inbox.addContactMessage({ ...input, created_at: clock().toISOString() }, notify));
    },

    /** The admin's inbox, newest first. The caller has checked that the viewer is an admin. */
    async listContactMessages(page: KeysetPaginationQuery): Promise<{ items: ContactMessage[]; total: number }> {
      const { rows, total } = await inbox.listContactMessages(keysetPageOf(page));
      return { items: rows.map(toContactMessage), total };
    },

    /** Confirmed subscribers only: an address whose owner has not confirmed it is not on the list. */
    async listSubscribers(page: KeysetPaginationQuery): Promise<{ items: NewsletterSubscriber[]; total: number }> {
      const { rows, total } = await inbox.listSubscribers(keysetPageOf(page));
      return { items: rows.map(toSubscriber), total };
    },

    /** Every confirmed subscriber as CSV, newest first, produced batch by batch as the reader takes it. */
    async *subscribersCsv(): AsyncGenerator<string> {
      yield csvLine(['email', 'subscribedAt']);
      let cursor: { createdAt: string; id: string } | undefined;
      for (;;) {
        const rows = await inbox.subscribersAfter(cursor, exportBatchSize);
        const last = rows.at(-1);
        if (!last) return;
        yield rows.map((row) => csvLine([row.email, row.created_at])).join('');
        if (rows.length < exportBatchSize) return;
        cursor = { createdAt: last.created_at, id: last.id };
      }
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
