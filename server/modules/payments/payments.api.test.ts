import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidByVisa } from '../../../common/test/order-fixtures.ts';
import { createShopWithPeople, signUp, type TestAccount } from '../../test/accounts.ts';
import {
  addProduct,
  authorise,
  confirmPayment,
  createIntent,
  goodCard,
  localPayment,
  orderRow,
  placeOrder,
  publicStockOf,
  setStock,
  startPayment,
  stockOf,
  type TestProduct,
  uncharged,
} from '../../test/ordering.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newRecordId } from '../../record-id.ts';
import { type GatewayPayment, type PaymentGateway, RefundRefusedError } from './payment-gateway.ts';
import { call, type Caller } from '../../test/call.ts';
import { authorisedPayment, payOrder } from '../../test/paid-order.ts';

/**
 * design.md's rows for paying, as anonymous, the owner, another customer and an admin:
 * POST /create-payment-intent is for your own unpaid order and its own amount; PUT /orders/{id}
 * marks it paid only with a payment the processor confirms for that order and amount, taking the
 * stock in the same step. The local test processor behaves like Stripe's test mode, and never keeps
 * a card number.
 */
let shop: TestApp;
let admin: TestAccount;
let carol: TestAccount;
let oscar: TestAccount;
/** $49.99 a piece, at least 1, 500 in stock. */
let plane: TestProduct;
beforeAll(async () => {
  ({ shop, admin, carol, oscar } = await createShopWithPeople());
  plane = await addProduct(shop.db, { name: 'Jack plane no. 5', priceCents: 4999, minQuantity: 1, availQuantity: 500 });
});
afterAll(() => shop.close());

const intentFor = (orderId: string, who?: Caller, extra: object = {}) => startPayment(shop.app, who, orderId, extra);
const paymentRows = async (orderId: string) => shop.db.selectFrom('local_payment_intents').selectAll().where('order_id', '=', orderId).execute();

const notSignedIn = { code: 'UNAUTHENTICATED', message: 'Please log in first.' };
const notFound = { code: 'NOT_FOUND', message: expect.any(String) };
const notConfirmed = { code: 'PAYMENT_NOT_CONFIRMED', message: 'The card processor has no completed payment for this order and amount.' };

/** Every way the card numbers used here could show up in text: spaced, bare, or as the last four digits. */
const cardNumbers = ['4242424242424242', '4000000000000002', '4000000000009995', '4242424242424241', '4000000000000069'];
function expectNoCardNumber(text: string) {
  const bare = text.replace(/[\s-]/g, '');
  for (const number of cardNumbers) expect(bare).not.toContain(number);
}

