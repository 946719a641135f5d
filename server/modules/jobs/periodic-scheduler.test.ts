import { describe, expect, it } from 'vitest';
import { periodStart } from './periodic-scheduler.ts';

describe('periodStart', () => {
  it('puts every moment of a period at the same start', () => {
    const starts = ['2026-05-04T10:15:00.000Z', '2026-05-04T10:17:31.250Z', '2026-05-04T10:19:59.999Z'].map((at) => periodStart(new Date(at), 5).toISOString());
    expect(starts).toEqual(['2026-05-04T10:15:00.000Z', '2026-05-04T10:15:00.000Z', '2026-05-04T10:15:00.000Z']);
  });

  it('starts the next period on its first millisecond', () => {
    expect(periodStart(new Date('2026-05-04T10:20:00.000Z'), 5).toISOString()).toBe('2026-05-04T10:20:00.000Z');
  });

  it('aligns hourly and daily periods to whole hours and midnight, UTC', () => {
    expect(periodStart(new Date('2026-05-04T10:42:00.000Z'), 60).toISOString()).toBe('2026-05-04T10:00:00.000Z');
    expect(periodStart(new Date('2026-05-04T23:59:00.000Z'), 24 * 60).toISOString()).toBe('2026-05-04T00:00:00.000Z');
  });
});
