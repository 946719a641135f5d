import { randomUUID } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { recountOrderFigures } from '../../db/order-figures-recount.ts';
import { call } from '../../test/call.ts';
import { paidThreeLineOrder, useThreeToolShop } from '../../test/multi-line-orders.ts';
import { testDialect } from '../../test/test-database.ts';
import { salesFiguresRepository } from './sales-figures-repository.ts';

/**
 * On PostgreSQL, where each round trip costs the shop CPU (issue 30), a payment's figures and a
 * refund's are written by one statement each (six upserts as data-modifying WITH queries), and come
 * out as a recount counts them. SQLite runs the six one by one, with no round trip to save.
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

  it('are written by one statement each, the same figures as a recount', async () => {
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

    // As the payment and the refund kept them, then as a recount counts them.
    const kept = await figures(db);
    expect(kept[0]).toHaveLength(1);
    await recountOrderFigures(db);
    expect(await figures(db)).toEqual(kept);

    // Written again from empty tables, counting what each sends.
    const rewritten = await db.transaction().execute(async (transaction) => {
      for (const table of tables) await transaction.deleteFrom(table).execute();
      const counter = new StatementCounter();
      await salesFiguresRepository.addPayment(transaction.withPlugin(counter), order._id);
      const payment = counter.count;
      await salesFiguresRepository.addRefund(transaction.withPlugin(counter), refund.id);
      return { payment, refund: counter.count - payment, figures: await figures(transaction) };
    });
    expect(rewritten).toEqual({ payment: 1, refund: 1, figures: kept });
  });
});
