import { type Kysely, type Migration, sql } from 'kysely';

/**
 * An order whose whole price was refunded before it was sent has nothing left to send (ADR 029): its
 * shipping status becomes `refunded`, so that it leaves Manage Orders' "To ship" and the overview's
 * orders to ship. The order counts' triggers (migration 018) move it between the kept counts.
 */
export const refundedBeforeShippingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update orders set shipping_status = 'refunded'
      where payment_status = 'paid' and shipping_status = 'pending' and cancelled_at is null and refunded_cents >= price_cents`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`update orders set shipping_status = 'pending' where shipping_status = 'refunded'`.execute(db);
  },
};
