import { orderNumberLabel, orderStage } from '../../../common/ordering.ts';
import { csvLine } from '../../csv.ts';
import type { ListedOrderRow } from './order-repository.ts';

/** The columns of the orders' CSV export: one row per line of an order, the order's figures repeated on each. */
export const orderCsvHeader = [
  'orderNumber',
  'placedAt',
  'paidAt',
  'stage',
  'customerName',
  'email',
  'country',
  'region',
  'product',
  'variant',
  'sku',
  'quantity',
  'unitPrice',
  'lineTotal',
  'orderSubtotal',
  'shipping',
  'discount',
  'tax',
  'total',
  'carrier',
  'trackingNumber',
] as const;

/** Cents as dollars with two decimals, as a spreadsheet reads a number: 1234 is 12.34. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** One order's rows of the export (CSV-safe: a cell that would run as a formula is quoted as text). */
export function orderCsvRows(row: ListedOrderRow): string {
  const stage = orderStage({
    paymentStatus: row.payment_status,
    shippingStatus: row.shipping_status ?? undefined,
    cancelReason: row.cancel_reason ?? undefined,
    shippedPieces: row.shipped_quantity,
  });
  const order = [orderNumberLabel(row.number), row.created_at, row.paid_at ?? '', stage, row.customer_name, row.email, row.ship_country ?? '', row.ship_region ?? ''];
  const figures = [
    dollars(row.subtotal_cents),
    dollars(row.shipping_cents),
    dollars(row.discount_cents),
    dollars(row.tax_cents),
    dollars(row.price_cents),
    row.carrier ?? '',
    row.tracking_number ?? '',
  ];
  return row.lines
    .map((line) => csvLine([...order, line.product, line.variant, line.sku ?? '', String(line.quantity), dollars(line.unit_price_cents), dollars(line.total_cents), ...figures]))
    .join('');
}
