import type { Kysely, Migration } from 'kysely';

/**
 * Refunds are reserved by the shop before the card processor is asked (ADR 029). A refund's row is
 * written `pending` in the transaction that checks what is left to refund, holding the order's row,
 * and becomes `succeeded` once the processor has made it, or `failed` when the processor refused it.
 * Every refund recorded before this migration was made at the processor already.
 */
export const refundReservationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('refunds')
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('succeeded'))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('refunds').dropColumn('status').execute();
  },
};
