import { describe, expect, it } from 'vitest';
import { orderTimeline } from './order-timeline.ts';
import type { Order } from './schemas/orders.ts';

const placed: Order = {
  _id: 'order-1',
  productId: 'product-1',
  product: 'Marking gauge',
  cutomerName: 'Ada Lovelace',
  email: 'ada@example.com',
  unitPrice: 48,
  price: 144,
  quantity: 3,
  phone: '+1 555 010 2030',
  adress: '12 Bench Lane',
  paymentStatus: 'unpaid',
  createdAt: '2026-03-01T09:00:00.000Z',
  orderNumber: 'J-1042',
  stage: 'unpaid',
  refundedAmount: 0,
  refundStatus: 'none',
  restockedQuantity: 0,
};

const refund = (createdAt: string, amount: number) => ({ id: `refund-${createdAt}`, amount, reason: 'Scratched', restockedQuantity: 1, createdAt });

describe('orderTimeline', () => {
  it('has only the placing of an order not yet paid', () => {
    expect(orderTimeline(placed, [])).toEqual([{ kind: 'placed', at: placed.createdAt }]);
  });

  it('follows a paid order through shipping, delivery and refunds, oldest first', () => {
    const order: Order = {
      ...placed,
      paymentStatus: 'paid',
      paidAt: '2026-03-01T09:05:00.000Z',
      shippedAt: '2026-03-02T15:00:00.000Z',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      deliveredAt: '2026-03-04T11:00:00.000Z',
    };
    const refunds = [refund('2026-03-03T08:00:00.000Z', 20), refund('2026-03-05T08:00:00.000Z', 124)];
    expect(orderTimeline(order, refunds)).toEqual([
      { kind: 'placed', at: placed.createdAt },
      { kind: 'paid', at: order.paidAt },
      { kind: 'shipped', at: order.shippedAt, carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
      { kind: 'refunded', at: '2026-03-03T08:00:00.000Z', amount: 20, reason: 'Scratched', restockedQuantity: 1 },
      { kind: 'delivered', at: order.deliveredAt },
      { kind: 'refunded', at: '2026-03-05T08:00:00.000Z', amount: 124, reason: 'Scratched', restockedQuantity: 1 },
    ]);
  });

  it('tells who cancelled an order, or that it expired', () => {
    const cancelledAt = '2026-03-02T09:00:00.000Z';
    expect(orderTimeline({ ...placed, cancelledAt, cancelReason: 'admin' }, []).at(-1)).toEqual({ kind: 'cancelled', at: cancelledAt, cancelledBy: 'admin' });
    expect(orderTimeline({ ...placed, cancelledAt, cancelReason: 'expired' }, []).at(-1)).toEqual({ kind: 'expired', at: cancelledAt });
  });

  it('keeps the steps in their own order when they happen in the same moment', () => {
    const at = placed.createdAt;
    const order: Order = { ...placed, paymentStatus: 'paid', paidAt: at, shippedAt: at, deliveredAt: at };
    expect(orderTimeline(order, [refund(at, 1)]).map((entry) => entry.kind)).toEqual(['placed', 'paid', 'shipped', 'delivered', 'refunded']);
  });

  it('shows a shipment without a tracking number as the carrier alone', () => {
    const order: Order = { ...placed, paymentStatus: 'paid', paidAt: placed.createdAt, shippedAt: '2026-03-02T15:00:00.000Z', carrier: 'Local courier' };
    expect(orderTimeline(order, []).at(-1)).toEqual({ kind: 'shipped', at: order.shippedAt, carrier: 'Local courier' });
  });
});
