import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages, placeName } from '../../../common/checkout-rules.ts';
import type { CartQuote } from '../../../common/schemas/cart.ts';
import type { Order, PaymentIntent } from '../../../common/schemas/orders.ts';
import type { ShippingZone } from '../../../common/schemas/shipping-zones.ts';
import { createShopWithPeople, type ShopWithPeople, signUp, type TestAccount } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { added, checkOut } from '../../test/cart-checkout.ts';
import { addDiscountCode, californiaAddress, newYorkAddress, phone, quote, setUpCharges, testZones } from '../../test/charges.ts';
import { addProduct, localPayment, type TestProduct } from '../../test/ordering.ts';
import { payOrder } from '../../test/paid-order.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Issue 26: shipping by destination and weight, tax per line and on shipping where the table says,
 * discount codes, all computed by the server's one money module: the quote a cart shows is what the
 * order placed from it costs, to the cent, and what the card is asked for.
 */
let people: ShopWithPeople;
const app = () => people.shop.app;
let chisel: TestProduct;
let plane: TestProduct;
let anvil: TestProduct;

beforeAll(async () => {
  people = await createShopWithPeople();
  await setUpCharges(app(), people.admin);
  chisel = await addProduct(people.shop.db, { name: 'Paring chisel', priceCents: 3333, minQuantity: 1, availQuantity: 500, weightGrams: 300, category: 'chisels' });
  plane = await addProduct(people.shop.db, { name: 'Jack plane', priceCents: 12999, minQuantity: 1, availQuantity: 500, weightGrams: 2400, category: 'planes' });
  anvil = await addProduct(people.shop.db, { name: 'Bench anvil', priceCents: 4500, minQuantity: 1, availQuantity: 500, weightGrams: 6000, category: 'other' });
});
afterAll(() => people.shop.close());

let codeCounter = 0;
/** A code of its own for each test, so that its uses are the test's. */
const newCode = (prefix: string) => `${prefix}${testDialect.toUpperCase()}${++codeCounter}`;

/** A customer of their own with these lines in their cart. */
async function customerWith(lines: readonly (readonly [TestProduct, number])[]): Promise<TestAccount> {
  const buyer = await signUp(app(), 'Carol Customer');
  for (const [product, quantity] of lines) await added(app(), buyer, product.id, quantity);
  return buyer;
}

/** The order's amounts as the quote's. */
const totalsOf = (order: Order) => {
  const { subtotal, shipping, discount, tax, total, taxIncluded, reverseCharge } = order.totals;
  return { subtotal, shipping, discount, tax, total, taxIncluded, reverseCharge };
};

