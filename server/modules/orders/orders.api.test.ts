import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminEmail, createShopWithPeople, signUp, type TestAccount } from '../../test/accounts.ts';
import { addProduct, orderRow, placeOrder, setStock, shipping, stockOf, type TestProduct, uncharged } from '../../test/ordering.ts';
import type { TestApp } from '../../test/test-app.ts';
import { newRecordId } from '../../record-id.ts';
import { call, type Caller } from '../../test/call.ts';
import { paidOrder } from '../../test/paid-order.ts';
import { generatedSku } from '../../../common/variants.ts';

/**
 * design.md's "Who may call what" rows for orders, as anonymous, the owner, another customer and an
 * admin, and its "Money, stock and payment" rules for placing one: the server fills in the name,
 * e-mail and price; the quantity must be a whole number with minQuantity <= quantity < availQuantity.
 */
let shop: TestApp;
let admin: TestAccount;
let carol: TestAccount;
let oscar: TestAccount;
/** $12.50 a piece, at least 2, 10 in stock. */
let chisel: TestProduct;
/** Plenty in stock, for the tests that pay for orders. */
let mallet: TestProduct;
beforeAll(async () => {
  ({ shop, admin, carol, oscar } = await createShopWithPeople());
  chisel = await addProduct(shop.db, { name: 'Bevel-edge chisel 19 mm', priceCents: 1250, minQuantity: 2, availQuantity: 10 });
  mallet = await addProduct(shop.db, { name: 'Beech mallet', priceCents: 2400, minQuantity: 1, availQuantity: 1000 });
});
afterAll(() => shop.close());

const request = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: Caller, payload?: object) => call(shop.app, method, url, who, payload);
const ordersOf = (email: string, who?: Caller, query = '') => request('GET', `/api/orders/${encodeURIComponent(email)}${query}`, who);
/** Two mallets, paid by Carol. */
const paidMallets = () => paidOrder(shop.app, carol, mallet.id, 2);
const orderCount = async () => (await shop.db.selectFrom('orders').select('id').execute()).length;

const notSignedIn = { code: 'UNAUTHENTICATED', message: 'Please log in first.' };
const forbidden = { code: 'FORBIDDEN', message: expect.any(String) };
const notFound = { code: 'NOT_FOUND', message: expect.any(String) };

