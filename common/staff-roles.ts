/**
 * Who on the staff may do what (issue 28). Every staff member is an admin in the specification's
 * sense (`userRole: 'admin'` on the wire); their staff role decides which admin calls they may make.
 * A route names the one right it needs; the server's access hook and the web app's menu both read
 * this table, so that what a person is shown and what they may call never disagree.
 */
export const staffRoles = ['owner', 'manager', 'fulfilment', 'support'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The rights an admin route may need. */
export const staffRights = [
  /** Products, variants, pictures, categories, the catalogue file, bulk edits, discount codes, waiting customers. */
  'catalogue',
  /** Read every order, its details, receipts and invoices. */
  'orders.read',
  /** Change orders: shipping, shipments, cancellations, notes, returns, exports of orders. */
  'orders',
  /** Read customers' accounts. */
  'customers.read',
  /** Change or erase customers' accounts. */
  'customers',
  /** Give money back (support only up to its limit). */
  'refunds',
  /** The overview and the sales reports. */
  'reports',
  /** The contact messages. */
  'inbox',
  /** The audit trail. */
  'audit',
  /** The shop's settings: charges, tax, return window. */
  'settings',
  /** Who is staff, and with which role. */
  'roles',
] as const;
export type StaffRight = (typeof staffRights)[number];

const rightsOfRole: Record<StaffRole, readonly StaffRight[]> = {
  owner: staffRights,
  manager: staffRights.filter((right) => right !== 'settings' && right !== 'roles'),
  fulfilment: ['orders.read', 'orders'],
  support: ['orders.read', 'customers.read', 'refunds', 'inbox'],
};

export function hasRight(role: StaffRole | null | undefined, right: StaffRight): boolean {
  return role != null && rightsOfRole[role].includes(right);
}

export function rightsOf(role: StaffRole | null | undefined): readonly StaffRight[] {
  return role == null ? [] : rightsOfRole[role];
}
