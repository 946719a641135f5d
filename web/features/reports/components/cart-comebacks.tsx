import { formatUsd } from '../../../../common/money.ts';
import type { CartsReport } from '../../../../common/schemas/cart-reminders.ts';
import { formatCount } from './report-format.ts';

/**
 * Carts that come back (ADR 045): the carts reminded in the range and the reminders sent, and the
 * carts bought after a reminder with what those orders came to, as kept when each went or was paid.
 */
export function CartComebacks({ report }: { report: CartsReport }) {
  const rate = report.cartsReminded > 0 ? `${((report.cameBack / report.cartsReminded) * 100).toFixed(1)} % of the carts reminded` : 'No carts reminded';
  const cards = [
    { label: 'Carts reminded', figure: formatCount(report.cartsReminded), note: `${formatCount(report.remindersSent)} reminders sent` },
    { label: 'Bought after a reminder', figure: formatCount(report.cameBack), note: rate },
    { label: 'What they were worth', figure: formatUsd(report.worth), note: 'Their orders’ totals, as paid' },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {cards.map((card) => (
        <div key={card.label} className="rounded-xl border border-base-300 bg-base-100 p-4">
          <dt className="text-sm text-stone-600">{card.label}</dt>
          <dd className="mt-1">
            <span className="block text-xl font-semibold text-stone-900 sm:text-2xl">{card.figure}</span>
            <span className="block text-xs text-stone-600">{card.note}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
