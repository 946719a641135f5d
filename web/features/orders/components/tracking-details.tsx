import { trackingLink } from '../../../../common/carriers.ts';
import type { Order } from '../../../../common/schemas/orders.ts';

/** Who carries a shipped order and its tracking number, linked to the carrier's page when we know it. */
export function TrackingDetails({ order, className = '' }: { order: Order; className?: string }) {
  if (!order.carrier) return null;
  const link = trackingLink(order.carrier, order.trackingNumber);
  return (
    <p className={`text-sm text-stone-700 [overflow-wrap:anywhere] ${className}`}>
      <span className="font-medium text-stone-900">{order.carrier}</span>
      {order.trackingNumber && (
        <>
          {' · '}
          {link ? (
            <a href={link} target="_blank" rel="noreferrer" className="link link-primary font-mono" aria-label={`Track ${order.trackingNumber} with ${order.carrier} (opens the carrier's site)`}>
              {order.trackingNumber}
            </a>
          ) : (
            <span className="font-mono">{order.trackingNumber}</span>
          )}
        </>
      )}
    </p>
  );
}
