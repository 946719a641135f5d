import type { ReactNode } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import type { CartQuote } from '../../../../common/schemas/cart.ts';

function Row({ label, children, strong = false, testId }: { label: string; children: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-base-300 pt-3 text-base' : ''}`}>
      <dt className={strong ? 'font-medium text-stone-800' : 'text-stone-600'}>{label}</dt>
      <dd data-testid={testId} className={`text-right ${strong ? 'font-semibold text-stone-900' : 'text-stone-900'}`}>
        {children}
      </dd>
    </div>
  );
}

/**
 * What an order of the cart would cost, as the server quoted it, worded as the receipt words it: the
 * subtotal, shipping by the way chosen, the code's discount, the tax (or, before the place is known,
 * when it is worked out), and the total.
 */
export function QuoteTotals({ quote, placeKnown }: { quote: CartQuote; placeKnown: boolean }) {
  const { totals } = quote;
  const rate = quote.shippingRates.find((option) => option.id === quote.shippingRate);
  const code = quote.discountCode?.applied ? quote.discountCode.code : undefined;
  return (
    <dl className="space-y-2 text-sm">
      <Row label="Subtotal" testId="quote-subtotal">
        {formatUsd(totals.subtotal)}
      </Row>
      <Row label={rate ? `Shipping (${rate.name})` : 'Shipping'} testId="quote-shipping">
        {rate ? totals.shipping === 0 ? 'Free' : formatUsd(totals.shipping) : <span className="text-stone-600">{placeKnown ? 'Not available' : 'Choose where it goes'}</span>}
      </Row>
      {totals.discount > 0 && (
        <Row label={code ? `Discount (${code})` : 'Discount'} testId="quote-discount">
          -{formatUsd(totals.discount)}
        </Row>
      )}
      {totals.reverseCharge ? (
        <Row label="VAT (reverse charge)">{formatUsd(0)}</Row>
      ) : totals.taxIncluded ? null : (
        <Row label="Tax" testId="quote-tax">
          {placeKnown ? formatUsd(totals.tax) : <span className="text-stone-600">Worked out from the address</span>}
        </Row>
      )}
      <Row label="Total" strong testId="quote-total">
        {formatUsd(totals.total)} USD
      </Row>
      {totals.taxIncluded && !totals.reverseCharge && totals.tax > 0 && <p className="text-right text-xs text-stone-600">Includes {formatUsd(totals.tax)} of tax</p>}
    </dl>
  );
}
