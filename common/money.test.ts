import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatUsd } from './money.ts';

describe('money', () => {
  it('converts dollars to whole cents without floating-point drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1234.5)).toBe(123450);
  });

  it('converts cents back to dollars', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(5)).toBe(0.05);
  });

  it('formats US dollars for people', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it("formats every amount as the browser's own US dollar format does", () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [0.01, 0.05, 0.1, 1, 9.99, 19.9, 100, 999.99, 1000, 12345.67, 1234567.89, 100000000, -0.01, -5, -1234.5, 0.1 + 0.2, 0.125, -0.125, 19.99 * 3, 12.5 * 7];
    for (const cents of [7, 99, 100, 101, 99999, 100000, 123456789]) amounts.push(cents / 100, -cents / 100);
    for (const amount of amounts) expect(formatUsd(amount), String(amount)).toBe(usd.format(amount));
  });

  it('writes an amount that is not a number as it is, rather than made-up digits', () => {
    expect(formatUsd(Number.NaN)).toBe('$NaN');
    expect(formatUsd(Number.POSITIVE_INFINITY)).toBe('$Infinity');
  });
});
