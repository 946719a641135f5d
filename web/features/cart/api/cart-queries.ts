import { keepPreviousData, queryOptions, useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addedQuantity, cartLimits, cartLineProblem, cartMessages } from '../../../../common/cart-rules.ts';
import type { Stock } from '../../../../common/ordering.ts';
import type { Cart, CartLineInput, CartMerge, CartQuote, CartQuoteInput } from '../../../../common/schemas/cart.ts';
import type { LastDelivery } from '../../../../common/schemas/orders.ts';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';
import { authQueries, useSession } from '../../auth/api/session-queries.ts';
import { lineVariantId, localCartLines, useLocalCart, writeLocalCart } from '../local-cart.ts';

const all = ['cart'] as const;

/** The cart's queries, in one place (and the key of the merge at sign-in, which the cart waits for). */
export const cartQueries = {
  all,
  merge: [...all, 'merge'] as const,
  mine: (userId: string) => queryOptions({ queryKey: [...all, 'mine', userId] as const, queryFn: ({ signal }) => apiGet<Cart>('/api/cart', { signal }) }),
  quote: (lines: readonly CartLineInput[]) => queryOptions({ queryKey: [...all, 'quote', lines] as const, queryFn: () => apiPost<Cart>('/api/cart/quote', { lines }) }),
  /**
   * The cart priced as an order of it would be: sent somewhere, a way, with a code. `contents` names
   * what is in the cart (a signed-in customer's lines are the server's, sent as none), so that a change
   * of the cart asks again.
   */
  priced: (input: CartQuoteInput, contents: string) =>
    queryOptions({ queryKey: [...all, 'priced', input, contents] as const, queryFn: () => apiPost<CartQuote>('/api/cart/quote', input) }),
  /** Under the cart's keys: the payment that empties the cart also makes this the last delivery. */
  lastDelivery: () =>
    queryOptions({ queryKey: [...all, 'last-delivery'] as const, queryFn: ({ signal }) => apiGet<LastDelivery>('/api/cart/delivery', { signal }), staleTime: Infinity }),
};

const emptyCart: Cart = { lines: [], count: 0, total: 0, ready: false };

/**
 * A product as the cart needs it: which one, its name for messages, and the stock its rule checks,
 * with the variant chosen and that variant's stock. Without `variantId`, the product's one variant,
 * which has the product's id.
 */
export type CartProduct = Stock & { _id: string; name: string; variantId?: string | undefined };

export interface CartState {
  /** The cart priced by the server; undefined while it loads or when it failed. */
  cart: Cart | undefined;
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
  /** Whose cart: the signed-in customer's, on the server, or the visitor's, in this browser. */
  signedIn: boolean;
}

/**
 * The cart the pages show (ADR 018): a signed-in customer's from the server, or a visitor's from
 * this browser, priced and checked by the server all the same. The prices shown are never the browser's.
 */
export function useCart(): CartState {
  const session = useSession();
  const userId = session.data?.id;
  const local = useLocalCart();
  // Just signed in with a cart in the browser: the account's cart is not the whole story until the merge is done.
  const merging = useIsMutating({ mutationKey: cartQueries.merge }) > 0;
  const mine = useQuery({ ...cartQueries.mine(userId ?? ''), enabled: Boolean(userId) });
  const quote = useQuery({
    ...cartQueries.quote(local),
    enabled: !session.isPending && !userId && local.length > 0,
    // An edit asks for a new price; the old one shows meanwhile, so the page does not flash.
    placeholderData: keepPreviousData,
  });
  if (session.isPending) return { cart: undefined, isPending: true, error: null, refetch: () => undefined, signedIn: false };
  if (userId) return { cart: mine.data, isPending: mine.isPending || merging, error: mine.error, refetch: () => void mine.refetch(), signedIn: true };
  if (local.length === 0) return { cart: emptyCart, isPending: false, error: null, refetch: () => undefined, signedIn: false };
  return { cart: quote.data, isPending: quote.isPending, error: quote.error, refetch: () => void quote.refetch(), signedIn: false };
}

