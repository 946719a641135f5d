import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryMessages } from '../../../common/categories.ts';
import { productMessages } from '../../../common/shop-management.ts';
import { generatedSku } from '../../../common/variants.ts';
import type { Product, ProductWithPictures } from '../../../common/schemas/products.ts';
import { createShopWithPeople, type ShopWithPeople } from '../../test/accounts.ts';
import { createProduct, productForm, replaceProduct } from '../../test/shop-management.ts';
import { call, type Caller } from '../../test/call.ts';

/**
 * design.md's "Who may call what" rows for changing the catalogue (POST, PUT and DELETE products:
 * admins only), as anonymous, a customer and an admin, with the product form's rules and messages.
 */

let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople({ seed: true });
});
afterAll(() => people.shop.close());

const app = () => people.shop.app;
const remove = (who: Caller, id: string) => call(app(), 'DELETE', `/api/products/${id}`, who);
const readProduct = (id: string) => call(app(), 'GET', `/api/products/${id}`);

async function catalogue(): Promise<{ products: Product[]; total: number }> {
  const res = await call(app(), 'GET', '/api/products?limit=100');
  return { products: res.json<Product[]>(), total: Number(res.headers['x-total-count']) };
}

/** A product the admin added through the API. */
async function added(changes: Record<string, unknown> = {}): Promise<ProductWithPictures> {
  const res = await createProduct(app(), people.admin, productForm(changes));
  if (res.statusCode !== 201) throw new Error(`adding a product failed: ${res.statusCode} ${res.body}`);
  const { insertedId: _insertedId, ...product } = res.json<ProductWithPictures & { insertedId: string }>();
  return product;
}

/** The product as GET /api/products/{id} reads it: with what its reviews add up to (none here). */
const asRead = (product: ProductWithPictures) => ({ ...product, rating: { count: 0, average: null } });
/** The product as the catalogue lists it: without its pictures and variants. */
const asListed = ({ pictures: _pictures, variants: _variants, ...product }: ProductWithPictures): Product => product;

/**
 * What a product sold one way answers besides the form's fields: its one price as the range's top,
 * no options, shown, and its one variant with the product's id and a SKU the shop made.
 */
const soldOneWay = (id: string, form: { price: number; availQuantity: number; weightGrams: number; img: string }) => ({
  priceMax: form.price,
  options: [],
  hidden: false,
  variants: [{ _id: id, sku: generatedSku(id), options: {}, price: form.price, availQuantity: form.availQuantity, weightGrams: form.weightGrams, img: form.img, lowStockAt: null }],
});

const notSignedIn = { code: 'UNAUTHENTICATED', message: 'Please log in first.' };

describe('GET /api/products and /api/products/{id}', () => {
  it('answer the same to anonymous visitors, customers and admins', async () => {
    const product = await added();
    for (const url of ['/api/products?limit=100', `/api/products/${product._id}`]) {
      const answers = await Promise.all([undefined, people.carol, people.admin].map((who) => call(app(), 'GET', url, who)));
      for (const answer of answers) expect(answer.statusCode, url).toBe(200);
      expect(answers[1]!.json(), url).toEqual(answers[0]!.json());
      expect(answers[2]!.json(), url).toEqual(answers[0]!.json());
    }
  });
});
const forbidden = { code: 'FORBIDDEN', message: 'Only an admin may do this.' };

