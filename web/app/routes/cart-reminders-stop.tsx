import { useSearchParams } from 'react-router';
import { useStopCartReminders } from '../../features/cart/api/cart-reminder-queries.ts';
import { CartLinkPage } from '../../features/cart/components/cart-link-page.tsx';

/**
 * The "stop these reminders" link of a cart reminder (ADR 045). Opening it changes nothing (link
 * checkers open links too); the one button stops them, as a mail program's own Unsubscribe button does.
 */
export default function CartRemindersStopPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const stop = useStopCartReminders();

  if (!token) {
    return (
      <CartLinkPage title="This link is incomplete">
        <p role="alert">The address has lost its token on the way. Please open the link from the e-mail again, or copy all of it into the address bar.</p>
      </CartLinkPage>
    );
  }
  if (stop.isSuccess) {
    return (
      <CartLinkPage title="No more cart reminders">
        <p role="status">We will not e-mail {stop.data.email} about carts left behind. Your cart itself is kept as it was.</p>
      </CartLinkPage>
    );
  }
  return (
    <CartLinkPage title="Stop cart reminders">
      <p>One click, and we send no more reminders about carts you leave.</p>
      <button type="button" className="btn btn-outline" disabled={stop.isPending} onClick={() => stop.mutate(token)}>
        {stop.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Stop these reminders
      </button>
      {stop.isError && (
        <p role="alert" className="text-sm font-medium text-error">
          {stop.error.message}
        </p>
      )}
    </CartLinkPage>
  );
}
