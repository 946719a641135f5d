/** An order as a message shows it: its reference, its lines, how the total is made (worded as on the receipt) and the total, in US dollars. */
export interface OrderSummary {
  reference: string;
  /** What the table is headed with instead of "Order {reference}" (a cart has no order number yet). */
  caption?: string;
  lines: Array<{ name: string; quantity: number; unitPrice: number; total: number }>;
  /** Subtotal, shipping, discount and tax, each a label and its figure; none for a parcel's contents. */
  sums?: Array<{ label: string; figure: string }>;
  total: number;
}

/**
 * What one e-mail says, independent of how it is laid out: every message is written as one of these
 * and rendered by the shop's one layout, so they all look alike and each has a plain-text twin.
 */
export interface EmailContent {
  subject: string;
  /** The line mail clients show beside the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** Rich text under the paragraphs (a newsletter's body): HTML made safe by common/rich-text.ts, and its plain-text twin. */
  richBody?: { html: string; text: string };
  order?: OrderSummary;
  action?: { label: string; url: string };
  /** Smaller print under the action: why the mail came, what to do if it was not expected. */
  footnote?: string;
  /** Newsletter mail: where one click unsubscribes (also sent as List-Unsubscribe). */
  unsubscribeUrl?: string;
}
