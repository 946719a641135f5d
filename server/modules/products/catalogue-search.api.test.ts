import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFilterMessages } from '../../../common/catalogue.ts';
import type { Product } from '../../../common/schemas/products.ts';
import { generatedSku } from '../../../common/variants.ts';
import { demoProducts } from '../../db/seed/demo-catalogue.ts';
import { newRecordId } from '../../record-id.ts';
import { queryPlansOf } from '../../test/query-plans.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createProductRepository } from './product-repository.ts';

/**
 * The catalogue's search, categories and price range (`GET /api/products?q=&category=&minPrice=&maxPrice=`),
 * on the demo catalogue and on products made here for the cases it lacks.
 */
let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

interface Listed {
  status: number;
  total: number;
  names: string[];
  body: Product[];
}

async function list(query: string): Promise<Listed> {
  const res = await shop.app.inject({ method: 'GET', url: `/api/products?${query.includes('limit=') ? '' : 'limit=100&'}${query}` });
  const body = res.json<Product[]>();
  return { status: res.statusCode, total: Number(res.headers['x-total-count']), names: Array.isArray(body) ? body.map((p) => p.name) : [], body };
}

let productCounter = 0;
/** A product straight into the table (as an admin's form would add it), with what a case needs. */
async function addProduct(product: { name: string; description: string; category: string; price: number; addedAt?: string }) {
  productCounter += 1;
  const id = newRecordId();
  await shop.db
    .insertInto('products')
    .values({
      id,
      name: product.name,
      description: product.description,
      category: product.category,
      img: '/images/products/test.webp',
      price_cents: Math.round(product.price * 100),
      min_quantity: 1,
      avail_quantity: 50,
      created_at: product.addedAt ?? `2026-02-01T10:00:${String(productCounter).padStart(2, '0')}.000Z`,
    })
    .execute();
  // Sold one way: its one variant has the product's id, its price and stock.
  await shop.db
    .insertInto('product_variants')
    .values({ id, product_id: id, position: 0, sku: generatedSku(id), price_cents: Math.round(product.price * 100), avail_quantity: 50 })
    .execute();
  return id;
}

const demoNamed = (pattern: RegExp) => demoProducts.filter((product) => pattern.test(product.name)).map((product) => product.name);

