import type { EmailContent } from './email-content.ts';

/** The product as a message names it: "Mortise chisel (Width 10 mm · Handle Walnut)". */
const named = (product: string, variant: string) => (variant ? `${product} (${variant})` : product);

/** Double opt-in: an alert is kept only once the owner of the address confirms it. */
export function stockAlertConfirmation({
  product,
  variant,
  confirmUrl,
  unsubscribeUrl,
}: {
  product: string;
  variant: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}): EmailContent {
  return {
    subject: `Confirm your back-in-stock alert for ${named(product, variant)}`,
    preview: 'One click, and we e-mail you once when it is back.',
    heading: 'Please confirm your alert',
    paragraphs: [`Someone, hopefully you, asked to hear at this address when ${named(product, variant)} is back in stock.`, 'Confirm, and we will send you one e-mail when it is.'],
    action: { label: 'Yes, e-mail me when it is back', url: confirmUrl },
    footnote: 'If you did not ask for it, ignore this message and you will hear nothing more from us.',
    unsubscribeUrl,
  };
}

/** The one e-mail an alert brings: what was sold out can be ordered again. */
export function backInStock({ product, variant, productUrl, unsubscribeUrl }: { product: string; variant: string; productUrl: string; unsubscribeUrl: string }): EmailContent {
  return {
    subject: `Back in stock: ${named(product, variant)}`,
    preview: 'What you asked about can be ordered again.',
    heading: `${product} is back in stock`,
    paragraphs: [
      variant ? `${product} in ${variant} can be ordered again, as you asked us to tell you.` : `${product} can be ordered again, as you asked us to tell you.`,
      'Stock is limited: it may sell out again.',
    ],
    action: { label: 'See it in the shop', url: productUrl },
    footnote: 'This is the one e-mail your alert sends; you will not hear about it again.',
    unsubscribeUrl,
  };
}

/** To the shop: a variant fell below the stock the owner set as low. */
export function lowStockNotice({
  product,
  variant,
  sku,
  stock,
  threshold,
  canOrder,
  manageUrl,
}: {
  product: string;
  variant: string;
  sku: string;
  stock: number;
  threshold: number;
  canOrder: number;
  manageUrl: string;
}): EmailContent {
  return {
    subject: `Low stock: ${named(product, variant)}, ${stock} left`,
    preview: `SKU ${sku}: ${stock} in stock, below ${threshold}.`,
    heading: 'Stock is running low',
    paragraphs: [
      `${named(product, variant)}, SKU ${sku}, has ${stock} in stock, below the ${threshold} you set as low. Customers can order ${canOrder} more.`,
      'You will hear of it again only after its stock has risen back to that mark.',
    ],
    action: { label: 'Open Manage Products', url: manageUrl },
  };
}
