import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../common/schemas/orders.ts';
import type { ShippingZoneInput } from '../../../common/schemas/shipping-zones.ts';
import type { TaxSettingsInput } from '../../../common/schemas/tax-settings.ts';
import { adminEmail, signIn, signUp, type TestAccount } from '../../test/accounts.ts';
import { type AppAt, createAppOn } from '../../test/app-at.ts';
import { call } from '../../test/call.ts';
import { californiaAddress, guestCheckout, phone, quote, setUpCharges, testTax, testZones } from '../../test/charges.ts';
import { addProduct, type TestProduct } from '../../test/ordering.ts';
import { useSharedDatabase } from '../../test/shared-database.ts';
import { StatementRecorder } from '../../test/statement-recorder.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * What prices an order is kept in each server process while the settings' version (migration 042)
 * stays the same: an admin's change of a rate, the tax or a setting prices the very next quote and
 * order, in the process that made it and in another on the same database, and while nothing changed
 * a quote or an order placed reads none of those tables.
 */

/** The tables that price an order and say the terms it accepts. */
const pricingTables = ['shop_settings', 'shipping_zones', 'shipping_zone_areas', 'shipping_rates', 'tax_rates', 'shop_page_versions'];

const shared = useSharedDatabase();
const adminPassword = 'admin-pass-123';
const env = { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword };
let recorder: StatementRecorder;
/** The process the admin changes the settings in: it looks at their version only every second, as a slow look would. */
let first: AppAt;
/** Another process on the same database, looking at the version on every request (as tests do). */
let second: AppAt;
let admin: TestAccount;
let carol: TestAccount;
let saw: TestProduct;

beforeAll(async () => {
  const { database } = shared;
  recorder = new StatementRecorder(database.db);
  // No job runs in it: what it reads is the requests'.
  first = await createAppOn({ ...database, db: database.db.withPlugin(recorder) }, { env: { ...env, CATALOGUE_CHECK_MS: '1000' }, jobs: { startRunner: false } });
  second = await createAppOn(shared.secondConnection, { env });
  admin = await signIn(first.app, adminEmail, adminPassword);
  carol = await signUp(first.app, 'Carol Customer');
  await setUpCharges(first.app, admin);
  // $20.00, half a kilogram: Standard shipping ($9) in the United States.
  saw = await addProduct(database.db, { name: 'Dovetail saw', priceCents: 2000, minQuantity: 1, availQuantity: 500, weightGrams: 500, category: 'saws' });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const lines = () => [{ productId: saw.id, quantity: 1 }];
const toCalifornia = { country: californiaAddress.country, region: californiaAddress.region };
const quoteIn = (app: AppAt) => quote(app.app, undefined, { lines: lines(), shippingAddress: toCalifornia });
const guestOrderIn = (app: AppAt) => guestCheckout(app.app, { email: 'guest@example.com', phone, shippingAddress: californiaAddress, lines: lines() });

/** Carol's Buy Now of the saw, sent to California. */
async function buyNow(): Promise<Order> {
  const res = await call(first.app, 'POST', '/api/orders', carol, { productId: saw.id, quantity: 1, phone, shippingAddress: californiaAddress });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

/** The zones, with the United States' Standard rate at `dollars`. */
const zonesWithStandardAt = (dollars: number): ShippingZoneInput[] =>
  testZones.map((zone) => ({ ...zone, rates: zone.rates.map((rate) => (zone.name === 'United States' && rate.name === 'Standard' ? { ...rate, price: dollars } : rate)) }));

/** The tax table, with California's sales tax at `percent`. */
const taxWithCaliforniaAt = (percent: number): TaxSettingsInput => ({
  ...testTax,
  rates: testTax.rates.map((rate) => (rate.region === 'US-CA' ? { ...rate, rate: percent } : rate)),
});

async function adminPuts(url: string, body: object): Promise<void> {
  const res = await call(first.app, 'PUT', url, admin, body);
  expect(res.statusCode, res.body).toBe(200);
}

describe(`an admin's change prices the next quote and order (${testDialect})`, () => {
  beforeEach(() => setUpCharges(first.app, admin));

  it('in the process that made it, without waiting for its next look', async () => {
    expect((await quoteIn(first)).totals).toMatchObject({ shipping: 9, tax: 1.45 });

    await adminPuts('/api/shipping-zones', zonesWithStandardAt(11));
    expect((await quoteIn(first)).totals).toMatchObject({ shipping: 11 });
    expect((await buyNow()).totals).toMatchObject({ shipping: 11 });

    await adminPuts('/api/tax-settings', taxWithCaliforniaAt(10));
    expect((await quoteIn(first)).totals).toMatchObject({ shipping: 11, tax: 2 });
    expect((await guestOrderIn(first)).totals).toMatchObject({ shipping: 11, tax: 2 });

    await adminPuts('/api/shop-settings', { seller: { name: 'Joinery Tool Works', address: californiaAddress }, pickup: { enabled: true } });
    expect((await quoteIn(first)).shippingRates.map((rate) => rate.kind)).toContain('pickup');
    await adminPuts('/api/shop-settings', { seller: { name: 'Joinery Tool Works', address: californiaAddress }, pickup: { enabled: false } });
    expect((await quoteIn(first)).shippingRates.map((rate) => rate.kind)).not.toContain('pickup');

    const terms = await call(first.app, 'PUT', '/api/pages/terms', admin, { title: 'Terms of sale', body: `Terms as of this test (${testDialect}).` });
    expect(terms.statusCode, terms.body).toBe(200);
    const order = await buyNow();
    const { terms_version } = await shared.database.db.selectFrom('orders').select('terms_version').where('id', '=', order._id).executeTakeFirstOrThrow();
    expect(terms_version).toBe(terms.json<{ version: number }>().version);
  });

  it('in another process on the same database', async () => {
    expect((await quoteIn(second)).totals).toMatchObject({ shipping: 9, tax: 1.45 });

    await adminPuts('/api/shipping-zones', zonesWithStandardAt(12));
    expect((await quoteIn(second)).totals).toMatchObject({ shipping: 12, tax: 1.45 });

    await adminPuts('/api/tax-settings', taxWithCaliforniaAt(5));
    expect((await guestOrderIn(second)).totals).toMatchObject({ shipping: 12, tax: 1 });

    await adminPuts('/api/shop-settings', { seller: { name: 'Joinery Tool Works', address: californiaAddress }, pickup: { enabled: true } });
    expect((await quoteIn(second)).shippingRates.map((rate) => rate.kind)).toContain('pickup');
    await adminPuts('/api/shop-settings', { seller: { name: 'Joinery Tool Works', address: californiaAddress }, pickup: { enabled: false } });
  });
});

describe(`a quote and an order placed while nothing changed (${testDialect})`, () => {
  it('read none of the tables that price an order', async () => {
    await setUpCharges(first.app, admin);
    // The first of each reads them, once.
    await quoteIn(first);
    await buyNow();
    await guestOrderIn(first);

    recorder.clear();
    expect((await quoteIn(first)).totals).toMatchObject({ shipping: 9, tax: 1.45 });
    expect((await buyNow()).totals).toMatchObject({ shipping: 9, tax: 1.45 });
    expect((await guestOrderIn(first)).totals).toMatchObject({ shipping: 9, tax: 1.45 });
    const statements = recorder.statements();
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((statement) => pricingTables.some((table) => statement.includes(`"${table}"`)))).toEqual([]);
  });
});
