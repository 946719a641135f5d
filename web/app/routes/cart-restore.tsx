import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { CartLineInput } from '../../../common/schemas/cart.ts';
import { useSession } from '../../features/auth/api/session-queries.ts';
import { loginPath } from '../../features/auth/login-path.ts';
import { useMergeCart } from '../../features/cart/api/cart-queries.ts';
import { useRestoredCart } from '../../features/cart/api/cart-reminder-queries.ts';
import { CartLinkPage } from '../../features/cart/components/cart-link-page.tsx';
import { lineVariantId, localCartLines, writeLocalCart } from '../../features/cart/local-cart.ts';

/** The browser's cart with the reminder's lines in it: a line of the same variant takes the reminder's quantity. */
function withRestored(lines: readonly CartLineInput[]): CartLineInput[] {
  const restored = new Set(lines.map(lineVariantId));
  return [...localCartLines().filter((line) => !restored.has(lineVariantId(line))), ...lines];
}

/** A guest's cart from a reminder: into this browser's cart (or, signed in, into the account's), then the cart. */
function RestoreGuestLines({ lines }: { lines: CartLineInput[] }) {
  const navigate = useNavigate();
  const session = useSession();
  const merge = useMergeCart();
  const started = useRef(false);
  const userId = session.data?.id;
  useEffect(() => {
    if (session.isPending || started.current) return;
    started.current = true;
    if (userId) {
      merge.mutate({ userId, lines }, { onSuccess: () => void navigate('/cart', { replace: true }) });
      return;
    }
    writeLocalCart(withRestored(lines));
    void navigate('/cart', { replace: true });
  }, [session.isPending, userId, lines, merge, navigate]);

  if (merge.isError) {
    return (
      <CartLinkPage title="We could not restore your cart">
        <p role="alert">{merge.error.message}</p>
      </CartLinkPage>
    );
  }
  return <Restoring />;
}

const Restoring = () => (
  <CartLinkPage title="Restoring your cart">
    <p role="status" className="flex items-center justify-center gap-2">
      <span className="loading loading-spinner loading-sm" aria-hidden="true" />
      Finding what you left…
    </p>
  </CartLinkPage>
);

/**
 * A cart reminder's one-click link (ADR 045). A customer's cart is theirs on the server: the cart
 * opens, after signing in if need be. A guest's lines go back into the browser's cart, and it opens.
 * Opening the link changes nothing on the server.
 */
export default function CartRestorePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const restored = useRestoredCart(token);
  const session = useSession();

  if (!token) {
    return (
      <CartLinkPage title="This link is incomplete">
        <p role="alert">The address has lost its token on the way. Please open the link from the e-mail again, or copy all of it into the address bar.</p>
      </CartLinkPage>
    );
  }
  if (restored.isError) {
    return (
      <CartLinkPage title="This cart link does not work">
        <p role="alert">{restored.error.message}</p>
      </CartLinkPage>
    );
  }
  if (restored.isPending || session.isPending) return <Restoring />;
  const cart = restored.data;
  if (cart.kind === 'guest') {
    if (cart.lines.length === 0) {
      return (
        <CartLinkPage title="Nothing left to restore" toCart={false}>
          <p>This cart was bought since the reminder: thank you. Your order’s e-mails have its link.</p>
        </CartLinkPage>
      );
    }
    return <RestoreGuestLines lines={cart.lines} />;
  }
  if (cart.yours) return <Navigate to="/cart" replace />;
  if (!session.data) return <Navigate to={loginPath('/cart')} replace />;
  return (
    <CartLinkPage title="This cart is another account’s">
      <p>You are signed in as {session.data.email}. Sign out, then open the link again and sign in with the account the reminder was sent to.</p>
    </CartLinkPage>
  );
}