describe(`a cart checked out is charged what its quote said, to the cent (${testDialect})`, () => {
  it.each([
    ['California, Standard, 10 % off', californiaAddress, 'Standard', 'percent'],
    ['New York, Express, where shipping is taxed, $7 off', newYorkAddress, 'Express', 'amount'],
  ] as const)('%s', async (_case, address, rateName, kind) => {
    const code = newCode('AGREE');
    await addDiscountCode(app(), people.admin, { code, kind, value: kind === 'percent' ? 10 : 7 });
    const buyer = await customerWith([
      [chisel, 3],
      [plane, 1],
    ]);
    const first = await quote(app(), buyer, { shippingAddress: { country: address.country, region: address.region }, discountCode: code.toLowerCase() });
    const rate = first.shippingRates.find((option) => option.name === rateName)!;
    const priced = await quote(app(), buyer, { shippingAddress: { country: address.country, region: address.region }, discountCode: code, shippingRate: rate.id });
    expect(priced.discountCode).toEqual({ code, applied: true });
    expect(priced.totals.discount).toBeGreaterThan(0);
    expect(priced.totals.tax).toBeGreaterThan(0);

    const res = await checkOut(app(), buyer, { phone, shippingAddress: address, shippingRate: rate.id, discountCode: code });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(totalsOf(order)).toEqual(priced.totals);
    expect(order.lines.map((line) => [line.discount, line.tax])).toEqual(priced.lines.map((line) => [line.discount, line.tax]));
    expect(order.shippingMethod).toEqual({ id: rate.id, name: rateName, kind: 'delivery' });
    expect(order.discountCode).toBe(code);
    // The parts add up: subtotal + shipping − discount + tax, and each line its own.
    expect(Math.round((order.totals.subtotal + order.totals.shipping - order.totals.discount + order.totals.tax) * 100)).toBe(Math.round(order.totals.total * 100));
    for (const line of order.lines) expect(Math.round((line.price - line.discount + line.tax) * 100)).toBe(Math.round(line.total * 100));

    // The card is asked for the order's total, and charged it.
    const intent = await call(app(), 'POST', '/api/create-payment-intent', buyer, { orderId: order._id });
    expect(intent.json<PaymentIntent>().amount).toBe(order.totals.total);
    const transactionId = await payOrder(app(), buyer, order._id);
    expect((await localPayment(people.shop.db, transactionId))?.amount_cents).toBe(Math.round(order.totals.total * 100));
  });

  it('taxes shipping only where the table says: New York’s shipping is taxed, California’s is not', async () => {
    const buyer = await customerWith([[chisel, 1]]);
    const at = (address: { country: string; region: string }) => quote(app(), buyer, { shippingAddress: { country: address.country, region: address.region } });
    const california = await at(californiaAddress);
    const newYork = await at(newYorkAddress);
    // $33.33: 7.25 % is 241.6 cents; shipping $9 untaxed.
    expect(california.totals).toMatchObject({ subtotal: 33.33, shipping: 9, tax: 2.42, total: 44.75 });
    // 8.875 % of $33.33 is 295.8 cents, of the $9 shipping 79.9.
    expect(newYork.totals).toMatchObject({ subtotal: 33.33, shipping: 9, tax: 3.76, total: 46.09 });
  });

  it('prices a cart by its weight: a heavy one takes the heavy rate, cheapest first', async () => {
    const buyer = await customerWith([[anvil, 1]]);
    const priced = await quote(app(), buyer, { shippingAddress: { country: 'US', region: 'US-TX' } });
    expect(priced.shippingRates.map((option) => [option.name, option.price])).toEqual([
      ['Standard (heavy)', 19],
      ['Express', 24],
    ]);
    expect(priced.shippingRate).toBe(priced.shippingRates[0]!.id);
  });

  it('ships free from the rate’s amount on, the amount itself included, and says how much more is needed below it', async () => {
    // $149.99 of goods: Standard costs $9, and one cent more makes it free.
    const justBelow = await quote(app(), undefined, {
      lines: [{ productId: (await addProduct(people.shop.db, { priceCents: 14999, minQuantity: 1, availQuantity: 50, weightGrams: 100 })).id, quantity: 1 }],
      shippingAddress: { country: 'US', region: 'US-TX' },
    });
    expect(justBelow.totals.shipping).toBe(9);
    expect(justBelow.freeShipping).toEqual({ more: 0.01, rate: 'Standard' });
    const atAmount = await quote(app(), undefined, {
      lines: [{ productId: (await addProduct(people.shop.db, { priceCents: 15000, minQuantity: 1, availQuantity: 50, weightGrams: 100 })).id, quantity: 1 }],
      shippingAddress: { country: 'US', region: 'US-TX' },
    });
    expect(atAmount.shippingRates[0]).toMatchObject({ name: 'Standard', price: 0, fullPrice: 9 });
    expect(atAmount.freeShipping).toBeNull();
  });

  it('gives back, for pieces of a line, what they cost after the discount and with their tax', async () => {
    const code = newCode('BACK');
    await addDiscountCode(app(), people.admin, { code, kind: 'percent', value: 10 });
    const buyer = await customerWith([[chisel, 3]]);
    const res = await checkOut(app(), buyer, { phone, shippingAddress: californiaAddress, discountCode: code });
    const order = res.json<Order>();
    await payOrder(app(), buyer, order._id);
    const [line] = order.lines;
    // 3 × $33.33 = $99.99, less $10.00; 7.25 % of $89.99 is $6.52: $96.51 for three pieces.
    expect(line).toMatchObject({ price: 99.99, discount: 10, tax: 6.52, total: 96.51 });
    const refunds = [];
    for (let piece = 0; piece < 3; piece += 1) {
      const refund = await call(app(), 'POST', `/api/orders/${order._id}/refunds`, people.admin, {
        lines: [{ lineId: line!.lineId, quantity: 1 }],
        reason: 'Returned',
        restock: false,
        idempotencyKey: crypto.randomUUID(),
      });
      expect(refund.statusCode, refund.body).toBe(201);
      refunds.push(refund.json<{ refund: { amount: number } }>().refund.amount);
    }
    expect(refunds).toEqual([32.17, 32.17, 32.17]);
    expect(Math.round(refunds.reduce((a, b) => a + b, 0) * 100)).toBe(Math.round(line!.total * 100));
  });

  it('prices an order whose address is typed as free text (the specification’s adress) as one in the shop’s own country', async () => {
    const buyer = await signUp(app(), 'Carol Customer');
    const res = await call(app(), 'POST', '/api/orders', buyer, { productId: chisel.id, quantity: 2, phone, adress: '12 Bench Lane, Oak Town' });
    expect(res.statusCode, res.body).toBe(201);
    // Standard shipping within the United States; no state is known, so no state's sales tax.
    expect(res.json<Order>()).toMatchObject({
      adress: '12 Bench Lane, Oak Town',
      totals: { subtotal: 66.66, shipping: 9, tax: 0, total: 75.66 },
      shippingMethod: { name: 'Standard' },
    });
  });

  it('charges a Buy Now order its shipping and tax the same way', async () => {
    const buyer = await signUp(app(), 'Carol Customer');
    const res = await call(app(), 'POST', '/api/orders', buyer, { productId: chisel.id, quantity: 2, phone, shippingAddress: californiaAddress });
    expect(res.statusCode, res.body).toBe(201);
    // $66.66 with 7.25 % ($4.83) and Standard shipping ($9).
    expect(res.json<Order>().totals).toMatchObject({ subtotal: 66.66, shipping: 9, tax: 4.83, total: 80.49 });
  });
});

