import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OrderDetails } from '../../../common/schemas/order-details.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { added, checkedOut, deliveryOnOneLine } from '../../test/cart-checkout.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { useThreeToolShop, paidThreeLineOrder } from '../../test/multi-line-orders.ts';
import { readOrder } from '../../test/ordering.ts';
import { testDialect } from '../../test/test-database.ts';
import { call } from '../../test/call.ts';

/**
 * Issue 24: the admin sends a paid order in parcels (`POST /orders/{id}/shipments`), each of some or
 * all of the pieces still to send. The order is partly shipped while pieces are left, shipped once
 * none are; pieces paid back are not left to send; the customer is mailed what each parcel holds.
 */
const shop = useThreeToolShop({ jobs: { pollIntervalMs: 50 } });

const app = () => shop.people.shop.app;

/** A paid order of three lines (`../../test/multi-line-orders.ts`), of a customer of its own. */
const paidOrder = () => paidThreeLineOrder(app(), shop.clock, shop);

/** The admin's parcel (or, given `as`, someone else's: undefined for no one signed in). */
function ship(order: Order, body: object, as: { who: TestAccount | undefined } = { who: shop.people.admin }) {
  shop.clock.advance(60_000);
  return call(app(), 'POST', `/api/orders/${order._id}/shipments`, as.who, body);
}

function refundLines(order: Order, lines: { lineId: string; quantity: number }[], restock: boolean) {
  shop.clock.advance(60_000);
  return call(app(), 'POST', `/api/orders/${order._id}/refunds`, shop.people.admin, { lines, restock, reason: 'Not wanted after all', idempotencyKey: randomUUID() });
}

const shipped = (order: Order) => order.lines.map((line) => line.shippedQuantity);

/** The ids of the orders in Manage Orders at this stage. */
async function atStage(stage: 'to-ship' | 'shipped' | 'delivered') {
  const res = await call(app(), 'GET', `/api/orders?stage=${stage}&limit=100`, shop.people.admin);
  expect(res.statusCode).toBe(200);
  return res.json<Order[]>().map((order) => order._id);
}

/** The shipping mails of this order its customer received, once every queued message has gone out. */
async function shippingMails(order: Order) {
  await app().jobs.waitUntilIdle();
  return outboxMessages(shop.people.shop.dataDir).filter(
    (mail) => mail.to === order.email && mail.subject.includes(`order ${order.orderNumber} `) && / is on its way$| was delivered$/.test(mail.subject),
  );
}

async function details(order: Order, who: TestAccount) {
  const res = await call(app(), 'GET', `/api/orders/${order._id}/details`, who);
  expect(res.statusCode).toBe(200);
  return res.json<OrderDetails>();
}

