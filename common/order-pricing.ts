/**
 * The shop's one place for money (issue 26): what an order costs, line by line, in integer cents.
 * The cart's quote, the order placed, its refunds, the receipt, the invoice and the e-mails all take
 * their figures from here (the server computes them once and keeps them; the browser only shows
 * what the server answered).
 *
 * - A discount is taken off the lines it applies to, spread over them in proportion to their amounts,
 *   to the cent (largest remainder), so that the lines' shares add up to the discount exactly.
 * - Tax is computed per line, on the line's amount after its share of the discount, rounded half up
 *   to the cent per line; shipping is taxed the same way where the tax table says so.
 * - Prices are entered either without tax (US style: tax is added on top) or with tax included (EU
 *   style: the tax is the part of the price that is tax, and the total does not change).
 * - A business in another EU country than the shop's, with a VAT number of its country's format, pays
 *   no VAT (reverse charge): with prices that include tax, it pays them without it.
 */

/** Parts per million: a rate of 7.25 % is 72,500. */
export const ratePpmPerPercent = 10_000;
const million = 1_000_000n;

/** A percentage (as people type it: 7.25) in parts per million, exact to four decimals. */
export function percentToPpm(percent: number): number {
  return Math.round(percent * ratePpmPerPercent);
}

export function ppmToPercent(ppm: number): number {
  return ppm / ratePpmPerPercent;
}

/** `numerator / denominator` rounded half up, for amounts that are never negative. */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** The tax on an amount at a rate: added on top (prices without tax), or the part of it that is tax (prices with tax). */
export function taxOn(amountCents: number, ratePpm: number, included: boolean): number {
  if (amountCents <= 0 || ratePpm <= 0) return 0;
  const amount = BigInt(amountCents);
  const rate = BigInt(ratePpm);
  return included ? divideHalfUp(amount * rate, million + rate) : divideHalfUp(amount * rate, million);
}

/**
 * `total` cents shared over parts in proportion to their weights, each a whole number of cents, the
 * shares adding up to `total` exactly: each gets its rounded-down share, and the cents left over go to
 * the parts with the largest remainders (the earlier part first on a tie).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((all, weight) => all + weight, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const big = BigInt(total);
  const bigSum = BigInt(sum);
  const shares = weights.map((weight) => {
    const exact = big * BigInt(weight);
    return { floor: Number(exact / bigSum), remainder: exact % bigSum };
  });
  let left = total - shares.reduce((all, share) => all + share.floor, 0);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = shares.map((share) => share.floor);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    result[index]! += 1;
    left -= 1;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Where a parcel goes, and what it costs to send it there.

/** Where an order goes, as shipping and tax read it: the country (ISO 3166-1 alpha-2) and, where it has them, the region (ISO 3166-2, US-CA). */
export interface Destination {
  country: string;
  region?: string | null | undefined;
}

export interface ShippingRateRule {
  id: string;
  /** What customers read: Standard, Express. */
  name: string;
  priceCents: number;
  /** The band of the order's weight the rate is for, both ends included; null: no bound. */
  minWeightGrams: number | null;
  maxWeightGrams: number | null;
  /** The goods' amount (after any discount) from which the rate costs nothing; null: never free. */
  freeOverCents: number | null;
}

export interface ShippingZoneRule {
  id: string;
  name: string;
  /** The countries it covers; a country with regions listed is covered only in those regions. */
  areas: readonly { country: string; region: string | null }[];
  rates: readonly ShippingRateRule[];
}

/** The option of collecting the order at the workshop, when the admin offers it. */
export interface PickupRule {
  enabled: boolean;
  /** The workshop's address on one line, shown with the option. */
  address: string;
}

export const pickupRateId = 'pickup';
/** The one option of a shop that has set up no shipping zones yet: it charges no shipping. */
export const freeShippingRateId = 'free';
export const pickupRateName = 'Collect from the workshop';

/** One way to get the order, at its price for this order. */
export interface ShippingOption {
  id: string;
  name: string;
  kind: 'delivery' | 'pickup';
  priceCents: number;
  /** The rate's own price, before it became free because the goods reached `freeOverCents`. */
  fullPriceCents: number;
  freeOverCents: number | null;
  /** For collecting: where. */
  address?: string;
}

/**
 * The zone that covers a destination: one that names its region first, else one that covers its
 * whole country; among equals, the first in the admin's order.
 */