/** An unpaid order exactly as the wire carries it. */
const unpaidOrder = (who: { name: string; email: string }, product: TestProduct, quantity: number) => ({
  _id: expect.any(String),
  productId: product.id,
  product: product.name,
  cutomerName: who.name,
  email: who.email,
  unitPrice: product.priceCents / 100,
  price: (product.priceCents * quantity) / 100,
  quantity,
  phone: shipping.phone,
  adress: shipping.adress,
  paymentStatus: 'unpaid',
  createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  number: expect.any(Number),
  orderNumber: expect.stringMatching(/^J-\d+$/),
  stage: 'unpaid',
  refundedAmount: 0,
  refundStatus: 'none',
  restockedQuantity: 0,
  lines: [
    {
      lineId: expect.any(String),
      productId: product.id,
      // Sold one way: the product's one variant, with the SKU the shop made for it.
      variantId: product.id,
      sku: generatedSku(product.id),
      variant: '',
      product: product.name,
      img: '/images/products/test.webp',
      unitPrice: product.priceCents / 100,
      quantity,
      price: (product.priceCents * quantity) / 100,
      shippedQuantity: 0,
      refundedQuantity: 0,
      restockedQuantity: 0,
      ...uncharged.line((product.priceCents * quantity) / 100),
    },
  ],
  totals: { subtotal: (product.priceCents * quantity) / 100, shipping: 0, discount: 0, tax: 0, total: (product.priceCents * quantity) / 100, currency: 'USD', ...uncharged.totals },
  ...uncharged.order,
});
const carolIs = () => ({ name: 'Carol Customer', email: carol.email });
const isoTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('POST /api/orders', () => {
  it('answers 401 to an anonymous caller and stores nothing', async () => {
    const before = await orderCount();
    const res = await request('POST', '/api/orders', undefined, { productId: chisel.id, quantity: 2, ...shipping });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(notSignedIn);
    expect(await orderCount()).toBe(before);
  });

  it("places a customer's order with their name and e-mail from the session and the price the server computes", async () => {
    const res = await request('POST', '/api/orders', carol, { productId: chisel.id, quantity: 3, ...shipping });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ insertedId: body._id, ...unpaidOrder(carolIs(), chisel, 3) });
    expect(body.price).toBe(37.5);

    const listed = await request('GET', `/api/duepaymentOrder/${body._id}`, carol);
    expect(listed.json()).toEqual(unpaidOrder(carolIs(), chisel, 3));
    // Stored in cents; placing an order does not take stock (paying does).
    expect(await orderRow(shop.db, body._id)).toMatchObject({ price_cents: 3750, unit_price_cents: 1250, payment_status: 'unpaid' });
    expect(await stockOf(shop.db, chisel.id)).toBe(10);
  });

  it("ignores a price, name, e-mail, product name and payment status sent in the body: the stored order is the server's", async () => {
    // Someone with no orders, whose address the body names.
    const target = await signUp(shop.app, 'Tara Target');
    const res = await request('POST', '/api/orders', carol, {
      productId: chisel.id,
      quantity: 4,
      ...shipping,
      price: 0.01,
      unitPrice: 0.01,
      cutomerName: 'Mallory Mischief',
      email: target.email,
      product: 'Free chisels',
      paymentStatus: 'paid',
      transactionId: 'pi_made_up',
      shippingStatus: 'delivered',
    });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toEqual({ insertedId: order._id, ...unpaidOrder(carolIs(), chisel, 4) });
    expect(order.price).toBe(50);

    expect((await ordersOf(carol.email, carol)).json()).toContainEqual({ ...unpaidOrder(carolIs(), chisel, 4), _id: order._id });
    expect((await ordersOf(target.email, target)).json()).toEqual([]);
    expect(await orderRow(shop.db, order._id)).toMatchObject({
      price_cents: 5000,
      customer_name: 'Carol Customer',
      email: carol.email,
      payment_status: 'unpaid',
      transaction_id: null,
    });
  });

  it('gives each order the next number, J-1042 onwards, however many are placed at once', async () => {
    const placed = await Promise.all([1, 2, 3, 4].map(() => request('POST', '/api/orders', carol, { productId: chisel.id, quantity: 2, ...shipping })));
    const numbers = placed.map((res) => Number(res.json<{ orderNumber: string }>().orderNumber.slice(2)));
    expect(new Set(numbers).size).toBe(4);
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(sorted[3]! - sorted[0]!).toBe(3);
    expect(sorted[0]).toBeGreaterThanOrEqual(1042);
  });

  it("accepts the specification's other spelling, quantiy", async () => {
    const res = await request('POST', '/api/orders', carol, { productId: chisel.id, quantiy: 5, ...shipping });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ quantity: 5, price: 62.5 });
  });

  it('lets an admin place an order for themselves', async () => {
    const res = await request('POST', '/api/orders', admin, { productId: chisel.id, quantity: 2, ...shipping, email: carol.email });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject(unpaidOrder({ name: 'Shop admin', email: adminEmail }, chisel, 2));
  });

  it.each([
    ['negative', -3, 'quantity: Quantity must be at least 1'],
    ['zero', 0, 'quantity: Quantity must be at least 1'],
    ['fractional', 2.5, 'quantity: Quantity must be a whole number'],
    ['a string', '3', 'quantity: Quantity must be a whole number'],
    ['null', null, 'quantity: Quantity must be a whole number'],
    ['huge', 1e12, 'quantity: That quantity is more than we could ever make'],
    ['below minQuantity', 1, 'Please Order At least 2'],
    ['equal to availQuantity', 10, 'Please order at most 9: that is all we have left.'],
    ['above availQuantity', 11, 'Please order at most 9: that is all we have left.'],
  ])('refuses a quantity that is %s with 400 and a clear message, storing nothing', async (_case, quantity, message) => {
    const before = await orderCount();
    const res = await request('POST', '/api/orders', carol, { productId: chisel.id, quantity, ...shipping });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
    expect(await orderCount()).toBe(before);
  });

  it('refuses a missing quantity, and a quantiy that is not a whole number', async () => {
    for (const body of [{}, { quantiy: 2.5 }, { quantiy: -1 }]) {
      const res = await request('POST', '/api/orders', carol, { productId: chisel.id, ...shipping, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/^Invalid request\. quantity: Quantity must be/);
    }
  });

  it('takes the minimum when the stock is one above it, and nothing when the stock equals it (sold out)', async () => {
    const lastOne = await addProduct(shop.db, { minQuantity: 2, availQuantity: 3 });
    expect((await request('POST', '/api/orders', carol, { productId: lastOne.id, quantity: 2, ...shipping })).statusCode).toBe(201);
    const soldOut = await addProduct(shop.db, { minQuantity: 2, availQuantity: 2 });
    const before = await orderCount();
    const res = await request('POST', '/api/orders', carol, { productId: soldOut.id, quantity: 2, ...shipping });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Sold out: there are none left to order.' });
    expect(await orderCount()).toBe(before);
  });

  it('accepts the largest quantity below availQuantity', async () => {
    const res = await request('POST', '/api/orders', carol, { productId: chisel.id, quantity: 9, ...shipping });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ quantity: 9, price: 112.5 });
  });

  it('refuses an order whose total a card processor could not charge', async () => {
    const plank = await addProduct(shop.db, { priceCents: 1000, minQuantity: 1, availQuantity: 1_000_000 });
    const res = await request('POST', '/api/orders', carol, { productId: plank.id, quantity: 999_999, ...shipping });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'One order can be at most $999,999.99. Please order fewer pieces.' });
  });

  it('answers 404 for an unknown product, a malformed id and a product that has been deleted', async () => {
    const gone = await addProduct(shop.db);
    await shop.db.deleteFrom('products').where('id', '=', gone.id).execute();
    const before = await orderCount();
    for (const productId of [newRecordId(), 'not-a-product', gone.id]) {
      const res = await request('POST', '/api/orders', carol, { productId, quantity: 2, ...shipping });
      expect(res.statusCode, productId).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'That product is no longer in the catalogue.' });
    }
    expect(await orderCount()).toBe(before);
  });

  it.each([
    ['a blank phone', { phone: '  ' }, 'phone: Phone is Required'],
    ['no phone', { phone: undefined }, 'phone:'],
    ['a phone that is not a number', { phone: 'call me maybe' }, 'phone: Provide a valid phone number'],
    // An address is required: a structured shippingAddress, or the specification's free-text adress.
    ['a blank adress', { adress: ' ' }, 'shippingAddress: Address is Required'],
    ['no adress', { adress: undefined }, 'shippingAddress: Address is Required'],
    ['an adress over 300 characters', { adress: 'x'.repeat(301) }, 'adress:'],
    ['no productId', { productId: undefined }, 'productId:'],
  ])('refuses %s with 400', async (_case, change, message) => {
    const before = await orderCount();
    const res = await request('POST', '/api/orders', carol, { productId: chisel.id, quantity: 2, ...shipping, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(`Invalid request. ${message}`) });
    expect(await orderCount()).toBe(before);
  });
});

