import { trackingLink } from '../../../../common/carriers.ts';
import { formatUsd } from '../../../../common/money.ts';
import type { Order, OrderShipment } from '../../../../common/schemas/orders.ts';
import type { EmailContent } from './email-content.ts';
import { shipmentSummaryOf, summaryOf } from './order-summary.ts';

interface OrderMessageInput {
  order: Order;
  /** The order's page on the shop (pay, track, cancel). */
  orderUrl: string;
}

export function orderPlaced({ order, payUrl }: { order: Order; payUrl: string }): EmailContent {
  return {
    subject: `Your Joinery order ${order.orderNumber} is waiting for payment`,
    preview: 'Pay to confirm it: we start making and packing once it is paid.',
    heading: 'Thank you for your order',
    paragraphs: [`Hello ${order.cutomerName},`, 'We have your order. It is confirmed once it is paid: until then the tools stay on the shelf for everyone.'],
    order: summaryOf(order),
    action: { label: 'Pay for this order', url: payUrl },
    footnote: 'Unpaid orders are cancelled after a few days; you can also cancel it yourself from My Orders.',
  };
}

export function paymentReceipt({ order, orderUrl }: OrderMessageInput): EmailContent {
  return {
    subject: `Receipt for your Joinery order ${order.orderNumber}`,
    preview: 'Payment received: we are getting your tools ready.',
    heading: 'Payment received',
    paragraphs: [
      `Hello ${order.cutomerName},`,
      `We received your payment${order.transactionId ? ` (reference ${order.transactionId})` : ''}. We will let you know when your tools are on their way.`,
    ],
    order: summaryOf(order),
    action: { label: 'See my order', url: orderUrl },
    footnote: [
      order.shippingMethod?.kind === 'pickup'
        ? `Collect it from our workshop: ${order.shippingMethod.address ?? ''}. We will write when it is ready.`
        : `It will be shipped${order.shippingMethod ? ` (${order.shippingMethod.name})` : ''} to: ${order.adress}`,
      'Your invoice is attached to this e-mail.',
    ].join(' '),
  };
}

/**
 * One parcel: what is in it, who carries it and the number to follow it by; the carrier's tracking
 * page when we know it, else the order's. A parcel that leaves pieces to come says so.
 */
export function orderShipped({ order, shipment, orderUrl }: OrderMessageInput & { shipment: OrderShipment }): EmailContent {
  const tracking = trackingLink(shipment.carrier, shipment.trackingNumber);
  const carriedBy = `${shipment.carrier} is carrying it${shipment.trackingNumber ? `, tracking number ${shipment.trackingNumber}` : ''}.`;
  const partly = order.stage === 'partly-shipped';
  return {
    subject: partly ? `Part of your Joinery order ${order.orderNumber} is on its way` : `Your Joinery order ${order.orderNumber} is on its way`,
    preview: `Your tools have left the workshop with ${shipment.carrier}.`,
    heading: partly ? 'Part of your order is on its way' : 'Your tools are on their way',
    paragraphs: [
      `Hello ${order.cutomerName},`,
      `A parcel with the tools below has left our workshop for ${order.adress}.`,
      carriedBy,
      ...(partly ? ['The rest of your order follows in another parcel; we will write again when it leaves.'] : []),
    ],
    order: shipmentSummaryOf(order, shipment),
    action: tracking ? { label: `Track it with ${order.carrier}`, url: tracking } : { label: 'Follow my order', url: orderUrl },
    ...(tracking ? { footnote: `Your order at Joinery: ${orderUrl}` } : {}),
  };
}

export function orderDelivered({ order, orderUrl }: OrderMessageInput): EmailContent {
  return {
    subject: `Your Joinery order ${order.orderNumber} was delivered`,
    preview: 'Enjoy your new tools, and tell us how they work for you.',
    heading: 'Delivered',
    paragraphs: [`Hello ${order.cutomerName},`, 'Your order has been delivered. We hope the tools serve you for many years; a review helps other woodworkers choose.'],
    order: summaryOf(order),
    action: { label: 'See my order', url: orderUrl },
  };
}

export function orderCancelled({ order, ordersUrl, expired }: { order: Order; ordersUrl: string; expired: boolean }): EmailContent {
  return {
    subject: expired ? `Your unpaid Joinery order ${order.orderNumber} has expired` : `Your Joinery order ${order.orderNumber} was cancelled`,
    preview: expired ? 'It was not paid in time, so nothing was charged.' : 'Nothing was charged.',
    heading: expired ? 'Your order has expired' : 'Your order was cancelled',
    paragraphs: [
      `Hello ${order.cutomerName},`,
      expired
        ? 'Your order was not paid in time, so we have cancelled it and released the tools for other customers. Nothing was charged.'
        : 'Your unpaid order has been cancelled. Nothing was charged.',
    ],
    order: summaryOf(order),
    action: { label: 'Visit the shop', url: ordersUrl },
  };
}

/** One refund of a paid order: how much this time, why, and where the order stands now. */
export function orderRefunded({ order, amount, reason, orderUrl }: OrderMessageInput & { amount: number; reason: string }): EmailContent {
  const full = order.refundStatus === 'full';
  return {
    subject: `Refund of ${formatUsd(amount)} for your Joinery order ${order.orderNumber}`,
    preview: `${formatUsd(amount)} is on its way back to your card.`,
    heading: full ? 'Your order has been refunded' : 'Part of your order has been refunded',
    paragraphs: [
      `Hello ${order.cutomerName},`,
      `We have refunded ${formatUsd(amount)} to the card that paid for this order.`,
      `Reason: ${reason}`,
      full
        ? `The whole ${formatUsd(order.price)} of the order has now been refunded.`
        : `${formatUsd(order.refundedAmount)} of the order's ${formatUsd(order.price)} has been refunded so far.`,
    ],
    order: summaryOf(order),
    action: { label: 'See my order', url: orderUrl },
    footnote: 'Banks usually take 5 to 10 working days to show a refund on the card statement.',
  };
}
