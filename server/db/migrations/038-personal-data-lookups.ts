import { type Kysely, type Migration, sql } from 'kysely';

/** The tables a customer's export and erasure read by e-mail address (ADR 046), each with the index it looks the address up by. */
const byEmail = [
  ['newsletter_campaign_recipients', 'newsletter_campaign_recipients_email_idx'],
  ['reviews', 'reviews_email_idx'],
  ['contact_messages', 'contact_messages_email_idx'],
  ['stock_alerts', 'stock_alerts_email_idx'],
] as const;

/**
 * Lookups that would otherwise read whole tables:
 * - by e-mail address, in the tables a customer's export and erasure read (ADR 046): the erasure reads
 *   them in a transaction that holds the person's rows, so it should be short however long the tables
 *   grow. (Their other indexes do not start with the address: (campaign, address) and (product,
 *   variant, address) do not serve a search by address alone.)
 * - a campaign's readers who left by its link, which its figures count (ADR 047): few of its messages,
 *   so a partial index keeps only those.
 */
export const personalDataLookupsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [table, index] of byEmail) await db.schema.createIndex(index).on(table).column('email').execute();
    await db.schema
      .createIndex('newsletter_campaign_recipients_unsubscribed_idx')
      .on('newsletter_campaign_recipients')
      .column('campaign_id')
      .where(sql.ref('unsubscribed_at'), 'is not', null)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('newsletter_campaign_recipients_unsubscribed_idx').execute();
    for (const [, index] of byEmail) await db.schema.dropIndex(index).execute();
  },
};
