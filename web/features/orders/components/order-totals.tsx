import type { ReactNode } from 'react';
import { receiptSums } from '../../../../common/receipt.ts';
import type { Order, OrderTotals } from '../../../../common/schemas/orders.ts';

/** One label and its figure in a <dl> of an order's page; `strong` for the total, ruled off above. */
export function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-base-300 pt-3 text-base' : ''}`}>
      <dt className={strong ? 'font-medium text-stone-800' : 'text-stone-600'}>{label}</dt>
      <dd className={`text-right ${strong ? 'font-semibold text-stone-900' : 'text-stone-900'}`}>{children}</dd>
    </div>
  );
}

interface OrderTotalsListProps {
  totals: OrderTotals;
  /** US dollars refunded so far: with any, what was paid in the end follows the total. */
  refunded?: number | undefined;
  /** The name of the way it is sent ("Standard", "Collect from the workshop"). */
  shippingMethod?: string | undefined;
  discountCode?: string | undefined;
}

/** An order's figures as the totals list takes them. */
export function orderTotalsOf(order: Pick<Order, 'totals' | 'refundedAmount' | 'shippingMethod' | 'discountCode'>): OrderTotalsListProps {
  return { totals: order.totals, refunded: order.refundedAmount, shippingMethod: order.shippingMethod?.name, discountCode: order.discountCode };
}

/**
 * How an order's total is made, worded as its receipt, invoice and e-mails word it (common/receipt.ts):
 * the lines' subtotal, shipping by the way it goes, the discount with its code, the tax per rate (or,
 * where the prices include it, what the total includes), then the total the card is charged; with
 * what was refunded of it, once anything was. A discount of nothing is left out rather than shown as "-$0.00".
 */
export function OrderTotalsList({ totals, refunded = 0, shippingMethod, discountCode }: OrderTotalsListProps) {
  const sums = receiptSums({
    totals,
    refunded,
    shippingMethod,
    discountCode,
    taxByRate: totals.taxByRate,
    taxIncluded: totals.taxIncluded,
    reverseCharge: totals.reverseCharge,
  });
  return (
    <dl className="space-y-2 text-sm">
      {sums.map((sum) =>
        sum.emphasis === 'total' ? (
          // Paid or not yet, it is the order's total: the receipt's "Total paid" is for paid orders.
          <Row key={sum.label} label="Total" strong>
            {sum.figure} USD
          </Row>
        ) : (
          <Row key={sum.label} label={sum.label}>
            {sum.emphasis === 'net' ? <span className="font-semibold">{sum.figure}</span> : sum.figure}
          </Row>
        ),
      )}
    </dl>
  );
}
