import { type Kysely, type Migration, type RawBuilder, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

const raw = (text: string): RawBuilder<unknown> => sql.raw(text);

/** The id of the order heading a paid checkout: its line-order number 1 (null for an unknown checkout). */
const checkoutHeader = (checkoutId: string) => `(select h.id from orders h where h.checkout_id = ${checkoutId} and h.checkout_line = 1)`;

/** The order an order row's line belongs to from now on: its checkout's header, or itself for a single order. */
const headerOf = (row: string) => `coalesce(${checkoutHeader(`${row}.checkout_id`)}, ${row}.id)`;

/** An aggregate over the line-orders of the checkout that the `orders` row being updated heads. */
const ofLineOrders = (aggregate: string) => `(select ${aggregate} from orders l where l.checkout_id = orders.checkout_id)`;

/** Whether every line-order of that checkout is at one of these shipping stages. */
const everyLineOrder = (...statuses: string[]) =>
  `not exists (select 1 from orders l where l.checkout_id = orders.checkout_id and coalesce(l.shipping_status, 'pending') not in (${statuses.map((status) => `'${status}'`).join(', ')}))`;

/**
 * A line-order refunded in full before it was sent has nothing left to send: it neither keeps its
 * header pending nor keeps it from being shipped or delivered. The header is refunded only when every
 * line-order was.
 */
const sentOrRefunded = ['shipped', 'delivered', 'refunded'];

/** The latest shipment's carrier or tracking number among the checkout's line-orders. */
const ofLatestShipped = (column: string) =>
  `(select l.${column} from orders l where l.checkout_id = orders.checkout_id and l.shipped_at is not null order by l.shipped_at desc, l.checkout_line desc limit 1)`;

/** The order header's amounts, its currency and how many of its pieces were sent. */
async function addHeaderColumns(db: Kysely<unknown>): Promise<void> {
  for (const column of ['subtotal_cents', 'shipping_cents', 'discount_cents', 'tax_cents']) {
    await db.schema
      .alterTable('orders')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('orders')
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('shipped_quantity', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

/** What an order bought, the parcels sent for it and the pieces each refund paid back. */
async function createLineTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line', 'integer', (col) => col.notNull().check(sql`line >= 1`))
    .addColumn('product_id', 'text', (col) => col.references('products.id').onDelete('set null'))
    .addColumn('product', 'text', (col) => col.notNull())
    .addColumn('img', 'text', (col) => col.notNull())
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('shipped_quantity', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refunded_quantity', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('restocked_quantity', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('order_lines_order_line_idx').on('order_lines').columns(['order_id', 'line']).unique().execute();
  // Deleting a product sets its lines' product_id to null: found through this index, not a scan.
  await db.schema.createIndex('order_lines_product_id_idx').on('order_lines').column('product_id').execute();

  await db.schema
    .createTable('shipments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('carrier', 'text', (col) => col.notNull())
    .addColumn('tracking_number', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('shipments_order_id_idx').on('shipments').columns(['order_id', 'created_at']).execute();
  await db.schema
    .createTable('shipment_lines')
    .addColumn('shipment_id', 'text', (col) => col.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('line_id', 'text', (col) => col.notNull().references('order_lines.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
    .addPrimaryKeyConstraint('shipment_lines_pkey', ['shipment_id', 'line_id'])
    .execute();
  await db.schema.createIndex('shipment_lines_line_id_idx').on('shipment_lines').column('line_id').execute();

  await db.schema
    .createTable('refund_lines')
    .addColumn('refund_id', 'text', (col) => col.notNull().references('refunds.id').onDelete('cascade'))
    .addColumn('line_id', 'text', (col) => col.notNull().references('order_lines.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
    .addColumn('restock', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`restock >= 0`),
    )
    .addPrimaryKeyConstraint('refund_lines_pkey', ['refund_id', 'line_id'])
    .execute();
  await db.schema.createIndex('refund_lines_line_id_idx').on('refund_lines').column('line_id').execute();
}

/**
 * Every order row becomes a line, with the id it had, of the order it belongs to now: a single order
 * its own, a checkout's line-order the checkout's header (its line 1), at the line it had in the
 * checkout. A line-order's picture is the checkout line's; a single order's is its product's now, the
 * only one there is ('' once the product is gone). A shipped order's parcel becomes a shipment with
 * the whole line in it, under the order's id; a refund that restocked pieces, a refund of those pieces.
 */
async function copyOrdersIntoLines(db: Kysely<unknown>): Promise<void> {
  await sql`update orders set subtotal_cents = price_cents,
      shipped_quantity = case when shipping_status in ('shipped', 'delivered') then quantity else 0 end`.execute(db);
  await raw(`
    insert into order_lines (id, order_id, line, product_id, product, img, unit_price_cents, quantity, price_cents, shipped_quantity, refunded_quantity, restocked_quantity)
    select o.id, ${headerOf('o')}, coalesce(o.checkout_line, 1), o.product_id, o.product,
      coalesce((select cl.img from checkout_lines cl where cl.checkout_id = o.checkout_id and cl.line = o.checkout_line), (select p.img from products p where p.id = o.product_id), ''),
      o.unit_price_cents, o.quantity, o.price_cents, o.shipped_quantity,
      case when o.refunded_cents > 0 and o.refunded_cents >= o.price_cents then o.quantity else 0 end,
      o.restocked_quantity
    from orders o`).execute(db);
  await raw(`
    insert into shipments (id, order_id, carrier, tracking_number, created_at)
    select o.id, ${headerOf('o')}, coalesce(o.carrier, 'Unknown carrier'), o.tracking_number, o.shipped_at from orders o where o.shipped_at is not null`).execute(db);
  await sql`insert into shipment_lines (shipment_id, line_id, quantity) select id, id, quantity from orders where shipped_at is not null`.execute(db);
  // Before the refunds move to their headers: until then a refund's order is the line it paid back.
  await sql`insert into refund_lines (refund_id, line_id, quantity, restock)
    select id, order_id, restocked_quantity, restocked_quantity from refunds where restocked_quantity > 0`.execute(db);
}

/**
 * Each paid checkout's line-orders become one order: its header (line-order 1) takes over the other
 * line-orders' refunds, the checkout's payments, and sums their figures; then the others go. Their
 * deletion and the header's update pass through migration 018's triggers, which move the kept counts
 * and the days' sales as for any change to an order: the checkout's money stays on its day, counted once.
 * A checkout never paid never became orders, so nothing of it is kept (its lines were a cart's copy).
 */
async function mergePaidCheckouts(db: Kysely<unknown>): Promise<void> {
  await raw(`update refunds set order_id = (select ${headerOf('o')} from orders o where o.id = refunds.order_id)
    where order_id in (select id from orders where checkout_line > 1)`).execute(db);
  // The local processor's payment of a checkout named the checkout in its order_id: it names the header now.
  await raw(`update local_payment_intents set order_id = ${checkoutHeader('local_payment_intents.order_id')}
    where pays_for = 'checkout' and order_id in (select checkout_id from orders where checkout_line = 1)`).execute(db);
  await sql`insert into order_payments (payment_id, order_id, created_at)
    select cp.payment_id, h.id, cp.created_at from checkout_payments cp join orders h on h.checkout_id = cp.checkout_id and h.checkout_line = 1`.execute(db);

  // A header left pending (some pieces sent, some not) has no time of shipping, carrier or tracking
  // number yet, as a single order waiting to be sent has none: its shipments have theirs.
  const lineCount = ofLineOrders('count(*)');
  await raw(`
    update orders set
      price_cents = ${ofLineOrders('sum(l.price_cents)')},
      subtotal_cents = ${ofLineOrders('sum(l.price_cents)')},
      quantity = ${ofLineOrders('sum(l.quantity)')},
      refunded_cents = ${ofLineOrders('sum(l.refunded_cents)')},
      restocked_quantity = ${ofLineOrders('sum(l.restocked_quantity)')},
      shipped_quantity = ${ofLineOrders('sum(l.shipped_quantity)')},
      product = case when ${lineCount} > 1 then product || ' and ' || cast(${lineCount} - 1 as text) || ' more' else product end,
      shipping_status = case
        when ${everyLineOrder('refunded')} then 'refunded'
        when ${everyLineOrder('delivered', 'refunded')} then 'delivered'
        when ${everyLineOrder(...sentOrRefunded)} then 'shipped'
        else 'pending' end,
      shipped_at = case when ${everyLineOrder(...sentOrRefunded)} then ${ofLineOrders('max(l.shipped_at)')} end,
      carrier = case when ${everyLineOrder(...sentOrRefunded)} then ${ofLatestShipped('carrier')} end,
      tracking_number = case when ${everyLineOrder(...sentOrRefunded)} then ${ofLatestShipped('tracking_number')} end,
      delivered_at = case when ${everyLineOrder('delivered', 'refunded')} then ${ofLineOrders('max(l.delivered_at)')} end
    where checkout_id is not null and checkout_line = 1`).execute(db);
  await sql`delete from orders where checkout_line > 1 and checkout_id in (select checkout_id from orders where checkout_line = 1)`.execute(db);
}

/**
 * The checkouts' tables and marks go. SQLite's DROP COLUMN refuses a column named by an index or by a
 * table constraint, but `checkout_id`'s foreign key is a constraint of the column itself (migration
 * 016 added them together), which SQLite drops with the column's definition: so no table rebuild is
 * needed. (SQLite's other way, editing the table's CREATE statement in sqlite_schema, is closed
 * anyway: better-sqlite3 opens databases in defensive mode, where the schema table cannot be written.)
 */
async function dropCheckouts(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_checkout_line_idx').execute();
  for (const column of ['checkout_line_count', 'checkout_line', 'checkout_id']) await db.schema.alterTable('orders').dropColumn(column).execute();
  await db.schema.alterTable('local_payment_intents').dropColumn('pays_for').execute();
  for (const table of ['checkout_payments', 'checkout_lines', 'checkouts']) await db.schema.dropTable(table).execute();
}

/** The whole change, each step after what it reads: the lines before the merge moves them, the merge before its marks go. */
async function orderLines(db: Kysely<unknown>): Promise<void> {
  await addHeaderColumns(db);
  await createLineTables(db);
  await copyOrdersIntoLines(db);
  await mergePaidCheckouts(db);
  await dropCheckouts(db);
}

/**
 * Orders with lines. An order is now a header (the `orders` row: who, where, the amounts and where it
 * stands) with the products it bought in `order_lines`, the parcels sent in `shipments` (and their
 * pieces in `shipment_lines`), and the pieces a refund paid back in `refund_lines`. A single order
 * becomes a header with one line; the line-orders of a paid checkout, which shared one number, become
 * one order of that number with a line each. The header keeps the specification's one-product fields,
 * summed: `product` reads "Chisel and 2 more", `quantity` counts every piece, `price_cents` is the total.
 *
 * Merged orders cannot be told apart again, so there is no way down.
 */
export const orderLinesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      // PostgreSQL keeps the counts at the commit (migration 018), and refuses to alter a table with
      // counts still to keep: an earlier migration of the same run (023) may have left some, and the
      // merge leaves more before the columns are dropped. Kept at each statement meanwhile, then at the
      // commit again, as declared, for the rest of the run.
      await sql`set constraints orders_keep_counts immediate`.execute(db);
      await orderLines(db);
      await sql`set constraints orders_keep_counts deferred`.execute(db);
      return;
    }
    // Kysely runs SQLite's migrations outside a transaction; a merge stopped halfway must not stay.
    await db.transaction().execute((trx) => orderLines(trx));
  },

  down() {
    return Promise.reject(new Error('Migration 024-order-lines cannot be undone: the orders it merged into one cannot be split again.'));
  },
};
