import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '../../../common/checkout-rules.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { createShopWithPeople, type ShopWithPeople, signUp } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { added, checkOut } from '../../test/cart-checkout.ts';
import { addDiscountCode, californiaAddress, phone, setUpCharges } from '../../test/charges.ts';
import { addProduct, type TestProduct } from '../../test/ordering.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Issue 26: a code's limits are held by the transaction that places the order (a conditional update
 * of its count, which makes every other use of the code wait), never by a read before it: however
 * many customers try it at once, it is used no more often than it may be, in all or by one customer.
 */
let people: ShopWithPeople;
const app = () => people.shop.app;
let chisel: TestProduct;

beforeAll(async () => {
  people = await createShopWithPeople();
  await setUpCharges(app(), people.admin);
  chisel = await addProduct(people.shop.db, { name: 'Paring chisel', priceCents: 3000, minQuantity: 1, availQuantity: 10_000, weightGrams: 300 });
});
afterAll(() => people.shop.close());

const usesOf = async (code: string) => {
  const row = await people.shop.db.selectFrom('discount_codes').select('used_count').where('code', '=', code).executeTakeFirstOrThrow();
  const held = await people.shop.db.selectFrom('discount_redemptions').select('order_id').where('code', '=', code).execute();
  return { counted: row.used_count, held: held.length };
};

describe(`a discount code’s limits under a crowd (${testDialect})`, () => {
  it('is used at most 5 times when 50 customers check out with its last 5 uses at the same moment', { timeout: 120_000 }, async () => {
    const code = `FIVE${testDialect.toUpperCase()}`;
    await addDiscountCode(app(), people.admin, { code, kind: 'percent', value: 10, maxUses: 5 });
    const customers = [];
    for (let index = 0; index < 50; index += 1) {
      const customer = await signUp(app(), `Crowd Customer ${index}`);
      await added(app(), customer, chisel.id, 1);
      customers.push(customer);
    }
    const answers = await Promise.all(customers.map((customer) => checkOut(app(), customer, { phone, shippingAddress: californiaAddress, discountCode: code })));
    const placed = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json<Order>());
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(placed).toHaveLength(5);
    for (const order of placed) expect(order).toMatchObject({ discountCode: code, totals: { discount: 3 } });
    expect(refused).toHaveLength(45);
    for (const answer of refused) expect(answer.json()).toEqual({ code: 'DISCOUNT_CODE_REFUSED', message: checkoutMessages.codeUsedUp });
    expect(await usesOf(code)).toEqual({ counted: 5, held: 5 });
  });

  it('is used once by a customer it allows once, however many orders they place with it at once', { timeout: 60_000 }, async () => {
    const code = `ONCE${testDialect.toUpperCase()}`;
    await addDiscountCode(app(), people.admin, { code, kind: 'amount', value: 5, maxUsesPerCustomer: 1 });
    const customer = await signUp(app(), 'Eager Customer');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(app(), 'POST', '/api/orders', customer, { productId: chisel.id, quantity: 1, phone, shippingAddress: californiaAddress, discountCode: code }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 201)) {
      expect(answer.json()).toEqual({ code: 'DISCOUNT_CODE_REFUSED', message: checkoutMessages.codeUsedByYou });
    }
    expect(await usesOf(code)).toEqual({ counted: 1, held: 1 });
    // Another customer still may.
    const other = await signUp(app(), 'Other Customer');
    const theirs = await call(app(), 'POST', '/api/orders', other, { productId: chisel.id, quantity: 1, phone, shippingAddress: californiaAddress, discountCode: code });
    expect(theirs.statusCode, theirs.body).toBe(201);
  });

  it('gives its use back when an order holding it is cancelled, so that another customer may use it', async () => {
    const code = `LAST${testDialect.toUpperCase()}`;
    await addDiscountCode(app(), people.admin, { code, kind: 'percent', value: 10, maxUses: 1 });
    const first = await signUp(app(), 'First Customer');
    const second = await signUp(app(), 'Second Customer');
    const order = (
      await call(app(), 'POST', '/api/orders', first, { productId: chisel.id, quantity: 1, phone, shippingAddress: californiaAddress, discountCode: code })
    ).json<Order>();
    const refused = await call(app(), 'POST', '/api/orders', second, { productId: chisel.id, quantity: 1, phone, shippingAddress: californiaAddress, discountCode: code });
    expect(refused.statusCode).toBe(409);
    expect((await call(app(), 'DELETE', `/api/orders/${order._id}`, first)).statusCode).toBe(200);
    expect(await usesOf(code)).toEqual({ counted: 0, held: 0 });
    const now = await call(app(), 'POST', '/api/orders', second, { productId: chisel.id, quantity: 1, phone, shippingAddress: californiaAddress, discountCode: code });
    expect(now.statusCode, now.body).toBe(201);
  });

  it('holds one use for a customer who checks out the same cart again another way: the open order it replaces gives its use back', async () => {
    const code = `AGAIN${testDialect.toUpperCase()}`;
    await addDiscountCode(app(), people.admin, { code, kind: 'percent', value: 10, maxUsesPerCustomer: 1 });
    const buyer = await signUp(app(), 'Changing Customer');
    await added(app(), buyer, chisel.id, 2);
    const standard = (await checkOut(app(), buyer, { phone, shippingAddress: californiaAddress, discountCode: code })).json<Order>();
    const rates = (await call(app(), 'POST', '/api/cart/quote', buyer, { shippingAddress: { country: 'US', region: 'US-CA' } })).json<{
      shippingRates: { id: string; name: string }[];
    }>();
    const express = rates.shippingRates.find((rate) => rate.name === 'Express')!;
    const res = await checkOut(app(), buyer, { phone, shippingAddress: californiaAddress, discountCode: code, shippingRate: express.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Order>()._id).not.toBe(standard._id);
    const replaced = (await call(app(), 'GET', `/api/duepaymentOrder/${standard._id}`, buyer)).json<Order>();
    expect(replaced).toMatchObject({ stage: 'cancelled', cancelReason: 'replaced' });
    expect(await usesOf(code)).toEqual({ counted: 1, held: 1 });
  });
});