describe('POST /api/create-payment-intent', () => {
  it('answers 401 to an anonymous caller and creates no payment', async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 3);
    const res = await intentFor(order._id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(notSignedIn);
    expect(await paymentRows(order._id)).toEqual([]);
  });

  it("creates a payment for the owner's unpaid order, for the order's own total", async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 3);
    const res = await intentFor(order._id, carol);
    expect(res.statusCode).toBe(200);
    const intent = res.json();
    expect(intent).toEqual({ clientSecret: expect.any(String), transactionId: expect.stringMatching(/^pi_local_/), gateway: 'local', amount: 149.97 });
    expect(intent.clientSecret.startsWith(`${intent.transactionId}_secret_`)).toBe(true);
    expect(await paymentRows(order._id)).toEqual([
      expect.objectContaining({ id: intent.transactionId, client_secret: intent.clientSecret, amount_cents: 14997, currency: 'usd', status: 'requires_payment_method' }),
    ]);
    // Starting to pay changes nothing about the order or the stock.
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'unpaid', transaction_id: null });
  });

  it('charges the order total whatever price or amount the body names', async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 2);
    const res = await intentFor(order._id, carol, { price: 0.01, amount: 0.01, amountCents: 1, currency: 'jpy' });
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(99.98);
    expect(await localPayment(shop.db, res.json().transactionId)).toMatchObject({ amount_cents: 9998, currency: 'usd' });
  });

  it("refuses another customer's order, as if it did not exist, and creates no payment", async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 1);
    const res = await intentFor(order._id, oscar);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect(await paymentRows(order._id)).toEqual([]);
  });

  it("lets an admin start paying any customer's order, for that order's total", async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 4);
    const res = await intentFor(order._id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ gateway: 'local', amount: 199.96 });
  });

  it('refuses a paid order with 409', async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 1);
    await payOrder(shop.app, carol, order._id);
    const res = await intentFor(order._id, carol);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'ORDER_PAID', message: 'This order is already paid.' });
    expect(await paymentRows(order._id)).toHaveLength(1);
  });

  it('refuses with 409 when the stock no longer covers the order, before any payment exists', async () => {
    const saw = await addProduct(shop.db, { name: 'Dovetail saw', priceCents: 3500, minQuantity: 1, availQuantity: 10 });
    const order = await placeOrder(shop.app, carol, saw.id, 3);
    await setStock(shop.db, saw.id, 2);
    const res = await intentFor(order._id, carol);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'OUT_OF_STOCK', message: "Only 2 Dovetail saw left in stock, fewer than this order's 3." });
    expect(await paymentRows(order._id)).toEqual([]);

    // Exactly enough is enough.
    await setStock(shop.db, saw.id, 3);
    expect((await intentFor(order._id, carol)).statusCode).toBe(200);
  });

  it('refuses with 409 an order whose product has since been deleted', async () => {
    const gone = await addProduct(shop.db, { name: 'Discontinued gouge', minQuantity: 1 });
    const order = await placeOrder(shop.app, carol, gone.id, 2);
    await shop.db.deleteFrom('products').where('id', '=', gone.id).execute();
    const res = await intentFor(order._id, carol);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRODUCT_GONE', message: expect.stringContaining('Discontinued gouge is no longer sold') });
    expect(await paymentRows(order._id)).toEqual([]);
  });

  it('answers 404 for an unknown order and 400 without an orderId', async () => {
    expect((await intentFor(newRecordId(), carol)).statusCode).toBe(404);
    const missing = await call(shop.app, 'POST', '/api/create-payment-intent', carol, { price: 10 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('orderId') });
  });
});

