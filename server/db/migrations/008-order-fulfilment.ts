import { type Kysely, type Migration, sql } from 'kysely';
import { firstOrderNumber } from '../../../common/ordering.ts';
import { isPostgres } from '../dialect.ts';

/**
 * Running the business after the payment: each order gets a short sequential number people can
 * read out (J-1042; existing orders are numbered in the order they were placed), the times and details of its shipping, delivery and cancellation (a cancelled
 * order is kept, so that its customer and the admin can still see it), the card that paid it, and
 * how much of it has been refunded. Each refund is a row of its own.
 *
 * Numbers come from a sequence on PostgreSQL, and on SQLite from a one-row counter moved on in the
 * transaction that inserts (SQLite has one writer at a time). Neither gives a number twice, even
 * after an order is deleted.
 */
export const orderFulfilmentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const columns: [string, 'text' | 'integer'][] = [
      ['number', 'integer'],
      ['shipped_at', 'text'],
      ['carrier', 'text'],
      ['tracking_number', 'text'],
      ['delivered_at', 'text'],
      ['cancelled_at', 'text'],
      ['cancel_reason', 'text'],
      ['card_brand', 'text'],
      ['card_last4', 'text'],
    ];
    for (const [name, type] of columns) await db.schema.alterTable('orders').addColumn(name, type).execute();
    await db.schema
      .alterTable('orders')
      .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();

    await sql`
      update orders set number = numbered.number
      from (select id, ${sql.lit(firstOrderNumber - 1)} + row_number() over (order by created_at, id) as number from orders) as numbered
      where orders.id = numbered.id`.execute(db);
    await db.schema.createIndex('orders_number_idx').on('orders').column('number').unique().execute();
    if (isPostgres(db)) {
      await sql`create sequence order_number_seq start with ${sql.lit(firstOrderNumber)}`.execute(db);
      await sql`select setval('order_number_seq', greatest((select max(number) from orders), ${sql.lit(firstOrderNumber - 1)}) + 1, false)`.execute(db);
    } else {
      await db.schema
        .createTable('order_number_counter')
        .addColumn('last_number', 'integer', (col) => col.notNull())
        .execute();
      await sql`insert into order_number_counter (last_number) select coalesce(max(number), ${sql.lit(firstOrderNumber - 1)}) from orders`.execute(db);
    }

    await db.schema
      .createTable('refunds')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('amount_cents', 'integer', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      /** How many pieces went back to stock with this refund (0 when the admin chose not to). */
      .addColumn('restocked_quantity', 'integer', (col) => col.notNull().defaultTo(0))
      /** The processor's id of the refund. */
      .addColumn('gateway_refund_id', 'text')
      /** The key a client sends so that a repeated request refunds once. */
      .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('refunds_order_id_idx').on('refunds').columns(['order_id', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('refunds').execute();
    if (isPostgres(db)) await sql`drop sequence order_number_seq`.execute(db);
    else await db.schema.dropTable('order_number_counter').execute();
    await db.schema.dropIndex('orders_number_idx').execute();
    for (const column of ['refunded_cents', 'card_last4', 'card_brand', 'cancel_reason', 'cancelled_at', 'delivered_at', 'tracking_number', 'carrier', 'shipped_at', 'number']) {
      await db.schema.alterTable('orders').dropColumn(column).execute();
    }
  },
};
