import { NavLink } from 'react-router';
import { useCartCount } from '../api/cart-queries.ts';

/** "Cart, 3 items": what a screen reader hears of the link; the badge shows the number. */
export function cartLinkName(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The header's way to the cart, with how many pieces it holds. */
export function CartLink({ className = '' }: { className?: string }) {
  const count = useCartCount();
  return (
    <NavLink
      to="/cart"
      aria-label={cartLinkName(count)}
      className={({ isActive }) =>
        // The page's own link is marked by colour, as the header's other links are (not by daisyUI's light "current" button).
        `btn btn-ghost btn-square relative border-0 ${isActive ? 'bg-stone-800 text-amber-400' : 'text-stone-200 hover:text-stone-50'} hover:bg-stone-800 ${className}`
      }
    >
      <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.1h8.4a1.5 1.5 0 0 0 1.5-1.1L21 7H6.2" />
        <circle cx="9.5" cy="19.5" r="1.3" />
        <circle cx="17" cy="19.5" r="1.3" />
      </svg>
      {count > 0 && (
        <span aria-hidden="true" className="badge badge-primary badge-sm absolute -right-1 -top-1 min-w-5 px-1 font-semibold">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
