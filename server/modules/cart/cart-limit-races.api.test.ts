import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLimits, cartMessages } from '../../../common/cart-rules.ts';
import { signUp } from '../../test/accounts.ts';
import { addToCart, cartOf } from '../../test/cart-checkout.ts';
import { addProduct, type TestProduct } from '../../test/ordering.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';
import { call } from '../../test/call.ts';

/**
 * ADR 029: a cart holds at most 50 different tools however many requests arrive at once. The limit
 * is read and written in one transaction that holds the customer's account row, so adds and merges
 * sent together queue instead of each seeing room for one more. Runs on SQLite and on PostgreSQL.
 */
let shop: TestApp;
let tools: TestProduct[];

beforeAll(async () => {
  shop = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  tools = [];
  for (let index = 0; index < 1000; index += 100) {
    tools.push(
      ...(await Promise.all(Array.from({ length: 100 }, (_, offset) => addProduct(shop.db, { name: `Carving gouge no. ${index + offset}`, minQuantity: 1, availQuantity: 50 })))),
    );
  }
}, 120_000);
afterAll(() => shop?.close());

/** The lines stored for the account with this e-mail, counted in the database itself. */
const lineCount = async (email: string) =>
  (await shop.db.selectFrom('cart_items').innerJoin('user', 'user.id', 'cart_items.user_id').select('cart_items.product_id').where('user.email', '=', email).execute()).length;

describe(`the cart's line limit under requests sent at once (${testDialect})`, () => {
  it(`keeps ${cartLimits.lines} lines when 60 different tools are added at once, and refuses the rest as a full cart`, async () => {
    const buyer = await signUp(shop.app, 'Hasty Adder');
    const answers = await Promise.all(tools.slice(0, 60).map((tool) => addToCart(shop.app, buyer, tool.id, 1)));

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(cartLimits.lines);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'CART_FULL', message: cartMessages.tooManyLines });
    }
    expect(await lineCount(buyer.email)).toBe(cartLimits.lines);
    expect((await cartOf(shop.app, buyer)).lines).toHaveLength(cartLimits.lines);
  });

  it(`keeps ${cartLimits.lines} lines when 25 merges of 40 tools each arrive at once, and reports what did not fit`, async () => {
    const buyer = await signUp(shop.app, 'Many Tabs');
    const merges = Array.from({ length: 25 }, (_, merge) => tools.slice(merge * 40, merge * 40 + 40).map((tool) => ({ productId: tool.id, quantity: 1 })));
    const answers = await Promise.all(merges.map((lines) => call(shop.app, 'POST', '/api/cart/merge', buyer, { lines })));

    expect(answers.map((answer) => answer.statusCode)).toEqual(merges.map(() => 200));
    expect(await lineCount(buyer.email)).toBe(cartLimits.lines);
    // Every line that was not kept is reported to the merge that brought it, as a full cart.
    const reported = answers.flatMap((answer) => answer.json<{ changes: { message: string }[] }>().changes);
    expect(reported).toHaveLength(25 * 40 - cartLimits.lines);
    expect(new Set(reported.map((change) => change.message))).toEqual(new Set([cartMessages.tooManyLines]));
  });
});
