import { describe, expect, it } from 'vitest';
import { discountCodeFormSchema, discountCodeInputSchema, discountCodeMessages } from './discount-codes.ts';

describe('the dashboard’s form for a new discount code', () => {
  it('gives the request: capitals, whole days where the form is filled in, blanks left out', () => {
    const request = discountCodeFormSchema.parse({ code: ' spring-10 ', kind: 'percent', value: 10, startsOn: '2026-03-01', endsOn: '2026-03-31', categories: [] });
    expect(request).toEqual({ code: 'SPRING-10', kind: 'percent', value: 10, startsAt: new Date(2026, 2, 1).toISOString(), endsAt: new Date(2026, 3, 1).toISOString() });
    // What the server checks the same request with.
    expect(discountCodeInputSchema.safeParse(request).success).toBe(true);
  });

  it('takes a one-day code, and refuses a last day before the first', () => {
    expect(discountCodeFormSchema.safeParse({ code: 'ONEDAY', kind: 'free_shipping', startsOn: '2026-12-01', endsOn: '2026-12-01' }).success).toBe(true);
    const refused = discountCodeFormSchema.safeParse({ code: 'BACKWARDS', kind: 'free_shipping', startsOn: '2026-12-02', endsOn: '2026-12-01' });
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['endsOn'], message: discountCodeMessages.lastDayBeforeFirst })]);
  });

  it('asks for the value its kind needs, and none for free shipping', () => {
    const problem = (form: object) => discountCodeFormSchema.safeParse({ code: 'ABC', ...form }).error?.issues[0]?.message;
    expect(problem({ kind: 'percent' })).toBe(discountCodeMessages.percent);
    expect(problem({ kind: 'percent', value: 12.5 })).toBe(discountCodeMessages.percent);
    expect(problem({ kind: 'amount', value: 0 })).toBe(discountCodeMessages.amount);
    expect(problem({ kind: 'amount', value: 4.999 })).toBe(discountCodeMessages.amount);
    expect(discountCodeFormSchema.parse({ code: 'ABC', kind: 'free_shipping', value: 7 })).toEqual({ code: 'ABC', kind: 'free_shipping', value: 0 });
  });
});
