/**
 * What a card processor checks of a card number, expiry and CVC before it tries a charge, and its
 * messages; common/schemas/card-details.ts applies them on both sides.
 */
export const cardMessages = {
  numberInvalid: 'Your card number is invalid.',
  expiryInvalid: "Your card's expiration date is incomplete.",
  expired: "Your card's expiration date is in the past.",
  cvcInvalid: "Your card's security code is incomplete.",
  nameRequired: 'Name on card is Required',
} as const;

export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 'MM/YY' (or 'MM / YY', 'MM/YYYY') to a month and a four-digit year. */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}
