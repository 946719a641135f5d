import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueImportJob, CatalogueImportPlan } from '../../../common/schemas/catalogue-file.ts';
import { createShopWithPeople, type ShopWithPeople } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { picture, upload } from '../../test/shop-management.ts';
import { type Cells, exportCatalogue, fileOf, importCatalogue, importFinished, newRow, rowsOf } from './catalogue-file-test-helpers.ts';

/**
 * Issue 27's catalogue as a spreadsheet: the export, the dry run (created, changed field by field,
 * refused with the row and its reason), and the import run as a job that writes all or nothing.
 */

let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople({ seed: true, jobs: { pollIntervalMs: 20 } });
});
afterAll(() => people.shop.close());

const app = () => people.shop.app;
const exported = async () => {
  const res = await exportCatalogue(app(), people.admin);
  expect(res.statusCode).toBe(200);
  return res.body;
};
const dryRun = async (csv: string) => {
  const res = await importCatalogue(app(), people.admin, csv, { dryRun: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CatalogueImportPlan>();
};
const imported = async (csv: string) => {
  const res = await importCatalogue(app(), people.admin, csv);
  expect(res.statusCode, res.body).toBe(202);
  return importFinished(app(), people.admin, res.json<CatalogueImportJob>().id);
};

/** A chisel in two widths and two handles: four variants of one new product. */
function chiselRows(name: string, skuPrefix: string): Array<Partial<Cells>> {
  const rows: Array<Partial<Cells>> = [];
  for (const [width, price] of [
    ['6 mm', '42.00'],
    ['10 mm', '46.50'],
  ]) {
    for (const handle of ['Ash', 'Walnut']) {
      rows.push(
        newRow({
          sku: `${skuPrefix}-${width!.replace(' ', '')}-${handle.toUpperCase()}`,
          name,
          description: 'A bevel-edged chisel, "hand-forged", with a hooped handle,\nready to sharpen.',
          category: 'chisels',
          option1_name: 'Width',
          option1_value: width!,
          option2_name: 'Handle',
          option2_value: handle,
          price: price!,
          avail_quantity: '25',
          pictures: 'https://images.example.com/chisel.webp|https://images.example.com/chisel-side.webp',
          img: handle === 'Walnut' ? 'https://images.example.com/chisel-side.webp' : '',
        }),
      );
    }
  }
  return rows;
}

describe('who may take the catalogue out and bring it in', () => {
  it('answers 401 to anonymous callers and 403 to customers, and imports nothing', async () => {
    const before = await exported();
    const csv = fileOf([newRow()]);
    for (const [who, status] of [
      [undefined, 401],
      [people.carol, 403],
    ] as const) {
      expect((await exportCatalogue(app(), who)).statusCode).toBe(status);
      expect((await importCatalogue(app(), who, csv, { dryRun: true })).statusCode).toBe(status);
      expect((await importCatalogue(app(), who, csv)).statusCode).toBe(status);
      expect((await call(app(), 'GET', '/api/jobs/00000000-0000-4000-8000-000000000000', who)).statusCode).toBe(status);
    }
    expect(await exported()).toBe(before);
  });
});

describe('GET /api/products.csv', () => {
  it('writes one row per variant, with a header naming the columns, as a download', async () => {
    const res = await exportCatalogue(app(), people.admin);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="catalogue.csv"');
    expect(res.body.split('\r\n')[0]).toBe(
      'sku,product_id,name,description,category,hidden,min_quantity,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,price,avail_quantity,weight_grams,img,pictures,low_stock_at',
    );
    const rows = rowsOf(res.body);
    const variants = await people.shop.db
      .selectFrom('product_variants')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(rows).toHaveLength(Number(variants.count));
    expect(rows[0]!.price).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('an export imported unchanged', () => {
  it('reports no changes, after products with variants and awkward descriptions were imported', async () => {
    const chisel = chiselRows('Round-trip chisel', 'RT');
    const gauge = newRow({ description: '-1 mm, "tight", =exact\r\nsecond line', low_stock_at: '3', hidden: 'yes' });
    const { last } = await imported(fileOf([...chisel, gauge]));
    expect(last).toMatchObject({ status: 'done', created: 5, error: null });

    const csv = await exported();
    const plan = await dryRun(csv);
    expect(plan).toEqual({ create: [], update: [], refuse: [], unchanged: rowsOf(csv).length });
    // The cells came back as they were written.
    const gaugeRow = rowsOf(csv).find((row) => row.sku === gauge.sku)!;
    expect(gaugeRow).toMatchObject({ description: gauge.description, low_stock_at: '3', hidden: 'yes' });
    const chiselRowsBack = rowsOf(csv).filter((row) => row.name === 'Round-trip chisel');
    expect(chiselRowsBack.map((row) => [row.option1_value, row.option2_value, row.price])).toEqual([
      ['6 mm', 'Ash', '42.00'],
      ['6 mm', 'Walnut', '42.00'],
      ['10 mm', 'Ash', '46.50'],
      ['10 mm', 'Walnut', '46.50'],
    ]);
    expect(new Set(chiselRowsBack.map((row) => row.product_id)).size).toBe(1);
  });
});

describe('POST /api/products/import?dryRun=true', () => {
  it('answers which rows would be created, which would change (field, old, new) and which are refused, and writes nothing', async () => {
    const before = await exported();
    // Rows of three different products: rows of one product must agree on its name.
    const rows = rowsOf(before).filter((row, at, all) => all.findIndex((other) => other.product_id === row.product_id) === at);
    const [first, second, third] = rows;
    const changed = { ...first!, price: '99.95', avail_quantity: '7' };
    const renamed = { ...second!, name: `${second!.name} (new edition)` };
    const good = newRow({ name: 'Dry-run gauge' });
    const file = fileOf([
      changed, // row 2
      renamed, // row 3
      third!, // row 4: unchanged
      good, // row 5
      newRow({ price: 'twelve' }), // row 6
      newRow({ category: 'spoons' }), // row 7
      { ...newRow(), sku: first!.sku, product_id: '' }, // row 8: the same SKU as row 2
      newRow({ pictures: '/api/product-images/0b9f3a52-5d7e-4c1e-9a39-7f2d8c3b1a10' }), // row 9
      newRow({ option1_value: '6 mm' }), // row 10
      newRow({ product_id: '2d1f6a3e-0000-4000-8000-000000000000' }), // row 11
    ]);
    const plan = await dryRun(file);
    expect(plan.create).toEqual([{ row: 5, sku: good.sku, name: 'Dry-run gauge' }]);
    expect(plan.update).toEqual([
      {
        row: 2,
        sku: first!.sku,
        changes: [
          { field: 'price', from: first!.price, to: '99.95' },
          { field: 'avail_quantity', from: first!.avail_quantity, to: '7' },
        ],
      },
      { row: 3, sku: second!.sku, changes: [{ field: 'name', from: second!.name, to: `${second!.name} (new edition)` }] },
    ]);
    expect(plan.unchanged).toBe(1);
    expect(plan.refuse).toEqual([
      { row: 6, reason: 'price: “twelve” is not an amount of dollars, such as 12.50' },
      { row: 7, reason: 'category: no category has the slug “spoons”' },
      { row: 8, reason: `sku: ${first!.sku} is also on row 2` },
      { row: 9, reason: 'pictures: /api/product-images/0b9f3a52-5d7e-4c1e-9a39-7f2d8c3b1a10 is not a picture the shop has; upload it first, or give an https:// address' },
      { row: 10, reason: 'option1_value is given without option1_name' },
      { row: 11, reason: 'product_id: no product has the id 2d1f6a3e-0000-4000-8000-000000000000; leave it empty to add a new product' },
    ]);
    expect(await exported()).toBe(before);
  });

  it('accepts a picture uploaded to the shop, and refuses rows of one product that disagree', async () => {
    const uploaded = await upload(app(), people.admin, await picture('png'), 'image/png');
    expect(uploaded.statusCode).toBe(201);
    const { img } = uploaded.json<{ img: string }>();
    const [a, b] = chiselRows('Disagreeing chisel', 'DIS');
    const plan = await dryRun(fileOf([newRow({ pictures: img, img }), a!, { ...b!, category: 'planes' }]));
    expect(plan.create.map((row) => row.row)).toEqual([2, 3]);
    expect(plan.refuse).toEqual([{ row: 4, reason: "category: not the same as on row 3, the product's first row" }]);
  });

  it('refuses two products sold one way under one name, and a file it cannot read, whole', async () => {
    const plan = await dryRun(fileOf([newRow({ name: 'Twin' }), newRow({ name: 'Twin' })]));
    expect(plan.refuse).toEqual([
      { row: 2, reason: 'option values: A product without options is sold one way: at most one variant' },
      { row: 3, reason: 'option values: A product without options is sold one way: at most one variant; option values: Two variants have the same choices' },
    ]);
    const unreadable = await importCatalogue(app(), people.admin, 'sku,colour\r\nX,red\r\n', { dryRun: true });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'The column “colour” is not one the shop knows; the export names them all.' });
  });
});

describe('POST /api/products/import (the job)', () => {
  it('answers 202 with the job, whose progress GET /api/jobs/{id} reports until it is done', async () => {
    const before = rowsOf(await exported());
    const target = before.find((row) => row.sku.startsWith('RT-'))!;
    const file = fileOf([{ ...target, price: '51.00' }, newRow({ name: 'Job gauge' })]);
    const res = await importCatalogue(app(), people.admin, file);
    expect(res.statusCode).toBe(202);
    const job = res.json<CatalogueImportJob>();
    expect(job).toEqual({ id: job.id, status: 'queued', totalRows: 2, doneRows: 0, created: 0, updated: 0, error: null });
    const { last, seen } = await importFinished(app(), people.admin, job.id);
    expect(last).toEqual({ id: job.id, status: 'done', totalRows: 2, doneRows: 2, created: 1, updated: 1, error: null });
    for (const state of seen) expect(state.doneRows).toBeLessThanOrEqual(2);
    const after = rowsOf(await exported());
    expect(after.find((row) => row.sku === target.sku)!.price).toBe('51.00');
    expect(after.some((row) => row.name === 'Job gauge')).toBe(true);
    // The product's row follows its variants: the lowest and the highest price.
    const product = await people.shop.db.selectFrom('products').select(['price_cents', 'price_max_cents']).where('id', '=', target.product_id).executeTakeFirstOrThrow();
    expect(product).toEqual({ price_cents: 4200, price_max_cents: 5100 });
  });

  it('writes nothing when one row is refused, and says which and why', async () => {
    const before = await exported();
    const [first] = rowsOf(before);
    const { last } = await imported(fileOf([{ ...first!, price: '1.23' }, newRow({ name: 'Never added' }), newRow({ avail_quantity: '-4' })]));
    expect(last).toMatchObject({ status: 'failed', created: 0, updated: 0, error: 'Row 4: avail_quantity: “-4” is not a whole number' });
    expect(await exported()).toBe(before);
  });

  it('answers 404 for an import that does not exist', async () => {
    const res = await call(app(), 'GET', '/api/jobs/00000000-0000-4000-8000-000000000000', people.admin);
    expect(res.statusCode).toBe(404);
  });
});
