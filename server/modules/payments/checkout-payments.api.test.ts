import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartMessages } from '../../../common/cart-rules.ts';
import { orderMessages } from '../../../common/ordering.ts';
import type { Checkout } from '../../../common/schemas/checkouts.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { createShopWithPeople, type ShopWithPeople, signUp, type TestAccount } from '../../test/accounts.ts';
import {
  added,
  authoriseCheckout,
  authorisedCheckoutPayment,
  cartOf,
  checkoutIntent,
  confirmCheckout,
  delivery,
  deliveryOnOneLine,
  openCheckout,
  opened,
  startCheckoutPayment,
} from '../../test/checkout.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { addProduct, call, localPayment, setStock, stockOf, type TestProduct } from '../../test/ordering.ts';
import { queryPlansOf } from '../../test/query-plans.ts';
import { createTestClock, type TestClock } from '../../test/test-clock.ts';
import { createCheckoutRepository } from '../orders/checkout-repository.ts';

/**
 * ADR 018: a checkout takes one payment for the whole cart, for the total the server priced; the
 * stock of every line is taken together or not at all; a line short of stock refuses the payment
 * before any charge, naming the line, and the hold is released, never captured; each line becomes
 * an order under one order number, and the cart is emptied only once the money is taken.
 */
const hour = 3_600_000;
let clock: TestClock;
let people: ShopWithPeople;
let chisel: TestProduct;
let mallet: TestProduct;
let plane: TestProduct;

beforeAll(async () => {
  clock = createTestClock(new Date());
  people = await createShopWithPeople({ clock, jobs: { startRunner: false }, env: { UNPAID_ORDER_HOURS: '48' } });
  chisel = await addProduct(people.shop.db, { name: 'Bevel-edge chisel', priceCents: 2450, minQuantity: 1, availQuantity: 400 });
  mallet = await addProduct(people.shop.db, { name: 'Joiner’s mallet', priceCents: 6400, minQuantity: 1, availQuantity: 300 });
  plane = await addProduct(people.shop.db, { name: 'Smoothing plane', priceCents: 17500, minQuantity: 2, availQuantity: 100 });
});
afterAll(() => people?.shop.close());

const app = () => people.shop.app;
const db = () => people.shop.db;
/** Runs what is due, then what that queued (an ended checkout queues the release of its payments). */
async function runJobs() {
  await app().jobs.runDueJobs();
  await app().jobs.runDueJobs();
}
const customer = () => signUp(app(), 'Cart Customer');
const paymentsOf = (checkoutId: string) => db().selectFrom('local_payment_intents').selectAll().where('order_id', '=', checkoutId).execute();
const ordersOf = async (who: TestAccount) => (await call(app(), 'GET', `/api/orders/${encodeURIComponent(who.email)}?limit=100`, who)).json<Order[]>();

/** A customer whose cart holds 3 chisels, 1 mallet and 2 planes: $73.50 + $64.00 + $350.00. */
async function customerWithThreeLines() {
  const buyer = await customer();
  // Added a moment apart, as a person adds them: the cart (and so the checkout) lists them in that order.
  for (const [product, quantity] of [[chisel, 3], [mallet, 1], [plane, 2]] as const) {
    await added(app(), buyer, product.id, quantity);
    clock.advance(1000);
  }
  return buyer;
}

