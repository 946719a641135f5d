import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Order, OrderLine } from '../../common/schemas/orders.ts';
import type { Database } from '../db/database.ts';
import type { JobQueueSettings } from '../modules/jobs/create-job-queue.ts';
import { createShopWithPeople, type ShopWithPeople, signUp, type TestAccount } from './accounts.ts';
import { added, checkedOut } from './cart-checkout.ts';
import { addProduct, readOrder, type TestProduct } from './ordering.ts';
import { createTestClock, type TestClock } from './test-clock.ts';
import { payOrder } from './paid-order.ts';

/**
 * The order of three lines that the API tests of issue 24 (checkout, shipments, refunds by line) all
 * build: the same three tools, the same pieces of each, placed through the cart. Written once, so
 * that the prices, names and totals those tests assert ($487.50 in all) stay the same in each of them.
 */

/** The three tools, at $24.50, $64.00 and $175.00 a piece. */
export interface ThreeTools {
  chisel: TestProduct;
  mallet: TestProduct;
  plane: TestProduct;
}

/**
 * Adds the three tools to the catalogue, with stock for many orders. `planeMinQuantity` is the least
 * number of planes an order may take (1 unless said): a test of the cart's rules may want one above 1.
 */
export async function addThreeTools(db: Database, { planeMinQuantity = 1 }: { planeMinQuantity?: number } = {}): Promise<ThreeTools> {
  return {
    chisel: await addProduct(db, { name: 'Bevel-edge chisel', priceCents: 2450, minQuantity: 1, availQuantity: 400 }),
    mallet: await addProduct(db, { name: 'Joiner’s mallet', priceCents: 6400, minQuantity: 1, availQuantity: 300 }),
    plane: await addProduct(db, { name: 'Smoothing plane', priceCents: 17500, minQuantity: planeMinQuantity, availQuantity: 100 }),
  };
}

/** A test file's shop with the three tools, its admin and customers, and the clock it runs on. */
export interface ThreeToolShop extends ThreeTools {
  clock: TestClock;
  people: ShopWithPeople;
}

/**
 * Sets up the file's shop with the three tools before its tests (`planeMinQuantity` as for
 * addThreeTools; jobs run only when the test says, unless `jobs` says otherwise) and closes it after
 * them. The fields of what it answers are there once the tests run.
 */
export function useThreeToolShop({ planeMinQuantity, jobs = { startRunner: false } }: { planeMinQuantity?: number; jobs?: JobQueueSettings } = {}): ThreeToolShop {
  const shop = {} as ThreeToolShop;
  let people: ShopWithPeople | undefined;
  beforeAll(async () => {
    const clock = createTestClock(new Date());
    people = await createShopWithPeople({ clock, jobs });
    Object.assign(shop, { clock, people }, await addThreeTools(people.shop.db, { planeMinQuantity }));
  });
  afterAll(() => people?.shop.close());
  return shop;
}

/** 3 chisels, 1 mallet and 2 planes: $73.50 + $64.00 + $350.00 = $487.50. */
export const threeLines = ({ chisel, mallet, plane }: ThreeTools) =>
  [
    [chisel, 3],
    [mallet, 1],
    [plane, 2],
  ] as const;

/**
 * Adds the lines a moment apart, as a person does: the cart, and so the order, lists them in that
 * order (lines added within the same millisecond would have no order of their own).
 */
export async function fillCart(app: FastifyInstance, clock: TestClock, buyer: TestAccount, lines: readonly (readonly [TestProduct, number])[]) {
  for (const [product, quantity] of lines) {
    await added(app, buyer, product.id, quantity);
    clock.advance(1000);
  }
}

/** A paid order of three lines, each line named by its tool. */
export interface PaidThreeLineOrder {
  buyer: TestAccount;
  order: Order;
  transactionId: string;
  chiselLine: OrderLine;
  malletLine: OrderLine;
  planeLine: OrderLine;
}

/**
 * A paid order of 3 chisels, 1 mallet and 2 planes ($487.50), placed through the cart of a customer of
 * its own (so that no two tests share an order or a cart), and read back as that customer sees it.
 */
export async function paidThreeLineOrder(app: FastifyInstance, clock: TestClock, tools: ThreeTools): Promise<PaidThreeLineOrder> {
  const buyer = await signUp(app, 'Carol Customer');
  await fillCart(app, clock, buyer, threeLines(tools));
  const placed = await checkedOut(app, buyer);
  const transactionId = await payOrder(app, buyer, placed._id);
  const order = await readOrder(app, buyer, placed._id);
  const [chiselLine, malletLine, planeLine] = order.lines as [OrderLine, OrderLine, OrderLine];
  expect([chiselLine.productId, malletLine.productId, planeLine.productId]).toEqual([tools.chisel.id, tools.mallet.id, tools.plane.id]);
  return { buyer, order, transactionId, chiselLine, malletLine, planeLine };
}