describe('what stands in the way, said before any payment', () => {
  it('says an address no zone covers has no rate, and places no order there', async () => {
    const buyer = await customerWith([[chisel, 1]]);
    const priced = await quote(app(), buyer, { shippingAddress: { country: 'JP' } });
    expect(priced.shippingRates).toEqual([]);
    expect(priced.shippingProblem).toBe(checkoutMessages.noShippingRate('Japan'));
    const tokyo = { name: 'Carol', line1: '1-2-3 Ginza', city: 'Chuo', region: 'JP-13', postalCode: '104-0061', country: 'JP' };
    const res = await checkOut(app(), buyer, { phone, shippingAddress: tokyo });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'NO_SHIPPING_RATE', message: checkoutMessages.noShippingRate(placeName(tokyo)) });
    const orders = await call(app(), 'GET', `/api/orders/${encodeURIComponent(buyer.email)}`, buyer);
    expect(orders.json()).toEqual([]);
  });

  it('refuses a rate that does not apply to the address or the weight', async () => {
    const buyer = await customerWith([[anvil, 1]]);
    const light = (await quote(app(), buyer, { shippingAddress: { country: 'US', region: 'US-TX' } })).shippingRates;
    const zones = (await call(app(), 'GET', '/api/shipping-zones', people.admin)).json<ShippingZone[]>();
    const standard = zones[0]!.rates.find((rate) => rate.name === 'Standard')!;
    expect(light.map((option) => option.id)).not.toContain(standard.id);
    const res = await checkOut(app(), buyer, { phone, shippingAddress: californiaAddress, shippingRate: standard.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'SHIPPING_RATE_UNAVAILABLE', message: checkoutMessages.rateUnavailable });
  });

  it('says why a code cannot be used, at the quote and at checkout', async () => {
    const soon = newCode('SOON');
    const over = newCode('OVER');
    const big = newCode('BIG');
    const planes = newCode('PLANES');
    const now = Date.now();
    await addDiscountCode(app(), people.admin, { code: soon, kind: 'percent', value: 5, startsAt: new Date(now + 86_400_000).toISOString() });
    await addDiscountCode(app(), people.admin, { code: over, kind: 'percent', value: 5, endsAt: new Date(now - 1000).toISOString() });
    await addDiscountCode(app(), people.admin, { code: big, kind: 'amount', value: 20, minSubtotal: 100 });
    await addDiscountCode(app(), people.admin, { code: planes, kind: 'percent', value: 15, categories: ['planes'] });
    const buyer = await customerWith([[chisel, 1]]);
    const problemOf = async (code: string) => (await quote(app(), buyer, { discountCode: code })).discountCode?.problem;
    expect(await problemOf('NOSUCHCODE')).toBe(checkoutMessages.codeUnknown);
    expect(await problemOf(soon)).toMatch(/^This code can be used from /);
    expect(await problemOf(over)).toBe(checkoutMessages.codeEnded);
    expect(await problemOf(big)).toBe(checkoutMessages.codeMinimum(10_000));
    expect(await problemOf(planes)).toBe(checkoutMessages.codeNotForThese);
    const refused = await checkOut(app(), buyer, { phone, shippingAddress: californiaAddress, discountCode: big });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'DISCOUNT_CODE_REFUSED', message: checkoutMessages.codeMinimum(10_000) });
  });

  it('takes a category code off only the tools of its categories, line by line', async () => {
    const planes = newCode('PLANESONLY');
    await addDiscountCode(app(), people.admin, { code: planes, kind: 'percent', value: 20, categories: ['planes'] });
    const buyer = await customerWith([
      [chisel, 1],
      [plane, 1],
    ]);
    const priced: CartQuote = await quote(app(), buyer, { discountCode: planes, shippingAddress: { country: 'US', region: 'US-TX' } });
    expect(priced.lines.map((line) => line.discount)).toEqual([0, 26]);
    expect(priced.totals.discount).toBe(26);
  });
});

