import { describe, expect, it } from 'vitest';
import {
  allocate,
  type DiscountRule,
  freeShippingGap,
  normalisedVatNumber,
  percentToPpm,
  pickupRateId,
  priceOrder,
  type PricingLine,
  refundOfPieces,
  reverseChargeApplies,
  type ShippingZoneRule,
  shippingOptions,
  taxInRefund,
  taxOn,
  taxRateFor,
  type TaxTable,
  zoneFor,
} from './order-pricing.ts';

const line = (key: string, unitPriceCents: number, quantity: number, more: Partial<PricingLine> = {}): PricingLine => ({
  key,
  productId: key,
  category: 'chisels',
  unitPriceCents,
  quantity,
  weightGrams: 500,
  ...more,
});

const code = (kind: DiscountRule['kind'], value: number, more: Partial<DiscountRule> = {}): DiscountRule => ({
  code: 'TEST',
  kind,
  value,
  minSubtotalCents: null,
  productIds: [],
  categories: [],
  ...more,
});

const standard = { id: 'std', name: 'Standard', kind: 'delivery' as const, priceCents: 1200, fullPriceCents: 1200, freeOverCents: null };
const california = { country: 'US', region: 'US-CA', ratePpm: percentToPpm(7.25), taxShipping: false };
const newYork = { country: 'US', region: 'US-NY', ratePpm: percentToPpm(8.875), taxShipping: true };
const germany = { country: 'DE', region: null, ratePpm: percentToPpm(19), taxShipping: true };

describe('tax, rounded half up per line', () => {
  it('adds tax on top of prices without tax, each line rounded on its own', () => {
    // 7.25 % of $3.33 is 24.1425 cents (24); of $0.07 is 0.5075 (1); of $10.00 is 72.5 (73: half goes up).
    const priced = priceOrder({ lines: [line('a', 333, 1), line('b', 7, 1), line('c', 1000, 1)], pricesIncludeTax: false, taxRate: california, reverseCharge: false });
    expect(priced.lines.map((l) => l.taxCents)).toEqual([24, 1, 73]);
    expect(priced.taxCents).toBe(98);
    // Rounding the order's whole amount once would give 1,340 × 7.25 % = 97.15 → 97: per line is what the table asks.
    expect(priced.subtotalCents).toBe(1340);
    expect(priced.totalCents).toBe(1340 + 98);
    expect(priced.taxIncluded).toBe(false);
  });

  it('takes the tax out of prices that include it, and the total stays what the prices say', () => {
    // €119.00 at 19 % holds €19.00 of VAT; €10.00 holds 159.66 cents (160).
    const priced = priceOrder({ lines: [line('a', 11_900, 1), line('b', 1000, 1)], pricesIncludeTax: true, taxRate: germany, reverseCharge: false });
    expect(priced.lines.map((l) => l.taxCents)).toEqual([1900, 160]);
    expect(priced.totalCents).toBe(12_900);
    expect(priced.taxIncluded).toBe(true);
    expect(priced.taxByRate).toEqual([{ ratePpm: 190_000, taxableCents: 12_900 - 2060, taxCents: 2060 }]);
  });

  it('charges no tax where the table has no rate, and falls back from a state to its country', () => {
    const table: TaxTable = { pricesIncludeTax: false, rates: [california, { country: 'US', region: null, ratePpm: 10_000, taxShipping: false }] };
    expect(taxRateFor(table, { country: 'US', region: 'US-CA' })).toBe(california);
    expect(taxRateFor(table, { country: 'US', region: 'US-OR' })?.ratePpm).toBe(10_000);
    expect(taxRateFor(table, { country: 'CA', region: 'CA-ON' })).toBeUndefined();
    expect(priceOrder({ lines: [line('a', 1000, 2)], pricesIncludeTax: false, taxRate: undefined, reverseCharge: false }).taxCents).toBe(0);
  });

  it('rounds exactly half a cent up, both ways of entering prices', () => {
    expect(taxOn(1000, percentToPpm(7.25), false)).toBe(73);
    expect(taxOn(200, percentToPpm(0.25), false)).toBe(1);
    expect(taxOn(199, percentToPpm(0.25), false)).toBe(0);
    // 121 cents at 21 % included hold exactly 21 cents; 1 cent more holds 21.17 (21).
    expect(taxOn(121, percentToPpm(21), true)).toBe(21);
    expect(taxOn(122, percentToPpm(21), true)).toBe(21);
  });
});

