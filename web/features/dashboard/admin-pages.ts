import type { StaffRight } from '../../../common/staff-roles.ts';

export interface AdminPage {
  to: string;
  label: string;
  /** The staff right the page's calls need: the menu shows it, and its route opens, only to roles with it. */
  right: StaffRight;
}

/**
 * The admin pages, in the menu's order, each with the right it needs (ADR 042). The menu and the
 * admin routes' guard both read this one list, so that what a person is shown and what opens for them
 * never disagree; a page under the admin guard that is not listed here opens for nobody.
 */
export const adminPages: readonly AdminPage[] = [
  // Beside the overview, which My Profile shows those who may read the figures.
  { to: '/dashboard/reports', label: 'Reports', right: 'reports' },
  { to: '/dashboard/addProduct', label: 'Add Product', right: 'catalogue' },
  { to: '/dashboard/manageproducts', label: 'Manage Products', right: 'catalogue' },
  { to: '/dashboard/catalogue-file', label: 'Catalogue file', right: 'catalogue' },
  { to: '/dashboard/categories', label: 'Manage Categories', right: 'catalogue' },
  { to: '/dashboard/manageorder', label: 'Manage Order', right: 'orders.read' },
  { to: '/dashboard/returns', label: 'Returns', right: 'orders.read' },
  { to: '/dashboard/shipping', label: 'Shipping', right: 'settings' },
  { to: '/dashboard/taxes', label: 'Taxes', right: 'settings' },
  { to: '/dashboard/discounts', label: 'Discount codes', right: 'catalogue' },
  { to: '/dashboard/admin', label: 'Make Admin', right: 'roles' },
  { to: '/dashboard/messages', label: 'Messages', right: 'inbox' },
  { to: '/dashboard/reviews', label: 'Reviews', right: 'content' },
  { to: '/dashboard/pages', label: 'Pages', right: 'content' },
  { to: '/dashboard/newsletter', label: 'Newsletter', right: 'content' },
  { to: '/dashboard/demand', label: 'Waiting customers', right: 'catalogue' },
  { to: '/dashboard/jobs', label: 'Background jobs', right: 'catalogue' },
  { to: '/dashboard/audit', label: 'Audit', right: 'audit' },
];

/** The admin page at `pathname`, if it is one: a page's own address, or one under it (the Pages page's editor of each page) with the same right. */
export function adminPageAt(pathname: string): AdminPage | undefined {
  const path = pathname.replace(/\/+$/, '');
  return adminPages.find((page) => page.to === path || path.startsWith(`${page.to}/`));
}
