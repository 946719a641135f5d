import { checkoutMessages } from '../../../../common/checkout-rules.ts';
import type { CartQuote } from '../../../../common/schemas/cart.ts';
import { updateCheckoutChoices } from '../checkout-choices.ts';
import { DiscountCodeForm } from './discount-code-form.tsx';
import { ShippingRateChoice } from './shipping-rate-choice.tsx';

interface QuoteChoicesProps {
  /** The cart's quote now; undefined until it is first priced. */
  quote: CartQuote | undefined;
  /** A new quote is on its way: the choices wait for it. */
  busy: boolean;
  /** The shipping radio group's name, unique on the page. */
  name: string;
}

/**
 * What the customer chooses of a quote, at the cart and at checkout alike: how it is sent (with why
 * nothing can be, where nothing can), how far the goods are from free shipping, and the discount
 * code. Each choice is kept for the next quote and the checkout (checkout-choices.ts).
 */
export function QuoteChoices({ quote, busy, name }: QuoteChoicesProps) {
  return (
    <>
      {quote && quote.shippingRates.length > 0 && (
        <ShippingRateChoice
          name={name}
          rates={quote.shippingRates}
          chosen={quote.shippingRate}
          onChoose={(shippingRate) => updateCheckoutChoices({ shippingRate })}
          disabled={busy}
        />
      )}
      {quote?.shippingProblem && (
        <p role="alert" className="rounded-lg border border-warning/40 bg-warning/10 px-3 py-2.5 text-sm text-stone-800">
          {quote.shippingProblem}
        </p>
      )}
      {quote?.freeShipping && (
        <p data-testid="free-shipping-note" className="rounded-lg bg-base-200 px-3 py-2.5 text-sm font-medium text-stone-800">
          {checkoutMessages.moreForFreeShipping(Math.round(quote.freeShipping.more * 100), quote.freeShipping.rate)}
        </p>
      )}
      <DiscountCodeForm
        applied={quote?.discountCode}
        discount={quote?.totals.discount ?? 0}
        busy={busy}
        onApply={(discountCode) => updateCheckoutChoices({ discountCode })}
        onRemove={() => updateCheckoutChoices({ discountCode: undefined })}
      />
    </>
  );
}
