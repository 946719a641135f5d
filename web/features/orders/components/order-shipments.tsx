import type { OrderShipment } from '../../../../common/schemas/orders.ts';
import { dateTime } from '../../../lib/date-format.ts';
import { ParcelTracking } from './tracking-details.tsx';

/** Pieces of tools in words, as a parcel or a refund by line held them: "3 × Marking Gauge, 1 × Dovetail Saw". */
export const itemsInWords = (items: readonly { product: string; quantity: number }[]) => items.map((item) => `${item.quantity} × ${item.product}`).join(', ');

/** The parcels sent for an order, oldest first: when, who carries each (with its tracking link) and what it held. */
export function OrderShipments({ shipments }: { shipments: readonly OrderShipment[] }) {
  return (
    <ol aria-label="Parcels" className="divide-y divide-base-300 text-sm">
      {shipments.map((shipment, index) => (
        <li key={shipment.id} className="space-y-1 py-3 first:pt-0 last:pb-0">
          <p className="flex flex-wrap justify-between gap-x-4 text-stone-600">
            <span className="font-medium text-stone-900">{shipments.length > 1 ? `Parcel ${index + 1}` : 'Parcel'}</span>
            <time dateTime={shipment.createdAt}>Sent {dateTime.format(new Date(shipment.createdAt))}</time>
          </p>
          <ParcelTracking carrier={shipment.carrier} trackingNumber={shipment.trackingNumber} />
          <p className="text-stone-700 [overflow-wrap:anywhere]">{itemsInWords(shipment.lines)}</p>
        </li>
      ))}
    </ol>
  );
}