describe('searching the catalogue (q)', () => {
  it('finds the chisels by the plural "chisels": stemming matches "Chisel" in their names', async () => {
    const found = await list('q=chisels');
    expect(found.status).toBe(200);
    const chisels = demoNamed(/chisel/i);
    // The set, the mortise chisel and the bench chisel sold in several widths and handles.
    expect(chisels).toHaveLength(3);
    expect(found.names.slice(0, chisels.length).sort()).toEqual([...chisels].sort());
    expect(found.total).toBe(found.names.length);
  });

  it('finds them by the start of the word, in any case', async () => {
    for (const q of ['chis', 'CHIS', 'Chisel']) {
      const found = await list(`q=${q}`);
      const chisels = demoNamed(/chisel/i);
      expect(found.names.slice(0, chisels.length).sort(), q).toEqual(chisels.sort());
    }
  });

  it('finds a product by a word that is only in its description', async () => {
    const ryoba = demoProducts.find((product) => product.description.includes('rattan'))!;
    expect(ryoba.name).not.toMatch(/rattan/i);
    expect((await list('q=rattan')).names).toEqual([ryoba.name]);
  });

  it('needs every word: "dovetail saw" finds the dovetail saw, not every saw', async () => {
    const found = await list('q=dovetail%20saw');
    expect(found.names[0]).toBe('Joinery Dovetail Saw, 15 TPI');
    expect(found.names).not.toContain('Joinery Ryoba Pull Saw, 240 mm');
  });

  it('ranks a match in the name above a match in the description only, however often the description says it, and however new', async () => {
    const inName = await addProduct({
      name: 'Scrub gauge',
      description: 'Takes a heavy first pass off rough boards.',
      category: 'other',
      price: 40,
      addedAt: '2026-01-01T00:00:00.000Z',
    });
    const inDescription = await addProduct({
      name: 'Honing block',
      description: 'For the scrub plane: hones a scrub iron. Scrub, scrub and scrub again.',
      category: 'sharpening',
      price: 30,
      addedAt: '2026-12-01T00:00:00.000Z',
    });
    const found = await list('q=scrub');
    expect(found.body.map((p) => p._id)).toEqual([inName, inDescription]);
    // Asked for, another order still applies to what the search found.
    expect((await list('q=scrub&sort=newest')).body.map((p) => p._id)).toEqual([inDescription, inName]);
    expect((await list('q=scrub&sort=price_asc')).body.map((p) => p._id)).toEqual([inDescription, inName]);
  });

  it('among the demo catalogue, the chisels come before the mallet, whose description mentions a chisel', async () => {
    const found = await list('q=chisel');
    const mallet = "Joinery Beech Joiner's Mallet";
    expect(found.names).toContain(mallet);
    for (const chisel of demoNamed(/chisel/i)) expect(found.names.indexOf(chisel)).toBeLessThan(found.names.indexOf(mallet));
  });

  it.each([
    ['double quotes', '"chisel'],
    ['a quoted word', '"chisel"'],
    ['a star', 'chis*'],
    ['a lone star', '*'],
    ['OR', 'chisel OR plane'],
    ['NEAR', 'NEAR(chisel plane)'],
    ['AND NOT', 'chisel AND NOT plane'],
    ['a hyphen', 'bevel-edge'],
    ['a leading minus', '-chisel'],
    ['a caret', '^chisel'],
    ['a column filter', 'name:chisel'],
    ['braces', '{name description}: chisel'],
    ['a tsquery', "chisel & !plane | 'saw':*"],
    ['parentheses', '(chisel'],
    ['an apostrophe', "joiner's"],
    ['a backslash', 'chisel\\'],
    ['SQL', "'; drop table products; --"],
  ])('answers a search with %s as words, never as query syntax', async (_case, q) => {
    const found = await list(`q=${encodeURIComponent(q)}`);
    expect(found.status, q).toBe(200);
    expect(Array.isArray(found.body)).toBe(true);
    expect(found.total).toBe(found.body.length);
  });

  it('reads typed operators as plain words', async () => {
    const chisels = (await list('q=chisel')).names;
    expect((await list(`q=${encodeURIComponent('"chisel"')}`)).names).toEqual(chisels);
    expect((await list(`q=${encodeURIComponent('chisel*')}`)).names).toEqual(chisels);
    expect((await list(`q=${encodeURIComponent('bevel-edge')}`)).names[0]).toBe('Joinery Bevel-Edge Chisel Set (4 pcs)');
    // "joiner" is also the start of the maker's name, Joinery, and chisels take a mallet: only one name has both.
    expect((await list(`q=${encodeURIComponent("joiner's mallet")}`)).names[0]).toBe("Joinery Beech Joiner's Mallet");
  });

  it('finds nothing for a search with nothing to search for, rather than everything', async () => {
    for (const q of ['%', '_', '***', '"', 'the']) {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(found.body, q).toEqual([]);
      expect(found.total, q).toBe(0);
    }
  });

  it('treats a blank search as no search', async () => {
    expect((await list('q=%20%20')).total).toBe((await list('')).total);
  });

  it('follows a product as it is renamed and deleted', async () => {
    const id = await addProduct({ name: 'Froe for riving', description: 'Splits green oak along the grain.', category: 'other', price: 70 });
    expect((await list('q=froe')).body.map((p) => p._id)).toEqual([id]);
    await shop.db.updateTable('products').set({ name: 'Riving knife' }).where('id', '=', id).execute();
    expect((await list('q=froe')).body).toEqual([]);
    expect((await list('q=riving%20knife')).body.map((p) => p._id)).toEqual([id]);
    // A stock change (every order makes one) leaves the search as it was.
    await shop.db.updateTable('products').set({ avail_quantity: 49 }).where('id', '=', id).execute();
    expect((await list('q=riving')).body.map((p) => p._id)).toEqual([id]);
    await shop.db.deleteFrom('products').where('id', '=', id).execute();
    expect((await list('q=riving')).body).toEqual([]);
  });
});

