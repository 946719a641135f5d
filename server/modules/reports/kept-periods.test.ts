import { describe, expect, it } from 'vitest';
import { keptPeriodsOf, wholePeriodOf } from './kept-periods.ts';

const today = '2026-11-27';

describe('keptPeriodsOf', () => {
  it('reads this month, this year and a past month as one period each', () => {
    expect(keptPeriodsOf('2026-11-01', '2026-11-30', today)).toEqual({ years: [], months: ['2026-11'], days: [] });
    expect(keptPeriodsOf('2026-11-01', today, today)).toEqual({ years: [], months: ['2026-11'], days: [] });
    expect(keptPeriodsOf('2026-01-01', today, today)).toEqual({ years: ['2026'], months: [], days: [] });
    expect(keptPeriodsOf('2026-10-01', '2026-10-31', today)).toEqual({ years: [], months: ['2026-10'], days: [] });
    expect(wholePeriodOf(keptPeriodsOf('2026-01-01', '2026-12-31', today))).toEqual({ year: '2026' });
  });

  it('cuts the last 30 days into the days of the month before and this month so far', () => {
    expect(keptPeriodsOf('2026-10-29', today, today)).toEqual({ years: [], months: ['2026-11'], days: [['2026-10-29', '2026-10-31']] });
    expect(wholePeriodOf(keptPeriodsOf('2026-10-29', today, today))).toEqual({ month: '2026-11' });
    expect(wholePeriodOf(keptPeriodsOf('2026-10-29', '2026-12-31', '2027-01-05'))).toBeNull();
  });

  it('uses whole years, then whole months, then runs of days', () => {
    expect(keptPeriodsOf('2024-11-15', '2026-03-10', today)).toEqual({
      years: ['2025'],
      months: ['2024-12', '2026-01', '2026-02'],
      days: [
        ['2024-11-15', '2024-11-30'],
        ['2026-03-01', '2026-03-10'],
      ],
    });
    expect(keptPeriodsOf('2026-10-29', '2026-11-05', today)).toEqual({ years: [], months: [], days: [['2026-10-29', '2026-11-05']] });
  });

  it('reads a month beside at least a third as many days as its days instead (ADR 055)', () => {
    // A month and nine days of the next: looking up what nine days sold in the month pays.
    expect(keptPeriodsOf('2026-10-01', '2026-11-09', today)).toEqual({ years: [], months: ['2026-10'], days: [['2026-11-01', '2026-11-09']] });
    // Ten days beside a month of 30: a third as many, all added up as days.
    expect(keptPeriodsOf('2026-08-22', '2026-09-30', today)).toEqual({ years: [], months: [], days: [['2026-08-22', '2026-09-30']] });
    // The last 30 days early in a month: this month so far is two days, beside 28 before it.
    expect(keptPeriodsOf('2026-11-03', '2026-12-02', '2026-12-02')).toEqual({ years: [], months: [], days: [['2026-11-03', '2026-12-02']] });
    // A year beside days is looked up whatever the days, and so are two whole periods.
    expect(keptPeriodsOf('2025-12-15', '2026-12-31', '2027-01-05')).toEqual({ years: ['2026'], months: [], days: [['2025-12-15', '2025-12-31']] });
    expect(keptPeriodsOf('2025-11-15', '2026-12-31', '2027-01-05')).toEqual({ years: ['2026'], months: ['2025-12'], days: [['2025-11-15', '2025-11-30']] });
  });

  it('reads nothing after today, and a part of a past month as days', () => {
    expect(keptPeriodsOf('2026-12-01', '2026-12-31', today)).toEqual({ years: [], months: [], days: [] });
    expect(keptPeriodsOf('2026-11-01', '2026-11-20', today)).toEqual({ years: [], months: [], days: [['2026-11-01', '2026-11-20']] });
    expect(wholePeriodOf(keptPeriodsOf('2026-11-01', '2026-11-20', today))).toBeNull();
  });
});
