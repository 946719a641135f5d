import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { accountContact } from '../../../../common/account-contact.ts';
import type { Viewer } from '../../../../common/schemas/users.ts';
import { hasRight, staffRoleLabels } from '../../../../common/staff-roles.ts';
import { adminPages } from '../admin-pages.ts';

interface MenuItem {
  to: string;
  label: string;
  end?: boolean;
}

const everyone: MenuItem[] = [{ to: '/dashboard', label: 'My Profile', end: true }];
const customers: MenuItem[] = [
  { to: '/dashboard/review', label: 'Add Review' },
  { to: '/dashboard/myorders', label: 'My Order' },
  { to: '/dashboard/wishlist', label: 'My Wishlist' },
];

/**
 * The specification's menu (My Profile for all; orders and reviews for customers; shop management for
 * admins), what the shop charges, the admin's inbox and failed background jobs. Each staff member sees
 * only the admin pages their role has the right for (ADR 042), as the server allows their calls.
 */
export function menuFor(viewer: Pick<Viewer, 'role' | 'staffRole'>): MenuItem[] {
  if (viewer.role !== 'admin') return [...everyone, ...customers];
  return [...everyone, ...adminPages.filter((page) => hasRight(viewer.staffRole, page.right))];
}

function linkClass({ isActive }: { isActive: boolean }) {
  return `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'bg-primary text-primary-content' : 'text-stone-700 hover:bg-base-200'}`;
}

/**
 * Centres the current page's link in a strip that scrolls sideways (a phone's), so that the page you
 * are on is never scrolled out of view; the page itself does not move. A column (wide screens) does not
 * scroll, and is left alone.
 */
function useCurrentLinkInView() {
  const strip = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = strip.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - list.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return strip;
}

/** A column beside the page on wide screens; a row that scrolls sideways on a phone, the current page in view. */
export function DashboardMenu({ viewer }: { viewer: Viewer }) {
  const strip = useCurrentLinkInView();
  return (
    <nav aria-label="Dashboard" className="rounded-xl border border-base-300 bg-base-100 p-3 lg:p-4">
      <div className="mb-3 hidden border-b border-base-300 px-3 pb-4 lg:block">
        <p className="truncate font-semibold text-stone-900">{viewer.name}</p>
        <p className="truncate text-sm text-stone-600">{accountContact(viewer.email)}</p>
        {viewer.role === 'admin' && <span className="badge badge-primary badge-sm mt-2">{viewer.staffRole ? staffRoleLabels[viewer.staffRole] : 'Admin'}</span>}
      </div>
      <ul ref={strip} className="flex gap-1 overflow-x-auto lg:flex-col">
        {menuFor(viewer).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={linkClass}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
