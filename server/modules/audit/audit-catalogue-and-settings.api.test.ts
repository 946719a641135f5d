import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditKind } from '../../../common/audit-kinds.ts';
import type { AuditRecord } from '../../../common/schemas/audit-log.ts';
import type { CatalogueImportJob } from '../../../common/schemas/catalogue-file.ts';
import { systemClock } from '../../clock.ts';
import { adminEmail, createShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { addProduct } from '../../test/ordering.ts';
import type { TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';
import { fileOf, importFinished, newRow } from '../catalogue-file/catalogue-file-test-helpers.ts';
import { createPricingSettingsRepository } from '../pricing/pricing-settings-repository.ts';
import { createPricingSettingsService } from '../pricing/pricing-settings-service.ts';
import { createAuditRepository } from './audit-repository.ts';
import { createAuditTrail } from './audit-trail.ts';

/**
 * The audit trail (ADR 043) of the catalogue's other staff actions and of the shop's settings: each
 * leaves its record, with who, from where, what and the fields before and after, written in the
 * transaction of the action itself.
 */
let shop: TestApp;
let admin: TestAccount;

const staffAddress = '198.51.100.23';
const asStaff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => call(shop.app, method, url, admin, body, { remoteAddress: staffAddress });

/** The records of a kind, newest first, after checking each is the admin's, from the staff address. */
async function recordsOf(kind: AuditKind): Promise<AuditRecord[]> {
  const res = await call(shop.app, 'GET', `/api/audit-log?kind=${kind}&limit=100`, admin);
  expect(res.statusCode).toBe(200);
  const records = res.json<AuditRecord[]>();
  for (const record of records) expect(record).toMatchObject({ actorEmail: adminEmail, actorIp: staffAddress, kind });
  return records;
}
/** Imports a file from the staff address, and waits for the import's job to end. */
async function imported(rows: Parameters<typeof fileOf>[0]): Promise<{ id: string; job: CatalogueImportJob }> {
  const res = await call(shop.app, 'POST', '/api/products/import', admin, Buffer.from(fileOf(rows)), { contentType: 'text/csv', remoteAddress: staffAddress });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<CatalogueImportJob>();
  return { id, job: (await importFinished(shop.app, admin, id)).last };
}
const subjectsOf = (records: AuditRecord[]) => records.map((record) => record.subject);

beforeAll(async () => {
  ({ shop, admin } = await createShopWithPeople({ jobs: { pollIntervalMs: 20 } }));
});
afterAll(() => shop?.close());

describe(`the audit trail of the catalogue and the settings (${testDialect})`, () => {
  it('records a category added, renamed and moved, and deleted, with its fields before and after', async () => {
    expect((await asStaff('POST', '/api/categories', { name: 'Lathes', description: 'Spinning wood.' })).statusCode).toBe(201);
    expect((await asStaff('PUT', '/api/categories/lathes', { name: 'Wood lathes', parentSlug: 'planes' })).statusCode).toBe(200);
    // A save that changes nothing records nothing.
    expect((await asStaff('PUT', '/api/categories/lathes', { name: 'Wood lathes' })).statusCode).toBe(200);
    expect((await asStaff('DELETE', '/api/categories/lathes')).json()).toEqual({ deletedCount: 1 });

    const [created] = await recordsOf('category.created');
    expect(created).toMatchObject({ subject: 'lathes' });
    expect(created!.detail.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: 'Lathes' },
        { field: 'description', before: null, after: 'Spinning wood.' },
      ]),
    );
    const updated = await recordsOf('category.updated');
    expect(subjectsOf(updated)).toEqual(['lathes']);
    expect(updated[0]!.detail.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'Lathes', after: 'Wood lathes' },
        { field: 'under category', before: null, after: 'planes' },
      ]),
    );
    const [deleted] = await recordsOf('category.deleted');
    expect(deleted!.detail.changes).toContainEqual({ field: 'name', before: 'Wood lathes', after: null });
  });

  it('records a discount code made and deleted, with its terms', async () => {
    const made = await asStaff('POST', '/api/discount-codes', { code: 'spring-5', kind: 'amount', value: 5, maxUses: 100, categories: ['planes'] });
    expect(made.statusCode, made.body).toBe(201);
    expect((await asStaff('DELETE', '/api/discount-codes/SPRING-5')).json()).toEqual({ deletedCount: 1 });
    // Deleting a code that is not there is no action.
    expect((await asStaff('DELETE', '/api/discount-codes/SPRING-5')).json()).toEqual({ deletedCount: 0 });

    const [created] = await recordsOf('discount.created');
    expect(created).toMatchObject({ subject: 'SPRING-5' });
    expect(created!.detail.changes).toEqual([
      { field: 'kind', before: null, after: 'amount' },
      { field: 'value', before: null, after: 5, money: true },
      { field: 'uses in all', before: null, after: 100 },
      { field: 'categories', before: null, after: 'planes' },
    ]);
    const deleted = await recordsOf('discount.deleted');
    expect(subjectsOf(deleted)).toEqual(['SPRING-5']);
    expect(deleted[0]!.detail.changes).toContainEqual({ field: 'value', before: 5, after: null, money: true });
    expect(deleted[0]!.detail.facts).toEqual({ uses: 0 });
  });

  it('records a bulk edit as one record per product it changed, with the changed fields before and after', async () => {
    const saw = await addProduct(shop.db, { name: 'Tenon saw', priceCents: 4000, availQuantity: 5, category: 'saws' });
    const rasp = await addProduct(shop.db, { name: 'Cabinet rasp', priceCents: 2000, availQuantity: 7, category: 'saws' });
    const ids = [saw.id, rasp.id];
    expect((await asStaff('POST', '/api/products/bulk', { ids, change: { kind: 'price-percent', percent: 10 } })).json()).toEqual({ changed: 2 });
    expect((await asStaff('POST', '/api/products/bulk', { ids: [saw.id], change: { kind: 'hidden', hidden: true } })).json()).toEqual({ changed: 1 });
    // Hiding what is hidden already changes nothing, and records nothing.
    expect((await asStaff('POST', '/api/products/bulk', { ids: [saw.id], change: { kind: 'hidden', hidden: true } })).json()).toEqual({ changed: 1 });

    const prices = await recordsOf('price.changed');
    const priceOf = (id: string) => prices.find((record) => record.subject === id)!.detail;
    expect(priceOf(saw.id)).toEqual({ changes: [{ field: 'price', before: 40, after: 44, money: true }], facts: { name: 'Tenon saw', 'bulk edit': 'price +10 %' } });
    expect(priceOf(rasp.id).changes).toEqual([{ field: 'price', before: 20, after: 22, money: true }]);
    const hidden = await recordsOf('products.bulk-edited');
    expect(hidden.map((record) => [record.subject, record.detail])).toEqual([
      [saw.id, { changes: [{ field: 'hidden', before: false, after: true }], facts: { name: 'Tenon saw', 'bulk edit': 'hidden' } }],
    ]);
  });

  it('records a catalogue import once, with its counts, and each product it changed with the cells before and after', async () => {
    const gauge = newRow({ price: '38.00' });
    const square = newRow({ name: 'Try square' });
    const { id: firstId, job: first } = await imported([gauge, square]);
    expect(first).toMatchObject({ status: 'done', created: 2 });
    const { id: secondId, job: second } = await imported([{ ...gauge, price: '41.50', avail_quantity: '9' }, square]);
    expect(second).toMatchObject({ status: 'done', updated: 1 });

    const imports = await recordsOf('catalogue.imported');
    expect(imports.map((record) => [record.subject, record.detail.facts])).toEqual([
      [secondId, { rows: 2, created: 0, changed: 1, unchanged: 1, 'products changed': 1 }],
      [firstId, { rows: 2, created: 2, changed: 0, unchanged: 0, 'products changed': 0 }],
    ]);
    const sku = gauge.sku!.toUpperCase();
    const gaugeProduct = await shop.db.selectFrom('product_variants').select('product_id').where('sku', '=', sku).executeTakeFirstOrThrow();
    const [changed] = (await recordsOf('price.changed')).filter((record) => record.detail.facts?.import === secondId);
    expect(changed).toMatchObject({ subject: gaugeProduct.product_id });
    expect(changed!.detail.changes).toEqual([
      { field: `price ${sku}`, before: 38, after: 41.5, money: true },
      { field: `avail_quantity ${sku}`, before: 12, after: 9 },
    ]);
  });

  it('records the shipping zones, the tax table and the seller replaced, each with the settings before and after', async () => {
    const zones = (price: number) => [{ name: 'Home', countries: ['US'], rates: [{ name: 'Standard', price, freeOverSubtotal: 150 }] }];
    expect((await asStaff('PUT', '/api/shipping-zones', zones(8.5))).statusCode).toBe(200);
    expect((await asStaff('PUT', '/api/shipping-zones', zones(9))).statusCode).toBe(200);
    // The same table again changes nothing.
    expect((await asStaff('PUT', '/api/shipping-zones', zones(9))).statusCode).toBe(200);
    const shipping = await recordsOf('settings.changed');
    expect(shipping.map((record) => [record.subject, record.detail.changes])).toEqual([
      ['shipping zones', [{ field: 'Home / Standard: price', before: 8.5, after: 9, money: true }]],
      [
        'shipping zones',
        [
          { field: 'Home: places', before: null, after: 'US' },
          { field: 'Home / Standard: price', before: null, after: 8.5, money: true },
          { field: 'Home / Standard: free over', before: null, after: 150, money: true },
        ],
      ],
    ]);

    const tax = await asStaff('PUT', '/api/tax-settings', { pricesIncludeTax: true, rates: [{ country: 'DE', rate: 19, taxShipping: true }] });
    expect(tax.statusCode, tax.body).toBe(200);
    const seller = (await asStaff('GET', '/api/shop-settings')).json<{ seller: object; pickup: { enabled: boolean } }>();
    expect((await asStaff('PUT', '/api/shop-settings', { ...seller, pickup: { enabled: !seller.pickup.enabled } })).statusCode).toBe(200);

    const [shop, taxes] = await recordsOf('settings.changed');
    expect([taxes!.subject, taxes!.detail.changes]).toEqual([
      'tax',
      [
        { field: 'prices include tax', before: false, after: true },
        { field: 'tax DE (%)', before: null, after: 19 },
        { field: 'tax DE on shipping', before: null, after: true },
      ],
    ]);
    expect([shop!.subject, shop!.detail.changes]).toEqual([
      'seller and pickup',
      [{ field: 'collect at the workshop', before: seller.pickup.enabled, after: !seller.pickup.enabled }],
    ]);
  });

  it('records the return window set, with the days before and after', async () => {
    const audit = createAuditTrail(createAuditRepository(shop.db), systemClock);
    // Nothing in this test keeps the settings: no one to tell of the change.
    const settings = createPricingSettingsService(createPricingSettingsRepository(shop.db), audit.record, () => undefined);
    const actor = { userId: 'staff-1', email: adminEmail, ip: staffAddress };
    const was = (await settings.returnSettings()).windowDays;
    expect(await settings.replaceReturnSettings({ windowDays: was + 15 }, actor)).toEqual({ windowDays: was + 15 });
    const [record] = await recordsOf('settings.changed');
    expect([record!.subject, record!.detail.changes]).toEqual(['return window', [{ field: 'return window (days)', before: was, after: was + 15 }]]);
  });
});
