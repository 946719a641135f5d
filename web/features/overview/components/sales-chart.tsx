import { formatUsd } from '../../../../common/money.ts';
import type { Overview } from '../../../../common/schemas/overview.ts';

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

/**
 * Revenue per day as bars, drawn as plain SVG (no chart library in the bundle). The same numbers
 * are in a table for screen readers.
 */
export function SalesChart({ days }: { days: Overview['days'] }) {
  const highest = Math.max(...days.map((day) => day.revenue), 1);
  const width = 600;
  const height = 180;
  const slot = width / days.length;
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-52 w-full" aria-hidden="true" preserveAspectRatio="none">
        <line x1="0" y1={height} x2={width} y2={height} className="stroke-stone-300" strokeWidth="1" />
        {days.map((day, index) => {
          const barHeight = (day.revenue / highest) * (height - 10);
          return (
            <g key={day.date}>
              <rect x={index * slot + slot * 0.15} y={height - barHeight} width={slot * 0.7} height={barHeight} rx="2" className="fill-primary">
                <title>{`${label(day.date)}: ${formatUsd(day.revenue)}, ${day.paidOrders} paid orders`}</title>
              </rect>
            </g>
          );
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-stone-600">
        <span>{label(days[0]?.date ?? '')}</span>
        <span>Revenue per day, last 30 days (highest {formatUsd(highest)})</span>
        <span>{label(days.at(-1)?.date ?? '')}</span>
      </figcaption>
      <table className="sr-only">
        <caption>Revenue and paid orders per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
            <th scope="col">Paid orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{label(day.date)}</td>
              <td>{formatUsd(day.revenue)}</td>
              <td>{day.paidOrders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
