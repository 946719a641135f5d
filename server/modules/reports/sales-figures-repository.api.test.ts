import { randomUUID } from 'node:crypto';
import { type KyselyPlugin, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { recountOrderFigures } from '../../db/order-figures-recount.ts';
import { paymentFiguresAtCommit } from '../../db/sales-figures.ts';
import { call } from '../../test/call.ts';
import { paidThreeLineOrder, useThreeToolShop } from '../../test/multi-line-orders.ts';
import { testDialect } from '../../test/test-database.ts';
import { salesFiguresRepository } from './sales-figures-repository.ts';

/**
 * On PostgreSQL, where each round trip costs the shop CPU and a row written stays locked until the
 * commit (issue 30), a payment's figures are added by the database at the commit (migration 043,
 * ADR 065) and a refund's by one statement (six upserts as data-modifying WITH queries); both come out
 * as a recount counts them. SQLite runs the six one by one, with no round trip to save.
 */
const tables = ['sales_days', 'sales_product_days', 'sales_product_months', 'sales_product_years', 'sales_category_days', 'sales_tax_days'] as const;

/** Every row of the figures, each as text, in a fixed order. */
const figures = (db: Database) =>
  Promise.all(
    tables.map((table) =>
      db
        .selectFrom(table)
        .selectAll()
        .execute()
        .then((rows) => rows.map((row) => JSON.stringify(row)).sort()),
    ),
  );

/** Counts the statements sent through it: on PostgreSQL, each one round trip. */
class StatementCounter implements KyselyPlugin {
  count = 0;

  transformQuery: KyselyPlugin['transformQuery'] = ({ node }) => {
    this.count += 1;
    return node;
  };

  transformResult: KyselyPlugin['transformResult'] = ({ result }) => Promise.resolve(result);
}

describe.runIf(testDialect === 'postgres')('the sales figures of a payment and of a refund on PostgreSQL', () => {
  const shop = useThreeToolShop();

  it('are added at the commit for a payment and by one statement for a refund, the same figures as a recount', async () => {
    const { app, db } = shop.people.shop;
    const { order, chiselLine } = await paidThreeLineOrder(app, shop.clock, shop);
    const res = await call(app, 'POST', `/api/orders/${order._id}/refunds`, shop.people.admin, {
      lines: [{ lineId: chiselLine.lineId, quantity: 1 }],
      reason: 'Returned unused',
      restock: true,
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const refund = await db.selectFrom('refunds').select('id').where('order_id', '=', order._id).executeTakeFirstOrThrow();
    const { captured_at: capturedAt } = await db.selectFrom('orders').select('captured_at').where('id', '=', order._id).executeTakeFirstOrThrow();

    // As the payment and the refund kept them, then as a recount counts them.
    const kept = await figures(db);
    expect(kept[0]).toHaveLength(1);
    await recountOrderFigures(db);
    expect(await figures(db)).toEqual(kept);

    // Written again from empty tables: the payment's money recorded taken again, as a capture records
    // it, and the refund's figures; counting what each sends, and what the tables hold before the commit.
    const rewritten = await db.transaction().execute(async (transaction) => {
      for (const table of tables) await transaction.deleteFrom(table).execute();
      await transaction.updateTable('orders').set({ captured_at: null }).where('id', '=', order._id).execute();
      await transaction.updateTable('orders').set({ captured_at: capturedAt }).where('id', '=', order._id).execute();
      const counter = new StatementCounter();
      await salesFiguresRepository.addPayment(transaction.withPlugin(counter), order._id);
      const payment = counter.count;
      await salesFiguresRepository.addRefund(transaction.withPlugin(counter), refund.id);
      const daysBeforeCommit = await transaction.selectFrom('sales_days').select(['orders', 'refunded_cents']).execute();
      return { payment, refund: counter.count - payment, daysBeforeCommit };
    });
    expect(rewritten).toEqual({ payment: 0, refund: 1, daysBeforeCommit: [{ orders: 0, refunded_cents: expect.any(Number) as number }] });
    expect(await figures(db)).toEqual(kept);
  });

  it('are added by the statement the code makes today: a change to it needs a migration that installs it', async () => {
    const { db } = shop.people.shop;
    const installed = await sql<{ body: string }>`select prosrc as body from pg_proc where proname = 'add_payment_sales_figures'`.execute(db);
    expect(installed.rows).toHaveLength(1);
    expect(installed.rows[0]!.body).toContain(paymentFiguresAtCommit);
  });
});
