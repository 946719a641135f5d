import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryMessages } from '../../../common/categories.ts';
import type { Category } from '../../../common/schemas/categories.ts';
import { createShopWithPeople, type ShopWithPeople } from '../../test/accounts.ts';
import { call, type Caller } from '../../test/call.ts';
import { addProduct } from '../../test/ordering.ts';
import { queryPlansOf } from '../../test/query-plans.ts';
import { createProduct, productForm } from '../../test/shop-management.ts';
import { createCategoryRepository } from './category-repository.ts';

/**
 * The owner's categories (`GET /api/categories`; `POST`, `PUT` and `DELETE /api/categories/{slug}`):
 * anyone reads them, only an admin changes them, one level of nesting, and a category is deleted
 * only while nothing is in it.
 */

let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople({ seed: true });
});
afterAll(() => people.shop.close());

const app = () => people.shop.app;
const list = async () => (await call(app(), 'GET', '/api/categories')).json<Category[]>();
/** As the admin unless another caller (or nobody: null) is named. */
const as = (who: Caller | null) => (who === null ? undefined : (who ?? people.admin));
const create = (body: object, who?: Caller | null) => call(app(), 'POST', '/api/categories', as(who), body);
const change = (slug: string, body: object, who?: Caller | null) => call(app(), 'PUT', `/api/categories/${slug}`, as(who), body);
const remove = (slug: string, who?: Caller | null) => call(app(), 'DELETE', `/api/categories/${slug}`, as(who));

async function created(body: object): Promise<Category> {
  const res = await create(body);
  if (res.statusCode !== 201) throw new Error(`creating a category failed: ${res.statusCode} ${res.body}`);
  return res.json<Category>();
}

describe('GET /api/categories', () => {
  it('lists the seeded categories to anyone, in order, with the count of tools customers see in each', async () => {
    const [anonymous, customer] = await Promise.all([call(app(), 'GET', '/api/categories'), call(app(), 'GET', '/api/categories', people.carol)]);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(customer.json()).toEqual(anonymous.json());
    const categories = anonymous.json<Category[]>();
    expect(categories.slice(0, 3).map((category) => [category.slug, category.name])).toEqual([
      ['chisels', 'Chisels'],
      ['planes', 'Planes'],
      ['saws', 'Saws'],
    ]);
    expect(Object.keys(categories[0]!).sort()).toEqual(['description', 'name', 'parentSlug', 'position', 'productCount', 'slug']);
    const products = (await call(app(), 'GET', '/api/products?category=saws&limit=100')).json<unknown[]>();
    expect(categories.find((category) => category.slug === 'saws')?.productCount).toBe(products.length);
    expect(products.length).toBeGreaterThan(0);
  });

  it('counts only the tools customers see', async () => {
    const before = (await list()).find((category) => category.slug === 'clamps')!.productCount;
    const shown = await addProduct(people.shop.db, { category: 'clamps' });
    const hidden = await addProduct(people.shop.db, { category: 'clamps' });
    await people.shop.db.updateTable('products').set({ hidden: 1 }).where('id', '=', hidden.id).execute();
    expect((await list()).find((category) => category.slug === 'clamps')!.productCount).toBe(before + 1);
    expect(shown.category).toBe('clamps');
  });
});