describe('filtering by category and price', () => {
  it('lists one category: the demo saws', async () => {
    const saws = await list('category=saws');
    expect(saws.status).toBe(200);
    expect(saws.names.sort()).toEqual(
      demoProducts
        .filter((p) => p.category === 'saws')
        .map((p) => p.name)
        .sort(),
    );
    expect(saws.total).toBe(3);
    expect(saws.body.every((p) => p.category === 'saws')).toBe(true);
  });

  it('lists the products within a price range, both ends included', async () => {
    const all = (await list('')).body;
    const found = await list('minPrice=89&maxPrice=179');
    const expected = all.filter((p) => p.price >= 89 && p.price <= 179).map((p) => p.name);
    expect(expected).toContain('Joinery Mortise Chisel, 10 mm'); // $89.00, the lower end
    expect(expected).toContain('Joinery Low-Angle Block Plane'); // $179.00, the upper end
    expect(found.names.sort()).toEqual(expected.sort());
    expect(found.total).toBe(expected.length);
    expect((await list('minPrice=100.5')).body.every((p) => p.price >= 100.5)).toBe(true);
    expect((await list('maxPrice=0')).body).toEqual([]);
  });

  it('combines search, category and price, and pages through the matches with the right total', async () => {
    const make = (name: string, price: number, category: string = 'clamps') =>
      addProduct({ name, description: 'Cast iron, with a steel screw and a swivel pad.', category, price });
    const in1 = await make('Parallel clamp 300', 24);
    const in2 = await make('Parallel clamp 600', 31.5);
    const in3 = await make('Parallel clamp 900', 38);
    const in4 = await make('Parallel clamp 1200', 45);
    const in5 = await make('Parallel clamp 1500', 52);
    await make('Parallel clamp, mini', 12); // too cheap
    await make('Parallel clamp 2000', 88); // too dear
    await make('Bench holdfast', 40); // another word
    await make('Parallel clamp rack', 35, 'other'); // another category

    const query = 'q=parallel%20clamps&category=clamps&minPrice=20&maxPrice=60&sort=price_asc&limit=2';
    const pages = await Promise.all([0, 2, 4, 6].map((offset) => list(`${query}&offset=${offset}`)));
    expect(pages.map((page) => page.body.map((p) => p._id))).toEqual([[in1, in2], [in3, in4], [in5], []]);
    for (const page of pages) expect(page.total).toBe(5);

    // Best match first (all match in the name), then newest, paged the same way.
    const byRelevance = await Promise.all([0, 2, 4].map((offset) => list(`q=parallel%20clamps&category=clamps&minPrice=20&maxPrice=60&limit=2&offset=${offset}`)));
    expect(byRelevance.flatMap((page) => page.body.map((p) => p._id)).sort()).toEqual([in1, in2, in3, in4, in5].sort());
  });

  it('lists nothing for a category the shop does not keep, and answers a malformed one with 400 in the house error shape', async () => {
    const unknown = await shop.app.inject({ method: 'GET', url: '/api/products?category=lathes' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    const res = await shop.app.inject({ method: 'GET', url: '/api/products?category=Lathes%20and%20more' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string }>();
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe(`Invalid request. category: ${catalogueFilterMessages.unknownCategory}`);
  });

  it.each([
    ['a negative price', 'minPrice=-1', 'minPrice: A price cannot be below $0'],
    ['a price that is not a number', 'maxPrice=cheap', 'maxPrice: Enter a price in dollars'],
    ['a fraction of a cent', 'minPrice=1.005', 'minPrice: Use at most 2 decimals'],
    ['a highest price below the lowest', 'minPrice=50&maxPrice=20', 'maxPrice: The highest price must be at least the lowest'],
    ['a search over 100 characters', `q=${'a'.repeat(101)}`, 'q:'],
    ['an unknown sort', 'sort=cheapest', 'sort:'],
  ])('answers %s with 400 naming the field', async (_case, query, message) => {
    const res = await shop.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
  });
});

describe('the catalogue queries', () => {
  const repository = (db: Parameters<typeof createProductRepository>[0]) => createProductRepository(db);
  const page = { limit: 12, offset: 0 };
  // A scan of the whole table: SQLite's SCAN without an index, PostgreSQL's Seq Scan.
  const wholeTable = /\bSCAN products\b(?! USING)|Seq Scan/;
  const sqlite = () => shop.database.dialect === 'sqlite';

  it.each([
    ['newest', 'products_category_created_at_idx'],
    ['price_asc', 'products_category_price_idx'],
    ['price_desc', 'products_category_price_idx'],
  ] as const)('read a category sorted %s, and count it, from a category index', async (sort, index) => {
    const plans = await queryPlansOf(shop.database, (db) => repository(db).list({ ...page, sort, category: 'saws' }));
    for (const plan of plans) {
      expect(plan).toMatch(/products_category_(created_at|price)_idx/);
      expect(plan).not.toMatch(wholeTable);
    }
    // On SQLite the page comes out of the index in order, nothing sorted afterwards. PostgreSQL rightly
    // sorts a test's few rows rather than walk an index for them (on a large catalogue it walks it).
    if (sqlite()) {
      expect(plans[0]).toContain(index);
      expect(plans[0]).not.toContain('TEMP B-TREE');
    }
  });

  it('read a price range, cheapest first, from the price index', async () => {
    const [plan] = await queryPlansOf(shop.database, (db) => repository(db).list({ ...page, sort: 'price_asc', minPrice: 20, maxPrice: 60 }));
    expect(plan).toContain('products_price_idx');
    expect(plan).not.toMatch(wholeTable);
    if (sqlite()) expect(plan).not.toContain('TEMP B-TREE');
  });

  it('search, and count the matches, through the full-text index', async () => {
    const plans = await queryPlansOf(shop.database, (db) => repository(db).list({ ...page, q: 'chisels' }));
    for (const plan of plans) {
      // SQLite's FTS5 table answers the MATCH; PostgreSQL's GIN index the @@.
      expect(plan).toMatch(/SCAN products_fts VIRTUAL TABLE INDEX|Bitmap Index Scan on products_search_idx/);
      expect(plan).not.toMatch(wholeTable);
    }
  });
});
