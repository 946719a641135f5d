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
  /** What the shop says in its own voice: its pages, newsletters, and the hiding of and replies to reviews. */
  'content',
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

/** How each role reads on the pages. */
export const staffRoleLabels: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  fulfilment: 'Fulfilment',
  support: 'Support',
};

/** What each right lets a person do, as a refusal names it: "Your role (Support) does not let you change the shop’s settings." */
export const staffRightActions: Record<StaffRight, string> = {
  catalogue: 'change the catalogue',
  'orders.read': 'read the orders',
  orders: 'change orders or ship them',
  'customers.read': 'read customers’ accounts',
  customers: 'change customers’ accounts',
  refunds: 'give refunds',
  reports: 'read the sales figures',
  inbox: 'read the contact messages',
  content: 'write the shop’s pages, newsletters or replies to reviews',
  audit: 'read the audit trail',
  settings: 'change the shop’s settings',
  roles: 'choose who is staff',
};

/** The refusal a staff member without a right gets, from the server and on the page alike. */
export function withoutRightMessage(role: StaffRole, right: StaffRight): string {
  return `Your role (${staffRoleLabels[role]}) does not let you ${staffRightActions[right]}. Ask the shop’s owner if you need to.`;
}

export function hasRight(role: StaffRole | null | undefined, right: StaffRight): boolean {
  return role != null && rightsOfRole[role].includes(right);
}

export function rightsOf(role: StaffRole | null | undefined): readonly StaffRight[] {
  return role == null ? [] : rightsOfRole[role];
}