describe(`shipping an order of three lines in parcels (${testDialect})`, () => {
  it('ships two lines, then the rest: partly shipped, then shipped, then delivered, each parcel mailed and on the order’s page', async () => {
    const { buyer, order, chiselLine, malletLine, planeLine } = await paidOrder();
    expect(order).toMatchObject({ stage: 'to-ship', shippingStatus: 'pending' });

    // The first parcel: all the chisels and one plane.
    const first = await ship(order, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      lines: [
        { lineId: chiselLine.lineId, quantity: 3 },
        { lineId: planeLine.lineId, quantity: 1 },
      ],
    });
    expect(first.statusCode, first.body).toBe(201);
    const partly = first.json<Order>();
    expect(partly).toMatchObject({
      _id: order._id,
      paymentStatus: 'paid',
      shippingStatus: 'pending',
      stage: 'partly-shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped(partly)).toEqual([3, 0, 1]);
    expect(await readOrder(app(), buyer, order._id)).toEqual(partly);
    // Pieces are left to send: it stays in To ship.
    expect(await atStage('to-ship')).toContain(order._id);
    expect(await atStage('shipped')).not.toContain(order._id);

    const [partMail, ...others] = await shippingMails(order);
    expect(others).toEqual([]);
    expect(partMail?.subject).toBe(`Part of your Joinery order ${order.orderNumber} is on its way`);
    expect(partMail?.text).toContain(`A parcel with the tools below has left our workshop for ${deliveryOnOneLine}.`);
    expect(partMail?.text).toContain('UPS is carrying it, tracking number 1Z999AA10123456784.');
    expect(partMail?.text).toContain('Bevel-edge chisel: 3 × $24.50 = $73.50');
    expect(partMail?.text).toContain('Smoothing plane: 1 × $175.00 = $175.00');
    expect(partMail?.text).toContain('Total: $248.50');
    expect(partMail?.text).not.toContain('Joiner’s mallet');
    expect(partMail?.text).toContain('The rest of your order follows in another parcel');

    // Partly shipped is not yet delivered.
    const early = await call(app(), 'PATCH', `/api/orders/${order._id}/shipping`, shop.people.admin, { shippingStatus: 'delivered' });
    expect(early.statusCode).toBe(409);

    // More than is left of a line is refused, naming it, and changes nothing.
    const tooMany = await ship(order, { carrier: 'UPS', lines: [{ lineId: planeLine.lineId, quantity: 2 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ code: 'SHIPMENT_TOO_LARGE', message: 'Only 1 Smoothing plane is left to ship.' });
    const sentAlready = await ship(order, {
      carrier: 'UPS',
      lines: [
        { lineId: malletLine.lineId, quantity: 1 },
        { lineId: chiselLine.lineId, quantity: 1 },
      ],
    });
    expect(sentAlready.statusCode).toBe(409);
    expect(sentAlready.json()).toEqual({ code: 'SHIPMENT_TOO_LARGE', message: 'Only 0 Bevel-edge chisel are left to ship.' });
    expect(shipped(await readOrder(app(), buyer, order._id))).toEqual([3, 0, 1]);

    // The rest, without naming lines: the mallet and the last plane.
    const second = await ship(order, { carrier: 'Parcelforce', trackingNumber: 'PF 123' });
    expect(second.statusCode, second.body).toBe(201);
    const whole = second.json<Order>();
    expect(whole).toMatchObject({ shippingStatus: 'shipped', stage: 'shipped', carrier: 'Parcelforce', trackingNumber: 'PF 123', shippedAt: expect.any(String) });
    expect(shipped(whole)).toEqual([3, 1, 2]);
    expect(await atStage('to-ship')).not.toContain(order._id);
    expect(await atStage('shipped')).toContain(order._id);

    const mails = await shippingMails(order);
    expect(mails.map((mail) => mail.subject)).toEqual([`Part of your Joinery order ${order.orderNumber} is on its way`, `Your Joinery order ${order.orderNumber} is on its way`]);
    const lastMail = mails[1]!.text;
    expect(lastMail).toContain('Parcelforce is carrying it, tracking number PF 123.');
    expect(lastMail).toContain('Joiner’s mallet: 1 × $64.00 = $64.00');
    expect(lastMail).toContain('Smoothing plane: 1 × $175.00 = $175.00');
    expect(lastMail).toContain('Total: $239.00');
    expect(lastMail).not.toContain('Bevel-edge chisel');
    expect(lastMail).not.toContain('The rest of your order follows');

    // Both parcels on the order's page, for its customer, with what each held.
    const page = await details(order, buyer);
    expect(page.order).toEqual(whole);
    expect(page.shipments).toEqual([
      {
        id: expect.any(String),
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        createdAt: expect.any(String),
        lines: [
          { lineId: chiselLine.lineId, product: 'Bevel-edge chisel', quantity: 3 },
          { lineId: planeLine.lineId, product: 'Smoothing plane', quantity: 1 },
        ],
      },
      {
        id: expect.any(String),
        carrier: 'Parcelforce',
        trackingNumber: 'PF 123',
        createdAt: expect.any(String),
        lines: [
          { lineId: malletLine.lineId, product: 'Joiner’s mallet', quantity: 1 },
          { lineId: planeLine.lineId, product: 'Smoothing plane', quantity: 1 },
        ],
      },
    ]);
    expect(page.shipments[0]!.createdAt < page.shipments[1]!.createdAt).toBe(true);
    expect(page.timeline.filter((entry) => entry.kind === 'shipped')).toEqual([
      {
        kind: 'shipped',
        at: page.shipments[0]!.createdAt,
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: expect.stringContaining('1Z999AA10123456784'),
        items: [
          { product: 'Bevel-edge chisel', quantity: 3 },
          { product: 'Smoothing plane', quantity: 1 },
        ],
      },
      {
        kind: 'shipped',
        at: page.shipments[1]!.createdAt,
        carrier: 'Parcelforce',
        trackingNumber: 'PF 123',
        items: [
          { product: 'Joiner’s mallet', quantity: 1 },
          { product: 'Smoothing plane', quantity: 1 },
        ],
      },
    ]);
    expect(page.timeline.map((entry) => entry.kind)).toEqual(['placed', 'paid', 'shipped', 'shipped']);

    // Nothing is left to send.
    const again = await ship(order, { carrier: 'UPS' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOTHING_TO_SHIP' });
    expect(await details(order, buyer)).toEqual(page);

    // Delivered follows shipped.
    shop.clock.advance(60_000);
    const delivered = await call(app(), 'PATCH', `/api/orders/${order._id}/shipping`, shop.people.admin, { shippingStatus: 'delivered' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ stage: 'delivered', shippingStatus: 'delivered', deliveredAt: expect.any(String) });
    expect(shipped(delivered.json<Order>())).toEqual([3, 1, 2]);
    expect(await atStage('delivered')).toContain(order._id);
    expect((await details(order, buyer)).timeline.map((entry) => entry.kind)).toEqual(['placed', 'paid', 'shipped', 'shipped', 'delivered']);
    expect((await shippingMails(order)).map((mail) => mail.subject).at(-1)).toBe(`Your Joinery order ${order.orderNumber} was delivered`);
  });

  it('is for admins only: 403 for customers, the order’s own included, 401 without signing in', async () => {
    const { buyer, order } = await paidOrder();
    for (const [who, status] of [
      [buyer, 403],
      [shop.people.oscar, 403],
      [undefined, 401],
    ] as const) {
      expect((await ship(order, { carrier: 'UPS' }, { who })).statusCode).toBe(status);
    }
    expect(await readOrder(app(), buyer, order._id)).toEqual(order);
    expect((await details(order, buyer)).shipments).toEqual([]);
    expect(await shippingMails(order)).toEqual([]);
  });

  it('refuses an unpaid order, and a line that is not the order’s', async () => {
    const { order } = await paidOrder();
    const buyer = await signUp(app(), 'Unpaid Customer');
    await added(app(), buyer, shop.chisel.id, 1);
    const unpaid = await checkedOut(app(), buyer);

    const notPaid = await ship(unpaid, { carrier: 'UPS' });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe('Only a paid order can be shipped.');

    const foreign = await ship(order, { carrier: 'UPS', lines: [{ lineId: unpaid.lines[0]!.lineId, quantity: 1 }] });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toMatchObject({ code: 'UNKNOWN_LINE' });
    expect(shipped(await readOrder(app(), shop.people.admin, order._id))).toEqual([0, 0, 0]);
    expect((await ship({ ...order, _id: randomUUID() }, { carrier: 'UPS' })).statusCode).toBe(404);
  });
});

describe('pieces refunded by line', () => {
  it('are not left to ship: the parcel of what is left holds the rest only, and ends the order shipped', async () => {
    const { buyer, order, chiselLine, malletLine, planeLine } = await paidOrder();
    const refunded = await refundLines(
      order,
      [
        { lineId: chiselLine.lineId, quantity: 2 },
        { lineId: malletLine.lineId, quantity: 1 },
      ],
      true,
    );
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json()).toMatchObject({ stage: 'to-ship', refundedAmount: 113 });

    const mallets = await ship(order, { carrier: 'UPS', lines: [{ lineId: malletLine.lineId, quantity: 1 }] });
    expect(mallets.statusCode).toBe(409);
    expect(mallets.json()).toEqual({ code: 'SHIPMENT_TOO_LARGE', message: 'Only 0 Joiner’s mallet are left to ship.' });
    const chisels = await ship(order, { carrier: 'UPS', lines: [{ lineId: chiselLine.lineId, quantity: 2 }] });
    expect(chisels.json()).toEqual({ code: 'SHIPMENT_TOO_LARGE', message: 'Only 1 Bevel-edge chisel is left to ship.' });

    const rest = await ship(order, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(rest.statusCode, rest.body).toBe(201);
    const sent = rest.json<Order>();
    expect(sent).toMatchObject({ stage: 'shipped', shippingStatus: 'shipped' });
    expect(sent.lines.map((line) => [line.shippedQuantity, line.refundedQuantity])).toEqual([
      [1, 2],
      [0, 1],
      [2, 0],
    ]);
    expect((await details(order, buyer)).shipments.map((shipment) => shipment.lines)).toEqual([
      [
        { lineId: chiselLine.lineId, product: 'Bevel-edge chisel', quantity: 1 },
        { lineId: planeLine.lineId, product: 'Smoothing plane', quantity: 2 },
      ],
    ]);
    const [mail] = await shippingMails(order);
    expect(mail?.subject).toBe(`Your Joinery order ${order.orderNumber} is on its way`);
    expect(mail?.text).toContain('Bevel-edge chisel: 1 × $24.50 = $24.50');
    expect(mail?.text).not.toContain('Joiner’s mallet');
  });

  it('end a partly shipped order shipped when they are all that was left to send', async () => {
    const { buyer, order, chiselLine, malletLine, planeLine } = await paidOrder();
    expect((await ship(order, { carrier: 'UPS', lines: [{ lineId: chiselLine.lineId, quantity: 3 }] })).json()).toMatchObject({ stage: 'partly-shipped' });

    const refunded = await refundLines(
      order,
      [
        { lineId: malletLine.lineId, quantity: 1 },
        { lineId: planeLine.lineId, quantity: 2 },
      ],
      false,
    );
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json()).toMatchObject({ stage: 'shipped', shippingStatus: 'shipped', refundedAmount: 414 });
    expect(await atStage('to-ship')).not.toContain(order._id);

    const nothing = await ship(order, { carrier: 'UPS' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: 'NOTHING_TO_SHIP' });
    expect((await details(order, buyer)).shipments).toHaveLength(1);
  });

  it('PATCH shipped still sends every piece left, as one parcel', async () => {
    const { order, chiselLine, planeLine } = await paidOrder();
    await refundLines(order, [{ lineId: planeLine.lineId, quantity: 1 }], false);
    await ship(order, { carrier: 'UPS', lines: [{ lineId: chiselLine.lineId, quantity: 1 }] });

    shop.clock.advance(60_000);
    const res = await call(app(), 'PATCH', `/api/orders/${order._id}/shipping`, shop.people.admin, { shippingStatus: 'shipped', carrier: 'USPS' });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json<Order>();
    expect(sent).toMatchObject({ stage: 'shipped', carrier: 'USPS' });
    expect(shipped(sent)).toEqual([3, 1, 1]);
  });
});