describe("POST /api/payments/local/authorise (the local processor's card form)", () => {
  it('answers 401 to an anonymous caller', async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 1);
    const { clientSecret, transactionId } = await createIntent(shop.app, carol, order._id);
    const res = await call(shop.app, 'POST', '/api/payments/local/authorise', undefined, { orderId: order._id, clientSecret, ...goodCard });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(notSignedIn);
    expect(await localPayment(shop.db, transactionId)).toMatchObject({ status: 'requires_payment_method' });
  });

  it('authorises the payment with 4242 4242 4242 4242, but does not yet mark the order paid or take stock', async () => {
    const before = await stockOf(shop.db, plane.id);
    const order = await placeOrder(shop.app, carol, plane.id, 2);
    const { clientSecret, transactionId } = await createIntent(shop.app, carol, order._id);
    const res = await authorise(shop.app, carol, order._id, clientSecret);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ transactionId });
    expectNoCardNumber(res.body);
    expect(await localPayment(shop.db, transactionId)).toMatchObject({ status: 'requires_capture', amount_cents: 9998 });
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'unpaid' });
    expect(await stockOf(shop.db, plane.id)).toBe(before);
  });

  it("declines 4000 0000 0000 0002 with the card's message; the order stays unpaid and can be paid with another card", async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 1);
    const { clientSecret, transactionId } = await createIntent(shop.app, carol, order._id);
    const declined = await authorise(shop.app, carol, order._id, clientSecret, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
    expectNoCardNumber(declined.body);
    expect(await localPayment(shop.db, transactionId)).toMatchObject({ status: 'requires_payment_method' });

    // Marking it paid with the declined payment is refused.
    const sneaky = await confirmPayment(shop.app, carol, order._id, transactionId);
    expect(sneaky.statusCode).toBe(409);
    expect(sneaky.json()).toEqual(notConfirmed);
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'unpaid', transaction_id: null });

    expect((await authorise(shop.app, carol, order._id, clientSecret)).statusCode).toBe(200);
    const paid = await confirmPayment(shop.app, carol, order._id, transactionId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ paymentStatus: 'paid', transactionId });
  });

  it.each([
    ['insufficient funds (4000 0000 0000 9995)', { cardNumber: '4000 0000 0000 9995' }, 402, 'insufficient_funds', 'Your card has insufficient funds.'],
    ['an expired card (4000 0000 0000 0069)', { cardNumber: '4000000000000069' }, 402, 'expired_card', 'Your card has expired.'],
    ['a number failing the Luhn check', { cardNumber: '4242 4242 4242 4241' }, 402, 'invalid_card', 'Your card number is invalid.'],
    ['a number with letters', { cardNumber: '4242 4242 4242 abcd' }, 402, 'invalid_card', 'Your card number is invalid.'],
    ['a short number', { cardNumber: '4242' }, 402, 'invalid_card', 'Your card number is invalid.'],
    ['an expiry in the past', { expiry: '01/20' }, 402, 'invalid_card', "Your card's expiration date is in the past."],
    ['an expiry with month 13', { expiry: '13/34' }, 402, 'invalid_card', "Your card's expiration date is incomplete."],
    ['an expiry that is not a date', { expiry: 'soon' }, 402, 'invalid_card', "Your card's expiration date is incomplete."],
    ['a two-digit CVC', { cvc: '12' }, 402, 'invalid_card', "Your card's security code is incomplete."],
    ['a CVC with a letter', { cvc: '12a' }, 402, 'invalid_card', "Your card's security code is incomplete."],
    ['a five-digit CVC', { cvc: '12345' }, 400, 'VALIDATION_FAILED', "cvc: Your card's security code is incomplete."],
    ['no name on the card', { name: ' ' }, 400, 'VALIDATION_FAILED', 'name: Name on card is Required'],
  ])('refuses %s with a clear message, and the order stays unpaid', async (_case, card, status, code, message) => {
    const order = await placeOrder(shop.app, carol, plane.id, 1);
    const { clientSecret, transactionId } = await createIntent(shop.app, carol, order._id);
    const res = await authorise(shop.app, carol, order._id, clientSecret, card);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ code, message: status === 400 ? expect.stringContaining(message) : message });
    expectNoCardNumber(res.body);
    expect(await localPayment(shop.db, transactionId)).toMatchObject({ status: 'requires_payment_method' });
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'unpaid' });
  });

  it("refuses another customer's order, and leaves its payment as it was", async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 1);
    const { clientSecret, transactionId } = await createIntent(shop.app, carol, order._id);
    const res = await authorise(shop.app, oscar, order._id, clientSecret);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect(await localPayment(shop.db, transactionId)).toMatchObject({ status: 'requires_payment_method' });
  });

  it('refuses a payment made for another order, and cancels it so that it can never be captured', async () => {
    const first = await placeOrder(shop.app, carol, plane.id, 1);
    const second = await placeOrder(shop.app, carol, plane.id, 2);
    const forSecond = await createIntent(shop.app, carol, second._id);
    const res = await authorise(shop.app, carol, first._id, forSecond.clientSecret);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'payment_intent_mismatch', message: 'This payment belongs to another order.' });
    expect(await localPayment(shop.db, forSecond.transactionId)).toMatchObject({ status: 'canceled' });
  });

  it('refuses an unknown payment secret, and a payment already authorised', async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 1);
    const unknown = await authorise(shop.app, carol, order._id, 'pi_local_nope_secret_nope');
    expect(unknown.statusCode).toBe(402);
    expect(unknown.json()).toEqual({ code: 'payment_intent_unknown', message: 'This payment is not known. Reload the page and try again.' });

    const { clientSecret } = await createIntent(shop.app, carol, order._id);
    expect((await authorise(shop.app, carol, order._id, clientSecret)).statusCode).toBe(200);
    const again = await authorise(shop.app, carol, order._id, clientSecret);
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual({ code: 'payment_intent_unexpected_state', message: 'This payment has already been made or cancelled.' });

    // The payment's own state is told before the card's: a bad card on either gets the same answer.
    const unknownWithBadCard = await authorise(shop.app, carol, order._id, 'pi_local_nope_secret_nope', { cardNumber: '4242 4242 4242 4241' });
    expect(unknownWithBadCard.json()).toMatchObject({ code: 'payment_intent_unknown' });
    const againWithDeclinedCard = await authorise(shop.app, carol, order._id, clientSecret, { cardNumber: '4000 0000 0000 0002' });
    expect(againWithDeclinedCard.json()).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('keeps no card number, expiry, security code or cardholder name anywhere in the database', async () => {
    // By now the tests above have sent every test card through the form; pay once more for good measure.
    const order = await placeOrder(shop.app, carol, plane.id, 1);
    await payOrder(shop.app, carol, order._id);
    const stored = JSON.stringify(
      await Promise.all([
        shop.db.selectFrom('local_payment_intents').selectAll().execute(),
        shop.db.selectFrom('orders').selectAll().execute(),
        shop.db.selectFrom('rate_limit_hits').selectAll().execute(),
        shop.db.selectFrom('processed_webhook_events').selectAll().execute(),
      ]),
    );
    expect(stored).toContain('pi_local_');
    expectNoCardNumber(stored);
    expect(stored).not.toContain(goodCard.name);
    expect(stored).not.toContain(goodCard.expiry);
    const columns = Object.keys(await shop.db.selectFrom('local_payment_intents').selectAll().executeTakeFirstOrThrow());
    // Of the card, only what Stripe shows too: the brand and the last four digits.
    expect(columns.sort()).toEqual([
      'amount_cents',
      'card_brand',
      'card_last4',
      'client_secret',
      'created_at',
      'currency',
      'id',
      'order_id',
      'refunded_cents',
      'status',
      'updated_at',
    ]);
  });
});

