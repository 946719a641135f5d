import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCategory } from '../../../common/categories.ts';
import type { Category } from '../../../common/schemas/categories.ts';
import type { Product, ProductWithPictures } from '../../../common/schemas/products.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

async function listProducts(query = ''): Promise<{ status: number; total: string | undefined; body: Product[] }> {
  const res = await shop.app.inject({ method: 'GET', url: `/api/products${query}` });
  return { status: res.statusCode, total: res.headers['x-total-count'] as string | undefined, body: res.json() };
}

describe('GET /api/products', () => {
  it('lists the demo catalogue with the specification field names and numbers as numbers', async () => {
    const { status, total, body } = await listProducts('?limit=100');
    const categorySlugs = (await shop.app.inject({ url: '/api/categories' })).json<Category[]>().map((category) => category.slug);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(12);
    expect(Number(total)).toBe(body.length);
    for (const product of body) {
      expect(Object.keys(product).sort()).toEqual(
        ['_id', 'availQuantity', 'category', 'description', 'hidden', 'img', 'minQuantity', 'name', 'options', 'price', 'priceMax', 'weightGrams'].sort(),
      );
      // The public catalogue shows no hidden product; a price range is "from price to priceMax".
      expect(product.hidden).toBe(false);
      expect(product.priceMax).toBeGreaterThanOrEqual(product.price);
      expect(Array.isArray(product.options)).toBe(true);
      expect(product.weightGrams).toBeGreaterThan(0);
      expect(typeof product._id).toBe('string');
      expect(product.name.length).toBeGreaterThan(3);
      expect(product.description.length).toBeGreaterThan(20);
      expect(product.img).toMatch(/^\/images\/products\/[a-z0-9-]+\.webp$/);
      expect(typeof product.price).toBe('number');
      expect(product.price).toBeGreaterThan(0);
      expect(Number.isInteger(product.minQuantity)).toBe(true);
      expect(Number.isInteger(product.availQuantity)).toBe(true);
      expect(product.availQuantity).toBeGreaterThan(product.minQuantity);
      expect(categorySlugs).toContain(product.category);
      expect(product.category, product.name).not.toBe(defaultCategory);
    }
  });

  it('pages with limit and offset and reports the total', async () => {
    const all = await listProducts('?limit=100');
    const first = await listProducts('?limit=5');
    const second = await listProducts('?limit=5&offset=5');
    expect(first.body.map((p) => p._id)).toEqual(all.body.slice(0, 5).map((p) => p._id));
    expect(second.body.map((p) => p._id)).toEqual(all.body.slice(5, 10).map((p) => p._id));
    expect(first.total).toBe(all.total);
  });

  it('pages past the first in every order exactly as one long page lists them', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc']) {
      const all = await listProducts(`?limit=100&sort=${sort}`);
      const pages = await Promise.all([0, 3, 6, 9].map((offset) => listProducts(`?limit=3&offset=${offset}&sort=${sort}`)));
      expect(
        pages.flatMap((page) => page.body.map((p) => p._id)),
        sort,
      ).toEqual(all.body.slice(0, 12).map((p) => p._id));
    }
  });

  it('gives a first page of 20 when no limit is asked for', async () => {
    const { body, total } = await listProducts();
    expect(body.length).toBe(Math.min(20, Number(total)));
  });

  it('refuses a page larger than 100 or a negative offset', async () => {
    for (const query of ['?limit=101', '?limit=0', '?offset=-1', '?limit=ten']) {
      const res = await shop.app.inject({ method: 'GET', url: `/api/products${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/limit|offset/) });
    }
  });

  it('sorts by price both ways', async () => {
    const ascending = (await listProducts('?limit=100&sort=price_asc')).body.map((p) => p.price);
    const descending = (await listProducts('?limit=100&sort=price_desc')).body.map((p) => p.price);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(descending).toEqual([...ascending].reverse());
  });
  // Searching, categories and the price range: catalogue-search.api.test.ts.
});

describe('GET /api/products/:id', () => {
  it("answers one product sold one way by its id: its one variant has the product's id, price and stock", async () => {
    const listed = (await listProducts('?limit=100')).body.find((product) => product.options.length === 0)!;
    const res = await shop.app.inject({ method: 'GET', url: `/api/products/${listed._id}` });
    expect(res.statusCode).toBe(200);
    // With its pictures (this demo product has one), its variant and what its reviews add up to.
    expect(res.json()).toEqual({
      ...listed,
      pictures: [listed.img],
      variants: [
        {
          _id: listed._id,
          sku: expect.stringMatching(/^[A-Z0-9._-]+$/),
          options: {},
          price: listed.price,
          availQuantity: listed.availQuantity,
          weightGrams: listed.weightGrams,
          img: listed.img,
          lowStockAt: null,
        },
      ],
      rating: expect.objectContaining({ count: expect.any(Number) }),
    });
  });

  it('answers a product with options with each variant, and the figures the list shows are what they add up to', async () => {
    const listed = (await listProducts('?limit=100')).body.find((product) => product.name === 'Joinery Bench Chisel')!;
    expect(listed.options).toEqual([
      { name: 'Width', values: expect.arrayContaining(['6 mm', '10 mm']) },
      { name: 'Handle', values: ['Ash', 'Walnut'] },
    ]);
    const res = await shop.app.inject({ method: 'GET', url: `/api/products/${listed._id}` });
    expect(res.statusCode).toBe(200);
    const detail = res.json<ProductWithPictures>();
    expect(detail).toMatchObject({ ...listed, pictures: expect.arrayContaining([listed.img]) });
    expect(detail.pictures[0]).toBe(listed.img);
    const prices = detail.variants.map((variant) => variant.price);
    expect(listed.price).toBe(Math.min(...prices));
    expect(listed.priceMax).toBe(Math.max(...prices));
    expect(listed.availQuantity).toBe(detail.variants.reduce((sum, variant) => sum + variant.availQuantity, 0));
    expect(detail.variants.map((variant) => variant.sku)).toContain('JNR-BC-10-WAL');
    for (const variant of detail.variants) {
      expect(Object.keys(variant.options).sort()).toEqual(['Handle', 'Width']);
      expect(detail.pictures).toContain(variant.img);
    }
  });

  it.each([
    ['a malformed id', 'nope'],
    ['an injection attempt', '%27%20OR%201%3D1--'],
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
  ])('answers %s with a JSON 404', async (_case, id) => {
    const res = await shop.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No product has that id.' });
  });
});
