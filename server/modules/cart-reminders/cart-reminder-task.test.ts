import { describe, expect, it } from 'vitest';
import { cartReminderSweepMinutes } from './cart-reminder-task.ts';

describe('how often the cart reminders’ sweep looks', () => {
  it('is every 15 minutes for a wait of hours, a quarter of a shorter wait, and never under a minute', () => {
    expect(cartReminderSweepMinutes(24)).toBe(15);
    expect(cartReminderSweepMinutes(1)).toBe(15);
    expect(cartReminderSweepMinutes(0.5)).toBe(7);
    expect(cartReminderSweepMinutes(0.002)).toBe(1);
  });
});
