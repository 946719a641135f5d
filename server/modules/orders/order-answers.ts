import { centsToDollars } from '../../../common/money.ts';
import { ppmToPercent } from '../../../common/order-pricing.ts';
import { orderNumberLabel, orderStage, refundStatus, type UnpayableReason } from '../../../common/ordering.ts';
import type { OrderNote, OrderRefund } from '../../../common/schemas/order-details.ts';
import type { Order, OrderLine, OrderShipment, ShippingMethod } from '../../../common/schemas/orders.ts';
import type { ListedOrderRow, OrderLineRow, OrderNoteRow, OrderRow, RefundLineRow, RefundRow, ShipmentWithLines } from './order-repository.ts';
import { shippingAddressOf } from './shipping-address.ts';

/** How the order's lines and header are answered: every amount from cents to US dollars, as the wire carries money. */
function toLine(line: OrderLineRow): OrderLine {
  return {
    lineId: line.id,
    productId: line.product_id,
    variantId: line.variant_id,
    sku: line.sku,
    variant: line.variant,
    product: line.product,
    img: line.img,
    unitPrice: centsToDollars(line.unit_price_cents),
    quantity: line.quantity,
    price: centsToDollars(line.price_cents),
    shippedQuantity: line.shipped_quantity,
    refundedQuantity: line.refunded_quantity,
    restockedQuantity: line.restocked_quantity,
    discount: centsToDollars(line.discount_cents),
    taxRate: ppmToPercent(line.tax_rate_ppm),
    tax: centsToDollars(line.tax_cents),
    total: centsToDollars(line.total_cents),
  };
}

/** How the order is sent, as chosen when it was placed; none for an order placed before shipping was charged. */
function shippingMethodOf(row: OrderRow): ShippingMethod | undefined {
  if (!row.shipping_rate_id || !row.shipping_rate_name || !row.shipping_kind) return undefined;
  return { id: row.shipping_rate_id, name: row.shipping_rate_name, kind: row.shipping_kind, ...(row.pickup_address && { address: row.pickup_address }) };
}

/** The tax per rate of an order: its lines' and its shipping's, from what each keeps. */
function taxByRateOf(row: OrderRow, lines: readonly OrderLineRow[]): Order['totals']['taxByRate'] {
  const byRate = new Map<number, { taxable: number; tax: number }>();
  const add = (ratePpm: number, cents: number, tax: number) => {
    if (ratePpm === 0 || cents === 0) return;
    const entry = byRate.get(ratePpm) ?? { taxable: 0, tax: 0 };
    entry.taxable += row.tax_included ? cents - tax : cents;
    entry.tax += tax;
    byRate.set(ratePpm, entry);
  };
  for (const line of lines) add(line.tax_rate_ppm, line.price_cents - line.discount_cents, line.tax_cents);
  add(row.shipping_tax_rate_ppm, row.shipping_cents - row.shipping_discount_cents, row.shipping_tax_cents);
  return [...byRate].sort(([a], [b]) => b - a).map(([ratePpm, { taxable, tax }]) => ({ rate: ppmToPercent(ratePpm), taxable: centsToDollars(taxable), tax: centsToDollars(tax) }));
}

