import { addedQuantity, cartLimits, cartLineProblem, cartMessages, mergedLine } from '../../../common/cart-rules.ts';
import { centsToDollars } from '../../../common/money.ts';
import { orderTotalCents, type Stock } from '../../../common/ordering.ts';
import type { Cart, CartChange, CartLine, CartLineInput, CartMerge, CartQuote } from '../../../common/schemas/cart.ts';
import type { Clock } from '../../clock.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { isRecordId } from '../../record-id.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import { type OrderChoices, type PricingService, type ProductLine, productLineOf } from '../pricing/pricing-service.ts';
import { quoteOf } from './cart-quote.ts';
import type { CartProductRow, CartRepository, MergedLine } from './cart-repository.ts';

const stockOf = (product: CartProductRow): Stock => ({ minQuantity: product.min_quantity, availQuantity: product.avail_quantity });

/** Lines with one product twice (a visitor's cart edited in two tabs) become one, their quantities added. */
function combined(lines: readonly CartLineInput[]): CartLineInput[] {
  const byProduct = new Map<string, number>();
  for (const line of lines) byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  return [...byProduct].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Carts (ADR 018): a signed-in customer's is kept here, a visitor's in the browser, priced here on
 * request. Every line obeys the specification's order rule with its messages; prices and totals
 * are always the server's.
 */
export function createCartService(carts: CartRepository, clock: Clock, pricing: Pick<PricingService, 'quote'>) {
  async function productsFor(productIds: readonly string[]): Promise<Map<string, CartProductRow>> {
    const ids = productIds.filter(isRecordId);
    return new Map((await carts.productsByIds(ids)).map((product) => [product.id, product]));
  }

  /** Lines priced with their products as they are now, each with what is wrong with it. */
  async function priced(lines: readonly CartLineInput[], known?: Map<string, CartProductRow>): Promise<Cart> {
    const products = known ?? (await productsFor(lines.map((line) => line.productId)));
    let totalCents = 0;
    const priced = lines.map((line): CartLine => {
      const product = products.get(line.productId);
      const problem = cartLineProblem(line.quantity, product && stockOf(product));
      const lineCents = product ? orderTotalCents(product.price_cents, line.quantity) : 0;
      totalCents += lineCents;
      return {
        productId: line.productId,
        quantity: line.quantity,
        product: product
          ? { name: product.name, img: product.img, price: centsToDollars(product.price_cents), minQuantity: product.min_quantity, availQuantity: product.avail_quantity }
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
    return priced((await carts.linesOf(viewer.id)).map((row) => ({ productId: row.product_id, quantity: row.quantity })));
  }

  async function productToAdd(productId: string): Promise<CartProductRow> {
    const product = (await productsFor([productId])).get(productId);
    if (!product) throw notFound('That product is no longer in the catalogue.');
    return product;
  }

  /** Lines as an order takes them: each orderable as it is, or a 409 naming the line to fix. */
  async function orderLines(lines: readonly CartLineInput[]): Promise<ProductLine[]> {
    if (lines.length === 0) throw conflict(cartMessages.empty, 'CART_EMPTY');
    const products = await productsFor(lines.map((line) => line.productId));
    return lines.map((line) => {
      const product = products.get(line.productId);
      if (!product) throw conflict(cartMessages.lineProblem('A tool in your cart', cartMessages.gone), 'CART_NOT_READY');
      const problem = cartLineProblem(line.quantity, stockOf(product));
      if (problem) throw conflict(cartMessages.lineProblem(product.name, problem), 'CART_NOT_READY');
      return productLineOf(product, line.quantity);
    });
  }

  return {
    get: cartOf,

    /** A visitor's cart (kept in the browser), priced and checked as a customer's is. Changes nothing. */
    quote: (lines: readonly CartLineInput[]) => priced(combined(lines)),

    /** Adds pieces to the line of a product (a new line if there is none); the line's new quantity must obey the rule. */
    async add(viewer: SignedInUser, { productId, quantity }: CartLineInput): Promise<Cart> {
      const product = await productToAdd(productId);
      await carts.withCartHeld(viewer.id, async (trx) => {
        const lines = await carts.linesOf(viewer.id, trx);
        const inCart = lines.find((line) => line.product_id === productId)?.quantity ?? 0;
        if (inCart === 0 && lines.length >= cartLimits.lines) throw conflict(cartMessages.tooManyLines, 'CART_FULL');
        const added = addedQuantity(inCart, quantity, stockOf(product));
        if ('problem' in added) throw new AppError(400, 'VALIDATION_FAILED', added.problem);
        await carts.put(trx, viewer.id, productId, added.quantity, clock().toISOString());
      });
      return cartOf(viewer);
    },

    /** Sets the quantity of a product's line (adding the line if need be); it must obey the rule. */
    async set(viewer: SignedInUser, productId: string, quantity: number): Promise<Cart> {
      const product = await productToAdd(productId);
      const problem = cartLineProblem(quantity, stockOf(product));
      if (problem) throw new AppError(400, 'VALIDATION_FAILED', problem);
      await carts.withCartHeld(viewer.id, async (trx) => {
        const lines = await carts.linesOf(viewer.id, trx);
        const inCart = lines.some((line) => line.product_id === productId);
        if (!inCart && lines.length >= cartLimits.lines) throw conflict(cartMessages.tooManyLines, 'CART_FULL');
        await carts.put(trx, viewer.id, productId, quantity, clock().toISOString());
      });
      return cartOf(viewer);
    },

    /** Takes a line out; a line that is not there is gone already, which is what was asked. */
    async remove(viewer: SignedInUser, productId: string): Promise<Cart> {
      await carts.remove(viewer.id, productId);
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
      const products = await productsFor(lines.map((line) => line.productId));
      // The cart is read and written holding it: merges sent at once (two tabs signing in) each see the other's lines.
      const changes = await carts.withCartHeld(viewer.id, async (trx) => {
        const existing = new Map((await carts.linesOf(viewer.id, trx)).map((row) => [row.product_id, row.quantity]));
        const writes: MergedLine[] = [];
        const changed: CartChange[] = [];
        let lineCount = existing.size;
        for (const line of lines) {
          const product = products.get(line.productId);
          const inCart = existing.get(line.productId) ?? 0;
          const name = product?.name ?? null;
          if (inCart === 0 && lineCount >= cartLimits.lines) {
            changed.push({ productId: line.productId, product: name, asked: line.quantity, quantity: 0, message: cartMessages.tooManyLines });
            continue;
          }
          const merged = mergedLine(inCart, line.quantity, product && stockOf(product));
          if (merged.note) changed.push({ productId: line.productId, product: name, asked: inCart + line.quantity, quantity: merged.quantity, message: merged.note });
          if (merged.quantity === 0 && inCart === 0) continue;
          if (inCart === 0) lineCount += 1;
          writes.push({ productId: line.productId, quantity: merged.quantity });
        }
        await carts.merge(trx, viewer.id, writes, clock());
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
      const lines = input.lines ? combined(input.lines) : viewer ? (await carts.linesOf(viewer.id)).map((row) => ({ productId: row.product_id, quantity: row.quantity })) : [];
      const products = await productsFor(lines.map((line) => line.productId));
      const cart = await priced(lines, products);
      // A line whose quantity breaks the rule is priced as it stands (the cart says what to change
      // before it can be checked out); a tool no longer sold has no price.
      const orderable = lines.flatMap((line, index) => {
        const product = products.get(line.productId);
        return product ? [{ index, line: productLineOf(product, line.quantity) }] : [];
      });
      const quote = await pricing.quote({ lines: orderable.map((entry) => entry.line), destination: input.destination, choices: input, customerEmail: viewer?.email });
      return quoteOf(cart, orderable, quote);
    },

    /**
     * The customer's cart as a checkout takes it: every line orderable as it is. Otherwise a 409 that
     * names the line to fix, before anything is opened.
     */
    async checkoutLines(viewer: SignedInUser): Promise<ProductLine[]> {
      const rows = await carts.linesOf(viewer.id);
      return orderLines(rows.map((row) => ({ productId: row.product_id, quantity: row.quantity })));
    },

    /** A guest's cart (kept in their browser) as a checkout takes it, checked as a customer's is. */
    guestLines: (lines: readonly CartLineInput[]) => orderLines(combined(lines)),

    /** Once its checkout is paid, the lines it bought leave the customer's cart, in the transaction that records it. */
    emptyOf: (transaction: Parameters<CartRepository['removeProducts']>[0], userId: string, productIds: readonly string[]) => carts.removeProducts(transaction, userId, productIds),
  };
}

export type CartService = ReturnType<typeof createCartService>;
