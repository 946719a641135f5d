import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUpload } from '../../../common/shop-management.ts';
import type { Product } from '../../../common/schemas/products.ts';
import { createShopWithPeople, type ShopWithPeople } from '../../test/accounts.ts';
import { picture, productForm, storedPictureCount, upload } from '../../test/shop-management.ts';
import { call } from '../../test/call.ts';
import { type LocalBucket, startLocalBucket } from '../../test/local-bucket.ts';

/**
 * Uploading a product picture (admins only; JPEG, PNG or WebP by its bytes, at most 25 MB; anything
 * else refused with nothing stored) and serving it from the shop itself: all of it with the pictures
 * kept in the database, and again with them kept in a bucket (ADR 053).
 */

const notAnImage = { code: 'UNSUPPORTED_MEDIA_TYPE', message: imageUpload.notAnImage };
const tooLarge = { code: 'PAYLOAD_TOO_LARGE', message: imageUpload.tooLarge };
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes that start like a PNG, padded to the given size. */
const pngLike = (size: number) => Buffer.concat([pngSignature, Buffer.alloc(size - pngSignature.length, 7)]);

describe.each(['the database', 'the bucket'] as const)('pictures kept in %s', (keptIn) => {
  let bucket: LocalBucket | undefined;
  let people: ShopWithPeople;
  beforeAll(async () => {
    bucket = keptIn === 'the bucket' ? await startLocalBucket() : undefined;
    people = await createShopWithPeople({ seed: true, env: bucket?.env });
  });
  afterAll(async () => {
    await people?.shop.close();
    await bucket?.close();
  });

  const app = () => people.shop.app;
  const serve = (address: string) => call(app(), 'GET', address);

  describe('POST /api/product-images', () => {
    it('answers 401 to an anonymous caller and 403 to a customer, and stores nothing', async () => {
      const before = await storedPictureCount(people.shop.db);
      const png = await picture('png');
      const anonymous = await upload(app(), undefined, png, 'image/png');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in first.' });
      const customer = await upload(app(), people.carol, png, 'image/png');
      expect(customer.statusCode).toBe(403);
      expect(customer.json()).toEqual({ code: 'FORBIDDEN', message: 'Only an admin may do this.' });
      // Who may upload is settled first: a stranger's oversized body gets a 401, not a 413.
      expect((await upload(app(), undefined, pngLike(imageUpload.maxBytes + 1), 'image/png')).statusCode).toBe(401);
      expect(await storedPictureCount(people.shop.db)).toBe(before);
    });

    it.each([
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const)("stores an admin's %s picture as WebP and serves it, for good, from its own address", async (format, type) => {
      const res = await upload(app(), people.admin, await picture(format), type);
      expect(res.statusCode).toBe(201);
      const { img } = res.json<{ img: string }>();
      expect(img).toMatch(/^\/api\/product-images\/[0-9a-f-]{36}$/);

      const served = await serve(img);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 8, height: 6 });
    });

    it('keeps a large photo at 800 and 400 px wide, upright, and without its metadata', async () => {
      // A camera's photo: 2400 × 1800 stored on its side with EXIF orientation 6 (turn 90° clockwise), its
      // maker, a copyright and an ICC profile, as a phone saves one.
      const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 120, g: 90, b: 60 } } })
        .jpeg()
        .withExif({ IFD0: { Make: 'PhoneMaker', Copyright: 'Someone at home' } })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const { img } = (await upload(app(), people.admin, photo, 'image/jpeg')).json<{ img: string }>();

      const large = await sharp((await serve(img)).rawPayload).metadata();
      const small = await sharp((await serve(`${img}?w=400`)).rawPayload).metadata();
      // Turned upright: 1800 × 2400 before, so 800 wide is 800 × 1067.
      expect(large).toMatchObject({ format: 'webp', width: 800, height: 1067 });
      expect(small).toMatchObject({ format: 'webp', width: 400, height: 533 });
      for (const copy of [large, small]) {
        expect(copy.exif).toBeUndefined();
        expect(copy.icc).toBeUndefined();
        expect(copy.orientation).toBeUndefined();
      }
    });

    it('refuses another width than 400 with 400', async () => {
      const { img } = (await upload(app(), people.admin, await picture('png'), 'image/png')).json<{ img: string }>();
      expect((await serve(`${img}?w=1200`)).statusCode).toBe(400);
    });

    it('decides the type by the bytes, not by the Content-Type the browser sent', async () => {
      const jpeg = await picture('jpeg');
      for (const sentAs of ['image/png', 'application/octet-stream']) {
        const res = await upload(app(), people.admin, jpeg, sentAs);
        expect(res.statusCode, sentAs).toBe(201);
        expect((await serve(res.json().img)).statusCode).toBe(200);
      }
    });

    it('takes a picture near 25 MB, as a phone takes it, and keeps it resized, while other requests are answered', { timeout: 60_000 }, async () => {
      // Noise does not compress: a PNG of it is about as large as its pixels.
      const [width, height] = [2950, 2950];
      const noise = Buffer.alloc(width * height * 3);
      for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 7919) % 251;
      const png = await sharp(noise, { raw: { width, height, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(png.length).toBeGreaterThan(imageUpload.maxBytes - 100_000);
      expect(png.length).toBeLessThanOrEqual(imageUpload.maxBytes);
      const uploading = upload(app(), people.admin, png, 'image/png');
      // Asked while the picture is being resized: answered without waiting for it.
      const started = performance.now();
      const other = await serve('/api/product-images/00000000-0000-4000-8000-000000000000');
      const otherMs = performance.now() - started;
      const res = await uploading;
      const uploadMs = performance.now() - started;
      expect(other.statusCode).toBe(404);
      expect(otherMs).toBeLessThan(uploadMs);
      expect(res.statusCode).toBe(201);
      expect(await sharp((await serve(res.json().img)).rawPayload).metadata()).toMatchObject({ width: 800, height: Math.round((800 * height) / width), format: 'webp' });
    });

    it('refuses bytes that begin like a picture but are not one with a 415, and stores nothing', async () => {
      const before = await storedPictureCount(people.shop.db);
      const res = await upload(app(), people.admin, pngLike(5000), 'image/png');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(notAnImage);
      expect(await storedPictureCount(people.shop.db)).toBe(before);
    });

    it('refuses 25 MB and one byte with a 413 and its message, and stores nothing', async () => {
      const before = await storedPictureCount(people.shop.db);
      const res = await upload(app(), people.admin, pngLike(imageUpload.maxBytes + 1), 'image/png');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(tooLarge);
      expect(await storedPictureCount(people.shop.db)).toBe(before);
    });

    it.each([
      ['a text file renamed .png', Buffer.from('These are my notes, not a picture.\n'), 'image/png'],
      ['an SVG sent as PNG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png'],
      ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'application/octet-stream'],
      ['an HTML page sent as bytes', Buffer.from('<!doctype html><p>hello</p>'), 'application/octet-stream'],
      ['an empty file', Buffer.alloc(0), 'image/jpeg'],
    ])('refuses %s with a 415 and its message, and stores nothing', async (_case, bytes, type) => {
      const before = await storedPictureCount(people.shop.db);
      const res = await upload(app(), people.admin, bytes, type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(notAnImage);
      expect(await storedPictureCount(people.shop.db)).toBe(before);
    });

    it.each([
      ['text/plain', Buffer.from('plain text')],
      ['image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['application/json', Buffer.from('{"img":"x"}')],
      // Even PNG bytes: a browser labels a picture with an image type (or none it knows, octet-stream).
      ['text/html', pngLike(100)],
    ])('refuses a body sent as %s with a 415, and stores nothing', async (contentType, bytes) => {
      const before = await storedPictureCount(people.shop.db);
      const res = await upload(app(), people.admin, bytes, contentType);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(notAnImage);
      expect(await storedPictureCount(people.shop.db)).toBe(before);
    });
  });

  describe('GET /api/product-images/:id', () => {
    it.each([
      ['an unknown id', '00000000-0000-4000-8000-000000000000'],
      ['a malformed id', 'nope'],
    ])('answers %s with a JSON 404', async (_case, id) => {
      const res = await serve(`/api/product-images/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No picture has that id.' });
    });

    it('serves a picture stored before pictures were resized as it was uploaded, at either width', async () => {
      const png = await picture('png');
      const id = '0000abcd-0000-4000-8000-000000000000';
      await people.shop.db.insertInto('product_images').values({ id, content_type: 'image/png', bytes: png, small_bytes: null, created_at: '2026-01-01T00:00:00.000Z' }).execute();
      for (const address of [`/api/product-images/${id}`, `/api/product-images/${id}?w=400`]) {
        const served = await serve(address);
        expect(served.headers['content-type']).toBe('image/png');
        expect(served.rawPayload.equals(png)).toBe(true);
      }
    });

    it("is served under the shop's own Content-Security-Policy", async () => {
      const { img } = (await upload(app(), people.admin, await picture('webp'), 'image/webp')).json();
      const csp = String((await serve(img)).headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self'");
    });
  });

  describe('a product with an uploaded picture', () => {
    it('is the newest in the catalogue, its picture served from its address', async () => {
      const bytes = await picture('webp');
      const { img } = (await upload(app(), people.admin, bytes, 'image/webp')).json<{ img: string }>();
      const created = await call(app(), 'POST', '/api/products', people.admin, productForm({ name: 'Uploaded-picture plane', img }));
      expect(created.statusCode).toBe(201);

      const [newest] = (await call(app(), 'GET', '/api/products?limit=3')).json<Product[]>();
      expect(newest).toMatchObject({ _id: created.json()._id, name: 'Uploaded-picture plane', img });
      const served = await serve(newest!.img);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    });
  });
});