describe('PUT /api/orders/{id} with paymentStatus paid', () => {
  it('answers 401 to an anonymous caller, even with a good payment, and the order stays unpaid', async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 1);
    const transactionId = await authorisedPayment(shop.app, carol, order._id);
    const res = await confirmPayment(shop.app, undefined, order._id, transactionId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(notSignedIn);
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'unpaid' });
    expect(await localPayment(shop.db, transactionId)).toMatchObject({ status: 'requires_capture' });
  });

  it('refuses a body without a transactionId, or with another status, with 400', async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 1);
    const bodies = [{ paymentStatus: 'paid' }, { paymentStatus: 'paid', transactionId: '  ' }, { paymentStatus: 'unpaid', transactionId: 'pi_local_x' }, {}];
    for (const body of bodies) {
      const res = await call(shop.app, 'PUT', `/api/orders/${order._id}`, carol, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/transactionId|paymentStatus/) });
    }
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'unpaid' });
  });

  it('refuses a made-up transaction id, and a payment created but never authorised', async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 1);
    const { transactionId } = await createIntent(shop.app, carol, order._id);
    for (const id of ['pi_local_made_up', 'pi_3Pxyz', transactionId]) {
      const res = await confirmPayment(shop.app, carol, order._id, id);
      expect(res.statusCode, id).toBe(409);
      expect(res.json()).toEqual(notConfirmed);
    }
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'unpaid', transaction_id: null });
  });

  it('refuses a payment authorised for another order, and leaves that payment to its own order', async () => {
    const cheap = await placeOrder(shop.app, carol, plane.id, 1);
    const dear = await placeOrder(shop.app, carol, plane.id, 5);
    const forCheap = await authorisedPayment(shop.app, carol, cheap._id);
    const res = await confirmPayment(shop.app, carol, dear._id, forCheap);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(notConfirmed);
    expect(await orderRow(shop.db, dear._id)).toMatchObject({ payment_status: 'unpaid' });
    expect(await localPayment(shop.db, forCheap)).toMatchObject({ status: 'requires_capture' });
    expect((await confirmPayment(shop.app, carol, cheap._id, forCheap)).statusCode).toBe(200);
  });

  it('refuses an authorised payment for this order but another amount or currency, or one cancelled', async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 2);
    const before = await stockOf(shop.db, plane.id);
    const forgedAt = '2026-01-05T10:00:00.000Z';
    const forged = [
      { id: 'pi_local_too_little', amount_cents: 1, currency: 'usd', status: 'requires_capture' as const },
      { id: 'pi_local_a_cent_short', amount_cents: 9997, currency: 'usd', status: 'requires_capture' as const },
      { id: 'pi_local_in_euros', amount_cents: 9998, currency: 'eur', status: 'requires_capture' as const },
      { id: 'pi_local_cancelled', amount_cents: 9998, currency: 'usd', status: 'canceled' as const },
    ];
    for (const payment of forged) {
      await shop.db
        .insertInto('local_payment_intents')
        .values({ ...payment, client_secret: `${payment.id}_secret`, order_id: order._id, created_at: forgedAt, updated_at: forgedAt })
        .execute();
      const res = await confirmPayment(shop.app, carol, order._id, payment.id);
      expect(res.statusCode, payment.id).toBe(409);
      expect(res.json()).toEqual(notConfirmed);
      expect(await localPayment(shop.db, payment.id)).toMatchObject({ status: payment.status });
    }
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'unpaid', transaction_id: null });
    expect(await stockOf(shop.db, plane.id)).toBe(before);
  });

  it('never charges a price sent in the body: the payment captured is for the order total', async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 3);
    const transactionId = await authorisedPayment(shop.app, carol, order._id);
    const res = await confirmPayment(shop.app, carol, order._id, transactionId, {
      price: 0.01,
      quantity: 1,
      product: 'Free plane',
      cutomerName: 'Mallory Mischief',
      email: oscar.email,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: order._id,
      productId: plane.id,
      product: 'Jack plane no. 5',
      cutomerName: 'Carol Customer',
      email: carol.email,
      unitPrice: 49.99,
      price: 149.97,
      quantity: 3,
      phone: expect.any(String),
      adress: expect.any(String),
      ...paidByVisa,
      transactionId,
      createdAt: expect.any(String),
      paidAt: expect.any(String),
      number: order.number,
      orderNumber: order.orderNumber,
      lines: [{ ...order.lines[0], shippedQuantity: 0, refundedQuantity: 0, restockedQuantity: 0 }],
      totals: { subtotal: 149.97, shipping: 0, discount: 0, tax: 0, total: 149.97, currency: 'USD', ...uncharged.totals },
      ...uncharged.order,
      invoiceNumber: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
    });
    expect(await localPayment(shop.db, transactionId)).toMatchObject({ status: 'succeeded', amount_cents: 14997, currency: 'usd' });
  });

  it('takes the quantity from stock when the order is paid, and paying twice with the same payment is harmless', async () => {
    const before = await publicStockOf(shop.app, plane.id);
    const order = await placeOrder(shop.app, carol, plane.id, 7);
    const transactionId = await authorisedPayment(shop.app, carol, order._id);
    const first = await confirmPayment(shop.app, carol, order._id, transactionId);
    expect(first.statusCode).toBe(200);
    expect(await publicStockOf(shop.app, plane.id)).toBe(before - 7);

    const again = await confirmPayment(shop.app, carol, order._id, transactionId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await publicStockOf(shop.app, plane.id)).toBe(before - 7);
    expect(await localPayment(shop.db, transactionId)).toMatchObject({ status: 'succeeded' });

    const mine = (await call(shop.app, 'GET', `/api/orders/${encodeURIComponent(carol.email)}?limit=100`, carol)).json();
    expect(mine.find((o: { _id: string }) => o._id === order._id)).toMatchObject({ paymentStatus: 'paid', transactionId, shippingStatus: 'pending' });
  });

  it('takes the stock once when the same payment is confirmed twice at the same moment', async () => {
    const before = await stockOf(shop.db, plane.id);
    const order = await placeOrder(shop.app, carol, plane.id, 4);
    const transactionId = await authorisedPayment(shop.app, carol, order._id);
    const both = await Promise.all([confirmPayment(shop.app, carol, order._id, transactionId), confirmPayment(shop.app, carol, order._id, transactionId)]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(both.map((res) => res.json().paymentStatus)).toEqual(['paid', 'paid']);
    expect(await stockOf(shop.db, plane.id)).toBe(before - 4);
    expect(await localPayment(shop.db, transactionId)).toMatchObject({ status: 'succeeded' });
  });

  it('refuses a second, different payment for an order already paid, and releases it rather than leave the card held', async () => {
    const before = await stockOf(shop.db, plane.id);
    const order = await placeOrder(shop.app, carol, plane.id, 2);
    // Two tabs of the payment page: two payments for the same order, both authorised.
    const firstTab = await authorisedPayment(shop.app, carol, order._id);
    const secondTab = await authorisedPayment(shop.app, carol, order._id);
    expect((await confirmPayment(shop.app, carol, order._id, firstTab)).statusCode).toBe(200);

    const res = await confirmPayment(shop.app, carol, order._id, secondTab);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ORDER_PAID', message: expect.stringContaining('This order is already paid.') });
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'paid', transaction_id: firstTab });
    expect(await localPayment(shop.db, firstTab)).toMatchObject({ status: 'succeeded' });
    expect(await localPayment(shop.db, secondTab)).toMatchObject({ status: 'canceled' });
    expect(await stockOf(shop.db, plane.id)).toBe(before - 2);
  });

  it("refuses to let another customer mark someone else's order paid, even with its own good payment", async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 1);
    const transactionId = await authorisedPayment(shop.app, carol, order._id);
    const res = await confirmPayment(shop.app, oscar, order._id, transactionId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'unpaid' });
    expect(await localPayment(shop.db, transactionId)).toMatchObject({ status: 'requires_capture' });

    // Nor pay their own order with it.
    const his = await placeOrder(shop.app, oscar, plane.id, 1);
    const borrowed = await confirmPayment(shop.app, oscar, his._id, transactionId);
    expect(borrowed.statusCode).toBe(409);
    expect(borrowed.json()).toEqual(notConfirmed);
    expect(await orderRow(shop.db, his._id)).toMatchObject({ payment_status: 'unpaid' });

    expect((await confirmPayment(shop.app, carol, order._id, transactionId)).statusCode).toBe(200);
  });

  it("lets an admin pay and confirm any customer's order, which the customer then sees paid", async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 2);
    const transactionId = await payOrder(shop.app, admin, order._id);
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'paid', transaction_id: transactionId });
    expect((await call(shop.app, 'GET', `/api/duepaymentOrder/${order._id}`, carol)).json()).toMatchObject({ paymentStatus: 'paid', transactionId });

    // And confirm a payment the customer authorised.
    const another = await placeOrder(shop.app, carol, plane.id, 1);
    const hers = await authorisedPayment(shop.app, carol, another._id);
    const res = await confirmPayment(shop.app, admin, another._id, hers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paymentStatus: 'paid', transactionId: hers, email: carol.email });
  });

  it('refuses with 409 when the stock ran out after the card was authorised, and cancels the payment instead of charging it', async () => {
    const vise = await addProduct(shop.db, { name: 'Bench vise', priceCents: 8900, minQuantity: 1, availQuantity: 10 });
    const order = await placeOrder(shop.app, carol, vise.id, 4);
    const transactionId = await authorisedPayment(shop.app, carol, order._id);
    await setStock(shop.db, vise.id, 3);
    const res = await confirmPayment(shop.app, carol, order._id, transactionId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'OUT_OF_STOCK', message: 'There is no longer enough Bench vise in stock for this order. Your card has not been charged.' });
    expect(await localPayment(shop.db, transactionId)).toMatchObject({ status: 'canceled' });
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'unpaid', transaction_id: null, shipping_status: null });
    expect(await stockOf(shop.db, vise.id)).toBe(3);
  });

  it('takes the very last pieces when the stock equals the quantity', async () => {
    const vise = await addProduct(shop.db, { name: 'Leg vise', priceCents: 12000, minQuantity: 1, availQuantity: 10 });
    const order = await placeOrder(shop.app, carol, vise.id, 4);
    const transactionId = await authorisedPayment(shop.app, carol, order._id);
    await setStock(shop.db, vise.id, 4);
    expect((await confirmPayment(shop.app, carol, order._id, transactionId)).statusCode).toBe(200);
    expect(await stockOf(shop.db, vise.id)).toBe(0);
  });

  it('refuses with 409 when the product was deleted after the card was authorised, and cancels the payment', async () => {
    const gone = await addProduct(shop.db, { name: 'Retired spokeshave', minQuantity: 1 });
    const order = await placeOrder(shop.app, carol, gone.id, 2);
    const transactionId = await authorisedPayment(shop.app, carol, order._id);
    await shop.db.deleteFrom('products').where('id', '=', gone.id).execute();
    const res = await confirmPayment(shop.app, carol, order._id, transactionId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRODUCT_GONE', message: expect.stringContaining('Your card has not been charged.') });
    expect(await localPayment(shop.db, transactionId)).toMatchObject({ status: 'canceled' });
    expect(await orderRow(shop.db, order._id)).toMatchObject({ payment_status: 'unpaid' });
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    for (const id of [newRecordId(), 'nope']) {
      const res = await confirmPayment(shop.app, admin, id, 'pi_local_x');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });
});

