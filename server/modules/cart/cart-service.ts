import { addedQuantity, cartLimits, cartLineProblem, cartMessages, mergedLine } from '../../../common/cart-rules.ts';
import { centsToDollars } from '../../../common/money.ts';
import { orderTotalCents, type Stock } from '../../../common/ordering.ts';
import type { Cart, CartChange, CartLine, CartLineInput, CartMerge, CartQuote } from '../../../common/schemas/cart.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { isRecordId } from '../../record-id.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import { type OrderChoices, type PricingService, type ProductLine, productLineOf } from '../pricing/pricing-service.ts';
import { quoteOf } from './cart-quote.ts';
import type { SellableVariant } from '../../db/sellable-variants.ts';
import type { CartRepository, MergedLine } from './cart-repository.ts';

const stockOf = (variant: SellableVariant): Stock => ({ minQuantity: variant.minQuantity, availQuantity: variant.availQuantity });

/** A line as the cart keeps it: always naming its variant (a product sold one way has one, with the product's id). */
interface KeyedLine {
  productId: string;
  variantId: string;
  /** Whether the line named its variant: a product sold in several ways needs it to. */
  chosen: boolean;
  quantity: number;
}

const keyed = (line: CartLineInput): KeyedLine => ({
  productId: line.productId,
  variantId: line.variantId ?? line.productId,
  chosen: line.variantId !== undefined,
  quantity: line.quantity,
});
const keyedRow = (row: { product_id: string; variant_id: string; quantity: number }): KeyedLine => ({
  productId: row.product_id,
  variantId: row.variant_id,
  chosen: true,
  quantity: row.quantity,
});