describe('discounts spread over the lines', () => {
  it('takes a percentage off, to the cent, its cents shared so that the lines add up to it', () => {
    // 10 % of $1.00 + $2.00 + $0.33 = 33.3 cents: 33 off, shared 10 / 20 / 3.
    const priced = priceOrder({ lines: [line('a', 100, 1), line('b', 200, 1), line('c', 33, 1)], discount: code('percent', 10), pricesIncludeTax: false, reverseCharge: false });
    expect(priced.discountCents).toBe(33);
    expect(priced.lines.map((l) => l.discountCents)).toEqual([10, 20, 3]);
    expect(priced.totalCents).toBe(333 - 33);
  });

  it('spreads a fixed amount in proportion, the leftover cents to the largest remainders', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1000, [3000, 2000, 0])).toEqual([600, 400, 0]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
    const priced = priceOrder({ lines: [line('a', 1000, 1), line('b', 2000, 1)], discount: code('amount', 1000), pricesIncludeTax: false, reverseCharge: false });
    expect(priced.lines.map((l) => l.discountCents)).toEqual([333, 667]);
    expect(priced.discountCents).toBe(1000);
  });

  it('never takes off more than the lines it applies to come to', () => {
    const priced = priceOrder({ lines: [line('a', 500, 1)], discount: code('amount', 2000), pricesIncludeTax: false, reverseCharge: false });
    expect(priced.discountCents).toBe(500);
    expect(priced.totalCents).toBe(0);
  });

  it('applies only to the products or categories it names', () => {
    const lines = [line('chisel', 1000, 1), line('plane', 5000, 1, { category: 'planes' }), line('saw', 3000, 1, { category: 'saws' })];
    const byProduct = priceOrder({ lines, discount: code('percent', 50, { productIds: ['chisel'] }), pricesIncludeTax: false, reverseCharge: false });
    expect(byProduct.lines.map((l) => l.discountCents)).toEqual([500, 0, 0]);
    const byCategory = priceOrder({ lines, discount: code('percent', 10, { categories: ['planes', 'saws'] }), pricesIncludeTax: false, reverseCharge: false });
    expect(byCategory.lines.map((l) => l.discountCents)).toEqual([0, 500, 300]);
  });

  it('taxes each line after its share of the discount', () => {
    const priced = priceOrder({
      lines: [line('a', 1000, 1), line('b', 3000, 1)],
      discount: code('percent', 10),
      pricesIncludeTax: false,
      taxRate: california,
      reverseCharge: false,
    });
    // $9.00 × 7.25 % = 65.25 → 65; $27.00 → 195.75 → 196.
    expect(priced.lines.map((l) => [l.discountCents, l.taxCents])).toEqual([
      [100, 65],
      [300, 196],
    ]);
    expect(priced.totalCents).toBe(4000 - 400 + 261);
  });

  it('a free-shipping code takes the shipping off, and what is taxed of it with it', () => {
    const priced = priceOrder({
      lines: [line('a', 1000, 1)],
      discount: code('free_shipping', 0),
      shipping: standard,
      pricesIncludeTax: false,
      taxRate: newYork,
      reverseCharge: false,
    });
    expect(priced.shippingCents).toBe(1200);
    expect(priced.shippingDiscountCents).toBe(1200);
    expect(priced.discountCents).toBe(1200);
    expect(priced.shippingTaxCents).toBe(0);
    expect(priced.totalCents).toBe(1000 + 89);
  });
});

