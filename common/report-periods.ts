/**
 * The calendar of the sales reports (ADR 041): UTC days written YYYY-MM-DD, the periods a range is
 * cut into (days, weeks from Monday, calendar months), the previous range it is compared with, and
 * the ranges the Reports page offers. Shared by the server, which answers by them, and the page.
 */
export const reportIntervals = ['day', 'week', 'month'] as const;
export type ReportInterval = (typeof reportIntervals)[number];

export const reportLimits = {
  /** A report covers at most three years. */
  days: 3 * 366,
  /** By day, at most a year: longer ranges read better by week or month. */
  daysByDay: 366,
  /** Best sellers listed, by units and by revenue. */
  bestSellers: 50,
  /** Products in the products report's CSV, by revenue. */
  productsInCsv: 1000,
} as const;

const dayMs = 24 * 60 * 60 * 1000;

const toTime = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Whether `text` is a real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(toTime(text)) && fromTime(toTime(text)) === text;
}

export function addDays(day: string, days: number): string {
  return fromTime(toTime(day) + days * dayMs);
}

/** Days from `from` to `to`, both included. */
export function daysIn(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / dayMs) + 1;
}

/** The UTC day `now` falls in. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function lastOfMonth(year: number, month: number): string {
  return fromTime(Date.UTC(year, month + 1, 0));
}

/** `day` moved `months` months back, kept within its month (31 March back one month is 28 or 29 February). */
function monthsBack(day: string, months: number, toMonthEnd: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(year, month - 1 - months, 1);
  const end = lastOfMonth(new Date(target).getUTCFullYear(), new Date(target).getUTCMonth());
  if (toMonthEnd) return end;
  const moved = fromTime(target + (date - 1) * dayMs);
  return moved > end ? end : moved;
}

const isFirstOfMonth = (day: string) => day.endsWith('-01');
const isLastOfMonth = (day: string) => addDays(day, 1).endsWith('-01');

/**
 * The range a report is compared with. A range that starts on the first of a month is compared with
 * the same days of the months before it (1–27 November with 1–27 October; all of November with all
 * of October), and a range from 1 January within its year with the same days of the year before;
 * any other range with as many days just before it.
 */
export function previousRange(from: string, to: string): { from: string; to: string } {
  if (isFirstOfMonth(from)) {
    const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
    const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
    // A year so far is compared with the same days of the year before.
    const months = from.endsWith('-01-01') && toYear === fromYear ? 12 : (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
    return { from: monthsBack(from, months, false), to: monthsBack(to, months, isLastOfMonth(to)) };
  }
  const length = daysIn(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** The first day of the period of `interval` that `day` falls in (weeks start on Monday, as ISO 8601's). */
export function periodStart(day: string, interval: ReportInterval): string {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 8)}01`;
  const weekday = (new Date(toTime(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The periods of `interval` that cover `from` to `to`, each cut to the range at its ends. */
export function periodsOf(from: string, to: string, interval: ReportInterval): { start: string; end: string }[] {
  const periods: { start: string; end: string }[] = [];
  let start = from;
  while (start <= to) {
    const next =
      interval === 'day'
        ? addDays(start, 1)
        : interval === 'week'
          ? addDays(periodStart(start, 'week'), 7)
          : addDays(lastOfMonth(Number(start.slice(0, 4)), Number(start.slice(5, 7)) - 1), 1);
    const end = addDays(next, -1) > to ? to : addDays(next, -1);
    periods.push({ start, end });
    start = next;
  }
  return periods;
}

export const reportRanges = ['this-month', 'last-month', 'last-30-days', 'this-year', 'custom'] as const;
export type ReportRange = (typeof reportRanges)[number];

/** The days of a named range, as of `today`. */
export function rangeOf(range: Exclude<ReportRange, 'custom'>, today: string): { from: string; to: string } {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (range) {
    case 'this-month':
      return { from: monthStart, to: today };
    case 'last-month':
      return { from: monthsBack(monthStart, 1, false), to: addDays(monthStart, -1) };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** Percent change from `previous` to `current`, to one decimal; null from nothing, where no percentage means anything. */
export function percentChange(current: number, previous: number): number | null {
  return previous === 0 ? null : Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}
