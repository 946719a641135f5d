import type { FormEvent } from 'react';
import { accountContact } from '../../../../common/account-contact.ts';
import { formatUsd } from '../../../../common/money.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import type { PendingRefund } from './pending-refund.ts';

interface RefundConfirmationProps {
  order: Order;
  refund: PendingRefund;
  busy: boolean;
  error: string | undefined;
  onSend: () => void;
  onBack: () => void;
}

/** The last step of a refund: the amount and the customer named, what was picked and why; only this sends. */
export function RefundConfirmation({ order, refund, busy, error, onSend, onBack }: RefundConfirmationProps) {
  function send(event: FormEvent) {
    event.preventDefault();
    onSend();
  }
  return (
    <form noValidate aria-label="Confirm the refund" className="space-y-4" onSubmit={send}>
      <p className="text-stone-700">
        Refund <strong className="text-stone-900">{formatUsd(refund.amount)}</strong> to <strong className="text-stone-900">{order.cutomerName}</strong> (
        {accountContact(order.email)}) for order {order.orderNumber}?
      </p>
      <dl className="space-y-2 rounded-lg bg-base-200 px-4 py-3 text-sm">
        {refund.items.length > 0 && (
          <div>
            <dt className="font-medium text-stone-700">Pieces paid back</dt>
            <dd>
              <ul className="text-stone-900">
                {refund.items.map((item) => (
                  <li key={item} className="[overflow-wrap:anywhere]">
                    {item}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        <div>
          <dt className="font-medium text-stone-700">Reason, as the customer will read it</dt>
          <dd className="break-words text-stone-900">{refund.request.reason}</dd>
        </div>
        <div>
          <dt className="font-medium text-stone-700">Stock</dt>
          <dd className="text-stone-900">{refund.stock}</dd>
        </div>
      </dl>
      <p className="text-sm text-stone-600">The money goes back to the card that paid. This cannot be undone.</p>
      <FormSubmit
        label={`Refund ${formatUsd(refund.amount)}`}
        busy={busy}
        error={error}
        className="btn-error"
        aside={
          <button type="button" className="btn btn-ghost" onClick={onBack} disabled={busy}>
            Back
          </button>
        }
      />
    </form>
  );
}
