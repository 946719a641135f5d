import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Reviews the owner answers (issue 29):
 * - `reviews.hidden_at`: when staff hid the review, null while it is shown. A hidden review is in no
 *   public list and counts in no rating; showing it again sets it back to null.
 * - `reviews.reply`, `replied_at`, `replied_by`: the shop's one public reply under the review, when it
 *   was last written and by which staff account (its id as text, no foreign key: a reply outlives the
 *   account, as an audit record does). Editing the reply replaces all three.
 * - `reviews.reply_mailed_at`: when the customer was told that their review was answered. Set once, by
 *   a conditional update in the reply's transaction, so that the e-mail goes out once per review
 *   however many times, or how many at once, the reply is sent.
 * The public lists (every review, newest first; one product's, newest first; a product's count and
 * average) now read only shown reviews, through partial indexes of the shown ones. The older indexes
 * stay: the staff's list reads every review newest first, and deleting a product finds its reviews by
 * `product_id`.
 */
export const reviewRepliesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['hidden_at', 'reply', 'replied_at', 'replied_by', 'reply_mailed_at']) {
      await db.schema.alterTable('reviews').addColumn(column, 'text').execute();
    }
    await db.schema.createIndex('reviews_shown_created_at_idx').on('reviews').columns(['created_at', 'id']).where(sql.ref('hidden_at'), 'is', null).execute();
    await db.schema.createIndex('reviews_shown_product_created_at_idx').on('reviews').columns(['product_id', 'created_at', 'id']).where(sql.ref('hidden_at'), 'is', null).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('reviews_shown_product_created_at_idx').execute();
    await db.schema.dropIndex('reviews_shown_created_at_idx').execute();
    for (const column of ['reply_mailed_at', 'replied_by', 'replied_at', 'reply', 'hidden_at']) {
      await db.schema.alterTable('reviews').dropColumn(column).execute();
    }
  },
};