describe('shipping, taxed where the table says', () => {
  it('adds untaxed shipping to the total with no tax on it', () => {
    const priced = priceOrder({ lines: [line('a', 1000, 1)], shipping: standard, pricesIncludeTax: false, taxRate: california, reverseCharge: false });
    expect(priced.shippingTaxCents).toBe(0);
    expect(priced.taxCents).toBe(73);
    expect(priced.totalCents).toBe(1000 + 1200 + 73);
  });

  it('taxes shipping at the destination rate where shipping is taxed', () => {
    const priced = priceOrder({ lines: [line('a', 1000, 1)], shipping: standard, pricesIncludeTax: false, taxRate: newYork, reverseCharge: false });
    // $12.00 × 8.875 % = 106.5 → 107; $10.00 → 88.75 → 89.
    expect(priced.shippingTaxCents).toBe(107);
    expect(priced.taxCents).toBe(89 + 107);
    expect(priced.taxByRate).toEqual([{ ratePpm: 88_750, taxableCents: 2200, taxCents: 196 }]);
    expect(priced.totalCents).toBe(2200 + 196);
  });

  it('leaves shipping that includes tax as it is, with its tax inside', () => {
    const priced = priceOrder({ lines: [line('a', 11_900, 1)], shipping: { ...standard, priceCents: 595 }, pricesIncludeTax: true, taxRate: germany, reverseCharge: false });
    expect(priced.shippingTaxCents).toBe(95);
    expect(priced.totalCents).toBe(11_900 + 595);
  });
});

const zones: ShippingZoneRule[] = [
  {
    id: 'west',
    name: 'West coast',
    areas: [
      { country: 'US', region: 'US-CA' },
      { country: 'US', region: 'US-OR' },
    ],
    rates: [{ id: 'west-std', name: 'Standard', priceCents: 800, minWeightGrams: null, maxWeightGrams: null, freeOverCents: 10_000 }],
  },
  {
    id: 'us',
    name: 'United States',
    areas: [{ country: 'US', region: null }],
    rates: [
      { id: 'us-express', name: 'Express', priceCents: 2500, minWeightGrams: null, maxWeightGrams: null, freeOverCents: null },
      { id: 'us-light', name: 'Standard', priceCents: 900, minWeightGrams: 0, maxWeightGrams: 2000, freeOverCents: 15_000 },
      { id: 'us-heavy', name: 'Standard (heavy)', priceCents: 1900, minWeightGrams: 2001, maxWeightGrams: 30_000, freeOverCents: null },
    ],
  },
];
const noPickup = { enabled: false, address: '' };

describe('shipping zones and rates', () => {
  it('finds the zone that names the region before the one that covers the whole country', () => {
    expect(zoneFor(zones, { country: 'US', region: 'US-CA' })?.id).toBe('west');
    expect(zoneFor(zones, { country: 'us', region: 'us-tx' })?.id).toBe('us');
    expect(zoneFor(zones, { country: 'DE' })).toBeUndefined();
  });

  it('offers the rates of the weight band the order falls in, both ends included, cheapest first', () => {
    const at = (weightGrams: number) =>
      shippingOptions({ zones, pickup: noPickup, destination: { country: 'US', region: 'US-TX' }, weightGrams, goodsCents: 5000 }).map((o) => o.id);
    expect(at(2000)).toEqual(['us-light', 'us-express']);
    expect(at(2001)).toEqual(['us-heavy', 'us-express']);
    expect(at(30_000)).toEqual(['us-heavy', 'us-express']);
    expect(at(30_001)).toEqual(['us-express']);
  });

  it('makes a rate free from its amount on, the amount itself included, and says how much more is needed below it', () => {
    const options = (goodsCents: number) => shippingOptions({ zones, pickup: noPickup, destination: { country: 'US', region: 'US-CA' }, weightGrams: 100, goodsCents });
    expect(options(9999)[0]).toMatchObject({ id: 'west-std', priceCents: 800, fullPriceCents: 800 });
    expect(freeShippingGap(options(9999), 9999)).toEqual({ cents: 1, rate: 'Standard' });
    expect(options(10_000)[0]).toMatchObject({ id: 'west-std', priceCents: 0, fullPriceCents: 800 });
    expect(freeShippingGap(options(10_000), 10_000)).toBeUndefined();
  });

  it('offers collecting at the workshop when it is on, wherever the address is, and charges nothing without zones', () => {
    const pickup = { enabled: true, address: '118 Canal Street, Portland' };
    expect(shippingOptions({ zones, pickup, destination: { country: 'JP' }, weightGrams: 100, goodsCents: 100 }).map((o) => o.id)).toEqual([pickupRateId]);
    expect(shippingOptions({ zones: [], pickup: noPickup, destination: { country: 'JP' }, weightGrams: 100, goodsCents: 100 })).toEqual([
      expect.objectContaining({ id: 'free', priceCents: 0 }),
    ]);
    expect(shippingOptions({ zones, pickup: noPickup, destination: { country: 'JP' }, weightGrams: 100, goodsCents: 100 })).toEqual([]);
  });
});

