import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.ts';
import { loadConfig } from '../../config/env.ts';
import { createShopWithPeople, type ShopWithPeople } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { type LocalBucket, startLocalBucket } from '../../test/local-bucket.ts';
import { productForm, upload } from '../../test/shop-management.ts';
import { testDialect } from '../../test/test-database.ts';
import { createPictureBucket, type PictureBucket } from './picture-bucket.ts';
import { pictureIdOf } from './picture-id.ts';
import { movePicturesToBucket } from './picture-move.ts';
import { createProductImageRepository } from './product-image-repository.ts';
import { createProductImageService } from './product-image-service.ts';

/**
 * Uploaded pictures kept in an S3-compatible bucket (ADR 053), here s3rver on a free port: the
 * database keeps their keys, the shop streams them from content-hashed addresses cached for a year,
 * and `pictures:move` brings the pictures stored before into the bucket, again and again safely.
 */

let bucket: LocalBucket;
let people: ShopWithPeople;
/** The move's own client, as `npm run pictures:move` makes it from the same settings. */
let moveClient: PictureBucket;
beforeAll(async () => {
  bucket = await startLocalBucket();
  people = await createShopWithPeople({ env: bucket.env });
  moveClient = createPictureBucket(loadConfig(bucket.env, '/web').pictureBucket!);
});
afterAll(async () => {
  await moveClient?.close();
  await people?.shop.close();
  await bucket?.close();
});

const app = () => people.shop.app;
const db = () => people.shop.db;
const serve = (address: string) => call(app(), 'GET', address);
const idOf = (img: string) => img.slice('/api/product-images/'.length);
const images = () => createProductImageRepository(db());
const move = () => movePicturesToBucket(images(), moveClient);

/** A picture of its own colour and size, so that each test's pictures are new to the shop. */
let shade = 0;
async function freshPicture(width = 1200, height = 900): Promise<Buffer> {
  shade += 1;
  return sharp({ create: { width, height, channels: 3, background: { r: (shade * 37) % 256, g: (shade * 71) % 256, b: (shade * 113) % 256 } } })
    .jpeg()
    .toBuffer();
}

const rowOf = (id: string) => db().selectFrom('product_images').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Stores a picture the way the shop did before the bucket was set: its bytes in its row. */
async function storedInDatabase(bytes: Buffer): Promise<string> {
  const { img } = await createProductImageService(images(), systemClock, undefined).store(bytes);
  return idOf(img);
}

