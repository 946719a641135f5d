import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderTotals } from '../../../../common/schemas/orders.ts';
import { cartOrder } from '../../../test/fixtures.ts';
import { OrderTotalsList, orderTotalsOf } from './order-totals.tsx';

/** Each row of the list as it reads: its label, then its figure. */
const rows = () => screen.getAllByRole('term').map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

const totals = (charged: Partial<OrderTotals>): OrderTotals => ({
  subtotal: 100,
  shipping: 0,
  discount: 0,
  tax: 0,
  total: 100,
  currency: 'USD',
  taxIncluded: false,
  reverseCharge: false,
  taxByRate: [],
  ...charged,
});

describe('the totals of an order', () => {
  it('names the way it is sent and the code, and adds the tax by its rate', () => {
    render(<OrderTotalsList {...orderTotalsOf(cartOrder)} />);
    expect(rows()).toEqual(['Subtotal $279.50', 'Shipping (Standard) $12.00', 'Discount (SAVE10) -$10.00', 'Tax 8% $21.56', 'Total $303.06 USD']);
  });

  it('gives each rate its own row: goods and shipping taxed at different rates', () => {
    const split = totals({
      subtotal: 80,
      shipping: 9.5,
      tax: 6.7,
      total: 96.2,
      taxByRate: [
        { rate: 7.25, taxable: 80, tax: 5.8 },
        { rate: 9.4737, taxable: 9.5, tax: 0.9 },
      ],
    });
    render(<OrderTotalsList totals={split} shippingMethod="Express" />);
    expect(rows()).toEqual(['Subtotal $80.00', 'Shipping (Express) $9.50', 'Tax 7.25% $5.80', 'Tax 9.4737% $0.90', 'Total $96.20 USD']);
  });

  it('says what a total with tax-inclusive prices includes, after the total, and that collecting costs nothing', () => {
    const included = totals({ subtotal: 119, tax: 19, total: 119, taxIncluded: true, taxByRate: [{ rate: 19, taxable: 100, tax: 19 }] });
    render(<OrderTotalsList totals={included} shippingMethod="Collect from the workshop" />);
    expect(rows()).toEqual(['Subtotal $119.00', 'Shipping (Collect from the workshop) Free', 'Total $119.00 USD', 'Includes tax 19% $19.00']);
  });

  it('charges a business buyer in another EU country no VAT, and says why', () => {
    render(<OrderTotalsList totals={totals({ shipping: 32, total: 132, reverseCharge: true })} shippingMethod="Standard" />);
    expect(rows()).toEqual(['Subtotal $100.00', 'Shipping (Standard) $32.00', 'VAT (reverse charge) $0.00', 'Total $132.00 USD']);
  });

  it('ends with what was refunded and the net paid, once anything was', () => {
    render(<OrderTotalsList {...orderTotalsOf({ ...cartOrder, refundedAmount: 13.01 })} />);
    expect(rows().slice(-3)).toEqual(['Total $303.06 USD', 'Refunded -$13.01', 'Net paid $290.05']);
  });
});