describe("the categories' counts at any size", () => {
  it('counts each category’s shown tools from indexes alone, not from the products’ rows', async () => {
    const plans = await queryPlansOf(people.shop.database, (db) => createCategoryRepository(db).list());
    expect(plans).toHaveLength(1);
    // Its tools from the category's index, less its hidden ones from theirs.
    expect(plans[0]).toMatch(/products_category_(created_at|price)_idx/);
    expect(plans[0]).toMatch(/products_hidden_category_idx/);
    expect(plans[0]).not.toMatch(/SCAN p\b|SCAN h\b|Seq Scan on products|Filter: \(hidden/);
  });
});

describe('who may change the categories', () => {
  it('answers 401 to anonymous callers and 403 to customers, and changes nothing', async () => {
    const before = await list();
    for (const [who, status] of [
      [null, 401],
      [people.carol, 403],
    ] as const) {
      expect((await create({ name: 'Lathes' }, who)).statusCode).toBe(status);
      expect((await call(app(), 'POST', '/api/categories/lathes', as(who), { name: 'Lathes' })).statusCode).toBe(status);
      expect((await change('saws', { name: 'Handsaws' }, who)).statusCode).toBe(status);
      expect((await remove('other', who)).statusCode).toBe(status);
    }
    expect(await list()).toEqual(before);
  });
});

describe('POST /api/categories', () => {
  it('adds a category at the end, its address name made from its name', async () => {
    const res = await create({ name: 'Carving gouges & knives', description: 'Gouges, knives and adzes for carving green wood.' });
    expect(res.statusCode).toBe(201);
    const category = res.json<Category>();
    expect(category).toMatchObject({ slug: 'carving-gouges-knives', name: 'Carving gouges & knives', parentSlug: null, productCount: 0 });
    const top = (await list()).filter((entry) => entry.parentSlug === null);
    expect(top.at(-1)?.slug).toBe('carving-gouges-knives');
    expect(category.position).toBe(top.length - 1);
  });

  it('takes the address name from the path too', async () => {
    const res = await call(app(), 'POST', '/api/categories/workbenches', people.admin, { name: 'Workbenches' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ slug: 'workbenches', name: 'Workbenches' });
  });

  it('refuses an address name taken already (409), a blank name and a malformed address name (400)', async () => {
    const taken = await create({ name: 'More saws', slug: 'saws' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'CATEGORY_EXISTS', message: categoryMessages.exists });
    const blank = await create({ name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(categoryMessages.nameRequired);
    const malformed = await create({ name: 'Odd', slug: 'Not A Slug' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain(categoryMessages.slug);
  });
});

describe('one level of nesting', () => {
  it('puts a category under a top-level one, listed right after its parent', async () => {
    const child = await created({ name: 'Japanese saws', parentSlug: 'saws' });
    expect(child.parentSlug).toBe('saws');
    const second = await created({ name: 'Frame saws', parentSlug: 'saws' });
    const slugs = (await list()).map((category) => category.slug);
    const saws = slugs.indexOf('saws');
    expect(slugs.slice(saws, saws + 3)).toEqual(['saws', child.slug, second.slug]);
  });

  it('refuses a category under one that is itself under another', async () => {
    await created({ name: 'Block planes', parentSlug: 'planes' });
    const res = await create({ name: 'Low-angle block planes', parentSlug: 'block-planes' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CATEGORY_NESTING', message: categoryMessages.parentHasParent });
    expect((await list()).some((category) => category.slug === 'low-angle-block-planes')).toBe(false);
  });

  it('refuses moving a category with categories under it, or under itself, and an unknown parent', async () => {
    await created({ name: 'Smoothing planes', parentSlug: 'planes' });
    const withChildren = await change('planes', { parentSlug: 'chisels' });
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json()).toEqual({ code: 'CATEGORY_NESTING', message: categoryMessages.hasChildren });
    const underItself = await change('chisels', { parentSlug: 'chisels' });
    expect(underItself.statusCode).toBe(409);
    const unknownParent = await create({ name: 'Spoons', parentSlug: 'no-such-category' });
    expect(unknownParent.statusCode).toBe(400);
    expect(unknownParent.json().message).toContain(categoryMessages.unknownParent);
    expect((await list()).find((category) => category.slug === 'planes')?.parentSlug).toBeNull();
  });

  it('moves a category under another and back to the top', async () => {
    const moving = await created({ name: 'Scrapers only' });
    const under = await change(moving.slug, { parentSlug: 'spokeshaves-and-scrapers' });
    expect(under.statusCode).toBe(200);
    expect(under.json()).toMatchObject({ parentSlug: 'spokeshaves-and-scrapers', position: 0 });
    const back = await change(moving.slug, { parentSlug: null });
    expect(back.json<Category>().parentSlug).toBeNull();
  });
});

describe('PUT /api/categories/{slug}', () => {
  it('renames and describes a category, leaving what is not sent', async () => {
    const res = await change('sharpening', { name: 'Sharpening stones', description: 'Water stones, strops and honing guides.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'sharpening', name: 'Sharpening stones', description: 'Water stones, strops and honing guides.', parentSlug: null });
    const again = await change('sharpening', { name: 'Sharpening' });
    expect(again.json()).toMatchObject({ name: 'Sharpening', description: 'Water stones, strops and honing guides.' });
  });

  it('reorders: a category moved to a place takes it, and the others close up', async () => {
    const topSlugs = async () => (await list()).filter((category) => category.parentSlug === null).map((category) => category.slug);
    const before = await topSlugs();
    const res = await change('clamps', { position: 0 });
    expect(res.statusCode).toBe(200);
    expect(await topSlugs()).toEqual(['clamps', ...before.filter((slug) => slug !== 'clamps')]);
    await change('clamps', { position: before.indexOf('clamps') });
    expect(await topSlugs()).toEqual(before);
    const positions = (await list()).filter((category) => category.parentSlug === null).map((category) => category.position);
    expect(positions).toEqual(positions.map((_, index) => index));
  });

  it('answers 404 for a category that does not exist', async () => {
    const res = await change('no-such-category', { name: 'Nothing' });
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /api/categories/{slug}', () => {
  it('is refused while tools are in the category, hidden ones included, and saying so', async () => {
    const res = await remove('chisels');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CATEGORY_NOT_EMPTY');
    expect(res.json().message).toMatch(/^Chisels still holds \d+ tools\. Move them to another category first\.$/);
    const holding = await created({ name: 'Froes' });
    const hidden = await addProduct(people.shop.db, { category: holding.slug });
    await people.shop.db.updateTable('products').set({ hidden: 1 }).where('id', '=', hidden.id).execute();
    expect((await remove(holding.slug)).statusCode).toBe(409);
    expect((await list()).some((category) => category.slug === holding.slug)).toBe(true);
  });

  it('is refused while categories are under it', async () => {
    const parent = await created({ name: 'Measuring' });
    await created({ name: 'Squares', parentSlug: parent.slug });
    const res = await remove(parent.slug);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CATEGORY_NOT_EMPTY', message: categoryMessages.hasChildrenToDelete('Measuring') });
  });

  it('deletes an empty category, and an unknown one deletes nothing', async () => {
    const empty = await created({ name: 'Adzes' });
    expect((await remove(empty.slug)).json()).toEqual({ deletedCount: 1 });
    expect((await list()).some((category) => category.slug === empty.slug)).toBe(false);
    expect((await remove(empty.slug)).json()).toEqual({ deletedCount: 0 });
  });

  it('never leaves a tool in a deleted category when the tool goes in at the same moment', async () => {
    for (let round = 0; round < 12; round += 1) {
      const racing = await created({ name: `Drawknives ${round}` });
      const [deleted, added] = await Promise.all([remove(racing.slug), createProduct(app(), people.admin, productForm({ category: racing.slug }))]);
      // Either the category went first (the tool is then refused: its category is gone) or the tool did (the delete is refused).
      if (deleted.statusCode === 200) expect(added.statusCode, added.body).toBe(400);
      else {
        expect(deleted.statusCode, deleted.body).toBe(409);
        expect(added.statusCode, added.body).toBe(201);
      }
    }
    const orphans = await people.shop.db
      .selectFrom('products')
      .select('id')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('categories').select('slug').whereRef('categories.slug', '=', 'products.category'))))
      .execute();
    expect(orphans).toEqual([]);
  });
});

describe('products and discount codes name categories the shop keeps', () => {
  it('refuses a product in a category that does not exist, and takes one in a new category', async () => {
    const unknown = await createProduct(app(), people.admin, productForm({ category: 'lathes' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(categoryMessages.unknown);
    const fresh = await created({ name: 'Spoon knives' });
    const added = await createProduct(app(), people.admin, productForm({ category: fresh.slug }));
    expect(added.statusCode, added.body).toBe(201);
    expect((await list()).find((category) => category.slug === fresh.slug)?.productCount).toBe(1);
  });

  it('refuses a discount code for a category that does not exist', async () => {
    const res = await call(app(), 'POST', '/api/discount-codes', people.admin, { code: 'LATHES10', kind: 'percent', value: 10, categories: ['lathes'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(categoryMessages.unknown);
    const kept = await call(app(), 'POST', '/api/discount-codes', people.admin, { code: 'SAWS10', kind: 'percent', value: 10, categories: ['saws'] });
    expect(kept.statusCode).toBe(201);
  });
});
