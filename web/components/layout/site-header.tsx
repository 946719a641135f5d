import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession, useSignOut } from '../../features/auth/api/session-queries.ts';
import { loginPath } from '../../features/auth/login-path.ts';
import { CartLink } from '../../features/cart/components/cart-link.tsx';
import { BrandMark } from './brand-mark.tsx';
import { CategoryMenu, PhoneCategoryLinks } from './category-links.tsx';

const navigation = [
  { to: '/', label: 'Home', end: true },
  // The catalogue and its categories, beside the specification's links.
  { to: '/products', label: 'Shop', end: false },
  { to: '/blogs', label: 'Blogs', end: false },
  { to: '/portfolio', label: 'Portfolio', end: false },
];

function navClass({ isActive }: { isActive: boolean }): string {
  return `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'text-amber-400' : 'text-stone-300 hover:text-stone-50'}`;
}

/** In the phone menu every link is a full-width row at least 44 px tall: a finger's size. */
const phoneNavClass = (state: { isActive: boolean }) => `${navClass(state)} flex min-h-11 items-center`;

/** LOG IN, or for a signed-in person LOG OUT, which ends the session on the server. */
function AccountAction({ inPhoneMenu = false }: { inPhoneMenu?: boolean }) {
  const { pathname, search } = useLocation();
  // A guest's order link carries its key (ADR 038): the way back after signing in leaves it out.
  const query = new URLSearchParams(search);
  query.delete('key');
  const comeBack = query.size > 0 ? `${pathname}?${query.toString()}` : pathname;
  const session = useSession();
  const signOut = useSignOut();
  if (!session.data) {
    return (
      <Link to={loginPath(comeBack)} className={`btn btn-primary px-5 ${inPhoneMenu ? 'mt-2 min-h-11 w-full' : 'btn-sm'}`}>
        LOG IN
      </Link>
    );
  }
  return (
    <div className={inPhoneMenu ? 'space-y-2' : 'flex items-center gap-3'}>
      <button
        type="button"
        className={`btn btn-outline border-stone-500 px-5 text-stone-100 hover:border-stone-300 hover:bg-stone-800 ${inPhoneMenu ? 'mt-2 min-h-11 w-full' : 'btn-sm'}`}
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        {signOut.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        LOG OUT
      </button>
      {signOut.isError && (
        <p role="alert" className="text-xs text-red-300">
          {signOut.error.message}
        </p>
      )}
    </div>
  );
}

/** The header on every page: the shop's links and the way to sign in. The menu folds away on a phone. */
export function SiteHeader() {
  // The menu remembers the page it was opened on, so that following one of its links closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const session = useSession();
  const menuButton = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu and puts the focus back on its button, as a disclosure should.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const items = session.data ? [...navigation, { to: '/dashboard', label: 'Dashboard', end: false }] : navigation;
  // After Shop: the categories, a small menu on a wide screen and a short list in the phone menu.
  const links = (className: typeof navClass, inPhoneMenu = false) =>
    items.flatMap((item) => [
      <li key={item.to}>
        <NavLink to={item.to} end={item.end} className={className}>
          {item.label}
        </NavLink>
      </li>,
      ...(item.to === '/products'
        ? [
            // Between a tablet's width and a laptop's the menu button would crowd the header: Shop lists them there.
            <li key="categories" className={inPhoneMenu ? undefined : 'hidden lg:block'}>
              {inPhoneMenu ? <PhoneCategoryLinks linkClass={className} /> : <CategoryMenu linkClass={className} />}
            </li>,
          ]
        : []),
    ]);

  return (
    <header className="sticky top-0 z-40 bg-stone-900/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <BrandMark />
        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          <ul className="flex items-center gap-1">{links(navClass)}</ul>
          <CartLink />
          <AccountAction />
        </nav>
        {/* On a phone the cart stays in sight beside the menu button. */}
        <div className="flex items-center gap-1 md:hidden">
          <CartLink />
          <button
            ref={menuButton}
            type="button"
            className="btn btn-ghost btn-square size-11 text-stone-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setOpenOn(menuOpen ? null : pathname)}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Main" className="border-t border-stone-800 px-4 pb-4 md:hidden">
          <ul className="flex flex-col py-2">{links(phoneNavClass, true)}</ul>
          <AccountAction inPhoneMenu />
        </nav>
      )}
    </header>
  );
}
