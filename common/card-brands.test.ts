import { describe, expect, it } from 'vitest';
import { cardBrandLabel, cardBrandOfNumber, cardDescription, lastFourOf } from './card-brands.ts';

describe('card brands', () => {
  it("tells the brand of Stripe's test card numbers as Stripe does", () => {
    expect(cardBrandOfNumber('4242424242424242')).toBe('visa');
    expect(cardBrandOfNumber('5555555555554444')).toBe('mastercard');
    expect(cardBrandOfNumber('2223003122003222')).toBe('mastercard');
    expect(cardBrandOfNumber('378282246310005')).toBe('amex');
    expect(cardBrandOfNumber('6011111111111117')).toBe('discover');
    expect(cardBrandOfNumber('3056930009020004')).toBe('diners');
    expect(cardBrandOfNumber('36227206271667')).toBe('diners');
    expect(cardBrandOfNumber('3566002020360505')).toBe('jcb');
    expect(cardBrandOfNumber('6200000000000005')).toBe('unionpay');
  });

  it('says unknown for a number of no brand it knows, and at the edges of a range', () => {
    expect(cardBrandOfNumber('9999999999999995')).toBe('unknown');
    expect(cardBrandOfNumber('2220990000000008')).toBe('unknown');
    expect(cardBrandOfNumber('2721000000000004')).toBe('unknown');
    expect(cardBrandOfNumber('3527000000000000')).toBe('unknown');
  });

  it('keeps only the last four digits', () => {
    expect(lastFourOf('4242424242424242')).toBe('4242');
    expect(lastFourOf('378282246310005')).toBe('0005');
  });

  it('names brands for people, and any other as a card', () => {
    expect(cardBrandLabel('amex')).toBe('American Express');
    expect(cardBrandLabel('cartes_bancaires')).toBe('Card');
    expect(cardBrandLabel(undefined)).toBe('Card');
  });

  it('describes a card by its brand and last four, and nothing without them', () => {
    expect(cardDescription('visa', '4242')).toBe('Visa ending 4242');
    expect(cardDescription(undefined, '0005')).toBe('Card ending 0005');
    expect(cardDescription('visa', undefined)).toBeUndefined();
  });
});
