import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry-policy.ts';

describe('retryDelayMs', () => {
  it('waits e^attempts seconds, growing with each failure', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([2718, 7389, 20086, 54598]);
  });

  it('never waits longer than e^10 seconds, however often the job has failed', () => {
    expect(retryDelayMs(10)).toBe(22026466);
    expect(retryDelayMs(25)).toBe(22026466);
  });
});
