import type { ReportInterval } from '../../../../common/report-periods.ts';

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const count = new Intl.NumberFormat('en-US');

/** "Nov 3", "Nov 2 – 8" or "Nov 2026": a period as its interval names it. */
export function periodLabel(start: string, end: string, interval: ReportInterval): string {
  if (interval === 'month' && start.endsWith('-01')) return monthName.format(utc(start));
  if (start === end) return shortDay.format(utc(start));
  return `${shortDay.format(utc(start))} – ${shortDay.format(utc(end))}`;
}

/** "Nov 1, 2026 – Nov 27, 2026". */
export const rangeLabel = (from: string, to: string) => (from === to ? longDay.format(utc(from)) : `${longDay.format(utc(from))} – ${longDay.format(utc(to))}`);

export const formatCount = (value: number) => count.format(value);

/** "+12.5 %", "−3.0 %", or "—" when there is nothing to compare with. */
export function changeLabel(change: number | null): string {
  if (change === null) return '—';
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${Math.abs(change).toFixed(1)} %`;
}

export function changeTone(change: number | null): string {
  if (change === null || change === 0) return 'text-stone-600';
  return change > 0 ? 'text-success' : 'text-error';
}
