import { formatUsd } from '../../../../common/money.ts';
import { CartThumbnail } from './cart-thumbnail.tsx';

export interface SummaryLine {
  key: string;
  name: string;
  img: string | undefined;
  quantity: number;
  unitPrice: number;
  price: number;
}

/** What is being paid for, as the server priced it: each line and the total of the one payment. */
export function CheckoutSummary({ lines, total, note }: { lines: readonly SummaryLine[]; total: number; note?: string }) {
  const pieces = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <section aria-label="Order summary" className="space-y-4 rounded-xl border border-base-300 bg-base-100 p-6 lg:sticky lg:top-24">
      <h2 className="text-lg font-semibold text-stone-900">
        {lines.length} {lines.length === 1 ? 'tool' : 'tools'}, {pieces} {pieces === 1 ? 'piece' : 'pieces'}
      </h2>
      <ul className="space-y-3">
        {lines.map((line) => (
          <li key={line.key} className="flex items-center gap-3">
            <CartThumbnail img={line.img} name={line.name} className="h-12 w-16" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-stone-900">{line.name}</p>
              <p className="text-stone-600">
                {line.quantity} × {formatUsd(line.unitPrice)}
              </p>
            </div>
            <p className="text-sm font-medium text-stone-900">{formatUsd(line.price)}</p>
          </li>
        ))}
      </ul>
      <div className="flex justify-between gap-4 border-t border-base-300 pt-3">
        <span className="font-medium text-stone-800">Total</span>
        <span data-testid="checkout-total" className="font-semibold text-stone-900">
          {formatUsd(total)} USD
        </span>
      </div>
      {note && <p className="text-xs text-stone-600">{note}</p>}
    </section>
  );
}
