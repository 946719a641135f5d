import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product, ProductWithPictures } from '../../common/schemas/products.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoCatalogue } from '../db/seed/seed.ts';
import { adminEmail, createShopWithPeople, signIn, type ShopWithPeople } from '../test/accounts.ts';
import { createAppOn } from '../test/app-at.ts';
import { addProduct, setStock } from '../test/ordering.ts';
import { call } from '../test/call.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/test-database.ts';

/**
 * The public catalogue's answers are kept in memory, compressed once, and sent again while the
 * catalogue's version stays the same; any change to what it shows, by an admin or a sale, in this
 * process or another, is served within a second.
 */
let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople({ seed: true });
});
afterAll(() => people.shop.close());

const app = () => people.shop.app;
const get = (url: string, headers: Record<string, string> = {}) => app().inject({ method: 'GET', url, headers });
const priceOf = async (id: string) => (await get(`/api/products/${id}`)).json<Product>().price;

/** Changes a product's price behind the catalogue's back: the trigger that raises its version is off. */
async function changePriceUnseen(db: ShopWithPeople['shop']['db'], id: string, priceCents: number) {
  if (testDialect === 'postgres') {
    await sql`alter table products disable trigger products_catalogue_version`.execute(db);
    await db.updateTable('products').set({ price_cents: priceCents }).where('id', '=', id).execute();
    await sql`alter table products enable trigger products_catalogue_version`.execute(db);
  } else {
    await sql`drop trigger products_update_catalogue_version`.execute(db);
    await db.updateTable('products').set({ price_cents: priceCents }).where('id', '=', id).execute();
    await sql`create trigger products_update_catalogue_version after update on products begin update catalogue_version set version = version + 1 where id = 1; end`.execute(db);
  }
}

describe(`the public answer cache (${testDialect})`, () => {
  it('answers again from memory, the same bytes and ETag, until the catalogue changes', async () => {
    const product = await addProduct(people.shop.db, { name: 'Cached marking gauge', priceCents: 2500 });
    const first = await get(`/api/products/${product.id}`);
    expect(first.json<Product>().price).toBe(25);

    await changePriceUnseen(people.shop.db, product.id, 9900);
    const again = await get(`/api/products/${product.id}`);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);

    await people.shop.db
      .updateTable('catalogue_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
    expect(await priceOf(product.id)).toBe(99);
  });

  it('sends a kept answer with the same security headers as the first', async () => {
    const product = await addProduct(people.shop.db, { name: 'Guarded marking gauge', priceCents: 2600 });
    const first = await get(`/api/products/${product.id}`);
    await changePriceUnseen(people.shop.db, product.id, 9900);
    const kept = await get(`/api/products/${product.id}`);
    // The same bytes: answered from memory.
    expect(kept.body).toBe(first.body);
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-resource-policy']) {
      expect(first.headers[name], name).toBeDefined();
      expect(kept.headers[name], name).toBe(first.headers[name]);
    }
    expect(kept.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the kept answer compressed as the browser asks, with its total, and a 304 for the copy the browser has', async () => {
    const plain = await get('/api/products?limit=5');
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get('/api/products?limit=5', { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      const body = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
      expect(body.toString()).toBe(plain.body);
      expect(res.headers['x-total-count']).toBe(plain.headers['x-total-count']);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const unchanged = await get('/api/products?limit=5', { 'if-none-match': String(plain.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('sends a kept answer through the hooks every answer passes: its own request id, and whole in any encoding asked', async () => {
    const path = '/api/products?limit=6';
    const plain = await get(path, { 'accept-encoding': 'identity' });
    const again = await get(path, { 'accept-encoding': 'identity' });
    expect(again.body).toBe(plain.body);
    expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers['x-request-id']).not.toBe(plain.headers['x-request-id']);
    // Asked in capitals, with a wildcard, with brotli refused: each answer must still be what it says.
    for (const asked of ['BR', '*', 'br;q=0, gzip', 'GZIP', 'br, gzip', 'identity']) {
      const res = await get(path, { 'accept-encoding': asked });
      const encoding = res.headers['content-encoding'];
      const body = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? zlib.gunzipSync(res.rawPayload) : res.rawPayload;
      expect(body.toString(), asked).toBe(plain.body);
      expect(res.rawPayload.length, asked).toBe(Number(res.headers['content-length']));
    }
  });

  it("shows an admin's edit and a sale's stock at once", async () => {
    const product = await addProduct(people.shop.db, { name: 'Edited spokeshave', priceCents: 4000, availQuantity: 30 });
    const read = async () => (await get(`/api/products/${product.id}`)).json<Product>();
    expect(await read()).toMatchObject({ price: 40, availQuantity: 30 });
    // The specification's fields, as its client sends them: without the variants, the price is the one variant's.
    const { _id: _unused, rating: _rating, variants: _variants, pictures: _pictures, ...fields } = (await read()) as ProductWithPictures & { rating?: unknown };
    const edit = await call(app(), 'PUT', `/api/products/${product.id}`, people.admin, { ...fields, price: 42.5 });
    expect(edit.statusCode).toBe(200);
    expect(await read()).toMatchObject({ price: 42.5 });
    await setStock(people.shop.db, product.id, 12);
    expect(await read()).toMatchObject({ availQuantity: 12 });
  });
});

describe(`two server processes on one database (${testDialect})`, () => {
  let database: TestDatabase;
  let secondConnection: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
    await seedDemoCatalogue(database.db, new Date('2026-11-01T00:00:00.000Z'));
    secondConnection = database.connectAgain();
  });
  afterAll(async () => {
    await secondConnection.close();
    await database.dispose();
  });

  it("serves an admin's price change made on one from the other within a second", { timeout: 30_000 }, async () => {
    // The shipped setting: each process looks at the catalogue's version at most every 250 ms.
    const env = { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: 'admin-pass-123', CATALOGUE_CHECK_MS: '250' };
    const first = await createAppOn(database, { env });
    const second = await createAppOn(secondConnection, { env });
    try {
      const admin = await signIn(first.app, adminEmail, 'admin-pass-123');
      // The newest product sold one way, edited with the specification's fields (one sold in several ways is priced by its variants).
      const product = (await second.app.inject('/api/products?limit=100')).json<Product[]>().find((listed) => listed.options.length === 0);
      const {
        _id: id,
        rating: _rating,
        variants: _variants,
        pictures: _pictures,
        ...fields
      } = (await second.app.inject(`/api/products/${product!._id}`)).json<ProductWithPictures & { rating?: unknown }>();
      expect((await second.app.inject(`/api/products/${id}`)).json<Product>().price).toBe(fields.price);

      const newPrice = fields.price + 10;
      const edit = await call(first.app, 'PUT', `/api/products/${id}`, admin, { ...fields, price: newPrice });
      expect(edit.statusCode).toBe(200);
      const changedAt = performance.now();
      // Asked again and again until the other process serves the new price: within the second.
      await vi.waitFor(async () => expect((await second.app.inject(`/api/products/${id}`)).json<Product>().price).toBe(newPrice), { timeout: 1000, interval: 20 });
      expect(performance.now() - changedAt).toBeLessThan(1000);
      const listed = (await second.app.inject('/api/products?limit=100')).json<Product[]>();
      expect(listed.find((item) => item._id === id)?.price).toBe(newPrice);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
