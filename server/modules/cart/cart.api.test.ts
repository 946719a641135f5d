import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLimits, cartMessages } from '../../../common/cart-rules.ts';
import { generatedSku } from '../../../common/variants.ts';
import { orderMessages } from '../../../common/ordering.ts';
import type { Cart } from '../../../common/schemas/cart.ts';
import { createShopWithPeople, type ShopWithPeople, signUp, type TestAccount } from '../../test/accounts.ts';
import { addToCart, added, cartOf } from '../../test/cart-checkout.ts';
import { addProduct, setStock, type TestProduct } from '../../test/ordering.ts';
import { queryPlansOf } from '../../test/query-plans.ts';
import { createCartRepository } from './cart-repository.ts';
import { call } from '../../test/call.ts';

/**
 * ADR 018: every line of a cart obeys the specification's order rule (minQuantity <= quantity <
 * availQuantity) with the purchase page's messages; a visitor's cart joins the account's at sign-in,
 * added and clamped, each change reported; and a customer's cart is theirs alone.
 */
let people: ShopWithPeople;
let carol: TestAccount;
let oscar: TestAccount;

beforeAll(async () => {
  people = await createShopWithPeople();
  ({ carol, oscar } = people);
});
afterAll(() => people?.shop.close());

const app = () => people.shop.app;
const db = () => people.shop.db;
const refused = (message: string) => ({ code: 'VALIDATION_FAILED', message });
const quantities = (cart: Cart) => Object.fromEntries(cart.lines.map((line) => [line.productId, line.quantity]));

/** A customer with an empty cart of their own, so that tests do not share lines. */
const freshCustomer = () => signUp(app(), 'Cart Tester');

describe('a cart line obeys the order rule, with the purchase page’s messages', () => {
  let chisel: TestProduct;
  beforeAll(async () => {
    chisel = await addProduct(db(), { name: 'Paring chisel', priceCents: 2450, minQuantity: 2, availQuantity: 10 });
  });

  it('refuses fewer pieces than the minimum with "Please Order At least {min}", and adds the minimum', async () => {
    const buyer = await freshCustomer();
    const tooFew = await addToCart(app(), buyer, chisel.id, 1);
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json()).toEqual(refused(orderMessages.orderAtLeast(2)));
    expect((await cartOf(app(), buyer)).lines).toEqual([]);

    const cart = await added(app(), buyer, chisel.id, 2);
    expect(cart).toEqual({
      lines: [
        {
          productId: chisel.id,
          // Sold one way: its one variant has the product's id, and the SKU the shop made for it.
          variantId: chisel.id,
          quantity: 2,
          product: { name: 'Paring chisel', img: '/images/products/test.webp', price: 24.5, minQuantity: 2, availQuantity: 10, variant: '', sku: generatedSku(chisel.id) },
          lineTotal: 49,
        },
      ],
      count: 2,
      total: 49,
      ready: true,
    });
  });

  it('refuses a line at the stock or above, counting what the cart holds already, and keeps the line as it was', async () => {
    const buyer = await freshCustomer();
    await added(app(), buyer, chisel.id, 2);
    // 2 + 8 = 10 pieces: not below the 10 in stock.
    const atStock = await addToCart(app(), buyer, chisel.id, 8);
    expect(atStock.statusCode).toBe(400);
    expect(atStock.json()).toEqual(refused(cartMessages.alreadyInCart(2, orderMessages.orderAtMost(9))));
    expect(quantities(await cartOf(app(), buyer))).toEqual({ [chisel.id]: 2 });

    expect(quantities(await added(app(), buyer, chisel.id, 7))).toEqual({ [chisel.id]: 9 });
  });

  it('sets a line’s quantity by the same rule', async () => {
    const buyer = await freshCustomer();
    await added(app(), buyer, chisel.id, 2);
    const set = (quantity: number) => call(app(), 'PUT', `/api/cart/items/${chisel.id}`, buyer, { quantity });
    expect((await set(10)).json()).toEqual(refused(orderMessages.orderAtMost(9)));
    expect((await set(1)).json()).toEqual(refused(orderMessages.orderAtLeast(2)));
    const half = await set(2.5);
    expect(half.statusCode).toBe(400);
    expect(half.json().code).toBe('VALIDATION_FAILED');
    const five = await set(5);
    expect(five.statusCode).toBe(200);
    expect(five.json()).toMatchObject({ count: 5, total: 122.5, ready: true });
  });

  it('refuses a product that is not in the catalogue with 404, and a sold-out one with "Sold out"', async () => {
    const buyer = await freshCustomer();
    const unknown = await addToCart(app(), buyer, '6f1c9a53-0000-4000-8000-000000000000', 1);
    expect(unknown.statusCode).toBe(404);
    const soldOut = await addProduct(db(), { name: 'Last spokeshave', minQuantity: 1, availQuantity: 1 });
    expect((await addToCart(app(), buyer, soldOut.id, 1)).json()).toEqual(refused(orderMessages.soldOut));
  });

  it('takes a line out, and taking out a line that is not there changes nothing', async () => {
    const buyer = await freshCustomer();
    await added(app(), buyer, chisel.id, 3);
    const removed = await call(app(), 'DELETE', `/api/cart/items/${chisel.id}`, buyer);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ lines: [], count: 0, total: 0, ready: false });
    expect((await call(app(), 'DELETE', `/api/cart/items/${chisel.id}`, buyer)).statusCode).toBe(200);
  });

  it('marks a line whose stock fell short or whose product was deleted with what to do, and the cart as not ready', async () => {
    const buyer = await freshCustomer();
    const gauge = await addProduct(db(), { name: 'Cutting gauge', priceCents: 3000, minQuantity: 1, availQuantity: 20 });
    const square = await addProduct(db(), { name: 'Try square', priceCents: 4000, minQuantity: 1, availQuantity: 20 });
    await added(app(), buyer, gauge.id, 6);
    await added(app(), buyer, square.id, 1);
    await setStock(db(), gauge.id, 4);
    await call(app(), 'DELETE', `/api/products/${square.id}`, people.admin);

    const cart = await cartOf(app(), buyer);
    expect(cart.ready).toBe(false);
    expect(cart.lines).toEqual([
      expect.objectContaining({ productId: gauge.id, quantity: 6, lineTotal: 180, problem: orderMessages.orderAtMost(3) }),
      { productId: square.id, variantId: square.id, quantity: 1, product: null, lineTotal: 0, problem: cartMessages.gone },
    ]);
    expect(cart.total).toBe(180);
  });
});

