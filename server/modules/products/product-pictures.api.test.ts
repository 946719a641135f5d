import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureLimits, pictureMessages } from '../../../common/product-pictures.ts';
import { productMessages } from '../../../common/shop-management.ts';
import type { Product, ProductDetail, ProductWithPictures } from '../../../common/schemas/products.ts';
import { createShopWithPeople, type ShopWithPeople } from '../../test/accounts.ts';
import { queryPlansOf } from '../../test/query-plans.ts';
import { createProduct, picture, productForm, replaceProduct, upload } from '../../test/shop-management.ts';
import { createProductRepository } from './product-repository.ts';
import { call } from '../../test/call.ts';

/**
 * A product's pictures: GET /api/products/{id} answers them in order, the main one first and the same
 * as `img`; admins set them with the product (POST and PUT), customers and visitors cannot.
 */

let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople({ seed: true });
});
afterAll(() => people.shop.close());

const app = () => people.shop.app;

async function read(id: string): Promise<ProductDetail> {
  const res = await call(app(), 'GET', `/api/products/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json<ProductDetail>();
}

const front = 'https://images.example.com/plane-front.webp';
const side = 'https://images.example.com/plane-side.webp';
const sole = '/images/products/smoothing-plane.webp';

async function addedWith(pictures?: string[]): Promise<ProductWithPictures> {
  const res = await createProduct(app(), people.admin, productForm({ img: pictures?.[0] ?? front, ...(pictures && { pictures }) }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ProductWithPictures>();
}

/** The edit form sent again with these pictures, the first as the main picture. */
const editedWith = (product: ProductWithPictures, pictures: string[]) => {
  const { _id: _ignored, pictures: _old, ...fields } = product;
  return { ...fields, img: pictures[0], pictures, stockSeen: product.availQuantity };
};

describe('a product’s pictures', () => {
  it('are its one image when it is added without a list, as every demo product is', async () => {
    const product = await addedWith();
    expect(product.pictures).toEqual([front]);
    expect((await read(product._id)).pictures).toEqual([front]);
    const [demo] = (await call(app(), 'GET', '/api/products?limit=100')).json<Product[]>().reverse();
    expect((await read(demo!._id)).pictures).toEqual([demo!.img]);
  });

  it('are answered in the order the admin gave, the main one first and the same as img', async () => {
    const uploaded = (await upload(app(), people.admin, await picture('webp'), 'image/webp')).json<{ img: string }>().img;
    const product = await addedWith([side, uploaded, front]);
    const detail = await read(product._id);
    expect(detail.pictures).toEqual([side, uploaded, front]);
    expect(detail.img).toBe(side);
    // The catalogue shows the main picture, as before.
    const listed = (await call(app(), 'GET', '/api/products?limit=1')).json<Product[]>()[0]!;
    expect(listed).toMatchObject({ _id: product._id, img: side });
    expect(listed).not.toHaveProperty('pictures');
  });

  it('are reordered, removed and given another main picture by an admin’s edit', async () => {
    const product = await addedWith([front, side, sole]);
    const res = await replaceProduct(app(), people.admin, product._id, editedWith(product, [sole, front]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductWithPictures>()).toMatchObject({ img: sole, pictures: [sole, front] });
    expect(await read(product._id)).toMatchObject({ img: sole, pictures: [sole, front] });
  });

  it('keep the others when an edit changes only the image (a form that sends no list)', async () => {
    const product = await addedWith([front, side, sole]);
    const { _id: _ignored, pictures: _old, ...fields } = product;
    const res = await replaceProduct(app(), people.admin, product._id, { ...fields, img: 'https://images.example.com/plane-new.webp' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(product._id)).pictures).toEqual(['https://images.example.com/plane-new.webp', side, sole]);
    // An image that was already among them moves to the front rather than appearing twice.
    await replaceProduct(app(), people.admin, product._id, { ...fields, img: sole });
    expect((await read(product._id)).pictures).toEqual([sole, side]);
  });

  it('can only be changed by an admin: 401 for a visitor, 403 for a customer, and nothing changes', async () => {
    const product = await addedWith([front, side]);
    const edit = editedWith(product, [side]);
    const anonymous = await replaceProduct(app(), undefined, product._id, edit);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in first.' });
    const customer = await replaceProduct(app(), people.carol, product._id, edit);
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({ code: 'FORBIDDEN', message: 'Only an admin may do this.' });
    expect((await createProduct(app(), people.carol, productForm({ pictures: [front], img: front }))).statusCode).toBe(403);
    expect((await read(product._id)).pictures).toEqual([front, side]);
  });

  it.each([
    ['an empty list', [], pictureMessages.atLeastOne],
    ['the same picture twice', [front, front], pictureMessages.duplicate],
    ['too many pictures', Array.from({ length: pictureLimits.perProduct + 1 }, (_, index) => `https://images.example.com/${index}.webp`), pictureMessages.tooMany],
    ['an address that is neither https nor the shop’s own', [front, 'http://images.example.com/x.webp'], productMessages.imgInvalid],
    ['a main picture other than img', [side, front], pictureMessages.mainFirst],
  ])('refuses %s with a 400 that says why, and changes nothing', async (_case, pictures, message) => {
    const product = await addedWith([front]);
    const res = await replaceProduct(app(), people.admin, product._id, { ...editedWith(product, pictures), img: front });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
    expect((await read(product._id)).pictures).toEqual([front]);
  });

  it(`takes ${pictureLimits.perProduct} pictures`, async () => {
    const pictures = Array.from({ length: pictureLimits.perProduct }, (_, index) => `https://images.example.com/${index}.webp`);
    expect((await addedWith(pictures)).pictures).toEqual(pictures);
  });

  it('go with their product when it is deleted', async () => {
    const product = await addedWith([front, side]);
    expect((await call(app(), 'DELETE', `/api/products/${product._id}`, people.admin)).json()).toEqual({ deletedCount: 1 });
    const left = await people.shop.db.selectFrom('product_pictures').select('img').where('product_id', '=', product._id).execute();
    expect(left).toEqual([]);
  });

  it('are read by the product through the primary key, never by scanning every picture', async () => {
    const product = await addedWith([front, side]);
    await sql`analyze`.execute(people.shop.db);
    const [plan] = await queryPlansOf(people.shop.database, (db) => createProductRepository(db).picturesOf(product._id));
    expect(plan).toMatch(/product_pictures_pkey|sqlite_autoindex_product_pictures/);
    expect(plan).not.toMatch(/\bSCAN product_pictures\b|Seq Scan/);
  });
});
