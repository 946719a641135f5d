import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopWithPeople, signUp, type TestAccount } from '../../test/accounts.ts';
import { addProduct, authorise, confirmPayment, createIntent, localPayment, orderRow, placeOrder, readOrder, type TestProduct } from '../../test/ordering.ts';
import { deliverStripeEvent } from '../../test/stripe-events.ts';
import { orderWithPayment, paidOrder } from '../../test/paid-order.ts';
import { useStripeShop } from '../../test/stripe-shop.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * An order settled by a payment keeps which card paid: its brand and last four digits, where the
 * processor tells them, and never the rest of the number.
 */
describe('the card that paid, with the local test processor', () => {
  let shop: TestApp;
  let carol: TestAccount;
  let plane: TestProduct;
  beforeAll(async () => {
    ({ shop, carol } = await createShopWithPeople());
    plane = await addProduct(shop.db, { name: 'Block plane', priceCents: 6500, minQuantity: 1, availQuantity: 50 });
  });
  afterAll(() => shop.close());

  const payWith = (cardNumber: string) => paidOrder(shop.app, carol, plane.id, 1, { payWith: { card: { cardNumber } } });

  it.each([
    ['4242 4242 4242 4242', 'visa', '4242'],
    ['5555 5555 5555 4444', 'mastercard', '4444'],
    ['3782 822463 10005', 'amex', '0005'],
    ['6011 1111 1111 1117', 'discover', '1117'],
  ])('records %s as %s ending %s on the paid order', async (cardNumber, brand, last4) => {
    const { order, transactionId } = await payWith(cardNumber);
    expect(order).toMatchObject({ paymentStatus: 'paid', transactionId, cardBrand: brand, cardLast4: last4 });
    expect(await readOrder(shop.app, carol, order._id)).toMatchObject({ cardBrand: brand, cardLast4: last4 });
    expect(await orderRow(shop.db, order._id)).toMatchObject({ card_brand: brand, card_last4: last4 });
    expect(await localPayment(shop.db, transactionId)).toMatchObject({ card_brand: brand, card_last4: last4 });
  });

  it('keeps no more of the number than its last four digits, in the order or the payment', async () => {
    const { order, transactionId } = await payWith('5555 5555 5555 4444');
    const stored = JSON.stringify([await orderRow(shop.db, order._id), await localPayment(shop.db, transactionId)]);
    expect(stored).not.toMatch(/5555\s?5555|55554444|\d{5,}4444/);
  });

  it('shows no card on an order that is not paid yet, even once a card has authorised its payment', async () => {
    const order = await placeOrder(shop.app, carol, plane.id, 1);
    const { clientSecret } = await createIntent(shop.app, carol, order._id);
    expect((await authorise(shop.app, carol, order._id, clientSecret)).statusCode).toBe(200);
    const read = await readOrder(shop.app, carol, order._id);
    expect(read.paymentStatus).toBe('unpaid');
    expect(read).not.toHaveProperty('cardBrand');
    expect(read).not.toHaveProperty('cardLast4');
  });
});

describe('the card that paid, with Stripe', () => {
  const stripe = useStripeShop();
  let customer: TestAccount;
  beforeAll(async () => {
    customer = await signUp(stripe.app, 'Ada Lovelace');
  });

  it("records the brand and last four of the latest charge's card when the browser confirms the payment", async () => {
    const { order, transactionId } = await orderWithPayment(stripe.app, customer);
    stripe.standIn.authorise(transactionId, { brand: 'mastercard', last4: '4444' });
    const paid = await confirmPayment(stripe.app, customer, order._id, transactionId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ paymentStatus: 'paid', transactionId, cardBrand: 'mastercard', cardLast4: '4444' });
    expect(await orderRow(stripe.db, order._id)).toMatchObject({ card_brand: 'mastercard', card_last4: '4444' });
    // Read from the charge in the call that checks the payment, not by another request.
    const reads = stripe.standIn.requestsTo('GET', `/v1/payment_intents/${transactionId}`);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((read) => read.form['expand[0]'] === 'latest_charge')).toBe(true);
  });

  it("records the card when Stripe's webhook settles the order", async () => {
    const { order, transactionId } = await orderWithPayment(stripe.app, customer);
    stripe.standIn.authorise(transactionId, { brand: 'amex', last4: '8431' });
    const delivered = await deliverStripeEvent(stripe.app, stripe.standIn.event('payment_intent.amount_capturable_updated', transactionId));
    expect(delivered.statusCode).toBe(200);
    expect(await readOrder(stripe.app, customer, order._id)).toMatchObject({ paymentStatus: 'paid', cardBrand: 'amex', cardLast4: '8431' });
  });

  it('records no card when the charge describes none, and the order is paid all the same', async () => {
    const { order, transactionId } = await orderWithPayment(stripe.app, customer);
    stripe.standIn.authorise(transactionId, { last4: '' });
    const paid = await confirmPayment(stripe.app, customer, order._id, transactionId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ paymentStatus: 'paid' });
    expect(paid.json()).not.toHaveProperty('cardBrand');
    expect(await orderRow(stripe.db, order._id)).toMatchObject({ card_brand: null, card_last4: null });
  });
});
