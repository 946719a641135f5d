import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartQuoteInput } from '../../../../common/schemas/cart.ts';
import { useLocalCart } from '../local-cart.ts';
import { cartQueries, type CartState, useCart } from './cart-queries.ts';

/** Where a cart would go, as its quote needs it. */
export interface Destination {
  country: string;
  region?: string | undefined;
}

export interface PricingChoices {
  destination?: Destination | undefined;
  shippingRate?: string | undefined;
  discountCode?: string | undefined;
  vatNumber?: string | undefined;
}

/**
 * The cart (ADR 018) and its quote (ADR 038): what an order of it would cost sent to a destination,
 * a way, with a code, priced by the server. A visitor's lines go with the question; a signed-in
 * customer's are their cart's on the server. The last quote shows while a new one is asked for.
 */
export function usePricedCart({ destination, shippingRate, discountCode, vatNumber }: PricingChoices): CartState & { quote: ReturnType<typeof useQuote> } {
  const cartState = useCart();
  const local = useLocalCart();
  const lines = cartState.cart?.lines ?? [];
  const contents = lines.map((line) => `${line.variantId}:${line.quantity}`).join(',');
  const input: CartQuoteInput = {
    ...(cartState.signedIn ? {} : { lines: local }),
    ...(destination?.country && { shippingAddress: { country: destination.country, ...(destination.region && { region: destination.region }) } }),
    ...(shippingRate && { shippingRate }),
    ...(discountCode && { discountCode }),
    ...(vatNumber && { vatNumber }),
  };
  const quote = useQuote(input, contents, lines.length > 0 && !cartState.isPending);
  return { ...cartState, quote };
}

function useQuote(input: CartQuoteInput, contents: string, enabled: boolean) {
  return useQuery({ ...cartQueries.priced(input, contents), enabled, placeholderData: keepPreviousData });
}