export function zoneFor(zones: readonly ShippingZoneRule[], destination: Destination): ShippingZoneRule | undefined {
  const country = destination.country.toUpperCase();
  const region = destination.region?.toUpperCase() || null;
  const byRegion = region ? zones.find((zone) => zone.areas.some((area) => area.country === country && area.region === region)) : undefined;
  if (byRegion) return byRegion;
  return zones.find((zone) => {
    const inCountry = zone.areas.filter((area) => area.country === country);
    return inCountry.length > 0 && inCountry.some((area) => area.region === null);
  });
}

function inWeightBand(rate: ShippingRateRule, weightGrams: number): boolean {
  return (rate.minWeightGrams === null || weightGrams >= rate.minWeightGrams) && (rate.maxWeightGrams === null || weightGrams <= rate.maxWeightGrams);
}

/** What the rate costs for goods of this amount: nothing from its free-over amount on (the amount itself included). */
function ratePrice(rate: ShippingRateRule, goodsCents: number): number {
  return rate.freeOverCents !== null && goodsCents >= rate.freeOverCents ? 0 : rate.priceCents;
}

export interface ShippingQuestion {
  zones: readonly ShippingZoneRule[];
  pickup: PickupRule;
  destination: Destination | undefined;
  weightGrams: number;
  /** The goods' amount after any discount: what free shipping is measured against. */
  goodsCents: number;
}

/**
 * The ways to get an order to a destination, cheapest first: the rates of its zone for the order's
 * weight, and collecting at the workshop when it is offered. A shop with no zones charges no
 * shipping. No destination yet: only collecting.
 */
export function shippingOptions({ zones, pickup, destination, weightGrams, goodsCents }: ShippingQuestion): ShippingOption[] {
  const options: ShippingOption[] = [];
  if (zones.length === 0) {
    options.push({ id: freeShippingRateId, name: 'Free shipping', kind: 'delivery', priceCents: 0, fullPriceCents: 0, freeOverCents: null });
  } else if (destination) {
    const zone = zoneFor(zones, destination);
    for (const rate of zone?.rates ?? []) {
      if (!inWeightBand(rate, weightGrams)) continue;
      options.push({ id: rate.id, name: rate.name, kind: 'delivery', priceCents: ratePrice(rate, goodsCents), fullPriceCents: rate.priceCents, freeOverCents: rate.freeOverCents });
    }
  }
  if (pickup.enabled) options.push({ id: pickupRateId, name: pickupRateName, kind: 'pickup', priceCents: 0, fullPriceCents: 0, freeOverCents: null, address: pickup.address });
  // Stable: rates of one price keep the admin's order, and collecting comes after delivery at the same price.
  return options
    .map((option, index) => ({ option, index }))
    .sort((a, b) => a.option.priceCents - b.option.priceCents || a.index - b.index)
    .map(({ option }) => option);
}

/**
 * How much more the goods must come to for a delivery rate that applies to become free: the
 * smallest such gap among the rates not free yet, or undefined when none would be.
 */
