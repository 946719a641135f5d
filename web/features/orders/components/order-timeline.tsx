import type { ReactNode } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import type { TimelineEntry, TimelineKind } from '../../../../common/schemas/order-details.ts';
import { dateTime } from '../../../lib/date-format.ts';
import { itemsInWords } from './order-shipments.tsx';

const dots: Record<TimelineKind, string> = {
  placed: 'bg-stone-400',
  paid: 'bg-success',
  shipped: 'bg-info',
  delivered: 'bg-success',
  cancelled: 'bg-error',
  expired: 'bg-error',
  refunded: 'bg-primary',
  'return-requested': 'bg-warning',
  'return-approved': 'bg-info',
  'return-refused': 'bg-error',
  'return-received': 'bg-success',
};

/** The step's title and what more it says, worded for whoever reads it (the customer or the shop). */
function describe(entry: TimelineEntry, forAdmin: boolean): { title: string; detail?: ReactNode } {
  switch (entry.kind) {
    case 'placed':
      return { title: 'Order placed' };
    case 'paid':
      return { title: 'Paid' };
    case 'shipped':
      return {
        title: entry.carrier ? `Shipped with ${entry.carrier}` : 'Shipped',
        detail: (entry.trackingNumber || entry.items) && (
          <>
            {entry.items && <span className="block">{itemsInWords(entry.items)}</span>}
            {entry.trackingNumber && (
              <span className="block">
                Tracking number{' '}
                {entry.trackingUrl ? (
                  <a href={entry.trackingUrl} className="link link-primary font-mono" target="_blank" rel="noreferrer">
                    {entry.trackingNumber}
                  </a>
                ) : (
                  <span className="font-mono">{entry.trackingNumber}</span>
                )}
              </span>
            )}
          </>
        ),
      };
    case 'delivered':
      return { title: 'Delivered' };
    case 'cancelled': {
      const by = entry.cancelledBy === 'admin' ? 'the shop' : forAdmin ? 'the customer' : 'you';
      return { title: entry.cancelledBy ? `Cancelled by ${by}` : 'Cancelled' };
    }
    case 'expired':
      return { title: 'Expired', detail: 'Cancelled by the shop after staying unpaid.' };
    case 'refunded':
      return {
        title: `Refunded ${formatUsd(entry.amount ?? 0)}`,
        detail: (
          <>
            {entry.items && <span className="block">{itemsInWords(entry.items)}</span>}
            {entry.reason}
            {entry.restockedQuantity ? ` · ${entry.restockedQuantity} ${entry.restockedQuantity === 1 ? 'piece' : 'pieces'} back in stock` : ''}
          </>
        ),
      };
    case 'return-requested':
      return { title: `Return ${entry.returnNumber ?? ''} requested`, detail: <ReturnDetail entry={entry} /> };
    case 'return-approved':
      return { title: `Return ${entry.returnNumber ?? ''} approved`, detail: <ReturnDetail entry={entry} /> };
    case 'return-refused':
      return { title: `Return ${entry.returnNumber ?? ''} refused`, detail: <ReturnDetail entry={entry} /> };
    case 'return-received': {
      // On a line of its own, under the pieces: a received step has no reason to follow.
      const outcome =
        entry.resolution === 'exchange' ? `Exchanged${entry.exchangeOrderNumber ? ` as order ${entry.exchangeOrderNumber}` : ''}` : entry.resolution === 'refund' ? 'Refunded' : '';
      return { title: `Return ${entry.returnNumber ?? ''} received`, detail: <ReturnDetail entry={{ ...entry, reason: undefined }} suffix={outcome} /> };
    }
  }
}

/** A return's step: the pieces it sends back, and the reason given (the customer's, or the shop's refusal). */
function ReturnDetail({ entry, suffix = '' }: { entry: TimelineEntry; suffix?: string }) {
  return (
    <>
      {entry.items && <span className="block">{itemsInWords(entry.items)}</span>}
      {entry.reason}
      {suffix}
    </>
  );
}

/** What happened to the order, oldest first, each step with its date and time. */
export function OrderTimeline({ entries, forAdmin }: { entries: TimelineEntry[]; forAdmin: boolean }) {
  return (
    <ol className="relative space-y-5" aria-label="Timeline">
      {entries.map((entry, index) => {
        const { title, detail } = describe(entry, forAdmin);
        return (
          <li key={`${entry.kind}-${entry.at}-${index}`} className="relative flex gap-4">
            {index < entries.length - 1 && <span aria-hidden="true" className="absolute left-[0.4375rem] top-5 -bottom-5 w-px bg-base-300" />}
            <span aria-hidden="true" className={`relative mt-1.5 size-3.5 shrink-0 rounded-full ring-4 ring-base-100 ${dots[entry.kind]}`} />
            <div className="min-w-0">
              <p className="font-medium text-stone-900">{title}</p>
              <p className="text-sm text-stone-600">
                <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>
              </p>
              {detail && <p className="mt-1 text-sm text-stone-700 [overflow-wrap:anywhere]">{detail}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
