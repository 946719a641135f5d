import { centsToDollars, dollarsToCents } from '../../../../common/money.ts';
import { lineDescription } from '../../../../common/variants.ts';
import type { Order, OrderShipment } from '../../../../common/schemas/orders.ts';
import { receiptSums } from '../../../../common/receipt.ts';
import type { OrderSummary } from './email-content.ts';

/** An order as a message's order table: each line, how the total is made (as the receipt words it), and the total. */
export function summaryOf(order: Order): OrderSummary {
  const sums = receiptSums({
    totals: order.totals,
    refunded: 0,
    shippingMethod: order.shippingMethod?.name,
    discountCode: order.discountCode,
    taxByRate: order.totals.taxByRate,
    taxIncluded: order.totals.taxIncluded,
    reverseCharge: order.totals.reverseCharge,
  });
  return {
    reference: order.orderNumber,
    lines: order.lines.map((line) => ({ name: lineDescription(line), quantity: line.quantity, unitPrice: line.unitPrice, total: line.price })),
    // The total is the table's own last row; what the prices include comes after it on a receipt, here before.
    sums: sums.filter((sum) => sum.emphasis !== 'total').map(({ label, figure }) => ({ label, figure })),
    total: order.totals.total,
  };
}

/** What one parcel holds, as a message's table: the pieces of each line in it, at their price. */
export function shipmentSummaryOf(order: Order, shipment: OrderShipment): OrderSummary {
  const lines = shipment.lines.map((piece) => {
    const line = order.lines.find((candidate) => candidate.lineId === piece.lineId);
    const unitPrice = line?.unitPrice ?? 0;
    return { name: line ? lineDescription(line) : piece.product, quantity: piece.quantity, unitPrice, total: centsToDollars(dollarsToCents(unitPrice) * piece.quantity) };
  });
  return { reference: order.orderNumber, lines, total: centsToDollars(lines.reduce((sum, line) => sum + dollarsToCents(line.total), 0)) };
}