export function freeShippingGap(options: readonly ShippingOption[], goodsCents: number): { cents: number; rate: string } | undefined {
  let best: { cents: number; rate: string } | undefined;
  for (const option of options) {
    if (option.kind !== 'delivery' || option.priceCents === 0 || option.freeOverCents === null) continue;
    const gap = option.freeOverCents - goodsCents;
    if (gap > 0 && (!best || gap < best.cents)) best = { cents: gap, rate: option.name };
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Tax.

export interface TaxRateRule {
  country: string;
  /** A state's own rate (US-CA); null for the whole country (a VAT rate). */
  region: string | null;
  ratePpm: number;
  /** Whether shipping to it is taxed at the same rate. */
  taxShipping: boolean;
}

export interface TaxTable {
  /** EU style: the prices the admin enters include tax. US style (false): tax is added on top. */
  pricesIncludeTax: boolean;
  rates: readonly TaxRateRule[];
}

/** The rate for a destination: its region's own, else its country's; none where the table has neither. */
export function taxRateFor(table: TaxTable, destination: Destination | undefined): TaxRateRule | undefined {
  if (!destination) return undefined;
  const country = destination.country.toUpperCase();
  const region = destination.region?.toUpperCase() || null;
  return (
    (region ? table.rates.find((rate) => rate.country === country && rate.region === region) : undefined) ??
    table.rates.find((rate) => rate.country === country && rate.region === null)
  );
}

/** The member states of the European Union, whose businesses buy from one another under reverse charge. */
export const euCountries = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

export function isEuCountry(country: string): boolean {
  return (euCountries as readonly string[]).includes(country.toUpperCase());
}

/** Each member state's VAT number after its prefix (Greece's is EL), as the Commission's VIES describes them. */
const vatNumberFormats: Record<string, { prefix: string; pattern: RegExp }> = {
  AT: { prefix: 'AT', pattern: /^U\d{8}$/ },
  BE: { prefix: 'BE', pattern: /^[01]\d{9}$/ },
  BG: { prefix: 'BG', pattern: /^\d{9,10}$/ },
  CY: { prefix: 'CY', pattern: /^\d{8}[A-Z]$/ },
  CZ: { prefix: 'CZ', pattern: /^\d{8,10}$/ },
  DE: { prefix: 'DE', pattern: /^\d{9}$/ },
  DK: { prefix: 'DK', pattern: /^\d{8}$/ },
  EE: { prefix: 'EE', pattern: /^\d{9}$/ },
  ES: { prefix: 'ES', pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/ },
  FI: { prefix: 'FI', pattern: /^\d{8}$/ },
  FR: { prefix: 'FR', pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/ },
  GR: { prefix: 'EL', pattern: /^\d{9}$/ },
  HR: { prefix: 'HR', pattern: /^\d{11}$/ },
  HU: { prefix: 'HU', pattern: /^\d{8}$/ },
  IE: { prefix: 'IE', pattern: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { prefix: 'IT', pattern: /^\d{11}$/ },
  LT: { prefix: 'LT', pattern: /^(\d{9}|\d{12})$/ },
  LU: { prefix: 'LU', pattern: /^\d{8}$/ },
  LV: { prefix: 'LV', pattern: /^\d{11}$/ },
  MT: { prefix: 'MT', pattern: /^\d{8}$/ },
  NL: { prefix: 'NL', pattern: /^\d{9}B\d{2}$/ },
  PL: { prefix: 'PL', pattern: /^\d{10}$/ },
  PT: { prefix: 'PT', pattern: /^\d{9}$/ },
  RO: { prefix: 'RO', pattern: /^\d{2,10}$/ },
  SE: { prefix: 'SE', pattern: /^\d{10}01$/ },
  SI: { prefix: 'SI', pattern: /^\d{8}$/ },
  SK: { prefix: 'SK', pattern: /^\d{10}$/ },
};

/**
 * A VAT number as the invoice shows it (DE123456789), if it has the format of the country's numbers:
 * spaces, dots and dashes are dropped, letters upper-cased, and the country's prefix added when it
 * was left out. Undefined when it is not a number of that country (the format only: whether the number
 * is registered is the tax office's to say).
 */
export function normalisedVatNumber(country: string, typed: string): string | undefined {
  const format = vatNumberFormats[country.toUpperCase()];
  if (!format) return undefined;
  const compact = typed.replace(/[\s.-]/g, '').toUpperCase();
  const body = compact.startsWith(format.prefix) ? compact.slice(format.prefix.length) : compact;
  return format.pattern.test(body) ? `${format.prefix}${body}` : undefined;
}

/** Whether a buyer pays no VAT: a business (its VAT number of its country's format) in another EU country than the shop's. */
export function reverseChargeApplies(sellerCountry: string | undefined, destination: Destination | undefined, vatNumber: string | undefined): boolean {
  if (!sellerCountry || !destination || !vatNumber) return false;
  const buyer = destination.country.toUpperCase();
  return isEuCountry(sellerCountry) && isEuCountry(buyer) && buyer !== sellerCountry.toUpperCase() && normalisedVatNumber(buyer, vatNumber) !== undefined;
}

/** What an invoice says when the buyer accounts for the VAT. */
export const reverseChargeMention = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';

// ---------------------------------------------------------------------------------------------
// Discounts.

export const discountKinds = ['percent', 'amount', 'free_shipping'] as const;
export type DiscountKind = (typeof discountKinds)[number];

export interface DiscountRule {
  code: string;
  kind: DiscountKind;
  /** percent: 1 to 100; amount: cents; free_shipping: unused (0). */
  value: number;
  minSubtotalCents: number | null;
  /** Limited to these products or categories (a line in either counts); both empty: every line. */
  productIds: readonly string[];
  categories: readonly string[];
}

function appliesTo(discount: DiscountRule, line: PricingLine): boolean {
  if (discount.productIds.length === 0 && discount.categories.length === 0) return true;
  return discount.productIds.includes(line.productId) || discount.categories.includes(line.category);
}

/**
 * Why a code does not apply to these lines, if it does not: their subtotal is below its minimum, or
 * none of them is a product or category it is for. (Its dates and uses are the server's to check.)
 */
export function discountRefusal(discount: DiscountRule, lines: readonly PricingLine[]): 'minimum' | 'not-for-these' | undefined {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (discount.minSubtotalCents !== null && subtotal < discount.minSubtotalCents) return 'minimum';
  if (discount.kind !== 'free_shipping' && !lines.some((line) => appliesTo(discount, line))) return 'not-for-these';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// An order priced.

export interface PricingLine {
  /** The caller's name for the line (a product's id in a cart, a line's id in an order). */
  key: string;
  productId: string;
  category: string;
  /** As the admin entered it: with or without tax, as the tax table says. */
  unitPriceCents: number;
  quantity: number;
  weightGrams: number;
}

export interface PricingQuestion {
  lines: readonly PricingLine[];
  /** The code that applies (its dates, uses and minimum already checked); undefined: none. */
  discount?: DiscountRule | undefined;
  /** The chosen way to get it, at its price for this order (shippingOptions); undefined: none chosen yet. */
  shipping?: ShippingOption | undefined;
  pricesIncludeTax: boolean;
  /** The destination's rate; undefined where the table has none. */
  taxRate?: TaxRateRule | undefined;
  reverseCharge: boolean;
}

export interface PricedLine {
  key: string;
  /** Per piece, as charged: the entered price, or under reverse charge with prices that include tax, that price without its tax. */
  unitPriceCents: number;
  quantity: number;
  /** unitPriceCents × quantity. */
  amountCents: number;
  /** This line's share of the discount. */
  discountCents: number;
  taxRatePpm: number;
  /** Tax on the line's amount after its discount (included in it when prices include tax). */
  taxCents: number;
  /** What the line costs the buyer: its amount after its discount, plus its tax when tax is added on top. */
  totalCents: number;
  weightGrams: number;
}

/** Tax of one rate, for receipts and invoices: what it was charged on (without tax) and the tax. */
export interface TaxByRate {
  ratePpm: number;
  taxableCents: number;
  taxCents: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  /** The lines' amounts, before the discount. */
  subtotalCents: number;
  /** The chosen rate's price (0 when none is chosen yet). */
  shippingCents: number;
  /** Everything the code takes off: the lines' shares, and shipping for a free-shipping code. */
  discountCents: number;
  /** The part of `discountCents` taken off shipping. */
  shippingDiscountCents: number;
  shippingTaxCents: number;
  shippingTaxRatePpm: number;
  /** All tax: the lines' and shipping's. */
  taxCents: number;
  /** subtotal + shipping − discount, plus tax when it is added on top. */
  totalCents: number;
  /** Whether the tax is part of the prices (shown as "includes"), not added to them. */
  taxIncluded: boolean;
  reverseCharge: boolean;
  taxByRate: TaxByRate[];
  weightGrams: number;
}

/** Under reverse charge with prices that include tax, an amount without its tax; otherwise as it is. */
function chargedAmount(cents: number, question: PricingQuestion, taxed: boolean): number {
  if (!question.reverseCharge || !question.pricesIncludeTax || !taxed || !question.taxRate) return cents;
  return cents - taxOn(cents, question.taxRate.ratePpm, true);
}

/** The goods' amount after the discount's share of them: what free shipping is measured against. */
export function goodsAfterDiscount(lines: readonly PricingLine[], discount: DiscountRule | undefined): number {
  const priced = priceOrder({ lines, discount, pricesIncludeTax: false, reverseCharge: false });
  return priced.subtotalCents - priced.discountCents;
}

/** Everything an order costs, from its lines, its code, the way it is sent and the destination's tax. */
export function priceOrder(question: PricingQuestion): PricedOrder {
  const { discount, shipping, pricesIncludeTax } = question;
  // The rate where it applies: none under reverse charge (the buyer accounts for it).
  const rate = question.reverseCharge ? 0 : (question.taxRate?.ratePpm ?? 0);

  const lines = question.lines.map((line) => {
    const unitPriceCents = chargedAmount(line.unitPriceCents, question, true);
    return { line, unitPriceCents, amountCents: unitPriceCents * line.quantity };
  });
  const subtotalCents = lines.reduce((sum, { amountCents }) => sum + amountCents, 0);

  // The code's share of each line: a percentage of the lines it applies to, or its amount (never more than they come to).
  let lineDiscounts = lines.map(() => 0);
  if (discount && discount.kind !== 'free_shipping') {
    const eligible = lines.map(({ line, amountCents }) => (appliesTo(discount, line) ? amountCents : 0));
    const eligibleCents = eligible.reduce((sum, cents) => sum + cents, 0);
    const off = discount.kind === 'percent' ? divideHalfUp(BigInt(eligibleCents) * BigInt(discount.value), 100n) : Math.min(discount.value, eligibleCents);
    lineDiscounts = allocate(off, eligible);
  }

  const pricedLines: PricedLine[] = lines.map(({ line, unitPriceCents, amountCents }, index) => {
    const discountCents = lineDiscounts[index]!;
    const taxCents = taxOn(amountCents - discountCents, rate, pricesIncludeTax);
    return {
      key: line.key,
      unitPriceCents,
      quantity: line.quantity,
      amountCents,
      discountCents,
      taxRatePpm: rate,
      taxCents,
      totalCents: amountCents - discountCents + (pricesIncludeTax ? 0 : taxCents),
      weightGrams: line.weightGrams * line.quantity,
    };
  });

  const shippingTaxed = question.taxRate?.taxShipping ?? false;
  const shippingCents = chargedAmount(shipping?.priceCents ?? 0, question, shippingTaxed);
  const shippingDiscountCents = discount?.kind === 'free_shipping' ? shippingCents : 0;
  const shippingTaxRatePpm = shippingTaxed ? rate : 0;
  const shippingTaxCents = taxOn(shippingCents - shippingDiscountCents, shippingTaxRatePpm, pricesIncludeTax);

  const lineDiscountCents = lineDiscounts.reduce((sum, cents) => sum + cents, 0);
  const discountCents = lineDiscountCents + shippingDiscountCents;
  const taxCents = pricedLines.reduce((sum, line) => sum + line.taxCents, 0) + shippingTaxCents;

  return {
    lines: pricedLines,
    subtotalCents,
    shippingCents,
    discountCents,
    shippingDiscountCents,
    shippingTaxCents,
    shippingTaxRatePpm,
    taxCents,
    totalCents: subtotalCents + shippingCents - discountCents + (pricesIncludeTax ? 0 : taxCents),
    taxIncluded: pricesIncludeTax,
    reverseCharge: question.reverseCharge,
    taxByRate: taxByRateOf(
      [
        ...pricedLines.map((line) => ({ ratePpm: line.taxRatePpm, cents: line.amountCents - line.discountCents, taxCents: line.taxCents })),
        { ratePpm: shippingTaxRatePpm, cents: shippingCents - shippingDiscountCents, taxCents: shippingTaxCents },
      ],
      pricesIncludeTax,
    ),
    weightGrams: pricedLines.reduce((sum, line) => sum + line.weightGrams, 0),
  };
}

/** Tax grouped by rate, what it was charged on shown without tax; only the rates that charge any. */
function taxByRateOf(parts: readonly { ratePpm: number; cents: number; taxCents: number }[], included: boolean): TaxByRate[] {
  const byRate = new Map<number, TaxByRate>();
  for (const part of parts) {
    if (part.ratePpm === 0 || part.cents === 0) continue;
    const entry = byRate.get(part.ratePpm) ?? { ratePpm: part.ratePpm, taxableCents: 0, taxCents: 0 };
    entry.taxableCents += included ? part.cents - part.taxCents : part.cents;
    entry.taxCents += part.taxCents;
    byRate.set(part.ratePpm, entry);
  }
  return [...byRate.values()].sort((a, b) => b.ratePpm - a.ratePpm);
}

// ---------------------------------------------------------------------------------------------
// Refunds.

/**
 * What `pieces` more of a line give back, when `alreadyBack` of its `quantity` were refunded before:
 * their share of what the line cost the buyer (after its discount, with its tax), counted so that
 * every piece of the line refunded, in however many refunds, gives back exactly that.
 */
export function refundOfPieces(line: { quantity: number; totalCents: number }, alreadyBack: number, pieces: number): number {
  const shareOf = (count: number) => Number((BigInt(line.totalCents) * BigInt(Math.min(count, line.quantity))) / BigInt(line.quantity));
  return shareOf(alreadyBack + pieces) - shareOf(alreadyBack);
}

/**
 * The tax inside a refund of `amountCents` of an order, per rate, for its credit note: the order's
 * tax per rate in proportion to the part of the total refunded.
 */
export function taxInRefund(amountCents: number, order: { totalCents: number; taxByRate: readonly TaxByRate[]; taxIncluded: boolean }): TaxByRate[] {
  if (order.totalCents <= 0 || amountCents <= 0) return [];
  const part = (cents: number) => Number((BigInt(cents) * BigInt(Math.min(amountCents, order.totalCents))) / BigInt(order.totalCents));
  return order.taxByRate.map((rate) => ({ ratePpm: rate.ratePpm, taxableCents: part(rate.taxableCents), taxCents: part(rate.taxCents) })).filter((rate) => rate.taxCents > 0);
}
