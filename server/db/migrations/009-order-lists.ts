import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Indexes for Manage Orders, newest first, at each stage it filters by. Each is partial on the stage's
 * own condition (which the order repository writes the same way, with literal values, so that both
 * databases see that the index covers the query) and ordered by (created_at, id), so a page is read
 * in order from the index however many orders sit at other stages:
 * - unpaid: not paid and not cancelled;
 * - to ship, shipped, delivered: by shipping_status, among orders not cancelled;
 * - cancelled (by a person, or expired): cancelled_at set;
 * - refunded: any money given back.
 * Searching by number uses the unique orders_number_idx. Searching for part of an e-mail or a name
 * uses trigram indexes on PostgreSQL (pg_trgm, a trusted extension that ships with PostgreSQL); on
 * SQLite, the single-machine default, it reads the orders newest first and keeps the matches.
 */
export const orderListsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('orders_unpaid_idx')
      .on('orders')
      // payment_status leads, although every row in the index has the same, so that SQLite sees the
      // query's equality on it served here, rather than by orders_status_idx and a sort.
      .columns(['payment_status', 'created_at', 'id'])
      .where(sql.ref('payment_status'), '=', 'unpaid')
      .where(sql.ref('cancelled_at'), 'is', null)
      .execute();
    await db.schema.createIndex('orders_shipping_stage_idx').on('orders').columns(['shipping_status', 'created_at', 'id']).where(sql.ref('cancelled_at'), 'is', null).execute();
    await db.schema.createIndex('orders_cancelled_idx').on('orders').columns(['created_at', 'id']).where(sql.ref('cancelled_at'), 'is not', null).execute();
    await db.schema.createIndex('orders_refunded_idx').on('orders').columns(['created_at', 'id']).where(sql.ref('refunded_cents'), '>', 0).execute();
    if (isPostgres(db)) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index orders_email_trgm_idx on orders using gin (lower(email) gin_trgm_ops)`.execute(db);
      await sql`create index orders_customer_name_trgm_idx on orders using gin (lower(customer_name) gin_trgm_ops)`.execute(db);
    }
  },

  async down(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await db.schema.dropIndex('orders_customer_name_trgm_idx').execute();
      await db.schema.dropIndex('orders_email_trgm_idx').execute();
    }
    for (const name of ['orders_refunded_idx', 'orders_cancelled_idx', 'orders_shipping_stage_idx', 'orders_unpaid_idx']) await db.schema.dropIndex(name).execute();
  },
};