describe('checking out a cart of three lines', () => {
  it('takes one payment for the total the server priced, takes the stock of all three, and makes each line a paid order under one number', async () => {
    const buyer = await customerWithThreeLines();
    const stockBefore = { chisel: await stockOf(db(), chisel.id), mallet: await stockOf(db(), mallet.id), plane: await stockOf(db(), plane.id) };

    // Whatever a browser sends besides the phone and address, the lines and prices are the cart's on the server.
    const openRes = await openCheckout(app(), buyer, { ...delivery, total: 1, lines: [{ productId: chisel.id, quantity: 1, price: 0.01 }] });
    expect(openRes.statusCode).toBe(201);
    const checkout = openRes.json<Checkout>();
    expect(checkout).toMatchObject({ paymentStatus: 'unpaid', stage: 'open', phone: delivery.phone, address: deliveryOnOneLine, shippingAddress: delivery.shippingAddress, total: 487.5 });
    expect(checkout.orderNumber).toBeUndefined();
    expect(checkout.lines).toEqual([
      { line: 1, productId: chisel.id, product: 'Bevel-edge chisel', img: '/images/products/test.webp', unitPrice: 24.5, quantity: 3, price: 73.5 },
      { line: 2, productId: mallet.id, product: 'Joiner’s mallet', img: '/images/products/test.webp', unitPrice: 64, quantity: 1, price: 64 },
      { line: 3, productId: plane.id, product: 'Smoothing plane', img: '/images/products/test.webp', unitPrice: 175, quantity: 2, price: 350 },
    ]);

    const intent = await checkoutIntent(app(), buyer, checkout._id);
    expect(intent).toMatchObject({ gateway: 'local', amount: 487.5 });
    expect(await paymentsOf(checkout._id)).toEqual([expect.objectContaining({ id: intent.transactionId, amount_cents: 48750, pays_for: 'checkout', status: 'requires_payment_method' })]);
    expect((await authoriseCheckout(app(), buyer, checkout._id, intent.clientSecret)).statusCode).toBe(200);

    const paidRes = await confirmCheckout(app(), buyer, checkout._id, intent.transactionId);
    expect(paidRes.statusCode, paidRes.body).toBe(200);
    const paid = paidRes.json<Checkout>();
    expect(paid).toMatchObject({ paymentStatus: 'paid', stage: 'paid', transactionId: intent.transactionId, cardBrand: 'visa', cardLast4: '4242' });
    expect(paid.orderNumber).toMatch(/^J-\d+$/);
    expect(paid.lines.map((line) => line.stage)).toEqual(['to-ship', 'to-ship', 'to-ship']);

    // One payment, captured once, for exactly the server's total.
    expect(await paymentsOf(checkout._id)).toEqual([expect.objectContaining({ amount_cents: 48750, status: 'succeeded' })]);
    expect(await stockOf(db(), chisel.id)).toBe(stockBefore.chisel - 3);
    expect(await stockOf(db(), mallet.id)).toBe(stockBefore.mallet - 1);
    expect(await stockOf(db(), plane.id)).toBe(stockBefore.plane - 2);

    // My Orders: three paid orders, one number, each saying which line it is.
    const orders = (await ordersOf(buyer)).sort((a, b) => (a.checkoutLine?.line ?? 0) - (b.checkoutLine?.line ?? 0));
    expect(orders).toHaveLength(3);
    expect(orders.map((order) => [order.product, order.quantity, order.price, order.paymentStatus, order.orderNumber, order.checkoutLine])).toEqual([
      ['Bevel-edge chisel', 3, 73.5, 'paid', paid.orderNumber, { line: 1, of: 3 }],
      ['Joiner’s mallet', 1, 64, 'paid', paid.orderNumber, { line: 2, of: 3 }],
      ['Smoothing plane', 2, 350, 'paid', paid.orderNumber, { line: 3, of: 3 }],
    ]);
    expect(orders.every((order) => order.checkoutId === checkout._id && order.transactionId === intent.transactionId && order.adress === deliveryOnOneLine)).toBe(true);
    expect(orders.map((order) => order.shippingAddress)).toEqual([delivery.shippingAddress, delivery.shippingAddress, delivery.shippingAddress]);
    expect(paid.lines.map((line) => line.orderId)).toEqual(orders.map((order) => order._id));

    // Paid: the cart is empty, and one receipt lists the three lines.
    expect((await cartOf(app(), buyer)).lines).toEqual([]);
    await runJobs();
    const receipts = outboxMessages(people.shop.dataDir).filter((mail) => mail.to === buyer.email && mail.subject.startsWith('Receipt'));
    expect(receipts.map((mail) => mail.subject)).toEqual([`Receipt for your Joinery order ${paid.orderNumber}`]);

    // Confirming again is harmless: the same checkout, no more orders, no more stock taken.
    const again = await confirmCheckout(app(), buyer, checkout._id, intent.transactionId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(paid);
    expect(await ordersOf(buyer)).toHaveLength(3);
    expect(await stockOf(db(), chisel.id)).toBe(stockBefore.chisel - 3);

    // The next checkout's form is filled with this one's phone and address.
    expect((await call(app(), 'GET', '/api/checkouts/delivery', buyer)).json()).toEqual(delivery);
  });

  it('refuses the whole payment before any charge when one line is short, names that line, takes no stock and releases the hold', async () => {
    const buyer = await customer();
    const gouge = await addProduct(db(), { name: 'Carving gouge', priceCents: 3300, minQuantity: 1, availQuantity: 20 });
    await added(app(), buyer, chisel.id, 2);
    await added(app(), buyer, gouge.id, 5);
    const checkout = await opened(app(), buyer);
    const transactionId = await authorisedCheckoutPayment(app(), buyer, checkout._id);
    const chiselsBefore = await stockOf(db(), chisel.id);
    await setStock(db(), gouge.id, 4);

    const refused = await confirmCheckout(app(), buyer, checkout._id, transactionId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'There is no longer enough Carving gouge in stock for your cart. Your card has not been charged. Please change that line of your cart.',
    });
    expect(await stockOf(db(), chisel.id)).toBe(chiselsBefore);
    expect(await stockOf(db(), gouge.id)).toBe(4);
    expect((await localPayment(db(), transactionId))?.status).toBe('canceled');
    expect((await call(app(), 'GET', `/api/checkouts/${checkout._id}`, buyer)).json()).toMatchObject({ paymentStatus: 'unpaid', stage: 'open' });
    expect(await ordersOf(buyer)).toEqual([]);
    expect((await cartOf(app(), buyer)).lines).toHaveLength(2);

    // Asked again, the shop refuses before any payment is made, and names the line.
    const payment = await startCheckoutPayment(app(), buyer, checkout._id);
    expect(payment.json()).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Only 4 Carving gouge left in stock, fewer than the 5 in your cart. Please change that line of your cart.',
    });
    expect(await paymentsOf(checkout._id)).toHaveLength(1);
    // And a new checkout of that cart is refused, naming the line and what to do.
    expect((await openCheckout(app(), buyer)).json()).toEqual({ code: 'CART_NOT_READY', message: cartMessages.lineProblem('Carving gouge', orderMessages.orderAtMost(3)) });
  });

  it('keeps the checkout and the cart after a declined card; a good card then pays the same checkout, to the phone and address given last', async () => {
    const buyer = await customer();
    await added(app(), buyer, mallet.id, 2);
    const checkout = await opened(app(), buyer);
    const { clientSecret, transactionId } = await checkoutIntent(app(), buyer, checkout._id);
    const declined = await authoriseCheckout(app(), buyer, checkout._id, clientSecret, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
    expect((await cartOf(app(), buyer)).lines).toHaveLength(1);

    const corrected = { phone: '+1 555 010 9999', shippingAddress: { name: 'Carol Customer', line1: '9 Mortise Lane', city: 'Ash Vale', region: 'US-OR', postalCode: '97201', country: 'US' } };
    const reopened = await openCheckout(app(), buyer, corrected);
    expect(reopened.json()).toMatchObject({ _id: checkout._id, stage: 'open', ...corrected, address: '9 Mortise Lane, Ash Vale, OR 97201, United States' });
    expect((await authoriseCheckout(app(), buyer, checkout._id, clientSecret)).statusCode).toBe(200);
    expect((await confirmCheckout(app(), buyer, checkout._id, transactionId)).json()).toMatchObject({ paymentStatus: 'paid', ...corrected });
    expect((await ordersOf(buyer)).map((order) => [order.phone, order.adress, order.shippingAddress])).toEqual([
      [corrected.phone, '9 Mortise Lane, Ash Vale, OR 97201, United States', corrected.shippingAddress],
    ]);
  });

  it('refuses an empty cart', async () => {
    expect((await openCheckout(app(), await customer())).json()).toEqual({ code: 'CART_EMPTY', message: cartMessages.empty });
  });
});