describe('the admin’s tables', () => {
  it('are the admin’s alone', async () => {
    for (const [method, url] of [
      ['GET', '/api/shipping-zones'],
      ['PUT', '/api/shipping-zones'],
      ['GET', '/api/tax-settings'],
      ['PUT', '/api/tax-settings'],
      ['GET', '/api/shop-settings'],
      ['PUT', '/api/shop-settings'],
      ['GET', '/api/discount-codes'],
      ['POST', '/api/discount-codes'],
      ['DELETE', '/api/discount-codes/ANY'],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await call(app(), method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(app(), method, url, people.carol, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('reads back the zones as set, each rate with an id that a later table keeps when it is sent back', async () => {
    const zones = (await call(app(), 'GET', '/api/shipping-zones', people.admin)).json<ShippingZone[]>();
    expect(zones.map((zone) => [zone.name, zone.countries, zone.rates.map((rate) => rate.name)])).toEqual(
      testZones.map((zone) => [zone.name, zone.countries, zone.rates.map((rate) => rate.name)]),
    );
    const again = (await call(app(), 'PUT', '/api/shipping-zones', people.admin, zones)).json<ShippingZone[]>();
    expect(again).toEqual(zones);
  });

  it('refuses a table that names an unknown country, a region outside its countries, or a place two zones cover, field by field', async () => {
    const refusalOf = async (zones: object) => {
      const res = await call(app(), 'PUT', '/api/shipping-zones', people.admin, zones);
      expect(res.statusCode).toBe(400);
      return res.json<{ message: string }>().message;
    };
    expect(await refusalOf([{ name: 'Moon', countries: ['QQ'], rates: [{ name: 'Rocket', price: 1 }] }])).toContain('QQ is not a country code');
    expect(await refusalOf([{ name: 'West', countries: ['US'], regions: ['CA-ON'], rates: [{ name: 'Standard', price: 1 }] }])).toContain(
      "CA-ON is not a region of this zone's countries",
    );
    expect(
      await refusalOf([
        { name: 'A', countries: ['US'], rates: [{ name: 'Standard', price: 1 }] },
        { name: 'B', countries: ['US'], rates: [{ name: 'Standard', price: 2 }] },
      ]),
    ).toContain('Another zone covers this whole country already');
    expect(await refusalOf([{ name: 'A', countries: ['US'], rates: [{ name: 'Standard', price: 1, minWeightGrams: 500, maxWeightGrams: 100 }] }])).toContain(
      'The lightest weight must not be above the heaviest',
    );
    // Nothing changed.
    expect((await call(app(), 'GET', '/api/shipping-zones', people.admin)).json<ShippingZone[]>().map((zone) => zone.name)).toEqual(['United States', 'Europe']);
  });

  it('lists the codes with the orders holding them, and a deleted code can no longer be used', async () => {
    const code = newCode('GONE');
    await addDiscountCode(app(), people.admin, { code, kind: 'free_shipping', value: 0, maxUses: 3 });
    const again = await call(app(), 'POST', '/api/discount-codes', people.admin, { code, kind: 'percent', value: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('DISCOUNT_CODE_EXISTS');
    const buyer = await customerWith([[chisel, 1]]);
    const placed = await checkOut(app(), buyer, { phone, shippingAddress: californiaAddress, discountCode: code });
    expect(placed.json<Order>().totals).toMatchObject({ shipping: 9, discount: 9 });
    const listed = (await call(app(), 'GET', '/api/discount-codes?limit=100', people.admin)).json<{ code: string; uses: number }[]>();
    expect(listed.find((entry) => entry.code === code)).toMatchObject({ code, kind: 'free_shipping', maxUses: 3, uses: 1 });
    expect((await call(app(), 'DELETE', `/api/discount-codes/${code}`, people.admin)).json()).toEqual({ deletedCount: 1 });
    expect((await quote(app(), buyer, { discountCode: code })).discountCode?.problem).toBe(checkoutMessages.codeUnknown);
  });
});