/** A processor whose payments are authorised in the browser (as with Stripe) and whose capture can be made to fail. */
function fakeProcessor() {
  const payments = new Map<string, GatewayPayment>();
  const state = { captureFails: true, captures: 0 };
  const gateway: PaymentGateway = {
    kind: 'stripe',
    publishableKey: 'pk_test_fake',
    async create({ orderId, amountCents }) {
      const id = `pi_fake_${payments.size + 1}`;
      payments.set(id, { id, status: 'requires_capture', amountCents, currency: 'usd', orderId });
      return { id, clientSecret: `${id}_secret_fake` };
    },
    async retrieve(id) {
      const payment = payments.get(id);
      return payment && { ...payment };
    },
    async capture(id) {
      state.captures += 1;
      if (state.captureFails) throw new Error('the processor is unreachable');
      payments.get(id)!.status = 'succeeded';
    },
    async cancel(id) {
      payments.get(id)!.status = 'canceled';
    },
    // These tests never get as far as a refund.
    async refund() {
      throw new RefundRefusedError('This processor makes no refunds.', 'unsupported');
    },
    async refundsOf() {
      return [];
    },
    async release(id) {
      const payment = payments.get(id);
      if (payment?.status === 'requires_capture') payment.status = 'canceled';
    },
  };
  return { gateway, payments, state };
}

