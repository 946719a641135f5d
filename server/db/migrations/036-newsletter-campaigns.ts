import type { Kysely, Migration } from 'kysely';

/**
 * Newsletter campaigns (issue 29): what the owner writes and sends to the confirmed subscribers.
 *
 * `newsletter_campaigns` holds a campaign's words and where it stands: a draft, scheduled, or sending
 * (its audience fixed at `started_at`: the addresses confirmed by then). `claimed_through` is the last
 * address claimed, in address order, so that each batch starts where the last one stopped, and
 * `next_batch` the number of the batch job due next: a batch job run twice (its process stopped after
 * committing) finds its number taken and does nothing, so one chain of batches keeps the rate.
 *
 * `newsletter_campaign_recipients` is one row per address a campaign is sent to, added in the very
 * transaction that queues the message: the unique (campaign, address) lets nobody be claimed twice,
 * across crashes and processes. Its `state` is what became of the message (queued, sent, failed, or
 * skipped when the address left the list before its turn), and `token_hash` names the unsubscribe
 * link it carries, so that leaving by that link is counted on the campaign. No foreign key to the
 * subscriber: an address that unsubscribes is deleted, and the campaign's figures stay.
 */
export const newsletterCampaignsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('newsletter_campaigns')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('scheduled_at', 'text')
      .addColumn('started_at', 'text')
      .addColumn('recipients', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('claimed_through', 'text')
      .addColumn('next_batch', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('all_queued_at', 'text')
      .execute();
    // The admin's list, newest first.
    await db.schema.createIndex('newsletter_campaigns_created_idx').on('newsletter_campaigns').columns(['created_at', 'id']).execute();

    await db.schema
      .createTable('newsletter_campaign_recipients')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('campaign_id', 'text', (col) => col.notNull().references('newsletter_campaigns.id'))
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('queued_at', 'text', (col) => col.notNull())
      .addColumn('done_at', 'text')
      .addColumn('unsubscribed_at', 'text')
      .execute();
    // Exactly once: one row, and so one message, per address and campaign.
    await db.schema.createIndex('newsletter_campaign_recipients_once_idx').on('newsletter_campaign_recipients').columns(['campaign_id', 'email']).unique().execute();
    // The campaign's figures, counted by state.
    await db.schema.createIndex('newsletter_campaign_recipients_state_idx').on('newsletter_campaign_recipients').columns(['campaign_id', 'state']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('newsletter_campaign_recipients').execute();
    await db.schema.dropTable('newsletter_campaigns').execute();
  },
};
