import { describe, expect, it } from 'vitest';
import { type BulkShipmentResult, parseShipmentList } from '../../../common/schemas/bulk-shipments.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { useThreeToolShop } from '../../test/multi-line-orders.ts';
import { placeOrder, readOrder } from '../../test/ordering.ts';
import { paidOrder } from '../../test/paid-order.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Issue 28: the admin ships many paid orders in one action (`POST /orders/shipments`), each with its
 * tracking number from a pasted list read by the common parser. Each order is shipped as one order is
 * (its stage, its customer's e-mail); a number that is no order's, given twice, or of an order that
 * cannot be shipped is named and skipped, and the others are shipped.
 */
const shop = useThreeToolShop({ jobs: { pollIntervalMs: 50 } });

const app = () => shop.people.shop.app;

/** The admin's request (or, given `as`, someone else's: undefined for no one signed in). */
function shipMany(body: object, as: { who: TestAccount | undefined } = { who: shop.people.admin }) {
  shop.clock.advance(60_000);
  return call(app(), 'POST', '/api/orders/shipments', as.who, body);
}

/** Paid orders of one chisel each, by a few customers of this test's own. */
async function paidOrders(count: number): Promise<{ buyer: TestAccount; order: Order }[]> {
  const buyers = [await signUp(app(), 'Bulk One'), await signUp(app(), 'Bulk Two'), await signUp(app(), 'Bulk Three')];
  const made: { buyer: TestAccount; order: Order }[] = [];
  for (let index = 0; index < count; index++) {
    const buyer = buyers[index % buyers.length]!;
    made.push({ buyer, order: (await paidOrder(app(), buyer, shop.chisel.id, 1)).order });
  }
  return made;
}

const trackingOf = (order: Order) => `1Z 999 ${order.orderNumber.slice(2)}`;

/** The "is on its way" mails each order's customer received, once every queued message has gone out. */
async function shippingMailsBy(orders: readonly Order[]) {
  await app().jobs.waitUntilIdle();
  const mails = outboxMessages(shop.people.shop.dataDir);
  return new Map(orders.map((order) => [order._id, mails.filter((mail) => mail.to === order.email && mail.subject === `Your Joinery order ${order.orderNumber} is on its way`)]));
}

describe(`shipping several orders at once (${testDialect})`, () => {
  it('ships 100 paid orders from one pasted list, each with its tracking number and one e-mail, naming and skipping a wrong number; sent again, skips them all', async () => {
    const made = await paidOrders(100);
    const orders = made.map(({ order }) => order);
    // A CSV with its header row, some lines with a comma and some with a space, and a number that is no order's.
    const pasted = [
      'order,tracking',
      ...orders.map((order, index) => (index % 2 ? `${order.orderNumber},${trackingOf(order)}` : `${order.orderNumber} ${trackingOf(order)}`)),
      'J-99999999,1Z999AA10123456784',
    ].join('\n');
    const list = parseShipmentList(pasted);
    expect(list.unreadable).toEqual([]);
    expect(list.entries).toHaveLength(101);

    const first = await shipMany({ carrier: 'UPS', entries: list.entries });
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json<BulkShipmentResult>();
    expect(result.shipped).toEqual(orders.map((order) => ({ orderNumber: order.orderNumber, orderId: order._id })));
    expect(result.skipped).toEqual([{ orderNumber: 'J-99999999', reason: 'No order has the number J-99999999.' }]);

    // Each shipped whole, as its customer reads it, with its own tracking number.
    for (const { buyer, order } of made) {
      expect(await readOrder(app(), buyer, order._id)).toMatchObject({ stage: 'shipped', shippingStatus: 'shipped', carrier: 'UPS', trackingNumber: trackingOf(order) });
    }
    // One shipment e-mail each, with its tracking number.
    const mails = await shippingMailsBy(orders);
    for (const order of orders) {
      const sent = mails.get(order._id)!;
      expect(sent, order.orderNumber).toHaveLength(1);
      expect(sent[0]!.text).toContain(`UPS is carrying it, tracking number ${trackingOf(order)}.`);
    }

    // The same request again ships nothing more, and says why for each.
    const again = await shipMany({ carrier: 'UPS', entries: list.entries });
    expect(again.statusCode, again.body).toBe(200);
    const repeated = again.json<BulkShipmentResult>();
    expect(repeated.shipped).toEqual([]);
    expect(repeated.skipped).toHaveLength(101);
    for (const order of orders) {
      expect(repeated.skipped).toContainEqual({ orderNumber: order.orderNumber, reason: 'Every piece of this order has been sent already: it is shipped.' });
    }
    const mailsAfter = await shippingMailsBy(orders);
    for (const order of orders) expect(mailsAfter.get(order._id), order.orderNumber).toHaveLength(1);
  }, 60_000); // 100 orders placed and paid through the API: several seconds, more on PostgreSQL.

  it('skips an unpaid order, a cancelled one and a number given twice, and ships the rest', async () => {
    const buyer = await signUp(app(), 'Bulk Four');
    const [paid, twice] = [(await paidOrder(app(), buyer, shop.chisel.id, 1)).order, (await paidOrder(app(), buyer, shop.chisel.id, 1)).order];
    const unpaid = await placeOrder(app(), buyer, shop.chisel.id, 1);
    const cancelled = await placeOrder(app(), buyer, shop.chisel.id, 1);
    expect((await call(app(), 'DELETE', `/api/orders/${cancelled._id}`, buyer)).statusCode).toBe(200);

    const res = await shipMany({
      carrier: 'DHL',
      entries: [
        { orderNumber: paid.orderNumber, trackingNumber: 'A1' },
        { orderNumber: twice.orderNumber, trackingNumber: 'A2' },
        { orderNumber: unpaid.orderNumber, trackingNumber: 'A3' },
        { orderNumber: cancelled.orderNumber, trackingNumber: 'A4' },
        { orderNumber: twice.orderNumber.replace('J-', ''), trackingNumber: 'A5' },
        { orderNumber: 'nonsense', trackingNumber: 'A6' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const twiceReason = `${twice.orderNumber} is in the list more than once: ship it with one tracking number.`;
    expect(res.json<BulkShipmentResult>()).toEqual({
      shipped: [{ orderNumber: paid.orderNumber, orderId: paid._id }],
      skipped: [
        { orderNumber: twice.orderNumber, reason: twiceReason },
        { orderNumber: unpaid.orderNumber, reason: 'Only a paid order can be shipped.' },
        { orderNumber: cancelled.orderNumber, reason: 'This order was cancelled: there is nothing to ship.' },
        { orderNumber: twice.orderNumber.replace('J-', ''), reason: twiceReason },
        { orderNumber: 'nonsense', reason: '“nonsense” is not an order number.' },
      ],
    });
    expect(await readOrder(app(), buyer, paid._id)).toMatchObject({ stage: 'shipped', carrier: 'DHL', trackingNumber: 'A1' });
    expect(await readOrder(app(), buyer, twice._id)).toMatchObject({ stage: 'to-ship', shippingStatus: 'pending' });
    expect(await readOrder(app(), buyer, unpaid._id)).toMatchObject({ stage: 'unpaid' });
  });

  it('ships each order once when 50 lists naming the same ten orders arrive at once', async () => {
    const made = await paidOrders(10);
    const orders = made.map(({ order }) => order);
    shop.clock.advance(60_000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, attempt) =>
        call(app(), 'POST', '/api/orders/shipments', shop.people.admin, {
          carrier: 'UPS',
          entries: orders.map((order) => ({ orderNumber: order.orderNumber, trackingNumber: `T${attempt}-${order.orderNumber.slice(2)}` })),
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const results = answers.map((answer) => answer.json<BulkShipmentResult>());
    // Every order was shipped by exactly one of the lists, and skipped by the other 49 as shipped already.
    for (const order of orders) {
      const winners = results.flatMap((result, attempt) => (result.shipped.some((shipped) => shipped.orderId === order._id) ? [attempt] : []));
      expect(winners, order.orderNumber).toHaveLength(1);
      const { buyer } = made.find((entry) => entry.order._id === order._id)!;
      expect(await readOrder(app(), buyer, order._id)).toMatchObject({ stage: 'shipped', trackingNumber: `T${winners[0]}-${order.orderNumber.slice(2)}` });
    }
    expect(results.reduce((sum, result) => sum + result.shipped.length + result.skipped.length, 0)).toBe(500);
    const mails = await shippingMailsBy(orders);
    for (const order of orders) expect(mails.get(order._id), order.orderNumber).toHaveLength(1);
  }, 60_000);

  it('refuses an unknown carrier, an empty list and more than 500 orders', async () => {
    const entry = { orderNumber: 'J-1042', trackingNumber: 'A1' };
    for (const body of [
      { carrier: 'Parcelforce', entries: [entry] },
      { carrier: 'UPS', entries: [] },
      { carrier: 'UPS', entries: Array.from({ length: 501 }, () => entry) },
      { carrier: 'UPS', entries: [{ orderNumber: 'J-1042' }] },
    ]) {
      expect((await shipMany(body)).statusCode).toBe(400);
    }
  });

  it('is for admins only: 403 for a customer, 401 without signing in', async () => {
    const body = { carrier: 'UPS', entries: [{ orderNumber: 'J-1042', trackingNumber: 'A1' }] };
    expect((await shipMany(body, { who: shop.people.carol })).statusCode).toBe(403);
    expect((await shipMany(body, { who: undefined })).statusCode).toBe(401);
  });
});
