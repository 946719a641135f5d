import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { paymentFiguresAtCommit } from '../sales-figures.ts';

/**
 * On PostgreSQL, a payment's sales figures (ADR 041) are added by the database at the commit of the
 * transaction that records its money taken, instead of by a statement the shop sends in it (ADR 065).
 * Every payment of a day adds to the same rows (the day's, the product's month and year), and a row
 * written by a statement stays locked through every later round trip to the shop until the commit,
 * so in a flash sale the payments queued behind each other's round trips. A deferred trigger writes
 * them inside the commit: the rows are held for the commit alone. The trigger fires when
 * `captured_at` is first set, which is exactly when the `paid` event runs (migration 041): the
 * payment taken at once, or the capture recorded after an authorisation.
 *
 * SQLite has one writer, which holds the whole database for the whole transaction whatever it
 * writes, so there the `paid` event keeps running the statements itself.
 */
export const figuresAtTheCommitMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (!isPostgres(db)) return;
    await sql`
      create function add_payment_sales_figures() returns trigger language plpgsql as $$
      begin
        ${sql.raw(paymentFiguresAtCommit)};
        return null;
      end $$`.execute(db);
    await sql`
      create constraint trigger orders_add_sales_figures after update of captured_at on orders
      deferrable initially deferred for each row
      when (old.captured_at is null and new.captured_at is not null)
      execute function add_payment_sales_figures()`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    if (!isPostgres(db)) return;
    await sql`drop trigger orders_add_sales_figures on orders`.execute(db);
    await sql`drop function add_payment_sales_figures()`.execute(db);
  },
};
