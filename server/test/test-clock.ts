import type { Clock } from '../clock.ts';

/** A clock that stands still until the test moves it on. */
export interface TestClock extends Clock {
  advance(milliseconds: number): void;
}

/**
 * A shop clock for tests in which time must pass: "later" is exactly as much later as the test says,
 * and nothing waits.
 */
export function createTestClock(start: string | Date): TestClock {
  let current = new Date(start).getTime();
  const clock = () => new Date(current);
  return Object.assign(clock, {
    advance(milliseconds: number) {
      current += milliseconds;
    },
  });
}
