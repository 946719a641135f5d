import { describe, expect, it } from 'vitest';
import { orderTimeline } from './order-timeline.ts';
import type { Order, OrderShipment } from './schemas/orders.ts';
import { adasOrder, orderLine as line } from './test/order-fixtures.ts';

const placed: Order = adasOrder([line('l1', 'Marking gauge', 48, 3), line('l2', 'Scratch awl', 20, 1)], { subtotal: 164, shipping: 0, discount: 0, tax: 0, total: 164 });

const refund = (createdAt: string, amount: number) => ({ id: `refund-${createdAt}`, amount, reason: 'Scratched', restockedQuantity: 1, createdAt });
const parcel = (createdAt: string, lines: OrderShipment['lines'], carrier = 'UPS', trackingNumber?: string): OrderShipment => ({
  id: `parcel-${createdAt}`,
  carrier,
  ...(trackingNumber && { trackingNumber }),
  createdAt,
  lines,
});

describe('orderTimeline', () => {
  it('has only the placing of an order not yet paid', () => {
    expect(orderTimeline(placed, [], [])).toEqual([{ kind: 'placed', at: placed.createdAt }]);
  });

  it('follows a paid order through each parcel, delivery and refunds, oldest first', () => {
    const order: Order = { ...placed, paymentStatus: 'paid', paidAt: '2026-03-01T09:05:00.000Z', deliveredAt: '2026-03-04T11:00:00.000Z' };
    const refunds = [
      refund('2026-03-03T08:00:00.000Z', 20),
      { ...refund('2026-03-05T08:00:00.000Z', 48), lines: [{ lineId: 'l1', product: 'Marking gauge', quantity: 1, restock: 1 }] },
    ];
    const shipments = [
      parcel('2026-03-02T15:00:00.000Z', [{ lineId: 'l1', product: 'Marking gauge', quantity: 3 }], 'UPS', '1Z999AA10123456784'),
      parcel('2026-03-03T10:00:00.000Z', [{ lineId: 'l2', product: 'Scratch awl', quantity: 1 }], 'Local courier'),
    ];
    expect(orderTimeline(order, refunds, shipments)).toEqual([
      { kind: 'placed', at: placed.createdAt },
      { kind: 'paid', at: order.paidAt },
      {
        kind: 'shipped',
        at: '2026-03-02T15:00:00.000Z',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        items: [{ product: 'Marking gauge', quantity: 3 }],
      },
      { kind: 'refunded', at: '2026-03-03T08:00:00.000Z', amount: 20, reason: 'Scratched', restockedQuantity: 1 },
      { kind: 'shipped', at: '2026-03-03T10:00:00.000Z', carrier: 'Local courier', items: [{ product: 'Scratch awl', quantity: 1 }] },
      { kind: 'delivered', at: order.deliveredAt },
      { kind: 'refunded', at: '2026-03-05T08:00:00.000Z', amount: 48, reason: 'Scratched', restockedQuantity: 1, items: [{ product: 'Marking gauge', quantity: 1 }] },
    ]);
  });

  it('tells who cancelled an order, or that it expired', () => {
    const cancelledAt = '2026-03-02T09:00:00.000Z';
    expect(orderTimeline({ ...placed, cancelledAt, cancelReason: 'admin' }, [], []).at(-1)).toEqual({ kind: 'cancelled', at: cancelledAt, cancelledBy: 'admin' });
    expect(orderTimeline({ ...placed, cancelledAt, cancelReason: 'expired' }, [], []).at(-1)).toEqual({ kind: 'expired', at: cancelledAt });
  });

  it('keeps the steps in their own order when they happen in the same moment', () => {
    const at = placed.createdAt;
    const order: Order = { ...placed, paymentStatus: 'paid', paidAt: at, deliveredAt: at };
    const shipments = [parcel(at, [{ lineId: 'l1', product: 'Marking gauge', quantity: 3 }])];
    expect(orderTimeline(order, [refund(at, 1)], shipments).map((entry) => entry.kind)).toEqual(['placed', 'paid', 'shipped', 'delivered', 'refunded']);
  });

  it('leaves out a refund still waiting for the card processor', () => {
    const order: Order = { ...placed, paymentStatus: 'paid', paidAt: placed.createdAt };
    expect(orderTimeline(order, [{ ...refund('2026-03-03T08:00:00.000Z', 20), pending: true }], []).map((entry) => entry.kind)).toEqual(['placed', 'paid']);
  });
});
