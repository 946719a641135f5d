import { describe, expect, it } from 'vitest';
import { isOrderableQuantity, isSoldOut, orderMessages, quantityProblem, stockState } from './ordering.ts';

/** The specification's rule at its boundary: minQuantity <= quantity < availQuantity. */
describe('stock states', () => {
  it('lets the minimum be ordered when the stock is one above it, and no more', () => {
    const stock = { minQuantity: 3, availQuantity: 4 };
    expect(isSoldOut(stock)).toBe(false);
    expect(isOrderableQuantity(3, stock)).toBe(true);
    expect(quantityProblem(3, stock)).toBeUndefined();
    expect(quantityProblem(4, stock)).toBe(orderMessages.orderAtMost(3));
    expect(stockState(stock)).toEqual({ kind: 'low', left: 3 });
  });

  it('is sold out when the stock equals the minimum, or is below it, or is nothing', () => {
    for (const stock of [
      { minQuantity: 3, availQuantity: 3 },
      { minQuantity: 1, availQuantity: 1 },
      { minQuantity: 5, availQuantity: 2 },
      { minQuantity: 1, availQuantity: 0 },
    ]) {
      expect(isSoldOut(stock)).toBe(true);
      expect(stockState(stock)).toEqual({ kind: 'sold-out' });
      expect(isOrderableQuantity(stock.minQuantity, stock)).toBe(false);
      // One message, never "at least 1, fewer than 1".
      expect(quantityProblem(stock.minQuantity, stock)).toBe(orderMessages.soldOut);
    }
  });

  it('says "Only N left" from five orderable pieces down, N being the most one order can take', () => {
    expect(stockState({ minQuantity: 1, availQuantity: 6 })).toEqual({ kind: 'low', left: 5 });
    expect(stockState({ minQuantity: 1, availQuantity: 7 })).toEqual({ kind: 'in-stock', left: 6 });
  });
});

describe('quantityProblem', () => {
  const stock = { minQuantity: 2, availQuantity: 10 };

  it('accepts every whole quantity from the minimum to one below the stock', () => {
    for (const quantity of [2, 5, 9]) expect(quantityProblem(quantity, stock)).toBeUndefined();
  });

  it('names what is wrong: too few, not whole, or too many', () => {
    expect(quantityProblem(1, stock)).toBe('Please Order At least 2');
    expect(quantityProblem(Number.NaN, stock)).toBe('Please Order At least 2');
    expect(quantityProblem(2.5, stock)).toBe(orderMessages.wholeNumber);
    expect(quantityProblem(10, stock)).toBe('Please order at most 9: that is all we have left.');
    expect(quantityProblem(1_000_000, stock)).toBe(orderMessages.orderAtMost(9));
  });
});
