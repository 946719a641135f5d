import { accountContact } from '../../../../common/account-contact.ts';
import type { ContactMessage } from '../../../../common/schemas/inbox.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import type { EmailContent } from './email-content.ts';
import { summaryOf } from './order-summary.ts';

/** To the shop: an order was paid and is ready to pack. */
export function newPaidOrder({ order, manageUrl }: { order: Order; manageUrl: string }): EmailContent {
  return {
    subject: `New paid order ${order.orderNumber} from ${order.cutomerName}`,
    preview: `${order.quantity} × ${order.product}, to ship.`,
    heading: 'A new order to ship',
    paragraphs: [`${order.cutomerName} (${accountContact(order.email)}) paid for an order.`, `Ship to: ${order.adress}`, `Phone: ${order.phone}`],
    order: summaryOf(order),
    action: { label: 'Open Manage Orders', url: manageUrl },
  };
}

/** To the shop: someone wrote through the contact form. */
export function newContactMessage({ message, messagesUrl }: { message: ContactMessage; messagesUrl: string }): EmailContent {
  return {
    subject: `New message from ${message.name}`,
    preview: message.requirement.slice(0, 120),
    heading: 'A new message from the contact form',
    paragraphs: [`From: ${message.name} <${message.email}>${message.phone ? `, ${message.phone}` : ''}`, message.requirement],
    action: { label: 'Open Messages', url: messagesUrl },
  };
}

/** Double opt-in: only a confirmed address is added to the newsletter. */
/** Sent when a confirmed address asks for the newsletter again: it is on the list already, and can leave it. */
export function newsletterAlreadySubscribed({ unsubscribeUrl }: { unsubscribeUrl: string }): EmailContent {
  return {
    subject: 'You are on the Joinery newsletter already',
    preview: 'Nothing more to do.',
    heading: 'You are on the list already',
    paragraphs: ['Someone, hopefully you, asked for the Joinery newsletter at this address, which gets it already. There is nothing more to do.'],
    footnote: 'If you would rather not get it any more, the link below takes you off the list.',
    unsubscribeUrl,
  };
}

export function newsletterConfirmation({ confirmUrl, unsubscribeUrl }: { confirmUrl: string; unsubscribeUrl: string }): EmailContent {
  return {
    subject: 'Confirm your subscription to the Joinery newsletter',
    preview: 'One click and you are on the list.',
    heading: 'Please confirm your subscription',
    paragraphs: ['Someone, hopefully you, asked for the Joinery newsletter at this address: new tools, workshop notes and the odd sharpening tip, about once a month.'],
    action: { label: 'Yes, subscribe me', url: confirmUrl },
    footnote: 'If you did not ask for it, ignore this message and you will hear nothing more from us.',
    unsubscribeUrl,
  };
}
