import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '../../../../common/money.ts';
import { returnReasonLabels, returnStatusLabels, type ReturnStatus } from '../../../../common/returns.ts';
import type { OrderReturn } from '../../../../common/schemas/returns.ts';
import { nameWithVariant } from '../../../components/ui/variant-line.tsx';
import { dateTime } from '../../../lib/date-format.ts';

const badges: Record<ReturnStatus, string> = {
  requested: 'badge-warning',
  approved: 'badge-info',
  refused: 'badge-error',
  received: 'badge-success',
};

/** What became of a received return: refunded, or exchanged as another order (to pay for when dearer). */
function Outcome({ made }: { made: OrderReturn }) {
  if (made.status !== 'received') return null;
  if (!made.exchange) return <p className="text-stone-700">Refunded to the card that paid.</p>;
  return (
    <p className="text-stone-700">
      Exchanged for {made.exchange.variant}:{' '}
      <Link to={`/dashboard/orders/${made.exchange.orderId}`} className="link link-primary">
        order {made.exchange.orderNumber}
      </Link>
      {made.exchange.amountDue > 0 && ` (${formatUsd(made.exchange.amountDue)} to pay)`}
    </p>
  );
}

/** One return: its number and status, the pieces, why, and what the shop decided; `actions` are the admin's. */
export function OrderReturnItem({ made, forAdmin, actions }: { made: OrderReturn; forAdmin: boolean; actions?: ReactNode }) {
  return (
    <li className="space-y-1.5 py-3 text-sm first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-stone-900">Return {made.number}</span>
        <span className={`badge badge-sm ${badges[made.status]}`}>{returnStatusLabels[made.status]}</span>
      </div>
      <p className="text-stone-700 [overflow-wrap:anywhere]">{made.lines.map((line) => `${line.quantity} × ${nameWithVariant(line.product, line.variant)}`).join(', ')}</p>
      <p className="text-stone-600">
        {returnReasonLabels[made.reason]} · asked <time dateTime={made.createdAt}>{dateTime.format(new Date(made.createdAt))}</time>
      </p>
      {made.note && <p className="whitespace-pre-line text-stone-600 [overflow-wrap:anywhere]">“{made.note}”</p>}
      {made.status === 'approved' && !forAdmin && <p className="text-stone-700">Send the parcel as the e-mail of the approval says, with the return number on it.</p>}
      {made.refusalReason && <p className="text-stone-700 [overflow-wrap:anywhere]">Refused: {made.refusalReason}</p>}
      <Outcome made={made} />
      {actions}
    </li>
  );
}
