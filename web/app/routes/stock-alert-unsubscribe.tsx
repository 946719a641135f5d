import { useSearchParams } from 'react-router';
import { useUnsubscribeStockAlert } from '../../features/stock-alerts/api/stock-alert-queries.ts';
import { IncompleteStockAlertLink, StockAlertLinkPage } from '../../features/stock-alerts/components/stock-alert-link-page.tsx';

/**
 * The unsubscribe link of a stock alert's e-mails. Opening it changes nothing (link checkers open
 * links too); the one button unsubscribes, as a mail program's own Unsubscribe button does.
 */
export default function StockAlertUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeStockAlert();

  if (!token) return <IncompleteStockAlertLink />;
  if (unsubscribe.isSuccess) {
    const { email, product, productId } = unsubscribe.data;
    return (
      <StockAlertLinkPage title="You are unsubscribed" productId={productId}>
        <p role="status">
          We will not e-mail {email} about {product}.
        </p>
      </StockAlertLinkPage>
    );
  }
  return (
    <StockAlertLinkPage title="Unsubscribe from this alert">
      <p>One click, and this address hears nothing from us when the tool is back in stock.</p>
      <button type="button" className="btn btn-outline" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        {unsubscribe.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Unsubscribe
      </button>
      {unsubscribe.isError && (
        <p role="alert" className="text-sm font-medium text-error">
          {unsubscribe.error.message}
        </p>
      )}
    </StockAlertLinkPage>
  );
}
