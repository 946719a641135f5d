import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast.tsx';
import { loginPath } from '../../auth/login-path.ts';
import { useInWishlist, useToggleWishlist } from '../api/wishlist-queries.ts';

/**
 * The heart on a product card or page: pressed, the product is in the signed-in customer's wishlist.
 * A visitor, who has no wishlist, is sent to sign in and brought back here.
 */
export function WishlistHeart({ productId, productName, className = '' }: { productId: string; productName: string; className?: string }) {
  const { signedIn, inWishlist } = useInWishlist(productId);
  const toggle = useToggleWishlist();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const pressed = inWishlist === true;
  const label = pressed ? 'Remove from wishlist' : 'Add to wishlist';

  function press() {
    if (!signedIn) {
      void navigate(loginPath(`${location.pathname}${location.search}`));
      return;
    }
    toggle.mutate({ productId, add: !pressed }, { onError: (error) => toast(error.message, 'error') });
  }

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`${label}: ${productName}`}
      title={label}
      onClick={press}
      className={`btn btn-circle btn-sm border-base-300 bg-base-100/90 shadow-sm hover:bg-base-100 ${pressed ? 'text-error' : 'text-stone-600'} ${className}`}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill={pressed ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.6 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.6 0 5.7 3.6 4.5 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
      </svg>
    </button>
  );
}
