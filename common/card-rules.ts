/**
 * Checks a card number, expiry and CVC the way a card processor does before it tries a charge.
 * The shop's local test processor uses them on the server; its card form uses them in the browser.
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

/** The first problem with a card's details, or undefined when a processor would try it. */
export function cardProblem(card: CardInput, now = new Date()): string | undefined {
  if (!passesLuhn(cardDigits(card.cardNumber))) return cardMessages.numberInvalid;
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return cardMessages.expiryInvalid;
  // A card is good through the last day of its expiry month.
  const monthsNow = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (expiry.year * 12 + (expiry.month - 1) < monthsNow) return cardMessages.expired;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return cardMessages.cvcInvalid;
  return undefined;
}
