import { describe, expect, it } from 'vitest';
import { cartMessages } from '../../../common/cart-rules.ts';
import { checkoutMessages } from '../../../common/checkout-rules.ts';
import { addressMessages } from '../../../common/postal-addresses.ts';
import type { OrderDetails } from '../../../common/schemas/order-details.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { added, cartOf, checkOut, checkedOut, delivery, deliveryAddress, deliveryOnOneLine } from '../../test/cart-checkout.ts';
import { useThreeToolShop, fillCart, threeLines } from '../../test/multi-line-orders.ts';
import {
  addProduct,
  authorise,
  confirmPayment,
  createIntent,
  localPayment,
  placeOrder,
  setStock,
  startPayment,
  stockOf,
  type TestProduct,
  uncharged,
} from '../../test/ordering.ts';
import { testDialect } from '../../test/test-database.ts';
import { call } from '../../test/call.ts';
import { authorisedPayment, payOrder } from '../../test/paid-order.ts';
import { generatedSku } from '../../../common/variants.ts';

/**
 * Issue 24: a cart checked out is one order of several lines, paid with one payment as any order is
 * (`POST /create-payment-intent`, the card form, `PUT /orders/{id}`). The stock of every line is
 * taken together or not at all; the specification's one-product fields describe the whole order.
 */
const shop = useThreeToolShop({ planeMinQuantity: 2 });

const app = () => shop.people.shop.app;
const db = () => shop.people.shop.db;

/** A customer of their own, so that each test's orders and cart are its own. */
const customer = () => signUp(app(), 'Cart Customer');

/** A customer of their own with 3 chisels, 1 mallet and 2 planes in the cart ($487.50), not checked out yet. */
async function customerWithThreeLines() {
  const buyer = await customer();
  await fillCart(app(), shop.clock, buyer, threeLines(shop));
  return buyer;
}

