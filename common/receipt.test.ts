import { describe, expect, it } from 'vitest';
import { receiptDate, receiptFileName, receiptOf } from './receipt.ts';
import type { Order } from './schemas/orders.ts';
import { shopIdentity } from './shop-identity.ts';

const paid: Order = {
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
  paymentStatus: 'paid',
  transactionId: 'pi_local_abc',
  shippingStatus: 'pending',
  createdAt: '2026-03-01T09:00:00.000Z',
  paidAt: '2026-03-01T09:05:00.000Z',
  orderNumber: 'J-1042',
  stage: 'to-ship',
  cardBrand: 'visa',
  cardLast4: '4242',
  refundedAmount: 0,
  refundStatus: 'none',
  restockedQuantity: 0,
};

describe('receipts', () => {
  it("has the shop, the order's number, the payment's date, the lines, the total and the payment", () => {
    expect(receiptOf(paid)).toEqual({
      shop: { name: shopIdentity.name, postalAddress: shopIdentity.postalAddress, supportEmail: shopIdentity.supportEmail },
      orderNumber: 'J-1042',
      date: 'March 1, 2026 at 1:05 AM PST',
      billedTo: { name: 'Ada Lovelace', email: 'ada@example.com', adress: '12 Bench Lane', phone: '+1 555 010 2030' },
      lines: [{ description: 'Marking gauge', quantity: 3, unitPrice: 48, amount: 144 }],
      total: 144,
      refunded: 0,
      payment: { reference: 'pi_local_abc', card: 'Visa ending 4242' },
    });
  });

  it('gives the date in the shop’s time, summer time included', () => {
    expect(receiptDate('2026-07-04T19:30:00.000Z')).toBe('July 4, 2026 at 12:30 PM PDT');
  });

  it('leaves the card out when the processor did not say it', () => {
    const { cardBrand: _brand, cardLast4: _last4, ...withoutCard } = paid;
    expect(receiptOf(withoutCard)?.payment).toEqual({ reference: 'pi_local_abc', card: undefined });
  });

  it('is not made for an order not paid', () => {
    const { transactionId: _id, paidAt: _at, ...unpaid } = paid;
    expect(receiptOf({ ...unpaid, paymentStatus: 'unpaid', stage: 'unpaid' })).toBeUndefined();
  });

  it('bills a phone account by its number, not by the address the shop made up for it', () => {
    const email = '14155550100.0b7f3c2e-5d1a-4c8e-9f00-2a6b1c3d4e5f@phone.joinery.invalid';
    expect(receiptOf({ ...paid, email })?.billedTo.email).toBe('+1 415 555 0100');
  });

  it('is saved under the order number', () => {
    expect(receiptFileName(paid)).toBe('Joinery-receipt-J-1042.pdf');
  });
});
