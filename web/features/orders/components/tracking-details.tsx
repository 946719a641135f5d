import { trackingLink } from '../../../../common/carriers.ts';
import type { Order } from '../../../../common/schemas/orders.ts';

/** Who carries a parcel and its tracking number, linked to the carrier's page when we know it. */
export function ParcelTracking({ carrier, trackingNumber, className = '' }: { carrier: string; trackingNumber: string | undefined; className?: string }) {
  const link = trackingLink(carrier, trackingNumber);
  return (
    <p className={`text-sm text-stone-700 [overflow-wrap:anywhere] ${className}`}>
      <span className="font-medium text-stone-900">{carrier}</span>
      {trackingNumber && (
        <>
          {' · '}
          {link ? (
            <a
              href={link}
              target="_blank"
              rel="noreferrer"
              className="link link-primary font-mono"
              aria-label={`Track ${trackingNumber} with ${carrier} (opens the carrier's site)`}
            >
              {trackingNumber}
            </a>
          ) : (
            <span className="font-mono">{trackingNumber}</span>
          )}
        </>
      )}
    </p>
  );
}

/** An order's last parcel, once one was sent: its carrier and tracking number. */
export function TrackingDetails({ order, className = '' }: { order: Order; className?: string }) {
  if (!order.carrier) return null;
  return <ParcelTracking carrier={order.carrier} trackingNumber={order.trackingNumber} className={className} />;
}