describe('a customer has one open checkout', () => {
  it('replaces the open checkout when the cart has changed: the old one can never be paid, and its hold is released', async () => {
    const buyer = await customer();
    await added(app(), buyer, chisel.id, 1);
    const first = await opened(app(), buyer);
    const held = await authorisedCheckoutPayment(app(), buyer, first._id);
    await added(app(), buyer, chisel.id, 1);
    const second = await opened(app(), buyer);
    expect(second._id).not.toBe(first._id);
    expect(second.total).toBe(49);

    expect((await call(app(), 'GET', `/api/checkouts/${first._id}`, buyer)).json()).toMatchObject({ stage: 'replaced', paymentStatus: 'unpaid' });
    const late = await confirmCheckout(app(), buyer, first._id, held);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('CHECKOUT_CLOSED');
    await runJobs();
    expect((await localPayment(db(), held))?.status).toBe('canceled');
    expect(await ordersOf(buyer)).toEqual([]);
  });

  it('ends a checkout left open for UNPAID_ORDER_HOURS as expired, and releases its hold', async () => {
    const buyer = await customer();
    await added(app(), buyer, mallet.id, 1);
    const checkout = await opened(app(), buyer);
    const held = await authorisedCheckoutPayment(app(), buyer, checkout._id);
    await runJobs();
    clock.advance(48 * hour + 15 * 60_000);
    await runJobs();
    expect((await call(app(), 'GET', `/api/checkouts/${checkout._id}`, buyer)).json()).toMatchObject({ stage: 'expired' });
    expect((await localPayment(db(), held))?.status).toBe('canceled');
    expect((await startCheckoutPayment(app(), buyer, checkout._id)).json().code).toBe('CHECKOUT_CLOSED');
    // The cart is as it was: checking it out again opens a new checkout.
    expect((await opened(app(), buyer))._id).not.toBe(checkout._id);
  });
});

