import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '../../../common/checkout-rules.ts';
import { reverseChargeMention } from '../../../common/order-pricing.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { createShopWithPeople, type ShopWithPeople } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { berlinAddress, guestCheckout, guestPays, phone, quote, setUpCharges, testZones, withKey } from '../../test/charges.ts';
import { addProduct, type TestProduct } from '../../test/ordering.ts';
import { pdfText } from '../../test/receipt-text.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Issue 26, EU style: a workshop in France enters its prices with VAT included. A consumer in Germany
 * pays them as they are, VAT inside; a German business with a VAT number of its country's format pays
 * them without VAT (reverse charge), and its invoice says so. Collecting at the workshop is taxed where
 * the workshop is.
 */
let people: ShopWithPeople;
const app = () => people.shop.app;
let plane: TestProduct;

const paris = { name: 'Atelier Joinery', line1: '12 rue des Ébénistes', city: 'Paris', region: 'FR-IDF', postalCode: '75011', country: 'FR' };

beforeAll(async () => {
  people = await createShopWithPeople();
  await setUpCharges(app(), people.admin, {
    zones: testZones,
    tax: {
      pricesIncludeTax: true,
      rates: [
        { country: 'DE', rate: 19, taxShipping: true },
        { country: 'FR', rate: 20, taxShipping: true },
      ],
    },
  });
  const seller = await call(app(), 'PUT', '/api/shop-settings', people.admin, {
    seller: { name: 'Atelier Joinery SARL', address: paris, taxNumber: 'FR 40 123456789' },
    pickup: { enabled: true },
  });
  expect(seller.statusCode, seller.body).toBe(200);
  // €119.00 with VAT, 1.2 kg.
  plane = await addProduct(people.shop.db, { name: 'Block plane', priceCents: 11_900, minQuantity: 1, availQuantity: 100, weightGrams: 1200, category: 'planes' });
});
afterAll(() => people.shop.close());

const lines = () => [{ productId: plane.id, quantity: 2 }];

describe(`prices that include VAT (${testDialect})`, () => {
  it('charges a consumer in Germany the prices as they are, with the VAT inside them', async () => {
    const priced = await quote(app(), undefined, { lines: lines(), shippingAddress: { country: 'DE' } });
    // 2 × 119 + 18 shipping; VAT 19 % inside: 38.00 of the goods and 2.87 of the shipping.
    expect(priced.totals).toEqual({ subtotal: 238, shipping: 18, discount: 0, tax: 40.87, total: 256, taxIncluded: true, reverseCharge: false });
  });

  it('charges a German business with a VAT number no VAT, and its invoice says the buyer accounts for it', { timeout: 30_000 }, async () => {
    const priced = await quote(app(), undefined, { lines: lines(), shippingAddress: { country: 'DE' }, vatNumber: 'de 123 456 789' });
    expect(priced.totals).toEqual({ subtotal: 200, shipping: 15.13, discount: 0, tax: 0, total: 215.13, taxIncluded: true, reverseCharge: true });

    const order = await guestCheckout(app(), {
      email: 'buyer@werkstatt.example',
      phone,
      shippingAddress: berlinAddress,
      lines: lines(),
      vatNumber: 'de 123 456 789',
      company: 'Werkstatt Holz GmbH',
    });
    expect(order.totals).toMatchObject({ total: 215.13, tax: 0, reverseCharge: true });
    expect(order).toMatchObject({ buyerVatNumber: 'DE123456789', buyerCompany: 'Werkstatt Holz GmbH' });
    await guestPays(app(), order);
    const invoice = await withKey(app(), 'GET', `/api/orders/${order._id}/invoice`, order.accessKey);
    const { text } = await pdfText(invoice.rawPayload);
    for (const expected of ['Atelier Joinery SARL', 'Tax number FR 40 123456789', 'Werkstatt Holz GmbH', 'VAT number DE123456789', '$215.13'])
      expect(text, expected).toContain(expected);
    expect(text.replace(/\s+/g, ' ')).toContain(reverseChargeMention);
  });

  it('refuses a VAT number that is not of the buyer’s country, saying so at the quote and at checkout', async () => {
    const priced = await quote(app(), undefined, { lines: lines(), shippingAddress: { country: 'DE' }, vatNumber: 'FR12345' });
    expect(priced.vatProblem).toBe(checkoutMessages.vatNumberInvalid('DE'));
    expect(priced.totals.reverseCharge).toBe(false);
    const res = await call(app(), 'POST', '/api/cart/checkout', undefined, {
      email: 'someone@example.com',
      phone,
      shippingAddress: berlinAddress,
      lines: lines(),
      vatNumber: 'FR12345',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: checkoutMessages.vatNumberInvalid('DE') });
  });
});

describe('collecting at the workshop', () => {
  it('is offered wherever the buyer lives, costs nothing, and is taxed where the workshop is', async () => {
    const priced = await quote(app(), undefined, { lines: lines(), shippingAddress: { country: 'DE' } });
    const pickup = priced.shippingRates.find((option) => option.kind === 'pickup');
    expect(pickup).toEqual({
      id: 'pickup',
      name: 'Collect from the workshop',
      price: 0,
      kind: 'pickup',
      fullPrice: 0,
      address: '12 rue des Ébénistes, 75011 Paris, Île-de-France, France',
    });
    const collected = await quote(app(), undefined, { lines: lines(), shippingAddress: { country: 'DE' }, shippingRate: 'pickup' });
    // France's 20 % inside €238: €39.67.
    expect(collected.totals).toEqual({ subtotal: 238, shipping: 0, discount: 0, tax: 39.67, total: 238, taxIncluded: true, reverseCharge: false });
    const order = await guestCheckout(app(), { email: 'collector@example.com', phone, shippingAddress: berlinAddress, lines: lines(), shippingRate: 'pickup' });
    expect(order.shippingMethod).toEqual({ id: 'pickup', name: 'Collect from the workshop', kind: 'pickup', address: '12 rue des Ébénistes, 75011 Paris, Île-de-France, France' });
    expect(order.totals.total).toBe(238);
  });

  it('is the one way for an address no zone covers, which is told it is not shipped to', async () => {
    const priced = await quote(app(), undefined, { lines: lines(), shippingAddress: { country: 'JP' } });
    expect(priced.shippingRates.map((option) => option.id)).toEqual(['pickup']);
    expect(priced.shippingRate).toBeNull();
    expect(priced.shippingProblem).toBe(checkoutMessages.noShippingRate('Japan'));
    const order = (
      await call(app(), 'POST', '/api/cart/checkout', undefined, {
        email: 'traveller@example.com',
        phone,
        shippingAddress: { name: 'Kei', line1: '1-2-3 Ginza', city: 'Chuo', region: 'JP-13', postalCode: '104-0061', country: 'JP' },
        lines: lines(),
        shippingRate: 'pickup',
      })
    ).json<Order>();
    expect(order.shippingMethod?.kind).toBe('pickup');
  });
});
