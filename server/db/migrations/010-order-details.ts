import type { Kysely, Migration } from 'kysely';

/**
 * The local test processor keeps the brand and last four digits of the card that authorised each of
 * its payments, as Stripe keeps them on a charge, so that the order it pays can show the card. The
 * rest of the number is never stored.
 */
export const orderDetailsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('local_payment_intents').addColumn('card_brand', 'text').execute();
    await db.schema.alterTable('local_payment_intents').addColumn('card_last4', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('local_payment_intents').dropColumn('card_last4').execute();
    await db.schema.alterTable('local_payment_intents').dropColumn('card_brand').execute();
  },
};