describe(`pictures in the bucket (${testDialect})`, () => {
  it('keeps an upload in the bucket, and only its keys in the database', async () => {
    const res = await upload(app(), people.admin, await freshPicture(), 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const id = idOf(res.json<{ img: string }>().img);

    const row = await rowOf(id);
    expect(row).toMatchObject({ bytes: null, small_bytes: null, object_key: `product-images/${id}`, small_object_key: `product-images/${id}-400` });
    const [large, small] = [await bucket.read(row.object_key!), await bucket.read(row.small_object_key!)];
    expect(await sharp(large).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(await sharp(small).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });
  });

  it('serves the picture and its small copy from the bucket, at an address made from their bytes, kept for a year', async () => {
    const { img } = (await upload(app(), people.admin, await freshPicture(), 'image/jpeg')).json<{ img: string }>();
    const row = await rowOf(idOf(img));
    const [large, small] = [(await bucket.read(row.object_key!))!, (await bucket.read(row.small_object_key!))!];
    expect(idOf(img)).toBe(pictureIdOf(large, small));

    for (const [address, bytes] of [
      [img, large],
      [`${img}?w=400`, small],
    ] as const) {
      const served = await serve(address);
      expect(served.statusCode, address).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-length']).toBe(String(bytes.length));
      expect(served.rawPayload.equals(bytes), address).toBe(true);
    }
  });

  it('gives a changed picture a new address, and the same picture uploaded again the same one', async () => {
    const first = await freshPicture();
    const a = (await upload(app(), people.admin, first, 'image/jpeg')).json<{ img: string }>().img;
    const b = (await upload(app(), people.admin, await freshPicture(), 'image/jpeg')).json<{ img: string }>().img;
    const again = (await upload(app(), people.admin, first, 'image/jpeg')).json<{ img: string }>().img;
    expect(b).not.toBe(a);
    expect(again).toBe(a);
    expect(
      await db()
        .selectFrom('product_images')
        .select('id')
        .where('id', 'in', [idOf(a), idOf(b)])
        .execute(),
    ).toHaveLength(2);
    expect((await serve(b)).rawPayload.equals((await serve(a)).rawPayload)).toBe(false);
  });

  it('answers a HEAD from the HEAD of the object, without fetching its bytes', async () => {
    const { img } = (await upload(app(), people.admin, await freshPicture(), 'image/jpeg')).json<{ img: string }>();
    const row = await rowOf(idOf(img));
    const [large, small] = [(await bucket.read(row.object_key!))!, (await bucket.read(row.small_object_key!))!];
    bucket.requests.length = 0;
    for (const [address, bytes] of [
      [img, large],
      [`${img}?w=400`, small],
    ] as const) {
      const head = await app().inject({ method: 'HEAD', url: address });
      expect(head.statusCode, address).toBe(200);
      expect(head.headers['content-type']).toBe('image/webp');
      expect(head.headers['content-length']).toBe(String(bytes.length));
      expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(head.rawPayload).toHaveLength(0);
    }
    expect(bucket.requests.map((request) => request.split(' ')[0])).toEqual(['HEAD', 'HEAD']);
    expect((await app().inject({ method: 'HEAD', url: `/api/product-images/${pictureIdOf(Buffer.from('never stored'))}` })).statusCode).toBe(404);
  });

  it('answers a picture missing from the bucket with a 404', async () => {
    const id = pictureIdOf(Buffer.from('never stored'));
    await db()
      .insertInto('product_images')
      .values({ id, content_type: 'image/webp', object_key: `product-images/${id}`, created_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    const res = await serve(`/api/product-images/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No picture has that id.' });
  });

  it('leaves a deleted product’s picture in the bucket, still served: another product may show the same one', async () => {
    const { img } = (await upload(app(), people.admin, await freshPicture(), 'image/jpeg')).json<{ img: string }>();
    const created = await call(app(), 'POST', '/api/products', people.admin, productForm({ img }));
    expect(created.statusCode).toBe(201);
    expect((await call(app(), 'DELETE', `/api/products/${created.json()._id}`, people.admin)).json()).toEqual({ deletedCount: 1 });

    const row = await rowOf(idOf(img));
    expect(await bucket.read(row.object_key!)).toBeDefined();
    expect((await serve(img)).statusCode).toBe(200);
  });
});

describe(`pictures:move (${testDialect})`, () => {
  it('moves the pictures kept in the database into the bucket at their addresses, and a second run changes nothing', async () => {
    const ids = [await storedInDatabase(await freshPicture()), await storedInDatabase(await freshPicture(600, 300))];
    // One stored before pictures were resized: a PNG as uploaded, and no small copy.
    const legacy = '0000beef-0000-4000-8000-000000000000';
    const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#a0703c' } })
      .png()
      .toBuffer();
    await db().insertInto('product_images').values({ id: legacy, content_type: 'image/png', bytes: png, created_at: '2026-01-01T00:00:00.000Z' }).execute();
    const before = await Promise.all([...ids, legacy].map(rowOf));
    // Served from the database until moved, though the shop has a bucket.
    const servedBefore = await Promise.all(ids.flatMap((id) => [serve(`/api/product-images/${id}`), serve(`/api/product-images/${id}?w=400`)]));

    expect(await images().countInDatabase()).toBeGreaterThanOrEqual(3);
    expect(await move()).toBeGreaterThanOrEqual(3);
    expect(await images().countInDatabase()).toBe(0);

    for (const [index, row] of before.entries()) {
      const after = await rowOf(row.id);
      expect(after).toMatchObject({ bytes: null, small_bytes: null, object_key: `product-images/${row.id}` });
      expect(after.small_object_key).toBe(row.small_bytes ? `product-images/${row.id}-400` : null);
      expect((await bucket.read(after.object_key!))!.equals(row.bytes!)).toBe(true);
      if (row.small_bytes) expect((await bucket.read(after.small_object_key!))!.equals(row.small_bytes)).toBe(true);
      if (index < ids.length) {
        // The same address serves the same bytes, now from the bucket.
        expect((await serve(`/api/product-images/${row.id}`)).rawPayload.equals(servedBefore[index * 2]!.rawPayload)).toBe(true);
        expect((await serve(`/api/product-images/${row.id}?w=400`)).rawPayload.equals(servedBefore[index * 2 + 1]!.rawPayload)).toBe(true);
      }
    }
    for (const address of [`/api/product-images/${legacy}`, `/api/product-images/${legacy}?w=400`]) {
      const served = await serve(address);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(png)).toBe(true);
    }

    const rows = await db().selectFrom('product_images').selectAll().orderBy('id').execute();
    const keys = await bucket.keys();
    expect(await move()).toBe(0);
    expect(await db().selectFrom('product_images').selectAll().orderBy('id').execute()).toEqual(rows);
    expect(await bucket.keys()).toEqual(keys);
  });

  it('completes on a second run after the bucket went away midway, a picture half copied included', { timeout: 60_000 }, async () => {
    const ids = [];
    for (let count = 0; count < 4; count += 1) ids.push(await storedInDatabase(await freshPicture(500, 400)));
    const before = await Promise.all(ids.map(rowOf));

    // Three objects in: the first picture's two copies, and the large copy of the next, which is not yet marked moved.
    bucket.stopAfter(3);
    await expect(move()).rejects.toThrow();
    const halfway = await Promise.all(ids.map(rowOf));
    const moved = halfway.filter((row) => row.object_key !== null);
    expect(moved.length).toBeGreaterThanOrEqual(1);
    expect(moved.length).toBeLessThan(ids.length);
    // Nothing lost: a row not moved still has both its copies.
    for (const row of halfway.filter((row) => row.object_key === null)) expect(row.bytes).not.toBeNull();

    await bucket.restart();
    expect(await move()).toBe(ids.length - moved.length);
    for (const row of before) {
      const after = await rowOf(row.id);
      expect(after).toMatchObject({ bytes: null, small_bytes: null });
      expect((await bucket.read(after.object_key!))!.equals(row.bytes!)).toBe(true);
      expect((await bucket.read(after.small_object_key!))!.equals(row.small_bytes!)).toBe(true);
      expect((await serve(`/api/product-images/${row.id}?w=400`)).rawPayload.equals(row.small_bytes!)).toBe(true);
    }
  });
});

describe(`a bucket that takes the connection and never answers (${testDialect})`, () => {
  it('fails the picture’s request once its time is out, rather than holding it for good', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const config = loadConfig({ ...bucket.env, S3_ENDPOINT: `http://127.0.0.1:${port}` }, '/web').pictureBucket!;
    const requestMs = 300;
    const silentBucket = createPictureBucket(config, { connectionMs: requestMs, requestMs });
    const id = pictureIdOf(Buffer.from('kept in a silent bucket'));
    await db()
      .insertInto('product_images')
      .values({ id, content_type: 'image/webp', object_key: `product-images/${id}`, created_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    const pictures = createProductImageService(images(), systemClock, silentBucket);
    try {
      for (const ask of [() => pictures.get(id), () => pictures.describe(id)]) {
        const started = performance.now();
        await expect(ask()).rejects.toThrow(/timed? ?out/i);
        // Two attempts of 300 ms and the pause between them; without a timeout it would never end.
        expect(performance.now() - started).toBeLessThan(5 * requestMs);
      }
    } finally {
      await silentBucket.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
