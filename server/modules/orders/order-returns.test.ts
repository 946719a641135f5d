import { describe, expect, it } from 'vitest';
import { exchangeDifferenceCents } from './order-returns.ts';

/** ADR 040: what an exchange to a variant at another price costs or gives back. */
describe('the price difference of an exchange', () => {
  const line = { unit_price_cents: 3000, tax_rate_ppm: 0 };

  it('is nothing at the same price', () => {
    expect(exchangeDifferenceCents(line, false, 3000, 2)).toBe(0);
  });

  it('is the difference in list price per piece times the pieces, dearer or cheaper', () => {
    expect(exchangeDifferenceCents(line, false, 3600, 2)).toBe(1200);
    expect(exchangeDifferenceCents(line, false, 2400, 1)).toBe(-600);
  });

  it('carries the tax the line was charged on it, when tax was added on top', () => {
    const taxed = { unit_price_cents: 3000, tax_rate_ppm: 82_500 };
    expect(exchangeDifferenceCents(taxed, false, 3600, 1)).toBe(650);
    expect(exchangeDifferenceCents(taxed, false, 2400, 1)).toBe(-650);
    // Prices with the tax in them: the difference holds its tax already.
    expect(exchangeDifferenceCents(taxed, true, 3600, 1)).toBe(600);
  });
});
