import { Link, useSearchParams } from 'react-router';
import { useStockAlertConfirmation } from '../../features/stock-alerts/api/stock-alert-queries.ts';
import { IncompleteStockAlertLink, StockAlertLinkPage } from '../../features/stock-alerts/components/stock-alert-link-page.tsx';

/** The confirmation e-mail's link (double opt-in): opening it makes the alert wait for the stock. */
export default function StockAlertConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirmation = useStockAlertConfirmation(token);

  if (!token) return <IncompleteStockAlertLink />;
  if (confirmation.isPending) {
    return (
      <StockAlertLinkPage title="Confirming your alert…">
        <span className="loading loading-spinner loading-md text-primary" aria-label="Confirming" />
      </StockAlertLinkPage>
    );
  }
  if (confirmation.isError) {
    return (
      <StockAlertLinkPage title="We could not confirm your alert">
        <p role="alert">{confirmation.error.message}</p>
      </StockAlertLinkPage>
    );
  }
  const { email, product, productId } = confirmation.data;
  return (
    <StockAlertLinkPage title="Your alert is confirmed" productId={productId}>
      <p role="status">
        Thank you! We will e-mail {email} once, when {product} is back in stock.
      </p>
      <p className="text-sm text-stone-600">
        Changed your mind?{' '}
        <Link to={`/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`} className="link">
          Unsubscribe
        </Link>
      </p>
    </StockAlertLinkPage>
  );
}
