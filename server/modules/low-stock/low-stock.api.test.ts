import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { createShopWithPeople, type ShopWithPeople } from '../../test/accounts.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { deliverQueued } from '../../test/stock-alert-mail.ts';
import { testDialect } from '../../test/test-database.ts';
import { addVariantProduct, restock, sell } from '../../test/variant-products.ts';
import { noticeLowStockTask } from './low-stock-notices.ts';

/**
 * The shop's notify address hears once when a variant falls below its low-stock mark, and again only
 * after its stock has risen back to the mark and fallen once more.
 */
const notifyAddress = 'workshop@joinery.example';
let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople({ env: { SHOP_NOTIFY_EMAIL: notifyAddress }, jobs: { startRunner: false } });
});
afterAll(() => people?.shop.close());

const db = () => people.shop.db;

async function runNotices(app: FastifyInstance, on: Database) {
  await app.jobs.enqueue(on, noticeLowStockTask, {});
  await deliverQueued(app);
}

const noticesOf = (sku: string) => outboxMessages(people.shop.dataDir).filter((mail) => mail.to === notifyAddress && mail.text.includes(`SKU ${sku}`));

async function skuOf(variantId: string) {
  return (await db().selectFrom('product_variants').select('sku').where('id', '=', variantId).executeTakeFirstOrThrow()).sku;
}

describe('low stock', () => {
  it('is told once when a variant falls below its mark, and again after it rose back and fell', async () => {
    const plane = await addVariantProduct(db(), {
      name: 'Jack plane',
      options: [{ name: 'Sole', values: ['Iron', 'Wood'] }],
      variants: [
        { choice: { Sole: 'Iron' }, stock: 10, lowStockAt: 5 },
        { choice: { Sole: 'Wood' }, stock: 10 },
      ],
    });
    const [iron, wood] = plane.variantIds as [string, string];
    const sku = await skuOf(iron);

    await sell(db(), plane.id, iron, 5);
    await runNotices(people.shop.app, db());
    expect(noticesOf(sku)).toEqual([]);

    await sell(db(), plane.id, iron, 1);
    await sell(db(), plane.id, wood, 9);
    await runNotices(people.shop.app, db());
    await runNotices(people.shop.app, db());
    const notices = noticesOf(sku);
    expect(notices.map((mail) => mail.subject)).toEqual(['Low stock: Jack plane (Sole Iron), 4 left']);
    expect(notices[0]!.text).toContain('below the 5 you set as low. Customers can order 3 more.');
    // The variant without a mark is never told of.
    expect(noticesOf(await skuOf(wood))).toEqual([]);

    await sell(db(), plane.id, iron, 2);
    await runNotices(people.shop.app, db());
    expect(noticesOf(sku)).toHaveLength(1);

    // Back to the mark: the next fall is told again.
    await restock(db(), plane.id, iron, 3);
    await runNotices(people.shop.app, db());
    await sell(db(), plane.id, iron, 1);
    await runNotices(people.shop.app, db());
    expect(noticesOf(sku).map((mail) => mail.subject)).toEqual(['Low stock: Jack plane (Sole Iron), 4 left', 'Low stock: Jack plane (Sole Iron), 4 left']);
  });

  it('is told once however many runs meet', async () => {
    const chisel = await addVariantProduct(db(), { name: 'Skew chisel', variants: [{ stock: 3, lowStockAt: 4 }] });
    const sku = await skuOf(chisel.variantIds[0]!);
    const runs = testDialect === 'postgres' ? 8 : 3;
    for (let run = 0; run < runs; run += 1) await people.shop.app.jobs.enqueue(db(), noticeLowStockTask, {});
    await deliverQueued(people.shop.app);
    expect(noticesOf(sku).map((mail) => mail.subject)).toEqual(['Low stock: Skew chisel, 3 left']);
  });
});
