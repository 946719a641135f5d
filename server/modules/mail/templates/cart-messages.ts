import type { EmailContent, OrderSummary } from './email-content.ts';

/**
 * A reminder of a cart left untouched (ADR 045): what is in it at today's prices, one click to have it
 * back, and one click to hear no more about it. `number` is 1 or 2: the second is the last.
 */
export function cartReminder({
  number,
  cart,
  restoreUrl,
  stopUrl,
}: {
  number: number;
  cart: Pick<OrderSummary, 'lines' | 'total'>;
  restoreUrl: string;
  stopUrl: string;
}): EmailContent {
  const pieces = cart.lines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    subject: number === 1 ? 'Your Joinery cart is waiting' : 'Still thinking it over? Your cart is kept',
    preview: `${pieces} ${pieces === 1 ? 'piece' : 'pieces'} in your cart, at today’s prices.`,
    heading: number === 1 ? 'You left something in your cart' : 'Your cart is still here',
    paragraphs: [
      'These tools are still in your cart, at today’s prices below. Stock is not held for a cart: what sells out may not be there later.',
      ...(number === 1 ? [] : ['This is the last reminder we send about this cart.']),
    ],
    order: { reference: '', caption: 'Your cart', lines: cart.lines, total: cart.total },
    action: { label: 'Back to my cart', url: restoreUrl },
    footnote: `Rather not hear about carts you leave? Stop these reminders with one click: ${stopUrl}`,
    unsubscribeUrl: stopUrl,
  };
}
