import { type Kysely, type Migration, type RawBuilder, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Each kept count and whether an order row (NEW or OLD) belongs to it: the conditions of Manage
 * Orders' stages (the order repository's stageConditions), with `all` for every order, and the
 * overview's paid orders waiting to be sent (those paid before shipping was tracked included).
 */
const countedStages: Record<string, (row: string) => string> = {
  all_orders: () => 'true',
  unpaid: (row) => `${row}.payment_status = 'unpaid' and ${row}.cancelled_at is null`,
  to_ship: (row) => `${row}.shipping_status = 'pending' and ${row}.cancelled_at is null`,
  shipped: (row) => `${row}.shipping_status = 'shipped' and ${row}.cancelled_at is null`,
  delivered: (row) => `${row}.shipping_status = 'delivered' and ${row}.cancelled_at is null`,
  cancelled: (row) => `${row}.cancelled_at is not null`,
  refunded: (row) => `${row}.refunded_cents > 0`,
  awaiting_shipment: (row) => `${row}.payment_status = 'paid' and ${row}.cancelled_at is null and coalesce(${row}.shipping_status, 'pending') = 'pending'`,
};

/** 1 when the condition holds, else 0, on both databases (a condition on a null column is null, not false). */
const asNumber = (condition: string) => `case when ${condition} then 1 else 0 end`;

/** `set all_orders = all_orders + …, unpaid = unpaid + …` for the rows an event added and removed. */
function countChanges(added: string | null, removed: string | null): string {
  return Object.entries(countedStages)
    .map(([column, belongs]) => {
      const plus = added ? ` + ${asNumber(belongs(added))}` : '';
      const minus = removed ? ` - ${asNumber(belongs(removed))}` : '';
      return `${column} = ${column}${plus}${minus}`;
    })
    .join(', ');
}

/**
 * Adds one order row's share to (sign '+') or takes it from (sign '-') the day it was paid. The day's
 * row is made first when missing, so that the update always finds it; written as two statements
 * because SQLite's triggers cannot hold an upsert. On SQLite the missing row is looked for rather than
 * ignored on conflict: a trigger's OR IGNORE gives way to the outer statement's conflict handling, and
 * a product's deletion, which clears its orders' product_id, would fail on it.
 */
function daySalesChange(row: string, sign: '+' | '-', postgres: boolean): string {
  const day = `substr(${row}.paid_at, 1, 10)`;
  const missing = postgres ? ' on conflict (day) do nothing' : ` and not exists (select 1 from order_sales_days where day = ${day})`;
  return `
    insert into order_sales_days (day, cents, refunded_cents, orders) select ${day}, 0, 0, 0 where ${row}.paid_at is not null${missing};
    update order_sales_days set cents = cents ${sign} ${row}.price_cents, refunded_cents = refunded_cents ${sign} ${row}.refunded_cents, orders = orders ${sign} 1
      where ${row}.paid_at is not null and day = ${day};`;
}

const raw = (text: string): RawBuilder<unknown> => sql.raw(text);

/**
 * The columns the counts and the days are made of: an update of other columns (a product's deletion
 * clearing its orders' link, a shipping address corrected) fires no trigger.
 */
const countedColumns = 'payment_status, shipping_status, cancelled_at, refunded_cents, paid_at, price_cents';

/**
 * Manage Orders' counts per stage and the overview's sales per day, kept by the database in the
 * transaction of every change to an order (ADR 021), so that neither the list's total nor the
 * overview reads all the orders. Triggers, not the order service, keep them: no path that writes an
 * order (checkout, payment, expiry, refund, an admin's shipping step) can forget to.
 */
export const orderCountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    let table = db.schema.createTable('order_counts').addColumn('id', 'integer', (col) => col.primaryKey());
    for (const column of Object.keys(countedStages)) table = table.addColumn(column, 'bigint', (col) => col.notNull());
    await table.execute();
    await db.schema
      .createTable('order_sales_days')
      .addColumn('day', 'text', (col) => col.primaryKey())
      .addColumn('cents', 'bigint', (col) => col.notNull())
      .addColumn('refunded_cents', 'bigint', (col) => col.notNull())
      .addColumn('orders', 'bigint', (col) => col.notNull())
      .execute();

    // What is there already, counted once.
    const columns = Object.keys(countedStages);
    const sums = columns.map((column) => `coalesce(sum(${asNumber(countedStages[column]!('orders'))}), 0)`);
    await raw(`insert into order_counts (id, ${columns.join(', ')}) select 1, ${sums.join(', ')} from orders`).execute(db);
    await raw(`
      insert into order_sales_days (day, cents, refunded_cents, orders)
      select substr(paid_at, 1, 10), sum(price_cents), sum(refunded_cents), count(*) from orders where paid_at is not null group by substr(paid_at, 1, 10)`).execute(db);

    if (isPostgres(db)) {
      await raw(`
        create function keep_order_counts() returns trigger language plpgsql as $$
        begin
          -- The catalogue's version row first (migration 017's trigger takes it too): every
          -- transaction takes these rows in the same order, so two can never wait for each other.
          perform 1 from catalogue_version where id = 1 for update;
          if tg_op = 'INSERT' then
            update order_counts set ${countChanges('new', null)} where id = 1;
          elsif tg_op = 'UPDATE' then
            update order_counts set ${countChanges('new', 'old')} where id = 1;
          else
            update order_counts set ${countChanges(null, 'old')} where id = 1;
          end if;
          -- A day's row is only ever taken while holding the counts' row, so days need no order of their own.
          if tg_op <> 'INSERT' then
            ${daySalesChange('old', '-', true)}
          end if;
          if tg_op <> 'DELETE' then
            ${daySalesChange('new', '+', true)}
          end if;
          return null;
        end $$`).execute(db);
      // Deferred to the commit, as the catalogue's version is: these rows are the last locks a
      // transaction takes, held only while it commits.
      await sql`
        create constraint trigger orders_keep_counts after insert or update of ${sql.raw(countedColumns)} or delete on orders
        deferrable initially deferred for each row execute function keep_order_counts()`.execute(db);
      return;
    }
    await raw(`create trigger orders_insert_keep_counts after insert on orders begin
      update order_counts set ${countChanges('new', null)} where id = 1; ${daySalesChange('new', '+', false)} end`).execute(db);
    await raw(`create trigger orders_update_keep_counts after update of ${countedColumns} on orders begin
      update order_counts set ${countChanges('new', 'old')} where id = 1; ${daySalesChange('old', '-', false)} ${daySalesChange('new', '+', false)} end`).execute(db);
    await raw(`create trigger orders_delete_keep_counts after delete on orders begin
      update order_counts set ${countChanges(null, 'old')} where id = 1; ${daySalesChange('old', '-', false)} end`).execute(db);
  },

  async down(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await sql`drop trigger orders_keep_counts on orders`.execute(db);
      await sql`drop function keep_order_counts()`.execute(db);
    } else {
      for (const change of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`orders_${change}_keep_counts`)}`.execute(db);
    }
    await db.schema.dropTable('order_sales_days').execute();
    await db.schema.dropTable('order_counts').execute();
  },
};
