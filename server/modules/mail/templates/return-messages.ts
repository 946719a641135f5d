import { formatUsd } from '../../../../common/money.ts';
import { returnReasonLabels } from '../../../../common/returns.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import type { OrderReturn } from '../../../../common/schemas/returns.ts';
import { shopIdentity } from '../../../../common/shop-identity.ts';
import type { EmailContent } from './email-content.ts';

interface ReturnMessageInput {
  order: Order;
  made: OrderReturn;
  /** The order's page on the shop, where the return's status is shown. */
  orderUrl: string;
}

/** The pieces a return sends back, as a sentence. */
function piecesOf(made: OrderReturn): string {
  return made.lines.map((line) => `${line.quantity} × ${line.product}${line.variant ? ` (${line.variant})` : ''}`).join(', ');
}

export function returnRequested({ order, made, orderUrl }: ReturnMessageInput): EmailContent {
  return {
    subject: `We have your return request ${made.number} for order ${order.orderNumber}`,
    preview: 'We will look at it and write again, usually within two working days.',
    heading: 'Return requested',
    paragraphs: [
      `Hello ${order.cutomerName},`,
      `You asked to send back ${piecesOf(made)}. Reason: ${returnReasonLabels[made.reason]}.`,
      'Please keep the tools until we approve the return: we will then tell you where to send them and what to put in the parcel.',
    ],
    action: { label: 'See my order', url: orderUrl },
  };
}

/** The return's instructions: where to send the parcel, the number to write on it, and what to pack. */
export function returnApproved({ order, made, orderUrl }: ReturnMessageInput): EmailContent {
  return {
    subject: `Return ${made.number} approved: how to send your tools back`,
    preview: `Send the parcel to our workshop with the return number ${made.number}.`,
    heading: 'Your return is approved',
    paragraphs: [
      `Hello ${order.cutomerName},`,
      `Please send back ${piecesOf(made)} in one parcel.`,
      `Write the return number ${made.number} clearly on the outside of the parcel, and put a note with it and your order number ${order.orderNumber} inside.`,
      'Pack each tool in its original box or wrapping, edges and blades covered, with the parts and accessories it came with.',
      `Send it to: ${shopIdentity.name}, ${shopIdentity.postalAddress.join(', ')}.`,
      'We will write again when the parcel arrives.',
    ],
    action: { label: 'See my order', url: orderUrl },
    footnote: `Questions about your return? Write to ${shopIdentity.supportEmail}.`,
  };
}

export function returnRefused({ order, made, orderUrl }: ReturnMessageInput): EmailContent {
  return {
    subject: `Your return request ${made.number} for order ${order.orderNumber}`,
    preview: 'We cannot accept this return.',
    heading: 'We cannot accept this return',
    paragraphs: [`Hello ${order.cutomerName},`, `We cannot accept the return of ${piecesOf(made)}.`, `Reason: ${made.refusalReason ?? ''}`],
    action: { label: 'See my order', url: orderUrl },
    footnote: `If you think this is a mistake, write to ${shopIdentity.supportEmail} with the return number ${made.number}.`,
  };
}

/** The parcel arrived: what happens now, a refund (mailed on its own as well) or the other variant on its way or to pay for. */
export function returnReceived({ order, made, orderUrl, exchangePayUrl }: ReturnMessageInput & { exchangePayUrl?: string | undefined }): EmailContent {
  const exchange = made.exchange;
  const outcome = !exchange
    ? 'We are refunding the pieces to the card that paid for them; a separate e-mail confirms the amount.'
    : exchange.amountDue > 0
      ? `We will send ${exchange.variant} as order ${exchange.orderNumber} once its difference in price, ${formatUsd(exchange.amountDue)}, is paid.`
      : `We are sending ${exchange.variant} at no charge as order ${exchange.orderNumber}; we will write when it leaves the workshop.`;
  return {
    subject: `Return ${made.number} received`,
    preview: exchange ? 'Your exchange is on its way.' : 'Your refund is on its way.',
    heading: 'We received your return',
    paragraphs: [`Hello ${order.cutomerName},`, `Your parcel with ${piecesOf(made)} has arrived at the workshop.`, outcome],
    action: exchangePayUrl ? { label: `Pay ${formatUsd(exchange?.amountDue ?? 0)}`, url: exchangePayUrl } : { label: 'See my order', url: orderUrl },
  };
}
