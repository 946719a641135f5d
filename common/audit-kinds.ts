/**
 * What the audit trail records (ADR 043): each staff action is one of these kinds. The server writes
 * them, the Audit page filters by them and names them in words.
 */
export const auditKinds = [
  'product.created',
  'product.updated',
  /** A product change that moved a price: filed apart, so that price changes can be listed alone. */
  'price.changed',
  'product.deleted',
  'products.bulk-edited',
  'catalogue.imported',
  'category.created',
  'category.updated',
  'category.deleted',
  'discount.created',
  'discount.deleted',
  'order.refunded',
  'order.shipped',
  'order.cancelled',
  'order.noted',
  'orders.exported',
  'return.decided',
  'role.changed',
  'settings.changed',
  /** A review hidden from every public list and rating, or shown again; the subject is the review's id. */
  'review.hidden',
  'review.shown',
  /** The shop's public reply under a review, written or replaced (before and after). */
  'review.replied',
  /** A customer's data downloaded by staff at their request (ADR 046): the subject is the account's id. */
  'customer.exported',
  /** A customer's account erased by staff at their request (ADR 046): the subject is the account's id, never the erased address. */
  'customer.erased',
  /** A new version of one of the pages the owner writes (ADR 044): the subject is the page's address (terms, privacy…). */
  'page.published',
  /** A newsletter campaign sent now: the subject is the campaign's subject line. */
  'newsletter.sent',
  /** A newsletter campaign scheduled for a time, or its schedule cancelled (`at` null). */
  'newsletter.scheduled',
] as const;
export type AuditKind = (typeof auditKinds)[number];

/** Each kind in words, as the Audit page's filter and list show it. */
export const auditKindLabels: Record<AuditKind, string> = {
  'product.created': 'Product added',
  'product.updated': 'Product changed',
  'price.changed': 'Price changed',
  'product.deleted': 'Product deleted',
  'products.bulk-edited': 'Bulk edit',
  'catalogue.imported': 'Catalogue imported',
  'category.created': 'Category added',
  'category.updated': 'Category changed',
  'category.deleted': 'Category deleted',
  'discount.created': 'Discount code added',
  'discount.deleted': 'Discount code deleted',
  'order.refunded': 'Refund',
  'order.shipped': 'Shipment',
  'order.cancelled': 'Order cancelled',
  'order.noted': 'Order note',
  'orders.exported': 'Orders exported',
  'return.decided': 'Return decided',
  'role.changed': 'Role changed',
  'settings.changed': 'Settings changed',
  'review.hidden': 'Review hidden',
  'review.shown': 'Review shown again',
  'review.replied': 'Review answered',
  'customer.exported': 'Customer data exported',
  'customer.erased': 'Customer erased',
  'page.published': 'Page published',
  'newsletter.sent': 'Newsletter sent',
  'newsletter.scheduled': 'Newsletter scheduled',
};
