/**
 * Card brands as Stripe names them (`payment_method_details.card.brand`), which is how the shop
 * stores them, and their names as people read them. The local processor has only the number it
 * checked, so it tells the brand from the number's leading digits, as processors do.
 */
export const cardBrandLabels: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The brand's name for people; a brand the shop does not know by name is just a card. */
export function cardBrandLabel(brand: string | undefined): string {
  return (brand && cardBrandLabels[brand]) ?? 'Card';
}

/** Leading digits of each brand (the issuer identification ranges), most specific first. */
const brandRanges: [brand: string, test: (digits: string) => boolean][] = [
  ['amex', (d) => /^3[47]/.test(d)],
  ['diners', (d) => /^3(?:0[0-5]|[689])/.test(d)],
  ['jcb', (d) => inRange(d, 4, 3528, 3589)],
  ['discover', (d) => /^(?:6011|64[4-9]|65)/.test(d)],
  ['unionpay', (d) => /^62/.test(d)],
  ['mastercard', (d) => /^5[1-5]/.test(d) || inRange(d, 4, 2221, 2720)],
  ['visa', (d) => /^4/.test(d)],
];

function inRange(digits: string, length: number, low: number, high: number): boolean {
  const prefix = Number(digits.slice(0, length));
  return digits.length >= length && prefix >= low && prefix <= high;
}

/** The brand of a card number (digits only), or 'unknown', as Stripe says when it cannot tell. */
export function cardBrandOfNumber(digits: string): string {
  return brandRanges.find(([, test]) => test(digits))?.[0] ?? 'unknown';
}

/** The only part of a card number the shop keeps: its last four digits. */
export function lastFourOf(digits: string): string {
  return digits.slice(-4);
}

/** The card as a receipt or an order names it: "Visa ending 4242". */
export function cardDescription(brand: string | undefined, last4: string | undefined): string | undefined {
  return last4 ? `${cardBrandLabel(brand)} ending ${last4}` : undefined;
}
