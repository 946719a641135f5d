import { type KeyboardEvent, useRef, useState } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import type { Overview } from '../../../../common/schemas/overview.ts';

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));
const axisMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** Lines across the chart: zero and this many steps above it. */
const steps = 4;
/** A date under every this many days (and under the last). */
const dateEvery = 7;

/** A round step (1, 2 or 5 times a power of ten) so that `steps` of them reach at least `highest`. */
function axisStep(highest: number): number {
  const rough = Math.max(highest, 1) / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 5, 10].find((multiple) => multiple * power >= rough) ?? 10) * power;
}

const net = (day: Overview['days'][number]) => Math.max(0, day.revenue - day.refunded);

function describeDay(day: Overview['days'][number]): string {
  const orders = `${day.paidOrders} paid ${day.paidOrders === 1 ? 'order' : 'orders'}`;
  if (day.refunded === 0) return `${label(day.date)}: ${formatUsd(day.revenue)}, ${orders}`;
  return `${label(day.date)}: ${formatUsd(net(day))} net (${formatUsd(day.revenue)} paid, ${formatUsd(day.refunded)} refunded), ${orders}`;
}

/** Keys that move between bars: one tab stop for the chart, the arrows within it. */
const moves: Record<string, (index: number, last: number) => number> = {
  ArrowLeft: (index) => Math.max(0, index - 1),
  ArrowRight: (index, last) => Math.min(last, index + 1),
  Home: () => 0,
  End: (_, last) => last,
};

/** Whether a date goes under this day: one a week from the first, and the last, never two crowded together. */
const datedDay = (index: number, last: number) => index === last || (index % dateEvery === 0 && last - index >= 4);

/**
 * Net revenue per day as bars on a value axis, with dates under them. Each bar shows its day's
 * figures on hover and on keyboard focus (Tab reaches the chart, the arrow keys move along it), and
 * says them to screen readers; the same numbers are in a table as well. Plain HTML and CSS: no chart
 * library in the bundle.
 */
export function SalesChart({ days }: { days: Overview['days'] }) {
  const last = days.length - 1;
  const [current, setCurrent] = useState(last);
  const bars = useRef<(HTMLLIElement | null)[]>([]);
  function move(event: KeyboardEvent, index: number) {
    const to = moves[event.key]?.(index, last);
    if (to === undefined) return;
    event.preventDefault();
    setCurrent(to);
    bars.current[to]?.focus();
  }
  const step = axisStep(Math.max(...days.map(net)));
  const top = step * steps;
  const ticks = Array.from({ length: steps + 1 }, (_, index) => step * (steps - index));
  const percent = (value: number) => `${(value / top) * 100}%`;

  return (
    <figure className="space-y-3">
      <figcaption className="text-sm font-medium text-stone-700">Net revenue per day, last 30 days</figcaption>
      <div className="flex gap-2">
        {/* The value axis: a figure beside each line. */}
        <div className="relative h-52 w-12 shrink-0 text-right text-xs text-stone-600" aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-0 translate-y-1/2 leading-none" style={{ bottom: percent(tick) }}>
              {axisMoney.format(tick)}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <div className="relative h-52 border-b border-l border-stone-300">
            {ticks.slice(0, -1).map((tick) => (
              <div key={tick} className="absolute inset-x-0 border-t border-dashed border-stone-200" style={{ bottom: percent(tick) }} aria-hidden="true" />
            ))}
            <ol className="absolute inset-0 flex items-end gap-px px-px sm:gap-0.5" aria-label="Net revenue per day">
              {days.map((day, index) => {
                const nearStart = index < 4;
                const nearEnd = index >= last - 3;
                return (
                  <li
                    key={day.date}
                    ref={(bar) => {
                      bars.current[index] = bar;
                    }}
                    tabIndex={index === current ? 0 : -1}
                    onKeyDown={(event) => move(event, index)}
                    onFocus={() => setCurrent(index)}
                    aria-label={describeDay(day)}
                    className="group relative flex h-full flex-1 items-end rounded-sm outline-none focus-visible:bg-primary/10 focus-visible:ring-2 focus-visible:ring-primary"
                  >
                    <div
                      className="w-full rounded-t-sm bg-primary transition-colors group-hover:bg-primary/80 group-focus-visible:bg-primary/80"
                      style={{ height: net(day) > 0 ? `max(2px, ${percent(net(day))})` : 0 }}
                    />
                    <div
                      aria-hidden="true"
                      className={`pointer-events-none absolute top-0 z-10 hidden whitespace-nowrap rounded-md bg-stone-900 px-2.5 py-1.5 text-xs text-white shadow-lg group-hover:block group-focus-visible:block ${
                        nearStart ? 'left-0' : nearEnd ? 'right-0' : 'left-1/2 -translate-x-1/2'
                      }`}
                    >
                      <span className="block font-semibold">{label(day.date)}</span>
                      {formatUsd(net(day))}
                      {day.refunded > 0 && ` (${formatUsd(day.refunded)} refunded)`} · {day.paidOrders} {day.paidOrders === 1 ? 'order' : 'orders'}
                    </div>
                  </li>
                );
              })}
            </ol>
          </div>
          {/* The dates: one a week, and today. */}
          <div className="relative mt-1 h-4 text-xs text-stone-600" aria-hidden="true">
            {days.map((day, index) =>
              datedDay(index, last) ? (
                <span
                  key={day.date}
                  className={`absolute whitespace-nowrap ${index === last ? '-translate-x-full' : index === 0 ? '' : '-translate-x-1/2'}`}
                  style={{ left: `${((index + (index === last ? 1 : index === 0 ? 0 : 0.5)) / days.length) * 100}%` }}
                >
                  {label(day.date)}
                </span>
              ) : null,
            )}
          </div>
        </div>
      </div>
      <table className="sr-only">
        <caption>Revenue, refunds and paid orders per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Paid</th>
            <th scope="col">Refunded</th>
            <th scope="col">Paid orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{label(day.date)}</td>
              <td>{formatUsd(day.revenue)}</td>
              <td>{formatUsd(day.refunded)}</td>
              <td>{day.paidOrders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
