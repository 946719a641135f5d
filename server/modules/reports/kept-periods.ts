import { addDays, daysIn } from '../../../common/report-periods.ts';

/**
 * The fewest kept periods whose figures add up to a range's (ADR 041): whole UTC years, whole
 * months, and the days left, each run of days as one `[from, to]`. No figure is kept for a day after
 * today on the one clock, so a month or year whose days from the range's start run to today (or
 * later) is whole as far as the figures go: "this month" and "this year" are one period each.
 */
export interface KeptPeriods {
  /** YYYY. */
  years: string[];
  /** YYYY-MM. */
  months: string[];
  /** Runs of YYYY-MM-DD days, both ends included. */
  days: [string, string][];
}

const nextMonth = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
};

export function keptPeriodsOf(from: string, to: string, today: string): KeptPeriods {
  const periods: KeptPeriods = { years: [], months: [], days: [] };
  // Nothing is kept after today: the range ends there at the latest.
  const end = to < today ? to : today;
  // A period from its first day (never after `end`) is whole if the range reaches its last day, or today.
  const reaches = (last: string) => end >= last || end === today;
  let day = from;
  while (day <= end) {
    const year = day.slice(0, 4);
    const month = day.slice(0, 7);
    const monthAfter = `${nextMonth(month)}-01`;
    if (day.endsWith('-01-01') && reaches(`${year}-12-31`)) {
      periods.years.push(year);
      day = `${Number(year) + 1}-01-01`;
    } else if (day.endsWith('-01') && reaches(addDays(monthAfter, -1))) {
      periods.months.push(month);
      day = monthAfter;
    } else {
      // The days up to the month's end (or the range's), joined to the run just before when they follow it.
      const last = addDays(monthAfter, -1) < end ? addDays(monthAfter, -1) : end;
      const run = periods.days.at(-1);
      if (run && addDays(run[1], 1) === day) run[1] = last;
      else periods.days.push([day, last]);
      day = addDays(last, 1);
    }
  }
  return monthBesideManyDaysAsDays(periods, from, end);
}

/**
 * How many rows of days looking up one product in a month's figures costs, as measured at scale
 * (ADR 055): a day's row is added up from an index in key order, a month's is found by its key.
 */
const lookUpCost = 3;

/**
 * A range of one whole month and days is read as its days alone when those are at least a third as
 * many as the month's (up to `end`): its best sellers look each product the days name up in the
 * month's figures, which costs more than adding up the month's own days once (ADR 055).
 */
function monthBesideManyDaysAsDays(periods: KeptPeriods, from: string, end: string): KeptPeriods {
  const [month] = periods.months;
  if (periods.years.length > 0 || periods.months.length !== 1 || !month) return periods;
  const monthEnd = addDays(`${nextMonth(month)}-01`, -1);
  const days = periods.days.reduce((sum, [first, last]) => sum + daysIn(first, last), 0);
  if (days === 0 || days * lookUpCost < daysIn(`${month}-01`, monthEnd < end ? monthEnd : end)) return periods;
  return { years: [], months: [], days: [[from, end]] };
}

/** The one whole month or year among a range's kept periods (beside which there may be days), if there is one. */
export function wholePeriodOf(periods: KeptPeriods): { month: string } | { year: string } | null {
  if (periods.years.length + periods.months.length !== 1) return null;
  return periods.years[0] ? { year: periods.years[0] } : { month: periods.months[0]! };
}
