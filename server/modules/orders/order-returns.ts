import type { Order } from '../../../common/schemas/orders.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { SellableVariant } from '../../db/sellable-variants.ts';
import { refreshProducts, returnVariantStock, takeVariantStock } from '../../db/variant-stock.ts';
import { conflict, notFound } from '../../errors.ts';
import { isRecordId, newRecordId } from '../../record-id.ts';
import { toOrder } from './order-answers.ts';
import type { OrderEvents } from './order-events.ts';
import type { NewOrderLine, NewOrderRow, OrderLineRow, OrderRepository, OrderRow } from './order-repository.ts';
import { shippingOf } from './shipping-address.ts';

/** A line of an order as a return reads it: what was delivered of it, and how many of those were paid back or are being. */
export interface ReturnableLine {
  id: string;
  product: string;
  variant: string;
  variantId: string | null;
  productId: string | null;
  /** Pieces its shipments sent. */
  delivered: number;
  /** Pieces refunds paid back, made or still waiting for the processor. */
  paidBack: number;
}

/** An order held for a return: whose it is, when it was delivered, and its lines. */
export interface HeldOrder {
  order: Order;
  userId: string | null;
  deliveredAt: string | null;
  lines: ReturnableLine[];
}

/** The pieces of one line exchanged for another variant of its product. */
export interface ExchangeRequest {
  lineId: string;
  quantity: number;
  variant: SellableVariant;
}

/** An exchange placed: the order that sends the other variant, and what the customer pays for it or is paid back (cents). */
export interface PlacedExchange {
  order: Order;
  dueCents: number;
  backCents: number;
}

/**
 * What the price of `quantity` pieces moves by when a line's variant is swapped for one at another
 * price per piece: the difference in list price, with the tax the line was charged on it (added on
 * top unless the order's prices included it). Positive: the customer pays; negative: is paid back.
 */
export function exchangeDifferenceCents(line: Pick<OrderLineRow, 'unit_price_cents' | 'tax_rate_ppm'>, taxIncluded: boolean, newUnitCents: number, quantity: number): number {
  const net = (newUnitCents - line.unit_price_cents) * quantity;
  if (taxIncluded || net === 0) return net;
  const tax = Math.round((Math.abs(net) * line.tax_rate_ppm) / 1_000_000);
  return net > 0 ? net + tax : net - tax;
}

/**
 * The orders module's operations for returns (ADR 040): an order held while a return of it is
 * written, and an exchange placed as a new order. The returns module writes its own tables in the
 * transactions these open, through `work` and `alongside`; orders and their lines are written here only.
 */
