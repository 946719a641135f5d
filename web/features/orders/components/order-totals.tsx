import type { ReactNode } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import type { OrderTotals } from '../../../../common/schemas/orders.ts';

/** One label and its figure in a <dl> of an order's page; `strong` for the total, ruled off above. */
export function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-base-300 pt-3 text-base' : ''}`}>
      <dt className={strong ? 'font-medium text-stone-800' : 'text-stone-600'}>{label}</dt>
      <dd className={`text-right ${strong ? 'font-semibold text-stone-900' : 'text-stone-900'}`}>{children}</dd>
    </div>
  );
}

/**
 * How an order's total is made: the lines' subtotal, shipping, any discount and tax, then the total
 * the card is charged; with what was refunded of it, once anything was. A discount of nothing is left
 * out rather than shown as "-$0.00".
 */
export function OrderTotalsList({ totals, refunded = 0 }: { totals: OrderTotals; refunded?: number }) {
  return (
    <dl className="space-y-2 text-sm">
      <Row label="Subtotal">{formatUsd(totals.subtotal)}</Row>
      <Row label="Shipping">{totals.shipping === 0 ? 'Free' : formatUsd(totals.shipping)}</Row>
      {totals.discount > 0 && <Row label="Discount">-{formatUsd(totals.discount)}</Row>}
      <Row label="Tax">{formatUsd(totals.tax)}</Row>
      <Row label="Total" strong>
        {formatUsd(totals.total)} USD
      </Row>
      {refunded > 0 && (
        <>
          <Row label="Refunded">-{formatUsd(refunded)}</Row>
          <Row label="Net paid">{formatUsd(totals.total - refunded)}</Row>
        </>
      )}
    </dl>
  );
}