/** Lines with one variant twice (a visitor's cart edited in two tabs) become one, their quantities added. */
function combined(lines: readonly CartLineInput[]): KeyedLine[] {
  const byVariant = new Map<string, KeyedLine>();
  for (const line of lines.map(keyed)) {
    const seen = byVariant.get(line.variantId);
    byVariant.set(line.variantId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  return [...byVariant.values()];
}

/** The line's variant, if it is still sold, visible, and of the product the line names. */
function variantOf(line: KeyedLine, variants: Map<string, SellableVariant>): SellableVariant | undefined {
  const variant = variants.get(line.variantId);
  return variant && variant.productId === line.productId && !variant.hidden ? variant : undefined;
}

/** What is wrong with a line: its variant is gone, not chosen, or the quantity breaks the rule. */
function lineProblem(line: KeyedLine, variant: SellableVariant | undefined): string | undefined {
  if (variant && variant.hasOptions && !line.chosen) return cartMessages.chooseVariant;
  return cartLineProblem(line.quantity, variant && stockOf(variant));
}

/** What the cart tells of a customer's cart changing by their hand, in the transaction of the change (its reminders wait again, ADR 045). */
export interface CartChanges {
  changed(transaction: Database, userId: string): Promise<void>;
}

/**
 * Carts (ADR 018): a signed-in customer's is kept here, a visitor's in the browser, priced here on
 * request. Every line obeys the specification's order rule with its messages; prices and totals
 * are always the server's.
 */
export function createCartService(carts: CartRepository, clock: Clock, pricing: Pick<PricingService, 'quote'>, cartChanges: CartChanges) {
  async function variantsFor(lines: readonly KeyedLine[]): Promise<Map<string, SellableVariant>> {
    return carts.variantsByIds(lines.map((line) => line.variantId).filter(isRecordId));
  }

  /** Lines priced with their variants as they are now, each with what is wrong with it. */
  async function priced(lines: readonly KeyedLine[], known?: Map<string, SellableVariant>): Promise<Cart> {
    const variants = known ?? (await variantsFor(lines));
    let totalCents = 0;
    const priced = lines.map((line): CartLine => {
      const variant = variantOf(line, variants);
      const problem = lineProblem(line, variant);
      const lineCents = variant ? orderTotalCents(variant.priceCents, line.quantity) : 0;
      totalCents += lineCents;
      return {
        productId: line.productId,
        variantId: line.variantId,
        quantity: line.quantity,
        product: variant
          ? {
              name: variant.name,
              img: variant.img,
              price: centsToDollars(variant.priceCents),
              minQuantity: variant.minQuantity,
              availQuantity: variant.availQuantity,
              variant: variant.label,
              sku: variant.sku,
            }
          : null,
        lineTotal: centsToDollars(lineCents),
        ...(problem ? { problem } : {}),
      };
    });
    return {
      lines: priced,
      count: lines.reduce((sum, line) => sum + line.quantity, 0),
      total: centsToDollars(totalCents),
      ready: priced.length > 0 && priced.every((line) => !line.problem),
    };
  }

  async function cartOf(viewer: SignedInUser): Promise<Cart> {
    return priced((await carts.linesOf(viewer.id)).map(keyedRow));
  }

  /** The variant a line names, which must be sold and, for a product sold in several ways, chosen. */
  async function variantToAdd(line: KeyedLine): Promise<SellableVariant> {
    const variant = variantOf(line, await variantsFor([line]));
    if (!variant) throw notFound('That product is no longer in the catalogue.');
    if (variant.hasOptions && !line.chosen) throw new AppError(400, 'VALIDATION_FAILED', cartMessages.chooseVariant);
    return variant;
  }

  /** Lines as an order takes them: each orderable as it is, or a 409 naming the line to fix. */
  async function orderLines(lines: readonly KeyedLine[]): Promise<ProductLine[]> {
    if (lines.length === 0) throw conflict(cartMessages.empty, 'CART_EMPTY');
    const variants = await variantsFor(lines);
    return lines.map((line) => {
      const variant = variantOf(line, variants);
      if (!variant) throw conflict(cartMessages.lineProblem('A tool in your cart', cartMessages.gone), 'CART_NOT_READY');
      const problem = lineProblem(line, variant);
      if (problem) throw conflict(cartMessages.lineProblem(variant.label ? `${variant.name} (${variant.label})` : variant.name, problem), 'CART_NOT_READY');
      return productLineOf(variant, line.quantity);
    });
  }

  return {
    get: cartOf,

    /** A customer's cart priced as it is now, for a message about it (their cart reminder). */
    ofCustomer: async (userId: string): Promise<Cart> => priced((await carts.linesOf(userId)).map(keyedRow)),

    /** A visitor's cart (kept in the browser), priced and checked as a customer's is. Changes nothing. */
    quote: (lines: readonly CartLineInput[]) => priced(combined(lines)),

    /** Adds pieces to the line of a variant (a new line if there is none); the line's new quantity must obey the rule. */
    async add(viewer: SignedInUser, input: CartLineInput): Promise<Cart> {
      const line = keyed(input);
      const variant = await variantToAdd(line);
      await carts.withCartHeld(viewer.id, async (trx) => {
        const lines = await carts.linesOf(viewer.id, trx);
        const inCart = lines.find((row) => row.variant_id === line.variantId)?.quantity ?? 0;
        if (inCart === 0 && lines.length >= cartLimits.lines) throw conflict(cartMessages.tooManyLines, 'CART_FULL');
        const added = addedQuantity(inCart, line.quantity, stockOf(variant));
        if ('problem' in added) throw new AppError(400, 'VALIDATION_FAILED', added.problem);
        await carts.put(trx, viewer.id, line, added.quantity, clock().toISOString());
        await cartChanges.changed(trx, viewer.id);
      });
      return cartOf(viewer);
    },

    /** Sets the quantity of a variant's line (adding the line if need be); it must obey the rule. */
    async set(viewer: SignedInUser, variantId: string, quantity: number): Promise<Cart> {
      const found = (await variantsFor([{ productId: '', variantId, chosen: true, quantity }])).get(variantId);
      if (!found || found.hidden) throw notFound('That product is no longer in the catalogue.');
      const line: KeyedLine = { productId: found.productId, variantId, chosen: true, quantity };
      const problem = cartLineProblem(quantity, stockOf(found));
      if (problem) throw new AppError(400, 'VALIDATION_FAILED', problem);
      await carts.withCartHeld(viewer.id, async (trx) => {
        const lines = await carts.linesOf(viewer.id, trx);
        const inCart = lines.some((row) => row.variant_id === variantId);
        if (!inCart && lines.length >= cartLimits.lines) throw conflict(cartMessages.tooManyLines, 'CART_FULL');
        await carts.put(trx, viewer.id, line, quantity, clock().toISOString());
        await cartChanges.changed(trx, viewer.id);
      });
      return cartOf(viewer);
    },

    /** Takes a line out; a line that is not there is gone already, which is what was asked. */
    async remove(viewer: SignedInUser, variantId: string): Promise<Cart> {
      await carts.withCartHeld(viewer.id, async (trx) => {
        if (await carts.remove(trx, viewer.id, variantId)) await cartChanges.changed(trx, viewer.id);
      });
      return cartOf(viewer);
    },

    /**
     * At sign-in, the visitor's cart joins the account's: the quantities of a product in both are
     * added, then each line is clamped to the rule (to the minimum, to the most that can be ordered,
     * or out when its product is sold out or gone), and each line that changed is reported with why.
     * A cart full already keeps what it has, and says which lines did not fit.
     */
    async merge(viewer: SignedInUser, incoming: readonly CartLineInput[]): Promise<CartMerge> {
      const lines = combined(incoming);
      const variants = await variantsFor(lines);
      // The cart is read and written holding it: merges sent at once (two tabs signing in) each see the other's lines.
      const changes = await carts.withCartHeld(viewer.id, async (trx) => {
        const existing = new Map((await carts.linesOf(viewer.id, trx)).map((row) => [row.variant_id, row.quantity]));
        const writes: MergedLine[] = [];
        const changed: CartChange[] = [];
        let lineCount = existing.size;
        for (const line of lines) {
          const variant = variantOf(line, variants);
          const inCart = existing.get(line.variantId) ?? 0;
          const name = variant?.name ?? null;
          const ids = { productId: line.productId, variantId: line.variantId };
          if (inCart === 0 && lineCount >= cartLimits.lines) {
            changed.push({ ...ids, product: name, asked: line.quantity, quantity: 0, message: cartMessages.tooManyLines });
            continue;
          }
          const merged = mergedLine(inCart, line.quantity, variant && !(variant.hasOptions && !line.chosen) ? stockOf(variant) : undefined);
          if (merged.note) changed.push({ ...ids, product: name, asked: inCart + line.quantity, quantity: merged.quantity, message: merged.note });
          if (merged.quantity === 0 && inCart === 0) continue;
          if (inCart === 0) lineCount += 1;
          writes.push({ ...ids, quantity: merged.quantity });
        }
        await carts.merge(trx, viewer.id, writes, clock());
        if (writes.length > 0) await cartChanges.changed(trx, viewer.id);
        return changed;
      });
      return { cart: await cartOf(viewer), changes };
    },

    /**
     * A cart priced as an order of it would be (ADR 038): sent to a destination the way chosen (or the
     * cheapest), with a discount code and the tax there. A visitor's lines are given; a signed-in
     * customer's are their cart's when none are given. A tool no longer sold counts in none of the amounts.
     */
    async quoteFor(
      viewer: SignedInUser | null,
      input: { lines?: readonly CartLineInput[] | undefined; destination?: { country: string; region?: string | undefined } | undefined } & OrderChoices,
    ): Promise<CartQuote> {
      const lines = input.lines ? combined(input.lines) : viewer ? (await carts.linesOf(viewer.id)).map(keyedRow) : [];
      const variants = await variantsFor(lines);
      const cart = await priced(lines, variants);
      // A line whose quantity breaks the rule is priced as it stands (the cart says what to change
      // before it can be checked out); a tool no longer sold has no price.
      const orderable = lines.flatMap((line, index) => {
        const variant = variantOf(line, variants);
        return variant ? [{ index, line: productLineOf(variant, line.quantity) }] : [];
      });
      const quote = await pricing.quote({ lines: orderable.map((entry) => entry.line), destination: input.destination, choices: input, customerEmail: viewer?.email });
      return quoteOf(cart, orderable, quote);
    },

    /**
     * The customer's cart as a checkout takes it: every line orderable as it is. Otherwise a 409 that
     * names the line to fix, before anything is opened.
     */
    async checkoutLines(viewer: SignedInUser): Promise<ProductLine[]> {
      return orderLines((await carts.linesOf(viewer.id)).map(keyedRow));
    },

    /** A guest's cart (kept in their browser) as a checkout takes it, checked as a customer's is. */
    guestLines: (lines: readonly CartLineInput[]) => orderLines(combined(lines)),

    /** Once its checkout is paid, the lines it bought leave the customer's cart, in the transaction that records it. */
    emptyOf: (transaction: Parameters<CartRepository['removeVariants']>[0], userId: string, variantIds: readonly string[]) => carts.removeVariants(transaction, userId, variantIds),
  };
}

export type CartService = ReturnType<typeof createCartService>;
