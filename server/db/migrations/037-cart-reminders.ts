import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Carts that come back (issue 29, ADR 045):
 * - `cart_reminders`, one row per cart the shop may remind about: a signed-in customer's (`user_id`,
 *   the lines stay in `cart_items`) or a guest's who ticked "E-mail me my cart" at checkout (`email`
 *   and the `lines` as JSON). It keeps when the cart last changed, the reminders sent in the present
 *   episode (from the first change after a purchase to the next purchase), and whether its person
 *   stopped them. `token_hash` finds the row from a link. `skipped_at` is the change a sweep found
 *   nothing to remind of (nothing in it sold, no address to mail): no sweep reads it again until it changes.
 * - `cart_reminder_mails`, one row per reminder sent, unique per (cart, episode, number): a second
 *   guard, beside the claim's conditional update, that no reminder goes twice; and what the report
 *   counts as carts reminded.
 * - `cart_comebacks`, one row per order paid from a cart after a reminder (its total kept), which the
 *   report adds up by the day it was paid.
 */
export const cartRemindersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('cart_reminders')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.unique())
      .addColumn('email', 'text', (col) => col.unique())
      .addColumn('lines', 'text')
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('changed_at', 'text', (col) => col.notNull())
      .addColumn('episode', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('reminders_sent', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('last_reminded_at', 'text')
      .addColumn('bought_at', 'text')
      .addColumn('unsubscribed_at', 'text')
      .addColumn('skipped_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    // The sweep reads carts still short of their reminders, untouched longest first. Carts with both
    // reminders sent, or whose person stopped them, are left out of it: the sweep never looks at them.
    await db.schema
      .createIndex('cart_reminders_due_idx')
      .on('cart_reminders')
      .columns(['reminders_sent', 'changed_at', 'id'])
      // Two reminders an episode (cartRemindersPerEpisode); an index's condition is written out as it was made.
      .where('reminders_sent', '<', 2)
      .where(sql.ref('unsubscribed_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('cart_reminder_mails')
      // No foreign key: a cart erased with its account (its person's data) leaves its reminders counted.
      .addColumn('cart_id', 'text', (col) => col.notNull())
      .addColumn('episode', 'integer', (col) => col.notNull())
      .addColumn('number', 'integer', (col) => col.notNull())
      .addColumn('sent_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('cart_reminder_mails_pk', ['cart_id', 'episode', 'number'])
      .execute();
    await db.schema.createIndex('cart_reminder_mails_sent_idx').on('cart_reminder_mails').columns(['sent_at', 'number']).execute();

    await db.schema
      .createTable('cart_comebacks')
      .addColumn('order_id', 'text', (col) => col.primaryKey())
      .addColumn('cart_id', 'text', (col) => col.notNull())
      .addColumn('reminders', 'integer', (col) => col.notNull())
      .addColumn('total_cents', 'integer', (col) => col.notNull())
      .addColumn('bought_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('cart_comebacks_bought_idx').on('cart_comebacks').columns(['bought_at', 'total_cents']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('cart_comebacks_bought_idx').execute();
    await db.schema.dropTable('cart_comebacks').execute();
    await db.schema.dropIndex('cart_reminder_mails_sent_idx').execute();
    await db.schema.dropTable('cart_reminder_mails').execute();
    await db.schema.dropIndex('cart_reminders_due_idx').execute();
    await db.schema.dropTable('cart_reminders').execute();
  },
};