/** How many pieces the cart holds, for the header: the visitor's counted here, without asking the server. */
export function useCartCount(): number {
  const session = useSession();
  const local = useLocalCart();
  const mine = useQuery({ ...cartQueries.mine(session.data?.id ?? ''), enabled: Boolean(session.data) });
  if (session.data) return mine.data?.count ?? 0;
  return local.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The changes of a signed-in customer's cart go to the server, whose answer is the cart; a visitor's stay
 * here. Who is signed in is settled when the change is made: a product card's button works before the
 * session has arrived (the change waits for it), so that nothing on a rendered page changes when it does.
 */
function useCartChange<Input>(onServer: (input: Input) => Promise<Cart>, inBrowser: (input: Input) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => {
      const viewer = await queryClient.ensureQueryData(authQueries.session());
      if (!viewer) {
        inBrowser(input);
        return undefined;
      }
      const cart = await onServer(input);
      queryClient.setQueryData(cartQueries.mine(viewer.id).queryKey, cart);
      return cart;
    },
  });
}

/** Adds pieces of a product's variant to the cart; the line's new quantity obeys the order rule, or the mutation fails with its message. */
export function useAddToCart() {
  return useCartChange(
    ({ product, quantity }: { product: CartProduct; quantity: number }) =>
      apiPost<Cart>('/api/cart/items', { productId: product._id, variantId: product.variantId ?? product._id, quantity }),
    ({ product, quantity }) => {
      const variantId = product.variantId ?? product._id;
      const lines = localCartLines();
      const inCart = lines.find((line) => lineVariantId(line) === variantId)?.quantity ?? 0;
      if (inCart === 0 && lines.length >= cartLimits.lines) throw new Error(cartMessages.tooManyLines);
      const added = addedQuantity(inCart, quantity, product);
      if ('problem' in added) throw new Error(added.problem);
      writeLocalCart(
        inCart === 0
          ? [...lines, { productId: product._id, variantId, quantity: added.quantity }]
          : lines.map((line) => (lineVariantId(line) === variantId ? { ...line, quantity: added.quantity } : line)),
      );
    },
  );
}

/** Sets a line's quantity, by the order rule (for a visitor, against the stock the server last reported). A line is its variant's. */
export function useSetCartQuantity() {
  return useCartChange(
    ({ variantId, quantity }: { variantId: string; quantity: number; stock: Stock | undefined }) => apiPut<Cart>(`/api/cart/items/${encodeURIComponent(variantId)}`, { quantity }),
    ({ variantId, quantity, stock }) => {
      const problem = cartLineProblem(quantity, stock);
      if (problem) throw new Error(problem);
      writeLocalCart(localCartLines().map((line) => (lineVariantId(line) === variantId ? { ...line, quantity } : line)));
    },
  );
}

/** Takes a line (a variant) out of the cart. */
export function useRemoveFromCart() {
  return useCartChange(
    (variantId: string) => apiDelete<Cart>(`/api/cart/items/${encodeURIComponent(variantId)}`),
    (variantId) => writeLocalCart(localCartLines().filter((line) => lineVariantId(line) !== variantId)),
  );
}

/** At sign-in: the visitor's lines join the account's cart; the answer says which lines had to change. */
export function useMergeCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartQueries.merge,
    mutationFn: ({ lines }: { userId: string; lines: readonly CartLineInput[] }) => apiPost<CartMerge>('/api/cart/merge', { lines }),
    // A read of the account's cart sent as the person signed in, before the merge was done, must not
    // land after it and show the cart without the lines just merged.
    onSuccess: async ({ cart }, { userId }) => {
      await queryClient.cancelQueries({ queryKey: cartQueries.mine(userId).queryKey });
      queryClient.setQueryData(cartQueries.mine(userId).queryKey, cart);
    },
  });
}
