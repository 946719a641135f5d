import { maxOrderTotalCents, orderableUnits, orderMessages, quantityProblem, type Stock } from './ordering.ts';
import { centsToDollars, formatUsd } from './money.ts';

/**
 * The cart's rules (ADR 018), shared by the browser (a visitor's cart in localStorage, quick
 * feedback) and the server (a customer's cart, which decides). Every line obeys the specification's
 * order rule, `minQuantity <= quantity < availQuantity`, with the same messages as the purchase page.
 */
export const cartLimits = {
  /** Different tools one cart holds: bounds every cart query and the merge at sign-in. */
  lines: 50,
  /** The most pieces one line may ask for, before the stock is even looked at. */
  quantity: 1_000_000,
  /** The longest product id a line may name. */
  productId: 200,
} as const;

/**
 * Whether a line read back from a visitor's browser storage has the shape `cartLineInputSchema`
 * accepts: checked here without zod, which stays out of the pages' first load. The server checks the
 * lines again with that schema when they reach it.
 */
export function isStoredCartLine(value: unknown): value is { productId: string; variantId?: string; quantity: number } {
  if (typeof value !== 'object' || value === null) return false;
  const { productId, variantId, quantity } = value as Record<string, unknown>;
  return (
    (variantId === undefined || (typeof variantId === 'string' && variantId.length > 0 && variantId.length <= cartLimits.productId)) &&
    typeof productId === 'string' &&
    productId.trim().length > 0 &&
    productId.length <= cartLimits.productId &&
    Number.isInteger(quantity) &&
    (quantity as number) >= 1 &&
    (quantity as number) <= cartLimits.quantity
  );
}

export const cartMessages = {
  empty: 'Your cart is empty.',
  gone: 'This tool is no longer sold. Please remove it from your cart.',
  chooseVariant: 'This tool comes in several kinds. Please choose one on its page.',
  tooManyLines: `A cart holds at most ${cartLimits.lines} different tools. Please check out or remove some first.`,
  tooExpensive: `One payment can be at most ${formatUsd(centsToDollars(maxOrderTotalCents))}. Please check out fewer pieces at a time.`,
  /** A line's problem, named: what a checkout refused says, so that the person knows which line to fix. */
  lineProblem: (product: string, problem: string) => `${product}: ${problem}`,
  /** Adding more of a tool the cart already holds: the sum must obey the rule. */
  alreadyInCart: (inCart: number, problem: string) => `You have ${inCart} in your cart already. ${problem}`,
  added: (quantity: number, product: string) => `${quantity} × ${product} added to your cart.`,
} as const;

/** What is wrong with a line of the cart, if anything: its product is gone, or its quantity breaks the rule. */
export function cartLineProblem(quantity: number, stock: Stock | undefined): string | undefined {
  return stock ? quantityProblem(quantity, stock) : cartMessages.gone;
}

/** Adding `adding` pieces to a line that holds `inCart` (0 for a new line): the new quantity, or why not. */
export function addedQuantity(inCart: number, adding: number, stock: Stock): { quantity: number } | { problem: string } {
  // A part of a piece, or nothing at all, is refused as such, whatever the line holds already.
  if (Number.isFinite(adding) && !Number.isInteger(adding)) return { problem: orderMessages.wholeNumber };
  if (!(adding >= 1)) return { problem: orderMessages.orderAtLeast(stock.minQuantity) };
  const problem = quantityProblem(inCart + adding, stock);
  if (!problem) return { quantity: inCart + adding };
  return { problem: inCart > 0 ? cartMessages.alreadyInCart(inCart, problem) : problem };
}

/**
 * The nearest quantity the rule allows (0 when none: the product is sold out). A visitor's cart
 * merged into a customer's at sign-in is clamped so, and each line it changes is reported.
 */
export function clampedQuantity(quantity: number, stock: Stock): number {
  const most = orderableUnits(stock);
  if (most < stock.minQuantity) return 0;
  return Math.min(most, Math.max(stock.minQuantity, Math.floor(quantity)));
}

/** The merge of a line at sign-in: the two quantities added, then clamped; and what the person is told when that changed it. */
export function mergedLine(inCart: number, adding: number, stock: Stock | undefined): { quantity: number; note?: string } {
  if (!stock) return { quantity: 0, note: cartMessages.gone };
  const asked = inCart + adding;
  const quantity = clampedQuantity(asked, stock);
  if (quantity === asked) return { quantity };
  return { quantity, note: quantityProblem(asked, stock) ?? orderMessages.soldOut };
}