export function createOrderReturns(orders: OrderRepository, clock: Clock, events: Pick<OrderEvents, 'placed'>) {
  async function held(trx: Database, row: OrderRow): Promise<HeldOrder> {
    const [lines, back] = await Promise.all([orders.linesOf(trx, row.id), orders.heldBack(trx, row.id)]);
    return {
      order: toOrder(row, lines),
      userId: row.user_id,
      deliveredAt: row.delivered_at,
      lines: lines.map((line) => ({
        id: line.id,
        product: line.product,
        variant: line.variant,
        variantId: line.variant_id,
        productId: line.product_id,
        delivered: line.shipped_quantity,
        paidBack: line.refunded_quantity + (back.lines.get(line.id)?.quantity ?? 0),
      })),
    };
  }

  return {
    /**
     * Runs `work` in a transaction that holds the order's row (as refunds and shipments do), with the
     * order as it is once held: requests for returns of one order queue, so what is left to send back
     * is read and taken with nothing committing in between. 404 when there is no such order.
     */
    async whileHeld<T>(orderId: string, work: (transaction: Database, order: HeldOrder) => Promise<T>): Promise<T> {
      const result = isRecordId(orderId) ? await orders.withOrderHeld(orderId, async (trx, row) => ({ value: await work(trx, await held(trx, row)) })) : undefined;
      if (!result) throw notFound('No order of yours has that id.');
      return result.value;
    },

    /** The order as it is now, for a return's message. */
    async orderOf(orderId: string): Promise<Order> {
      const row = await orders.findListedById(orderId);
      if (!row) throw notFound('No order has that id.');
      return toOrder(row, row.lines);
    },

    /**
     * Exchanges received pieces for another variant of their product, in one transaction that holds
     * the original order: the pieces go back to stock (counted as restocked on their line), and a new
     * order sends the other variant to the same address the same way, with no shipping charged. At
     * the same price it is paid at once (nothing to pay) and its pieces are taken from stock, so it is
     * to be shipped like any other; dearer, it waits for the difference to be paid through the usual
     * payment, which takes its stock then, and its customer is mailed as for any order placed; cheaper,
     * the caller refunds `backCents`. `alongside` (the return's own change) runs in the same transaction.
     */
    async exchange(originalId: string, request: ExchangeRequest, alongside: (transaction: Database, placed: Order) => Promise<void>): Promise<PlacedExchange> {
      const { variant, quantity } = request;
      const placed = await orders.withOrderHeld(originalId, async (trx, original) => {
        const line = (await orders.linesOf(trx, original.id)).find((candidate) => candidate.id === request.lineId);
        if (!line) throw conflict(`This order has no line ${request.lineId}.`, 'UNKNOWN_LINE');
        if (!line.product_id || line.product_id !== variant.productId) throw conflict('An exchange is for another variant of the same product.', 'EXCHANGE_NOT_POSSIBLE');
        const difference = exchangeDifferenceCents(line, original.tax_included === 1, variant.priceCents, quantity);
        const dueCents = Math.max(0, difference);
        const now = clock().toISOString();

        // The pieces sent back are the shop's again.
        const back = line.variant_id ? Math.min(quantity, line.quantity - line.restocked_quantity) : 0;
        if (back > 0) {
          await returnVariantStock(trx, line.variant_id!, back);
          await trx
            .updateTable('order_lines')
            .set((eb) => ({ restocked_quantity: eb('restocked_quantity', '+', back) }))
            .where('id', '=', line.id)
            .execute();
          await trx
            .updateTable('orders')
            .set((eb) => ({ restocked_quantity: eb('restocked_quantity', '+', back) }))
            .where('id', '=', original.id)
            .execute();
        }

        const rows = exchangeRows(original, variant, quantity, dueCents, now);
        const { order, lines } = await orders.insertIn(trx, rows.header, [rows.line]);
        if (dueCents === 0 && !(await takeVariantStock(trx, variant.variantId, quantity))) {
          throw conflict(`Only ${variant.availQuantity} of ${variant.name}${variant.label ? ` (${variant.label})` : ''} left in stock.`, 'OUT_OF_STOCK');
        }
        await refreshProducts(trx, [variant.productId]);
        const whole = toOrder(order, lines);
        if (dueCents > 0) await events.placed(trx, whole);
        await alongside(trx, whole);
        return { order: whole, dueCents, backCents: Math.max(0, -difference) };
      });
      if (!placed) throw notFound('No order has that id.');
      return placed;
    },
  };
}

export type OrderReturns = ReturnType<typeof createOrderReturns>;

/**
 * The rows of an exchange's order: the original's buyer, address and way of sending, one line of
 * the other variant priced at what is due for it (nothing at the same price), no shipping charged.
 * At nothing due it is paid now and waits to be shipped.
 */
function exchangeRows(original: OrderRow, variant: SellableVariant, quantity: number, dueCents: number, now: string): { header: NewOrderRow; line: NewOrderLine } {
  const unitCents = Math.round(dueCents / quantity);
  const paid = dueCents === 0;
  const header: NewOrderRow = {
    id: newRecordId(),
    product_id: variant.productId,
    product: variant.name,
    unit_price_cents: unitCents,
    quantity,
    subtotal_cents: dueCents,
    shipping_cents: 0,
    discount_cents: 0,
    tax_cents: 0,
    price_cents: dueCents,
    tax_included: original.tax_included,
    reverse_charge: original.reverse_charge,
    weight_grams: variant.weightGrams * quantity,
    shipping_rate_id: original.shipping_rate_id,
    shipping_rate_name: original.shipping_rate_name,
    shipping_kind: original.shipping_kind,
    pickup_address: original.pickup_address,
    discount_code: null,
    buyer_vat_number: original.buyer_vat_number,
    buyer_company: original.buyer_company,
    invoice_number: null,
    customer_name: original.customer_name,
    email: original.email,
    user_id: original.user_id,
    is_guest: original.is_guest,
    phone: original.phone,
    adress: original.adress,
    ...shippingOf(original),
    payment_status: paid ? 'paid' : 'unpaid',
    transaction_id: null,
    created_at: now,
    paid_at: paid ? now : null,
    shipping_status: paid ? 'pending' : null,
    placed_from_cart: 0,
  };
  const line: NewOrderLine = {
    id: newRecordId(),
    line: 1,
    product_id: variant.productId,
    variant_id: variant.variantId,
    sku: variant.sku,
    variant: variant.label,
    product: variant.name,
    img: variant.img,
    category: variant.category,
    unit_price_cents: unitCents,
    quantity,
    price_cents: dueCents,
    discount_cents: 0,
    tax_rate_ppm: 0,
    tax_cents: 0,
    total_cents: dueCents,
    weight_grams: variant.weightGrams * quantity,
  };
  return { header, line };
}