describe('when the card processor fails to capture', () => {
  const processor = fakeProcessor();
  let other: TestApp;
  let buyer: TestAccount;
  let stock: TestProduct;
  beforeAll(async () => {
    other = await createTestApp({ seed: false, gateway: processor.gateway, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    buyer = await signUp(other.app, 'Bea Buyer');
    stock = await addProduct(other.db, { priceCents: 2000, minQuantity: 1, availQuantity: 20 });
  });
  afterAll(() => other?.close());

  it('answers 502, leaves the order unpaid and puts the stock back; a retry then pays it', async () => {
    const order = await placeOrder(other.app, buyer, stock.id, 5);
    const intent = await createIntent(other.app, buyer, order._id);
    expect(intent).toMatchObject({ gateway: 'stripe', amount: 100 });
    // Without the local processor, its card form is not there.
    expect((await authorise(other.app, buyer, order._id, intent.clientSecret)).statusCode).toBe(404);

    const failed = await confirmPayment(other.app, buyer, order._id, intent.transactionId);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ code: 'PAYMENT_FAILED', message: 'The card processor did not complete the payment. Your card has not been charged. Please try again.' });
    expect(await orderRow(other.db, order._id)).toMatchObject({ payment_status: 'unpaid', transaction_id: null, paid_at: null, shipping_status: null });
    expect(await stockOf(other.db, stock.id)).toBe(20);

    processor.state.captureFails = false;
    const retried = await confirmPayment(other.app, buyer, order._id, intent.transactionId);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ paymentStatus: 'paid', transactionId: intent.transactionId });
    expect(await stockOf(other.db, stock.id)).toBe(15);
    expect(processor.payments.get(intent.transactionId)?.status).toBe('succeeded');
  });

  it('marks an order paid without capturing again when the processor says the payment already succeeded', async () => {
    const order = await placeOrder(other.app, buyer, stock.id, 1);
    const intent = await createIntent(other.app, buyer, order._id);
    processor.payments.get(intent.transactionId)!.status = 'succeeded';
    const captures = processor.state.captures;
    const res = await confirmPayment(other.app, buyer, order._id, intent.transactionId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paymentStatus: 'paid' });
    expect(processor.state.captures).toBe(captures);
  });
});