/** An order on the wire: its header's fields (the specification's among them) and its lines. */
export function toOrder(row: OrderRow, lines: readonly OrderLineRow[]): Order {
  const shippingMethod = shippingMethodOf(row);
  return {
    _id: row.id,
    productId: row.product_id,
    product: row.product,
    cutomerName: row.customer_name,
    email: row.email,
    unitPrice: centsToDollars(row.unit_price_cents),
    price: centsToDollars(row.price_cents),
    quantity: row.quantity,
    phone: row.phone,
    adress: row.adress,
    ...(shippingAddressOf(row) && { shippingAddress: shippingAddressOf(row) }),
    paymentStatus: row.payment_status,
    ...(row.transaction_id ? { transactionId: row.transaction_id } : {}),
    ...(row.shipping_status ? { shippingStatus: row.shipping_status } : {}),
    createdAt: row.created_at,
    ...(row.paid_at ? { paidAt: row.paid_at } : {}),
    number: row.number,
    orderNumber: orderNumberLabel(row.number),
    stage: orderStage({
      paymentStatus: row.payment_status,
      shippingStatus: row.shipping_status ?? undefined,
      cancelReason: row.cancel_reason ?? undefined,
      shippedPieces: row.shipped_quantity,
    }),
    ...(row.shipped_at ? { shippedAt: row.shipped_at } : {}),
    ...(row.carrier ? { carrier: row.carrier } : {}),
    ...(row.tracking_number ? { trackingNumber: row.tracking_number } : {}),
    ...(row.delivered_at ? { deliveredAt: row.delivered_at } : {}),
    ...(row.cancelled_at ? { cancelledAt: row.cancelled_at } : {}),
    ...(row.cancel_reason ? { cancelReason: row.cancel_reason } : {}),
    ...(row.card_brand ? { cardBrand: row.card_brand } : {}),
    ...(row.card_last4 ? { cardLast4: row.card_last4 } : {}),
    refundedAmount: centsToDollars(row.refunded_cents),
    refundStatus: refundStatus(row.refunded_cents, row.price_cents),
    restockedQuantity: row.restocked_quantity,
    lines: lines.map(toLine),
    totals: {
      subtotal: centsToDollars(row.subtotal_cents),
      shipping: centsToDollars(row.shipping_cents),
      discount: centsToDollars(row.discount_cents),
      tax: centsToDollars(row.tax_cents),
      total: centsToDollars(row.price_cents),
      currency: row.currency,
      taxIncluded: row.tax_included === 1,
      reverseCharge: row.reverse_charge === 1,
      taxByRate: taxByRateOf(row, lines),
    },
    ...(shippingMethod && { shippingMethod }),
    ...(row.discount_code && { discountCode: row.discount_code }),
    guest: row.is_guest === 1,
    ...(row.buyer_vat_number && { buyerVatNumber: row.buyer_vat_number }),
    ...(row.buyer_company && { buyerCompany: row.buyer_company }),
    ...(row.invoice_number && { invoiceNumber: row.invoice_number }),
  };
}

/** Why an unpaid order's lines cannot be paid now, if they cannot: a product no longer sold, or fewer pieces left than a line asks for. */
export function unpayableLine(row: ListedOrderRow): { reason: UnpayableReason; line: ListedOrderRow['lines'][number] } | undefined {
  for (const line of row.lines) {
    if (line.product_stock === null) return { reason: 'product-gone', line };
    // The stock paying takes from (markPaid): enough pieces left for the line's quantity.
    if (line.product_stock < line.quantity) return { reason: 'out-of-stock', line };
  }
  return undefined;
}

/** An order as shown in a list or read: for an open unpaid one, whether its lines' stock can still cover it. */
export function toListedOrder(row: ListedOrderRow): Order {
  const order = toOrder(row, row.lines);
  if (row.payment_status !== 'unpaid' || row.cancelled_at) return order;
  const unpayable = unpayableLine(row);
  return unpayable ? { ...order, unpayable: unpayable.reason } : order;
}

export function toRefund(row: RefundRow, lines: readonly RefundLineRow[], productOf: Map<string, string>, creditNoteOf: Map<string, string>): OrderRefund {
  const pieces = lines.filter((line) => line.refund_id === row.id);
  const creditNote = creditNoteOf.get(row.id);
  return {
    id: row.id,
    amount: centsToDollars(row.amount_cents),
    reason: row.reason,
    restockedQuantity: row.restocked_quantity,
    createdAt: row.created_at,
    ...(row.status === 'pending' && { pending: true }),
    ...(pieces.length > 0 && {
      lines: pieces.map((piece) => ({ lineId: piece.line_id, product: productOf.get(piece.line_id) ?? '', quantity: piece.quantity, restock: piece.restock })),
    }),
    ...(creditNote && { creditNoteNumber: creditNote }),
  };
}

export function toShipment(row: ShipmentWithLines): OrderShipment {
  return {
    id: row.id,
    carrier: row.carrier,
    ...(row.tracking_number ? { trackingNumber: row.tracking_number } : {}),
    createdAt: row.created_at,
    lines: row.lines.map((line) => ({ lineId: line.line_id, product: line.product, quantity: line.quantity })),
  };
}

/** An internal note on an order, as staff read it. */
export function toOrderNote(row: OrderNoteRow): OrderNote {
  return { id: row.id, text: row.text, authorName: row.author_name, createdAt: row.created_at };
}
