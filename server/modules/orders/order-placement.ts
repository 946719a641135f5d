import { orderProductLabel } from '../../../common/ordering.ts';
import type { ShippingAddressColumns } from '../../db/schema.ts';
import { newRecordId } from '../../record-id.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { ProductLine, Quote } from '../pricing/pricing-service.ts';
import type { ListedOrderRow, NewOrderLine, NewOrderRow } from './order-repository.ts';

/** Who places an order: a signed-in customer, or a guest known by the e-mail address and name they gave. */
export type Buyer = { kind: 'customer'; viewer: SignedInUser } | { kind: 'guest'; email: string; name: string };

/** Where an order goes: the phone, and the address in columns with its one-line form. */
export interface Delivery {
  phone: string;
  address: ShippingAddressColumns & { adress: string };
}

/**
 * The rows of an order as its quote priced it (ADR 038): the header with every amount, how it is sent,
 * its code and its buyer; a row per line with its share of the discount, its tax and its total. The
 * specification's one-product fields describe the whole order.
 */
export function orderRowsOf(
  buyer: Buyer,
  lines: readonly ProductLine[],
  quote: Quote & { shipping: NonNullable<Quote['shipping']> },
  delivery: Delivery,
  placed: { at: string; fromCart: boolean; termsVersion: number | undefined },
): { header: NewOrderRow; lines: NewOrderLine[] } {
  const { priced, shipping } = quote;
  const first = priced.lines[0]!;
  const header: NewOrderRow = {
    id: newRecordId(),
    product_id: lines[0]!.productId,
    product: orderProductLabel(lines.map((line) => line.name)),
    unit_price_cents: first.unitPriceCents,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal_cents: priced.subtotalCents,
    shipping_cents: priced.shippingCents,
    discount_cents: priced.discountCents,
    tax_cents: priced.taxCents,
    price_cents: priced.totalCents,
    shipping_discount_cents: priced.shippingDiscountCents,
    shipping_tax_cents: priced.shippingTaxCents,
    shipping_tax_rate_ppm: priced.shippingTaxRatePpm,
    tax_included: priced.taxIncluded ? 1 : 0,
    reverse_charge: priced.reverseCharge ? 1 : 0,
    weight_grams: priced.weightGrams,
    shipping_rate_id: shipping.id,
    shipping_rate_name: shipping.name,
    shipping_kind: shipping.kind,
    pickup_address: shipping.address ?? null,
    discount_code: quote.discount?.applied ? quote.discount.code : null,
    buyer_vat_number: quote.vatNumber ?? null,
    buyer_company: quote.company ?? null,
    invoice_number: null,
    customer_name: buyer.kind === 'customer' ? buyer.viewer.name : buyer.name,
    email: buyer.kind === 'customer' ? buyer.viewer.email : buyer.email,
    user_id: buyer.kind === 'customer' ? buyer.viewer.id : null,
    is_guest: buyer.kind === 'guest' ? 1 : 0,
    phone: delivery.phone,
    ...delivery.address,
    payment_status: 'unpaid',
    transaction_id: null,
    created_at: placed.at,
    paid_at: null,
    shipping_status: null,
    placed_from_cart: placed.fromCart ? 1 : 0,
    terms_version: placed.termsVersion ?? null,
  };
  const lineRows = lines.map((line, index): NewOrderLine => {
    const priced = quote.priced.lines[index]!;
    return {
      id: newRecordId(),
      line: index + 1,
      product_id: line.productId,
      variant_id: line.variantId,
      sku: line.sku,
      variant: line.variant,
      product: line.name,
      img: line.img,
      category: line.category,
      unit_price_cents: priced.unitPriceCents,
      quantity: line.quantity,
      price_cents: priced.amountCents,
      discount_cents: priced.discountCents,
      tax_rate_ppm: priced.taxRatePpm,
      tax_cents: priced.taxCents,
      total_cents: priced.totalCents,
      weight_grams: priced.weightGrams,
    };
  });
  return { header, lines: lineRows };
}

/**
 * Whether an open order is this checkout again: the same lines at the same prices, to the same phone
 * and address, sent the same way with the same code, for the same total, under the same terms.
 */
export function sameCheckout(open: ListedOrderRow, placing: { header: NewOrderRow; lines: readonly NewOrderLine[] }): boolean {
  const sameLines =
    open.lines.length === placing.lines.length &&
    open.lines.every((line, index) => {
      const wanted = placing.lines[index]!;
      return line.variant_id === wanted.variant_id && line.quantity === wanted.quantity && line.unit_price_cents === wanted.unit_price_cents;
    });
  const compared = [
    'phone',
    'adress',
    'ship_name',
    'ship_line1',
    'ship_line2',
    'ship_city',
    'ship_region',
    'ship_postal_code',
    'ship_country',
    'price_cents',
    'shipping_rate_id',
    'discount_code',
    'buyer_vat_number',
    // Terms published since: placing it again accepts the new ones.
    'terms_version',
  ] as const;
  return sameLines && compared.every((column) => open[column] === placing.header[column]);
}