const stocks = async (...products: TestProduct[]) => Promise.all(products.map((product) => stockOf(db(), product.id)));
const ordersOf = async (who: TestAccount) => {
  const res = await call(app(), 'GET', `/api/orders/${encodeURIComponent(who.email)}?limit=100`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order[]>();
};
const cartLines = async (who: TestAccount) => (await cartOf(app(), who)).lines.map((line) => [line.productId, line.quantity]);

/** The lines of the three-line order as the wire carries them, none of their pieces sent or paid back yet. */
const threeOrderLines = () => [
  {
    lineId: expect.any(String),
    productId: shop.chisel.id,
    variantId: shop.chisel.id,
    sku: generatedSku(shop.chisel.id),
    variant: '',
    product: 'Bevel-edge chisel',
    img: '/images/products/test.webp',
    unitPrice: 24.5,
    quantity: 3,
    price: 73.5,
    shippedQuantity: 0,
    refundedQuantity: 0,
    restockedQuantity: 0,
    ...uncharged.line(73.5),
  },
  {
    lineId: expect.any(String),
    productId: shop.mallet.id,
    variantId: shop.mallet.id,
    sku: generatedSku(shop.mallet.id),
    variant: '',
    product: 'Joiner’s mallet',
    img: '/images/products/test.webp',
    unitPrice: 64,
    quantity: 1,
    price: 64,
    shippedQuantity: 0,
    refundedQuantity: 0,
    restockedQuantity: 0,
    ...uncharged.line(64),
  },
  {
    lineId: expect.any(String),
    productId: shop.plane.id,
    variantId: shop.plane.id,
    sku: generatedSku(shop.plane.id),
    variant: '',
    product: 'Smoothing plane',
    img: '/images/products/test.webp',
    unitPrice: 175,
    quantity: 2,
    price: 350,
    shippedQuantity: 0,
    refundedQuantity: 0,
    restockedQuantity: 0,
    ...uncharged.line(350),
  },
];

/** The specification's fields of the three-line order: they describe the whole order. */
const specificationFields = (buyer: TestAccount) => ({
  productId: shop.chisel.id,
  product: 'Bevel-edge chisel and 2 more',
  quantity: 6,
  price: 487.5,
  unitPrice: 24.5,
  adress: deliveryOnOneLine,
  cutomerName: 'Cart Customer',
  email: buyer.email,
  phone: delivery.phone,
});
const threeLineTotals = { subtotal: 487.5, shipping: 0, discount: 0, tax: 0, total: 487.5, currency: 'USD', ...uncharged.totals };

describe(`checking out a cart of three lines (${testDialect})`, () => {
  it('places one unpaid order of every line, priced on the server, under one number, and takes no stock yet', async () => {
    const buyer = await customerWithThreeLines();
    const before = await stocks(shop.chisel, shop.mallet, shop.plane);

    // Whatever a browser sends besides the phone and address, the lines and prices are the cart's on the server.
    const res = await checkOut(app(), buyer, { ...delivery, total: 1, price: 0.01, lines: [{ productId: shop.chisel.id, quantity: 1, price: 0.01 }] });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({
      ...specificationFields(buyer),
      shippingAddress: deliveryAddress,
      paymentStatus: 'unpaid',
      stage: 'unpaid',
      refundedAmount: 0,
      refundStatus: 'none',
      totals: threeLineTotals,
    });
    expect(order.orderNumber).toBe(`J-${order.number}`);
    expect(order.lines).toEqual(threeOrderLines());
    expect(new Set(order.lines.map((line) => line.lineId)).size).toBe(3);
    expect(order.transactionId).toBeUndefined();

    // One order, not one per line; the cart keeps its lines until the order is paid; no stock is held.
    expect((await ordersOf(buyer)).map((listed) => listed._id)).toEqual([order._id]);
    expect(await cartLines(buyer)).toEqual([
      [shop.chisel.id, 3],
      [shop.mallet.id, 1],
      [shop.plane.id, 2],
    ]);
    expect(await stocks(shop.chisel, shop.mallet, shop.plane)).toEqual(before);
  });

  it('is paid with one payment for the total: every line’s stock falls, and the cart loses exactly those lines', async () => {
    const buyer = await customerWithThreeLines();
    const order = await checkedOut(app(), buyer);
    // Added after the checkout: not part of the order, so it stays in the cart.
    const gouge = await addProduct(db(), { name: 'Carving gouge', priceCents: 3300, minQuantity: 1, availQuantity: 20 });
    await fillCart(app(), shop.clock, buyer, [[gouge, 1]]);
    const before = await stocks(shop.chisel, shop.mallet, shop.plane, gouge);

    const intent = await createIntent(app(), buyer, order._id);
    expect(intent).toMatchObject({ gateway: 'local', amount: 487.5 });
    expect(await localPayment(db(), intent.transactionId)).toMatchObject({ order_id: order._id, amount_cents: 48750, status: 'requires_payment_method' });
    expect((await authorise(app(), buyer, order._id, intent.clientSecret)).statusCode).toBe(200);

    const paidRes = await confirmPayment(app(), buyer, order._id, intent.transactionId);
    expect(paidRes.statusCode, paidRes.body).toBe(200);
    const paid = paidRes.json<Order>();
    expect(paid).toMatchObject({
      _id: order._id,
      number: order.number,
      ...specificationFields(buyer),
      paymentStatus: 'paid',
      shippingStatus: 'pending',
      stage: 'to-ship',
      transactionId: intent.transactionId,
      cardBrand: 'visa',
      cardLast4: '4242',
      totals: threeLineTotals,
    });
    expect(paid.lines).toEqual(order.lines);

    // Captured once, for exactly the server's total; every line's pieces taken, the gouge's not.
    expect(await localPayment(db(), intent.transactionId)).toMatchObject({ amount_cents: 48750, status: 'succeeded' });
    expect(await stocks(shop.chisel, shop.mallet, shop.plane, gouge)).toEqual([before[0]! - 3, before[1]! - 1, before[2]! - 2, before[3]]);
    expect(await cartLines(buyer)).toEqual([[gouge.id, 1]]);

    // Confirming again is harmless: the same order, no more stock taken.
    const again = await confirmPayment(app(), buyer, order._id, intent.transactionId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(paid);
    expect(await stocks(shop.chisel, shop.mallet, shop.plane, gouge)).toEqual([before[0]! - 3, before[1]! - 1, before[2]! - 2, before[3]]);
    expect((await ordersOf(buyer)).map((listed) => [listed._id, listed.paymentStatus])).toEqual([[order._id, 'paid']]);
  });

  it('leaves the cart alone when a Buy Now order is paid, even of a tool in the cart', async () => {
    const buyer = await customerWithThreeLines();
    const chiselsBefore = await stockOf(db(), shop.chisel.id);

    const bought = await placeOrder(app(), buyer, shop.chisel.id, 2);
    expect(bought).toMatchObject({ product: 'Bevel-edge chisel', quantity: 2, price: 49, lines: [expect.objectContaining({ productId: shop.chisel.id, quantity: 2 })] });
    await payOrder(app(), buyer, bought._id);

    expect((await ordersOf(buyer)).map((listed) => [listed._id, listed.paymentStatus])).toEqual([[bought._id, 'paid']]);
    expect(await stockOf(db(), shop.chisel.id)).toBe(chiselsBefore - 2);
    expect(await cartLines(buyer)).toEqual([
      [shop.chisel.id, 3],
      [shop.mallet.id, 1],
      [shop.plane.id, 2],
    ]);
  });

  it('answers the same open order when the same cart is checked out to the same place again, and a new one once the cart changed', async () => {
    const buyer = await customerWithThreeLines();
    const first = await checkedOut(app(), buyer);
    // Back from the payment page, then Continue again.
    const again = await checkedOut(app(), buyer);
    expect(again).toEqual(first);

    shop.clock.advance(1000);
    const elsewhere = await checkOut(app(), buyer, { ...delivery, shippingAddress: { ...deliveryAddress, line1: '9 Mortise Lane' } });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json<Order>()._id).not.toBe(first._id);

    await added(app(), buyer, shop.chisel.id, 1);
    shop.clock.advance(1000);
    const changed = await checkedOut(app(), buyer);
    expect(changed._id).not.toBe(first._id);
    expect(changed.lines.map((line) => line.quantity)).toEqual([4, 1, 2]);
    expect((await ordersOf(buyer)).map((listed) => listed._id)).toEqual([changed._id, elsewhere.json<Order>()._id, first._id]);
  });
});

describe('the specification’s calls, for an order of three lines', () => {
  it('answer its fields for the whole order: the lists, the payment page, marking it paid and the details', async () => {
    const buyer = await customerWithThreeLines();
    const order = await checkedOut(app(), buyer);

    // GET /orders (the admin's), found by its number.
    const listed = await call(app(), 'GET', `/api/orders?q=${order.orderNumber}`, shop.people.admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([order]);
    // GET /orders/{email} (the customer's own).
    expect(await ordersOf(buyer)).toEqual([order]);
    // GET /duepaymentOrder/{id} (the payment page).
    const due = await call(app(), 'GET', `/api/duepaymentOrder/${order._id}`, buyer);
    expect(due.statusCode).toBe(200);
    expect(due.json()).toEqual(order);
    expect(due.json()).toMatchObject({ ...specificationFields(buyer), number: order.number, stage: 'unpaid', totals: threeLineTotals, lines: threeOrderLines() });

    // PUT /orders/{id}: mark paid, with a payment the processor confirms.
    const transactionId = await authorisedPayment(app(), buyer, order._id);
    const marked = await confirmPayment(app(), buyer, order._id, transactionId, { product: 'Something else', price: 0.01, quantity: 1 });
    expect(marked.statusCode, marked.body).toBe(200);
    const paid = marked.json<Order>();
    expect(paid).toMatchObject({ ...specificationFields(buyer), number: order.number, paymentStatus: 'paid', transactionId, stage: 'to-ship', totals: threeLineTotals });
    expect(paid.lines.map((line) => line.lineId)).toEqual(order.lines.map((line) => line.lineId));
    // Every list reads it paid now.
    expect((await call(app(), 'GET', `/api/orders?q=${order.orderNumber}`, shop.people.admin)).json()).toEqual([paid]);
    expect(await ordersOf(buyer)).toEqual([paid]);
    expect((await call(app(), 'GET', `/api/orders/${encodeURIComponent(buyer.email)}`, shop.people.admin)).json()).toEqual([paid]);
    expect((await call(app(), 'GET', `/api/duepaymentOrder/${order._id}`, buyer)).json()).toEqual(paid);

    // GET /orders/{id}/details: the order, no refunds, shipments or returns yet, placed then paid.
    const detailsRes = await call(app(), 'GET', `/api/orders/${order._id}/details`, buyer);
    expect(detailsRes.statusCode).toBe(200);
    expect(detailsRes.json<OrderDetails>()).toEqual({
      order: paid,
      refunds: [],
      shipments: [],
      returns: [],
      timeline: [
        { kind: 'placed', at: order.createdAt },
        { kind: 'paid', at: paid.paidAt },
      ],
    });
    // Someone else's order is not found, by id or by e-mail.
    expect((await call(app(), 'GET', `/api/orders/${order._id}/details`, shop.people.oscar)).statusCode).toBe(404);
    expect((await call(app(), 'GET', `/api/duepaymentOrder/${order._id}`, shop.people.oscar)).statusCode).toBe(404);
    expect((await call(app(), 'GET', `/api/orders/${encodeURIComponent(buyer.email)}`, shop.people.oscar)).statusCode).toBe(403);
  });

  it('DELETE /orders/{id} cancels an unpaid three-line order with { deletedCount: 1 }, keeping it, never to be paid', async () => {
    const buyer = await customerWithThreeLines();
    const order = await checkedOut(app(), buyer);
    const before = await stocks(shop.chisel, shop.mallet, shop.plane);

    const res = await call(app(), 'DELETE', `/api/orders/${order._id}`, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });

    const kept = (await call(app(), 'GET', `/api/duepaymentOrder/${order._id}`, buyer)).json<Order>();
    expect(kept).toMatchObject({ ...specificationFields(buyer), paymentStatus: 'unpaid', stage: 'cancelled', cancelReason: 'customer', lines: threeOrderLines() });
    expect(await ordersOf(buyer)).toEqual([kept]);
    // Twice is refused; paying it is refused before any payment is made; the cart and stock are as they were.
    expect((await call(app(), 'DELETE', `/api/orders/${order._id}`, buyer)).json()).toMatchObject({ code: 'ORDER_CANCELLED' });
    expect((await startPayment(app(), buyer, order._id)).json()).toMatchObject({ code: 'ORDER_CANCELLED' });
    expect(await db().selectFrom('local_payment_intents').select('id').where('order_id', '=', order._id).execute()).toEqual([]);
    expect(await cartLines(buyer)).toHaveLength(3);
    expect(await stocks(shop.chisel, shop.mallet, shop.plane)).toEqual(before);
  });
});

describe('a line short of stock when the order is paid', () => {
  it('refuses the whole payment naming that line, takes no line’s stock, and releases the card hold', async () => {
    const buyer = await customer();
    const tools = [
      await addProduct(db(), { name: 'Block plane', priceCents: 5200, minQuantity: 1, availQuantity: 50 }),
      await addProduct(db(), { name: 'Card scraper', priceCents: 900, minQuantity: 1, availQuantity: 50 }),
      await addProduct(db(), { name: 'Cabinet rasp', priceCents: 3100, minQuantity: 1, availQuantity: 50 }),
    ];
    await fillCart(app(), shop.clock, buyer, [
      [tools[0]!, 2],
      [tools[1]!, 4],
      [tools[2]!, 3],
    ]);
    const order = await checkedOut(app(), buyer);
    const transactionId = await authorisedPayment(app(), buyer, order._id);

    // The short line is the one whose product is taken last (stock is taken in product id order): the
    // other two have been taken by then, within the payment's transaction, and must come back.
    const short = tools.toSorted((a, b) => a.id.localeCompare(b.id)).at(-1)!;
    const wanted = order.lines.find((line) => line.productId === short.id)!.quantity;
    await setStock(db(), short.id, wanted - 1);
    const before = await stocks(...tools);

    const refused = await confirmPayment(app(), buyer, order._id, transactionId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'OUT_OF_STOCK',
      message: `There is no longer enough ${short.name} in stock for this order. Your card has not been charged.`,
    });
    expect(await stocks(...tools)).toEqual(before);
    expect(await localPayment(db(), transactionId)).toMatchObject({ status: 'canceled' });
    expect((await call(app(), 'GET', `/api/duepaymentOrder/${order._id}`, buyer)).json()).toMatchObject({ paymentStatus: 'unpaid', stage: 'unpaid', unpayable: 'out-of-stock' });
    expect(await cartLines(buyer)).toHaveLength(3);

    // Asked again, the shop refuses before any payment is made, and names the line.
    const payment = await startPayment(app(), buyer, order._id);
    expect(payment.statusCode).toBe(409);
    expect(payment.json()).toEqual({ code: 'OUT_OF_STOCK', message: `Only ${wanted - 1} ${short.name} left in stock, fewer than this order's ${wanted}.` });
    expect(await db().selectFrom('local_payment_intents').select('id').where('order_id', '=', order._id).execute()).toHaveLength(1);

    // Once the stock is back, the same order is paid whole.
    await setStock(db(), short.id, wanted);
    const paid = await payOrder(app(), buyer, order._id);
    expect(await localPayment(db(), paid)).toMatchObject({ status: 'succeeded' });
    expect(await stocks(...tools)).toEqual(tools.map((tool, index) => (tool.id === short.id ? 0 : before[index]! - order.lines[index]!.quantity)));
  });
});