describe('whose checkout it is', () => {
  it('lets no one else read, start paying, authorise or confirm a customer’s checkout; an admin may read it', async () => {
    const owner = await customer();
    await added(app(), owner, chisel.id, 1);
    const checkout = await opened(app(), owner);
    const { clientSecret, transactionId } = await checkoutIntent(app(), owner, checkout._id);
    const other = people.oscar;

    expect((await call(app(), 'GET', `/api/checkouts/${checkout._id}`, other)).statusCode).toBe(404);
    expect((await startCheckoutPayment(app(), other, checkout._id)).statusCode).toBe(404);
    expect((await authoriseCheckout(app(), other, checkout._id, clientSecret)).statusCode).toBe(404);
    expect((await confirmCheckout(app(), other, checkout._id, transactionId)).statusCode).toBe(404);
    expect((await localPayment(db(), transactionId))?.status).toBe('requires_payment_method');
    // Nor with an order's payment, nor a checkout's payment for an order.
    expect((await call(app(), 'POST', '/api/payments/local/authorise', owner, { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', name: 'A' })).statusCode).toBe(400);

    expect((await call(app(), 'GET', `/api/checkouts/${checkout._id}`, people.admin)).json()).toMatchObject({ _id: checkout._id, email: owner.email });
    for (const [method, url] of [
      ['POST', '/api/checkouts'],
      ['GET', '/api/checkouts/delivery'],
      ['GET', `/api/checkouts/${checkout._id}`],
      ['POST', `/api/checkouts/${checkout._id}/payment-intent`],
      ['PUT', `/api/checkouts/${checkout._id}`],
    ] as const) {
      expect((await call(app(), method, url, undefined, method === 'GET' ? undefined : {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('refunding one line of a checkout', () => {
  it('refunds part of the one payment for that line only, never more than the line’s price', async () => {
    const buyer = await customerWithThreeLines();
    const checkout = await opened(app(), buyer);
    const transactionId = await authorisedCheckoutPayment(app(), buyer, checkout._id);
    const paid = (await confirmCheckout(app(), buyer, checkout._id, transactionId)).json<Checkout>();
    const malletLine = paid.lines.find((line) => line.productId === mallet.id)!;
    const stockBefore = await stockOf(db(), mallet.id);

    const refund = (amount: number) =>
      call(app(), 'POST', `/api/orders/${malletLine.orderId}/refunds`, people.admin, { amount, reason: 'The handle arrived cracked', restock: 1, idempotencyKey: randomUUID() });
    const made = await refund(20);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ _id: malletLine.orderId, refundedAmount: 20, refundStatus: 'partial', restockedQuantity: 1 });
    expect(await stockOf(db(), mallet.id)).toBe(stockBefore + 1);
    expect((await localPayment(db(), transactionId))?.refunded_cents).toBe(2000);

    // The payment has $467.50 left, but this line only $44.00.
    expect((await refund(45)).json()).toMatchObject({ code: 'REFUND_TOO_LARGE' });
    const others = (await ordersOf(buyer)).filter((order) => order._id !== malletLine.orderId);
    expect(others.map((order) => order.refundedAmount)).toEqual([0, 0]);
  });
});

describe('the checkouts’ queries', () => {
  it('find a customer’s open checkout, the checkouts to expire, and a checkout’s orders through indexes', async () => {
    const plans = await queryPlansOf(people.shop.database, async (on) => {
      const checkouts = createCheckoutRepository(on);
      await checkouts.findExpiring(clock().toISOString(), 100);
      await checkouts.ordersOf('some-checkout');
      await checkouts.linesWithStock('some-checkout');
    });
    expect(plans[0]).toContain('checkouts_open_created_idx');
    expect(plans[1]).toContain('orders_checkout_line_idx');
    for (const plan of plans) expect(plan).not.toMatch(/\bSCAN (checkouts|orders|checkout_lines)\b|Seq Scan on (checkouts|orders|checkout_lines)/);
  });
});
