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
};