describe('merging the visitor’s cart at sign-in', () => {
  it('adds the quantities of a product in both carts, clamps each line to the rule and reports every line it changed', async () => {
    const buyer = await freshCustomer();
    const mallet = await addProduct(db(), { name: 'Joiner’s mallet', priceCents: 6400, minQuantity: 1, availQuantity: 10 });
    const scraper = await addProduct(db(), { name: 'Card scraper', priceCents: 1200, minQuantity: 3, availQuantity: 50 });
    const saw = await addProduct(db(), { name: 'Dovetail saw', priceCents: 8900, minQuantity: 1, availQuantity: 30 });
    const soldOut = await addProduct(db(), { name: 'Sold-out plane', minQuantity: 2, availQuantity: 5 });
    await added(app(), buyer, mallet.id, 3);
    await added(app(), buyer, soldOut.id, 2);
    await setStock(db(), soldOut.id, 2);
    const gone = '0b7c3e10-1111-4111-8111-111111111111';

    const res = await call(app(), 'POST', '/api/cart/merge', buyer, {
      lines: [
        { productId: mallet.id, quantity: 5 },
        // The same product twice (two tabs): one line, added up: 3 + 5 + 3 = 11, above the 9 that can be ordered.
        { productId: mallet.id, quantity: 3 },
        { productId: scraper.id, quantity: 1 },
        { productId: saw.id, quantity: 2 },
        { productId: gone, quantity: 1 },
        { productId: soldOut.id, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { cart, changes } = res.json();
    expect(changes).toEqual([
      { productId: mallet.id, variantId: mallet.id, product: 'Joiner’s mallet', asked: 11, quantity: 9, message: orderMessages.orderAtMost(9) },
      { productId: scraper.id, variantId: scraper.id, product: 'Card scraper', asked: 1, quantity: 3, message: orderMessages.orderAtLeast(3) },
      // A line without variantId names the product's one variant, the product's id, gone or not.
      { productId: gone, variantId: gone, product: null, asked: 1, quantity: 0, message: cartMessages.gone },
      { productId: soldOut.id, variantId: soldOut.id, product: 'Sold-out plane', asked: 3, quantity: 0, message: orderMessages.soldOut },
    ]);
    expect(quantities(cart)).toEqual({ [mallet.id]: 9, [scraper.id]: 3, [saw.id]: 2 });
    // The lines the account had first, then the visitor's, in the visitor's order.
    expect(cart.lines.map((line: { productId: string }) => line.productId)).toEqual([mallet.id, scraper.id, saw.id]);
    expect(cart.ready).toBe(true);
    expect(await cartOf(app(), buyer)).toEqual(cart);
  });

  it('keeps a full cart as it is and reports the lines that did not fit', async () => {
    const buyer = await freshCustomer();
    const products = await Promise.all(Array.from({ length: cartLimits.lines + 1 }, () => addProduct(db(), { minQuantity: 1, availQuantity: 100 })));
    const first = await call(app(), 'POST', '/api/cart/merge', buyer, { lines: products.slice(0, cartLimits.lines).map((product) => ({ productId: product.id, quantity: 1 })) });
    expect(first.json().changes).toEqual([]);
    const last = products.at(-1)!;
    const second = await call(app(), 'POST', '/api/cart/merge', buyer, { lines: [{ productId: last.id, quantity: 1 }] });
    expect(second.json().changes).toEqual([{ productId: last.id, variantId: last.id, product: last.name, asked: 1, quantity: 0, message: cartMessages.tooManyLines }]);
    expect(second.json().cart.lines).toHaveLength(cartLimits.lines);
    expect((await addToCart(app(), buyer, last.id, 1)).json()).toEqual({ code: 'CART_FULL', message: cartMessages.tooManyLines });

    const tooMany = await call(app(), 'POST', '/api/cart/merge', buyer, { lines: products.map((product) => ({ productId: product.id, quantity: 1 })) });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('a visitor’s cart, priced by the server', () => {
  it('prices the lines as a customer’s cart is priced, with their problems, and stores nothing', async () => {
    const plane = await addProduct(db(), { name: 'Smoothing plane', priceCents: 17500, minQuantity: 1, availQuantity: 5 });
    const res = await call(app(), 'POST', '/api/cart/quote', undefined, {
      lines: [
        { productId: plane.id, quantity: 2 },
        { productId: plane.id, quantity: 3 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lines: [expect.objectContaining({ productId: plane.id, quantity: 5, lineTotal: 875, problem: orderMessages.orderAtMost(4) })],
      count: 5,
      total: 875,
      ready: false,
      // Priced as it stands; the cart is not ready to be checked out until the line is changed.
      totals: { subtotal: 875, shipping: 0, discount: 0, tax: 0, total: 875 },
    });
    expect(await db().selectFrom('cart_items').selectAll().where('product_id', '=', plane.id).execute()).toEqual([]);
  });
});

describe('whose cart it is', () => {
  it('answers visitors 401 on every cart call but the quote', async () => {
    for (const [method, url] of [
      ['GET', '/api/cart'],
      ['POST', '/api/cart/items'],
      ['PUT', '/api/cart/items/any'],
      ['DELETE', '/api/cart/items/any'],
      ['POST', '/api/cart/merge'],
    ] as const) {
      expect((await call(app(), method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('keeps each customer’s cart their own: another customer neither sees it nor changes it', async () => {
    const hammer = await addProduct(db(), { name: 'Cross-peen hammer', priceCents: 3900, minQuantity: 1, availQuantity: 40 });
    await added(app(), carol, hammer.id, 4);
    expect((await cartOf(app(), oscar)).lines).toEqual([]);
    // The only cart a call can name is the caller's own: Oscar's changes land in his.
    await call(app(), 'DELETE', `/api/cart/items/${hammer.id}`, oscar);
    await call(app(), 'PUT', `/api/cart/items/${hammer.id}`, oscar, { quantity: 1 });
    expect(quantities(await cartOf(app(), carol))).toEqual({ [hammer.id]: 4 });
    expect(quantities(await cartOf(app(), oscar))).toEqual({ [hammer.id]: 1 });
  });
});

describe('the cart’s queries', () => {
  it('read a customer’s lines in order through an index, never the whole table', async () => {
    const plans = await queryPlansOf(people.shop.database, (on) => createCartRepository(on).linesOf('someone'));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatch(/cart_items_user_added_idx|cart_items_pkey|sqlite_autoindex_cart_items/);
    expect(plans[0]).not.toMatch(/\bSCAN cart_items\b|Seq Scan/);
  });
});