describe('POST /api/products', () => {
  it('answers 401 to an anonymous caller, before looking at the body, and adds nothing', async () => {
    const before = await catalogue();
    for (const payload of [productForm(), { price: -1 }]) {
      const res = await createProduct(app(), undefined, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(notSignedIn);
    }
    expect((await catalogue()).total).toBe(before.total);
  });

  it('answers 403 to a customer, before looking at the body, and adds nothing', async () => {
    const before = await catalogue();
    for (const payload of [productForm(), { price: -1 }]) {
      const res = await createProduct(app(), people.carol, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    expect((await catalogue()).total).toBe(before.total);
  });

  it("adds an admin's product: 201 with insertedId and the stored product, newest in the catalogue", async () => {
    const form = productForm({ name: '  Block plane  ', price: 129.99, minQuantity: 1, availQuantity: 12 });
    const res = await createProduct(app(), people.admin, form);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      insertedId: body._id,
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Block plane',
      price: 129.99,
      img: form.img,
      availQuantity: 12,
      minQuantity: 1,
      description: form.description,
      category: 'saws',
      weightGrams: 0,
      pictures: [form.img],
      ...soldOneWay(body._id, { price: 129.99, availQuantity: 12, weightGrams: 0, img: String(form.img) }),
    });
    const { insertedId, ...product } = body;
    expect((await readProduct(insertedId)).json()).toEqual(asRead(product));
    expect((await catalogue()).products[0]).toEqual(asListed(product));
  });

  it('takes an image from the shop itself as well as an https address, and ignores an _id sent along', async () => {
    const own = await added({ img: '/images/products/block-plane.webp', _id: 'chosen-by-client' });
    expect(own.img).toBe('/images/products/block-plane.webp');
    expect(own._id).not.toBe('chosen-by-client');
  });

  it('keeps cents exact', async () => {
    for (const price of [0.01, 19.99, 0.3, 999_999.99]) {
      expect((await added({ price })).price).toBe(price);
    }
  });

  it.each([
    ['a price with 3 decimals', { price: 12.345 }, 'price', productMessages.priceInvalid],
    ['a price of 0', { price: 0 }, 'price', productMessages.priceInvalid],
    ['a negative price', { price: -5 }, 'price', productMessages.priceInvalid],
    ['a price over the largest', { price: 1_000_000 }, 'price', productMessages.priceInvalid],
    ['no price', { price: undefined }, 'price', productMessages.priceRequired],
    ['a price as text', { price: '12.50' }, 'price', productMessages.priceRequired],
    ['a minimum order equal to the stock', { minQuantity: 40, availQuantity: 40 }, 'minQuantity', productMessages.minBelowAvail],
    ['a minimum order above the stock', { minQuantity: 41, availQuantity: 40 }, 'minQuantity', productMessages.minBelowAvail],
    ['a fractional stock', { availQuantity: 10.5 }, 'availQuantity', productMessages.quantityWhole],
    ['a fractional minimum order', { minQuantity: 1.5 }, 'minQuantity', productMessages.quantityWhole],
    ['a negative stock', { availQuantity: -1 }, 'availQuantity', productMessages.quantityWhole],
    ['a minimum order of 0', { minQuantity: 0 }, 'minQuantity', productMessages.minAtLeastOne],
    ['no stock', { availQuantity: undefined }, 'availQuantity', productMessages.availRequired],
    ['no minimum order', { minQuantity: undefined }, 'minQuantity', productMessages.minRequired],
    ['a blank name', { name: '   ' }, 'name', productMessages.nameRequired],
    ['no name', { name: undefined }, 'name', productMessages.nameRequired],
    ['a blank description', { description: ' ' }, 'description', productMessages.descriptionRequired],
    ['a blank image', { img: '' }, 'img', productMessages.imgRequired],
    ['an http image', { img: 'http://images.example.com/saw.webp' }, 'img', productMessages.imgInvalid],
    ['a script address as image', { img: 'javascript:alert(1)' }, 'img', productMessages.imgInvalid],
    ['a data address as image', { img: 'data:image/png;base64,iVBORw0KGgo=' }, 'img', productMessages.imgInvalid],
    ['a relative image path', { img: 'images/saw.webp' }, 'img', productMessages.imgInvalid],
    ['no category', { category: undefined }, 'category', productMessages.categoryRequired],
    // The categories are the owner's rows: a well-formed slug the shop does not keep is named.
    ['a category not in the list', { category: 'lathes' }, 'category', `${categoryMessages.unknown}: lathes`],
    ["a category's label instead of its slug", { category: 'Chisels' }, 'category', productMessages.categoryRequired],
  ])('refuses %s with a 400 naming the field and saying why', async (_case, changes, field, message) => {
    const before = await catalogue();
    const res = await createProduct(app(), people.admin, productForm(changes));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toContain(`${field}: ${message}`);
    expect((await catalogue()).total).toBe(before.total);
  });
});

describe('PUT /api/products/:id', () => {
  const edited = {
    name: 'Block plane, low angle',
    price: 139.5,
    img: '/api/product-images/00000000-0000-4000-8000-000000000001',
    availQuantity: 8,
    minQuantity: 1,
    description: 'Now with an adjustable mouth.',
    category: 'planes' as const,
    weightGrams: 980,
    lengthMm: 165,
  };

  it('answers 401 to an anonymous caller and 403 to a customer, and changes nothing', async () => {
    const product = await added();
    expect((await replaceProduct(app(), undefined, product._id, edited)).json()).toEqual(notSignedIn);
    expect((await replaceProduct(app(), people.carol, product._id, edited)).statusCode).toBe(403);
    expect((await readProduct(product._id)).json()).toEqual(asRead(product));
  });

  it('replaces the whole product for an admin, keeping its id and its place in the catalogue', async () => {
    const product = await added();
    const newer = await added();
    const res = await replaceProduct(app(), people.admin, product._id, edited);
    expect(res.statusCode).toBe(200);
    const saved = { _id: product._id, ...edited, pictures: [edited.img], ...soldOneWay(product._id, edited) };
    expect(res.json()).toEqual(saved);
    expect((await readProduct(product._id)).json()).toEqual(asRead(saved));
    // Editing is not adding: the product is not made the newest.
    const ids = (await catalogue()).products.map((p) => p._id);
    expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(product._id));
  });

  it('refuses, with 409 and nothing saved, an edit begun before customers bought some of the stock', async () => {
    const product = await added();
    const stale = await replaceProduct(app(), people.admin, product._id, { ...edited, stockSeen: product.availQuantity + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/stock changed while you were editing/);
    expect((await readProduct(product._id)).json()).toEqual(asRead(product));
    const fresh = await replaceProduct(app(), people.admin, product._id, { ...edited, stockSeen: product.availQuantity });
    expect(fresh.statusCode).toBe(200);
  });

  it('needs the whole form: a missing field is refused with its message and nothing changes', async () => {
    const product = await added();
    const res = await replaceProduct(app(), people.admin, product._id, { price: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`name: ${productMessages.nameRequired}`);
    expect(res.json().message).toContain(`description: ${productMessages.descriptionRequired}`);
    expect(res.json().message).toContain(`category: ${productMessages.categoryRequired}`);
    const tooFew = await replaceProduct(app(), people.admin, product._id, { ...edited, minQuantity: 8 });
    expect(tooFew.json().message).toContain(`minQuantity: ${productMessages.minBelowAvail}`);
    expect((await readProduct(product._id)).json()).toEqual(asRead(product));
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
  ])('answers %s with a 404', async (_case, id) => {
    const res = await replaceProduct(app(), people.admin, id, edited);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No product has that id.' });
  });
});

describe('DELETE /api/products/:id', () => {
  it('answers 401 to an anonymous caller and 403 to a customer, and deletes nothing', async () => {
    const product = await added();
    const anonymous = await remove(undefined, product._id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(notSignedIn);
    const customer = await remove(people.carol, product._id);
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual(forbidden);
    expect((await readProduct(product._id)).statusCode).toBe(200);
  });

  it('deletes for an admin and answers { deletedCount }', async () => {
    const product = await added();
    const res = await remove(people.admin, product._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await readProduct(product._id)).statusCode).toBe(404);
    expect((await catalogue()).products.map((p) => p._id)).not.toContain(product._id);
  });

  it('answers deletedCount 0 for a product that is not there', async () => {
    const product = await added();
    await remove(people.admin, product._id);
    for (const id of [product._id, 'not-an-id']) {
      const res = await remove(people.admin, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 0 });
    }
  });
});
