import { describe, expect, it } from 'vitest';
import { cardMessages } from '../card-rules.ts';
import { cardDetailsSchema } from './card-details.ts';
import { problemOf } from './problem-of.ts';

// Mid-March 2030, UTC.
const march2030 = () => new Date('2030-03-15T12:00:00Z');
const problem = (card: Partial<Record<'cardNumber' | 'expiry' | 'cvc', string>>) =>
  problemOf(cardDetailsSchema(march2030), { cardNumber: '4242 4242 4242 4242', expiry: '03/30', cvc: '123', ...card });

describe('card details', () => {
  it('accept a card through the last day of its expiry month', () => {
    expect(problem({})).toBeUndefined();
    expect(problem({ expiry: '12/2031', cvc: '1234' })).toBeUndefined();
  });

  it('refuse a number that fails the checksum, and name that first', () => {
    expect(problem({ cardNumber: '4242 4242 4242 4241', expiry: 'soon' })).toBe(cardMessages.numberInvalid);
  });

  it('tell an incomplete expiry from one in the past', () => {
    expect(problem({ expiry: '13/30' })).toBe(cardMessages.expiryInvalid);
    expect(problem({ expiry: '3/3' })).toBe(cardMessages.expiryInvalid);
    expect(problem({ expiry: '02/30' })).toBe(cardMessages.expired);
  });

  it('want a CVC of 3 or 4 digits', () => {
    expect(problem({ cvc: '12' })).toBe(cardMessages.cvcInvalid);
    expect(problem({ cvc: '12a' })).toBe(cardMessages.cvcInvalid);
  });
});
