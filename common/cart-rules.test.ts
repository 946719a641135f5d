import { describe, expect, it } from 'vitest';
import { isStoredCartLine } from './cart-rules.ts';
import { cartLineInputSchema } from './schemas/cart.ts';

describe('isStoredCartLine', () => {
  const samples: unknown[] = [
    { productId: 'a1b2', quantity: 3 },
    { productId: '  a1b2  ', quantity: 1 },
    { productId: 'x'.repeat(200), quantity: 1_000_000 },
    { productId: 'x'.repeat(201), quantity: 1 },
    { productId: '', quantity: 1 },
    { productId: '   ', quantity: 1 },
    { productId: 'a1b2', quantity: 0 },
    { productId: 'a1b2', quantity: -2 },
    { productId: 'a1b2', quantity: 1.5 },
    { productId: 'a1b2', quantity: 1_000_001 },
    { productId: 'a1b2', quantity: '3' },
    { productId: 7, quantity: 3 },
    { productId: 'a1b2' },
    null,
    'a1b2',
    [],
  ];

  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))('keeps %s exactly when the server’s schema would accept it', (_, sample) => {
    expect(isStoredCartLine(sample)).toBe(cartLineInputSchema.safeParse(sample).success);
  });
});
