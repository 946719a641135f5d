import { describe, expect, it } from 'vitest';
import { isDay, percentChange, periodsOf, previousRange, rangeOf } from './report-periods.ts';

describe('the reports’ calendar', () => {
  it('knows a real day from a date-shaped string', () => {
    expect(['2026-11-27', '2024-02-29'].map(isDay)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '2026-11-7', ''].map(isDay)).toEqual([false, false, false, false]);
  });

  it('compares a range from the 1st with the same days of the months before', () => {
    expect(previousRange('2026-11-01', '2026-11-27')).toEqual({ from: '2026-10-01', to: '2026-10-27' });
    expect(previousRange('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(previousRange('2026-03-01', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousRange('2026-03-01', '2026-03-30')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousRange('2026-01-01', '2026-11-27')).toEqual({ from: '2025-01-01', to: '2025-11-27' });
    expect(previousRange('2025-01-01', '2025-12-31')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });

  it('compares any other range with as many days just before it', () => {
    expect(previousRange('2026-10-29', '2026-11-27')).toEqual({ from: '2026-09-29', to: '2026-10-28' });
    expect(previousRange('2026-03-02', '2026-03-02')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });

  it('cuts a range into days, weeks from Monday and calendar months, cut to the range', () => {
    expect(periodsOf('2026-11-27', '2026-11-29', 'day')).toEqual([
      { start: '2026-11-27', end: '2026-11-27' },
      { start: '2026-11-28', end: '2026-11-28' },
      { start: '2026-11-29', end: '2026-11-29' },
    ]);
    expect(periodsOf('2026-11-26', '2026-12-08', 'week')).toEqual([
      { start: '2026-11-26', end: '2026-11-29' },
      { start: '2026-11-30', end: '2026-12-06' },
      { start: '2026-12-07', end: '2026-12-08' },
    ]);
    expect(periodsOf('2024-01-15', '2024-03-10', 'month')).toEqual([
      { start: '2024-01-15', end: '2024-01-31' },
      { start: '2024-02-01', end: '2024-02-29' },
      { start: '2024-03-01', end: '2024-03-10' },
    ]);
  });

  it('names the ranges the Reports page offers', () => {
    expect(rangeOf('this-month', '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(rangeOf('last-month', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(rangeOf('last-month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(rangeOf('last-30-days', '2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(rangeOf('this-year', '2026-11-27')).toEqual({ from: '2026-01-01', to: '2026-11-27' });
  });

  it('gives the change in percent, and none from nothing', () => {
    expect([percentChange(438.5, 487.5), percentChange(2, 1), percentChange(5, 0), percentChange(-10, 20)]).toEqual([-10.1, 100, null, -150]);
  });
});
