import { describe, expect, it } from 'vitest';
import { receiptDate, receiptFileName, receiptOf, receiptSums } from './receipt.ts';
import type { Order } from './schemas/orders.ts';
import { shopIdentity } from './shop-identity.ts';
import { adasOrder, orderLine as line, paidByVisa } from './test/order-fixtures.ts';

/** A cart of two tools, paid: $144 + $64, with $9.50 of shipping, $5 off and $16.64 of tax. */
const paid: Order = {
  ...adasOrder([line('gauge', 'Marking gauge', 48, 3), line('saw', 'Dovetail saw', 64, 1)], { subtotal: 208, shipping: 9.5, discount: 5, tax: 16.64, total: 229.14 }),
  ...paidByVisa,
  transactionId: 'pi_local_abc',
  paidAt: '2026-03-01T09:05:00.000Z',
};

describe('receipts', () => {
  it("has the shop, the order's number, the payment's date, a line per tool, how the total is made and the payment", () => {
    expect(receiptOf(paid)).toEqual({
      shop: { name: shopIdentity.name, postalAddress: shopIdentity.postalAddress, supportEmail: shopIdentity.supportEmail },
      orderNumber: 'J-1042',
      date: 'March 1, 2026 at 1:05 AM PST',
      billedTo: { name: 'Ada Lovelace', email: 'ada@example.com', adress: '12 Bench Lane', phone: '+1 555 010 2030' },
      lines: [
        { description: 'Marking gauge', quantity: 3, unitPrice: 48, amount: 144 },
        { description: 'Dovetail saw', quantity: 1, unitPrice: 64, amount: 64 },
      ],
      totals: { subtotal: 208, shipping: 9.5, discount: 5, tax: 16.64, total: 229.14 },
      shippingMethod: undefined,
      discountCode: undefined,
      taxByRate: [],
      taxIncluded: false,
      reverseCharge: false,
      refunded: 0,
      payment: { reference: 'pi_local_abc', card: 'Visa ending 4242' },
    });
  });

  it('sums up under the lines: subtotal, shipping, the discount, tax and the total paid', () => {
    expect(receiptSums(receiptOf(paid)!)).toEqual([
      { label: 'Subtotal', figure: '$208.00' },
      { label: 'Shipping', figure: '$9.50' },
      { label: 'Discount', figure: '-$5.00' },
      { label: 'Tax', figure: '$16.64' },
      { label: 'Total paid', figure: '$229.14', emphasis: 'total' },
    ]);
  });

  it('says shipping was free, leaves out a discount of nothing, and ends with the net paid once something was refunded', () => {
    const totals = { subtotal: 208, shipping: 0, discount: 0, tax: 0, total: 208 };
    expect(receiptSums({ totals, refunded: 64, taxByRate: [], taxIncluded: false, reverseCharge: false })).toEqual([
      { label: 'Subtotal', figure: '$208.00' },
      { label: 'Shipping', figure: 'Free' },
      { label: 'Tax', figure: '$0.00' },
      { label: 'Total paid', figure: '$208.00', emphasis: 'total' },
      { label: 'Refunded', figure: '-$64.00' },
      { label: 'Net paid', figure: '$144.00', emphasis: 'net' },
    ]);
  });

  it('names the way it was sent and the code, and gives the tax per rate: added to the total, or included in it', () => {
    const totals = { subtotal: 100, shipping: 12, discount: 10, tax: 9.68, total: 111.68 };
    const taxByRate = [
      { rate: 8.875, taxable: 102, tax: 9.05 },
      { rate: 0.625, taxable: 100, tax: 0.63 },
    ];
    expect(receiptSums({ totals, refunded: 0, shippingMethod: 'Express', discountCode: 'SAVE10', taxByRate, taxIncluded: false, reverseCharge: false })).toEqual([
      { label: 'Subtotal', figure: '$100.00' },
      { label: 'Shipping (Express)', figure: '$12.00' },
      { label: 'Discount (SAVE10)', figure: '-$10.00' },
      { label: 'Tax 8.875%', figure: '$9.05' },
      { label: 'Tax 0.625%', figure: '$0.63' },
      { label: 'Total paid', figure: '$111.68', emphasis: 'total' },
    ]);
    const included = { subtotal: 119, shipping: 0, discount: 0, tax: 19, total: 119 };
    expect(receiptSums({ totals: included, refunded: 0, taxByRate: [{ rate: 19, taxable: 100, tax: 19 }], taxIncluded: true, reverseCharge: false })).toEqual([
      { label: 'Subtotal', figure: '$119.00' },
      { label: 'Shipping', figure: 'Free' },
      { label: 'Total paid', figure: '$119.00', emphasis: 'total' },
      { label: 'Includes tax 19%', figure: '$19.00' },
    ]);
  });

  it('says no VAT is charged under reverse charge', () => {
    const totals = { subtotal: 100, shipping: 0, discount: 0, tax: 0, total: 100 };
    expect(receiptSums({ totals, refunded: 0, taxByRate: [], taxIncluded: true, reverseCharge: true }).map((sum) => sum.label)).toEqual([
      'Subtotal',
      'Shipping',
      'VAT (reverse charge)',
      'Total paid',
    ]);
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