describe('GET /api/orders', () => {
  it('answers 401 to an anonymous caller and 403 to a customer', async () => {
    const anonymous = await request('GET', '/api/orders');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(notSignedIn);
    const customer = await request('GET', '/api/orders', carol);
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual(forbidden);
  });

  it("gives an admin every customer's orders, newest first, with the total in X-Total-Count", async () => {
    await placeOrder(shop.app, carol, chisel.id, 2);
    await placeOrder(shop.app, admin, chisel.id, 2);
    const mine = await placeOrder(shop.app, oscar, chisel.id, 2);
    const res = await request('GET', '/api/orders?limit=100', admin);
    expect(res.statusCode).toBe(200);
    const orders = res.json();
    expect(res.headers['x-total-count']).toBe(String(await orderCount()));
    expect(orders).toHaveLength(await orderCount());
    expect(orders[0]).toEqual({ ...unpaidOrder({ name: 'Oscar Other', email: oscar.email }, chisel, 2), _id: mine._id });
    expect(new Set(orders.map((order: { email: string }) => order.email))).toEqual(new Set([carol.email, oscar.email, adminEmail]));
    const created = orders.map((order: { createdAt: string }) => order.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('pages with limit and offset, and the pages add up to the whole list', async () => {
    for (const who of [carol, oscar, carol, admin, oscar]) await placeOrder(shop.app, who, chisel.id, 2);
    const whole = (await request('GET', '/api/orders?limit=100', admin)).json().map((order: { _id: string }) => order._id);
    expect(whole.length).toBeGreaterThan(4);
    const paged: string[] = [];
    for (let offset = 0; offset < whole.length; offset += 3) {
      const page = await request('GET', `/api/orders?limit=3&offset=${offset}`, admin);
      expect(page.headers['x-total-count']).toBe(String(whole.length));
      paged.push(...page.json().map((order: { _id: string }) => order._id));
    }
    expect(paged).toEqual(whole);
    // Twenty to a page unless asked.
    expect((await request('GET', '/api/orders', admin)).json()).toHaveLength(Math.min(20, whole.length));
  });

  it.each(['limit=0', 'limit=101', 'offset=-1', 'limit=ten'])('refuses %s with 400', async (query) => {
    const res = await request('GET', `/api/orders?${query}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });
});

describe('GET /api/orders/{email}', () => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await ordersOf(carol.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(notSignedIn);
  });

  it("gives a customer all their own orders and nobody else's, newest first, in any case of the e-mail", async () => {
    await placeOrder(shop.app, carol, chisel.id, 2);
    const placed = await placeOrder(shop.app, carol, chisel.id, 6);
    const all = (await request('GET', '/api/orders?limit=100', admin)).json().filter((order: { email: string }) => order.email === carol.email);
    for (const email of [carol.email, carol.email.toUpperCase()]) {
      const res = await ordersOf(email, carol, '?limit=100');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(all.length));
      expect(res.json()).toEqual(all);
    }
    expect((await ordersOf(carol.email, carol)).json()[0]).toEqual({ ...unpaidOrder(carolIs(), chisel, 6), _id: placed._id });
    const page = await ordersOf(carol.email, carol, '?limit=1&offset=1');
    expect(page.json()).toEqual([all[1]]);
  });

  it("refuses a customer another customer's orders with 403, whether or not that address has any", async () => {
    for (const email of [oscar.email, adminEmail, 'nobody@example.com']) {
      const res = await ordersOf(email, carol);
      expect(res.statusCode, email).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'You can only see your own orders.' });
    }
  });

  it("gives an admin any customer's orders", async () => {
    await placeOrder(shop.app, carol, chisel.id, 2);
    const res = await ordersOf(carol.email, admin, '?limit=100');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await ordersOf(carol.email, carol, '?limit=100')).json());
    expect(res.json().length).toBeGreaterThan(0);
    const none = await ordersOf('nobody@example.com', admin);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('answers an empty list to a customer with no orders yet', async () => {
    const newcomer = await signUp(shop.app, 'Nina Newcomer');
    const res = await ordersOf(newcomer.email, newcomer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });
});

describe('GET /api/duepaymentOrder/{id}', () => {
  let order: { _id: string };
  beforeEach(async () => {
    order = await placeOrder(shop.app, carol, chisel.id, 2);
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await request('GET', `/api/duepaymentOrder/${order._id}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(notSignedIn);
  });

  it('gives the owner and an admin the order', async () => {
    for (const who of [carol, admin]) {
      const res = await request('GET', `/api/duepaymentOrder/${order._id}`, who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...unpaidOrder(carolIs(), chisel, 2), _id: order._id });
    }
  });

  it('refuses another customer, answering as if the order did not exist', async () => {
    const res = await request('GET', `/api/duepaymentOrder/${order._id}`, oscar);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect(res.body).not.toContain(carol.email);
    const unknown = await request('GET', `/api/duepaymentOrder/${newRecordId()}`, oscar);
    expect(unknown.json()).toEqual(res.json());
  });

  it('answers 404 for an unknown or malformed id, even to an admin', async () => {
    for (const id of [newRecordId(), 'nope']) {
      const res = await request('GET', `/api/duepaymentOrder/${id}`, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });
});

describe('DELETE /api/orders/{id}', () => {
  it('answers 401 to an anonymous caller and keeps the order', async () => {
    const order = await placeOrder(shop.app, carol, chisel.id, 2);
    const res = await request('DELETE', `/api/orders/${order._id}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(notSignedIn);
    expect(await orderRow(shop.db, order._id)).toBeDefined();
  });

  it('lets the owner cancel their unpaid order, which is kept as cancelled and can be cancelled only once', async () => {
    const order = await placeOrder(shop.app, carol, chisel.id, 2);
    const res = await request('DELETE', `/api/orders/${order._id}`, carol);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'unpaid', cancel_reason: 'customer', cancelled_at: expect.any(String) });
    const listed = (await ordersOf(carol.email, carol, '?limit=100')).json().find((o: { _id: string }) => o._id === order._id);
    expect(listed).toMatchObject({ stage: 'cancelled', cancelReason: 'customer', cancelledAt: expect.any(String) });
    expect((await request('GET', `/api/duepaymentOrder/${order._id}`, carol)).json()).toMatchObject({ stage: 'cancelled' });

    const again = await request('DELETE', `/api/orders/${order._id}`, carol);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'ORDER_CANCELLED', message: 'This order has been cancelled already.' });
  });

  it("refuses another customer's order and keeps it", async () => {
    const order = await placeOrder(shop.app, carol, chisel.id, 2);
    const res = await request('DELETE', `/api/orders/${order._id}`, oscar);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect(await orderRow(shop.db, order._id)).toBeDefined();
  });

  it("lets an admin cancel any customer's unpaid order, recorded as the admin's", async () => {
    const order = await placeOrder(shop.app, oscar, chisel.id, 3);
    const res = await request('DELETE', `/api/orders/${order._id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await orderRow(shop.db, order._id)).toMatchObject({ cancel_reason: 'admin' });
  });

  it('refuses to cancel a paid order, for the owner and for an admin, with 409', async () => {
    const { order, transactionId } = await paidMallets();
    for (const who of [carol, admin]) {
      const res = await request('DELETE', `/api/orders/${order._id}`, who);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'ORDER_PAID', message: 'A paid order cannot be cancelled.' });
    }
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'paid', transaction_id: transactionId });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [newRecordId(), 'nope']) {
      const res = await request('DELETE', `/api/orders/${id}`, admin);
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('PATCH /api/orders/{id}/shipping', () => {
  /** Shipped goes with a carrier and a tracking number, as the ship dialog sends them. */
  const ship = (id: string, shippingStatus: string, who?: Caller) =>
    request(
      'PATCH',
      `/api/orders/${id}/shipping`,
      who,
      shippingStatus === 'shipped' ? { shippingStatus, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } : { shippingStatus },
    );

  it('is for admins only: 401 anonymous, 403 for the owner and another customer; nothing changes', async () => {
    const { order } = await paidMallets();
    const anonymous = await ship(order._id, 'shipped');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(notSignedIn);
    for (const who of [carol, oscar]) {
      const res = await ship(order._id, 'shipped', who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    expect(await orderRow(shop.db, order._id)).toMatchObject({ shipping_status: 'pending' });
  });

  it('refuses to ship an unpaid order', async () => {
    const order = await placeOrder(shop.app, carol, mallet.id, 2);
    for (const status of ['shipped', 'delivered']) {
      const res = await ship(order._id, status, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'CONFLICT', message: 'Only a paid order can be shipped.' });
    }
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'unpaid', shipping_status: null });
  });

  it('moves a paid order from pending to shipped to delivered, one step at a time, and the owner sees each step', async () => {
    const { order } = await paidMallets();
    const seenByOwner = async () => (await ordersOf(carol.email, carol, '?limit=100')).json().find((o: { _id: string }) => o._id === order._id);
    expect(await seenByOwner()).toMatchObject({ paymentStatus: 'paid', shippingStatus: 'pending' });

    const skip = await ship(order._id, 'delivered', admin);
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({ code: 'CONFLICT', message: 'An order that is pending cannot become delivered.' });

    const shipped = await ship(order._id, 'shipped', admin);
    expect(shipped.statusCode).toBe(200);
    const shippedStep = { stage: 'shipped', shippingStatus: 'shipped', shippedAt: isoTime, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    expect(shipped.json()).toMatchObject({ _id: order._id, paymentStatus: 'paid', ...shippedStep });
    expect(shipped.json()).not.toHaveProperty('deliveredAt');
    expect(await seenByOwner()).toMatchObject(shippedStep);

    const twice = await ship(order._id, 'shipped', admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ code: 'NOTHING_TO_SHIP', message: 'Every piece of this order has been sent already: it is shipped.' });

    const delivered = await ship(order._id, 'delivered', admin);
    expect(delivered.statusCode).toBe(200);
    // Delivered keeps when and how it was shipped.
    const deliveredStep = { ...shippedStep, stage: 'delivered', shippingStatus: 'delivered', deliveredAt: isoTime };
    expect(delivered.json()).toMatchObject(deliveredStep);
    expect(delivered.json().deliveredAt >= delivered.json().shippedAt).toBe(true);
    expect(await seenByOwner()).toMatchObject({ paymentStatus: 'paid', ...deliveredStep });
    expect((await request('GET', `/api/duepaymentOrder/${order._id}`, carol)).json()).toMatchObject({ shippingStatus: 'delivered' });

    const back = await ship(order._id, 'shipped', admin);
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('Every piece of this order has been sent already: it is delivered.');
  });

  it('refuses a status other than shipped or delivered, and answers 404 for an unknown order', async () => {
    const { order } = await paidMallets();
    for (const status of ['pending', 'lost', '']) {
      const res = await ship(order._id, status, admin);
      expect(res.statusCode, status).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('shippingStatus') });
    }
    const unknown = await ship(newRecordId(), 'shipped', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(notFound);
  });

  it('ships with any carrier, spelling a known one as it does, with or without a tracking number', async () => {
    const shipWith = async (body: object) => {
      const { order } = await paidMallets();
      return request('PATCH', `/api/orders/${order._id}/shipping`, admin, { shippingStatus: 'shipped', ...body });
    };
    const known = await shipWith({ carrier: ' royal mail ', trackingNumber: ' AB 1234-5678 GB ' });
    expect(known.json()).toMatchObject({ carrier: 'Royal Mail', trackingNumber: 'AB 1234-5678 GB' });
    const other = await shipWith({ carrier: 'Parcelforce' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ carrier: 'Parcelforce' });
    expect(other.json()).not.toHaveProperty('trackingNumber');
    const blank = await shipWith({ carrier: 'DHL', trackingNumber: '  ' });
    expect(blank.json()).toMatchObject({ carrier: 'DHL' });
    expect(blank.json()).not.toHaveProperty('trackingNumber');
  });

  it.each([
    ['no carrier', {}, 'carrier'],
    ['a blank carrier', { carrier: '  ' }, 'Carrier is Required'],
    ['a carrier over 60 characters', { carrier: 'C'.repeat(61) }, 'at most 60 characters'],
    ['a tracking number with other characters', { carrier: 'UPS', trackingNumber: '1Z<script>' }, 'letters, digits, spaces and dashes'],
    ['a tracking number over 60 characters', { carrier: 'UPS', trackingNumber: '1'.repeat(61) }, 'letters, digits, spaces and dashes'],
  ])('refuses to ship with %s, and the order stays pending', async (_what, body, message) => {
    const { order } = await paidMallets();
    const res = await request('PATCH', `/api/orders/${order._id}/shipping`, admin, { shippingStatus: 'shipped', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
    expect(await orderRow(shop.db, order._id)).toMatchObject({ shipping_status: 'pending', shipped_at: null, carrier: null, tracking_number: null });
  });

  it('lets only one of two admins racing to ship the same order move it on', async () => {
    const { order } = await paidMallets();
    const results = await Promise.all([ship(order._id, 'shipped', admin), ship(order._id, 'shipped', admin)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await orderRow(shop.db, order._id)).toMatchObject({ shipping_status: 'shipped' });
  });
});

describe('unpaid orders their stock can no longer cover', () => {
  it('are listed and read as unpayable, out of stock or product gone, and can still be cancelled', async () => {
    const saw = await addProduct(shop.db, { minQuantity: 1, availQuantity: 10 });
    const gone = await addProduct(shop.db, { minQuantity: 1, availQuantity: 10 });
    const short = await placeOrder(shop.app, carol, saw.id, 6);
    const covered = await placeOrder(shop.app, carol, saw.id, 5);
    const orphan = await placeOrder(shop.app, carol, gone.id, 1);
    await setStock(shop.db, saw.id, 5);
    await shop.db.deleteFrom('products').where('id', '=', gone.id).execute();

    const listed = (await ordersOf(carol.email, carol, '?limit=100')).json<{ _id: string; unpayable?: string }[]>();
    const unpayableOf = (id: string) => listed.find((order) => order._id === id)?.unpayable;
    expect(unpayableOf(short._id)).toBe('out-of-stock');
    expect(unpayableOf(covered._id)).toBeUndefined();
    expect(unpayableOf(orphan._id)).toBe('product-gone');
    expect((await request('GET', '/api/orders?limit=100', admin)).json().find((order: { _id: string }) => order._id === short._id)).toMatchObject({ unpayable: 'out-of-stock' });
    expect((await request('GET', `/api/duepaymentOrder/${short._id}`, carol)).json()).toMatchObject({ unpayable: 'out-of-stock' });

    expect((await request('DELETE', `/api/orders/${short._id}`, carol)).json()).toEqual({ deletedCount: 1 });
    // Cancelled, it is no longer waiting for anything.
    expect((await request('GET', `/api/duepaymentOrder/${short._id}`, carol)).json()).not.toHaveProperty('unpayable');
  });
});