describe('reverse charge', () => {
  it('applies to a business in another EU country whose VAT number has its country’s format', () => {
    expect(reverseChargeApplies('FR', { country: 'DE' }, 'DE 123 456 789')).toBe(true);
    expect(reverseChargeApplies('FR', { country: 'DE' }, 'DE12345678')).toBe(false);
    expect(reverseChargeApplies('DE', { country: 'DE' }, 'DE123456789')).toBe(false);
    expect(reverseChargeApplies('US', { country: 'DE' }, 'DE123456789')).toBe(false);
    expect(reverseChargeApplies('FR', { country: 'US' }, 'DE123456789')).toBe(false);
    expect(normalisedVatNumber('GR', '123456789')).toBe('EL123456789');
    expect(normalisedVatNumber('NL', 'nl.123456789.b01')).toBe('NL123456789B01');
  });

  it('charges no VAT, and takes it out of prices that include it', () => {
    const included = priceOrder({ lines: [line('a', 11_900, 2)], shipping: { ...standard, priceCents: 1190 }, pricesIncludeTax: true, taxRate: germany, reverseCharge: true });
    expect(included.lines[0]).toMatchObject({ unitPriceCents: 10_000, amountCents: 20_000, taxCents: 0 });
    expect(included.shippingCents).toBe(1000);
    expect(included.taxCents).toBe(0);
    expect(included.totalCents).toBe(21_000);
    expect(included.reverseCharge).toBe(true);
    const added = priceOrder({ lines: [line('a', 10_000, 1)], pricesIncludeTax: false, taxRate: germany, reverseCharge: true });
    expect(added.totalCents).toBe(10_000);
    expect(added.taxByRate).toEqual([]);
  });
});

describe('refunds give back what was paid', () => {
  it('shares a line’s discounted, taxed cost over its pieces so that all of them give back exactly that', () => {
    const priced = priceOrder({ lines: [line('a', 1000, 3)], discount: code('amount', 100), pricesIncludeTax: false, taxRate: california, reverseCharge: false });
    const [bought] = priced.lines;
    // $30.00 − $1.00 = $29.00, tax 210.25 → 210: $31.10 for three pieces.
    expect(bought!.totalCents).toBe(3110);
    const refunds = [refundOfPieces(bought!, 0, 1), refundOfPieces(bought!, 1, 1), refundOfPieces(bought!, 2, 1)];
    expect(refunds).toEqual([1036, 1037, 1037]);
    expect(refunds.reduce((a, b) => a + b, 0)).toBe(3110);
    expect(refundOfPieces(bought!, 0, 3)).toBe(3110);
  });

  it('names the tax inside a refund by amount, per rate', () => {
    expect(taxInRefund(1100, { totalCents: 2200, taxByRate: [{ ratePpm: 88_750, taxableCents: 2000, taxCents: 200 }], taxIncluded: false })).toEqual([
      { ratePpm: 88_750, taxableCents: 1000, taxCents: 100 },
    ]);
  });
});