describe('checkout refusals', () => {
  /** A refusal of the request's fields, as the API words it: the field named with its message. */
  const invalid = (problem: string) => ({ code: 'VALIDATION_FAILED', message: `Invalid request. ${problem}` });

  it('refuses an empty cart with 409, placing nothing', async () => {
    const buyer = await customer();
    const res = await checkOut(app(), buyer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CART_EMPTY', message: cartMessages.empty });
    expect(await ordersOf(buyer)).toEqual([]);
  });

  it('asks a visitor, who checks out as a guest, for an e-mail address and the lines of their cart', async () => {
    const noEmail = await checkOut(app(), undefined);
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ code: 'VALIDATION_FAILED', message: checkoutMessages.emailRequired });
    const noLines = await checkOut(app(), undefined, { ...delivery, email: 'guest@example.com' });
    expect(noLines.statusCode).toBe(400);
    expect(noLines.json()).toEqual({ code: 'VALIDATION_FAILED', message: checkoutMessages.guestLinesRequired });
  });

  it.each([
    ['an invalid US ZIP code', { postalCode: '6012' }, `shippingAddress.postalCode: ${addressMessages.postalCodeInvalid('US')}`],
    ['an unknown country', { country: 'QQ' }, `shippingAddress.country: ${addressMessages.countryUnknown}`],
    ['a missing region where the country has regions', { region: undefined }, `shippingAddress.region: ${addressMessages.regionRequired('US')}`],
  ])('refuses %s with 400 and a message on the field, placing nothing', async (_case, change, message) => {
    const buyer = await customerWithThreeLines();
    const res = await checkOut(app(), buyer, { ...delivery, shippingAddress: { ...deliveryAddress, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalid(message));
    expect(await ordersOf(buyer)).toEqual([]);
    expect(await cartLines(buyer)).toHaveLength(3);
  });
});
