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

  it('reads nothing after today, and a part of a past month as days', () => {
    expect(keptPeriodsOf('2026-12-01', '2026-12-31', today)).toEqual({ years: [], months: [], days: [] });
    expect(keptPeriodsOf('2026-11-01', '2026-11-20', today)).toEqual({ years: [], months: [], days: [['2026-11-01', '2026-11-20']] });
    expect(wholePeriodOf(keptPeriodsOf('2026-11-01', '2026-11-20', today))).toBeNull();
  });
});
