import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Window } from 'happy-dom';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../common/schemas/products.ts';
import { generatedSku } from '../../../common/variants.ts';
import { createShopWithPeople, type ShopWithPeople, testOrigin } from '../../test/accounts.ts';
import { addProduct, setStock } from '../../test/ordering.ts';
import { queryPlansOf } from '../../test/query-plans.ts';
import { productForm } from '../../test/shop-management.ts';
import { createProductRepository } from '../products/product-repository.ts';
import { call } from '../../test/call.ts';

/**
 * What search engines and link previews read without running any JavaScript: each product's page
 * with its own head (title, description, canonical address, Open Graph, JSON-LD), written by the
 * server into the built web app's page; the sitemap; robots.txt.
 */

/** The shop's public address, which every address the pages give starts with (the tests sign in from testOrigin). */
const origin = 'https://shop.example';
let people: ShopWithPeople;
let webRoot: string;

/** A stand-in for the built web app's page, shaped like the real one. */
const builtPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Joinery makes chisels, planes, saws and marking tools for woodworkers." />
    <title>Joinery · Carpentry tools made to last</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), builtPage);
  people = await createShopWithPeople({ seed: true, env: { PUBLIC_URL: origin, TRUSTED_ORIGINS: testOrigin }, webRoot });
});
afterAll(async () => {
  await people.shop.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const app = () => people.shop.app;

/** The page as a crawler fetches it: no cookie, no JavaScript. */
const fetchPage = (url: string) => app().inject({ method: 'GET', url });

/** The page's document, as a browser would parse it (scripts are not run). */
function parse(html: string) {
  const window = new Window();
  window.document.write(html);
  return window.document;
}
type Document = ReturnType<typeof parse>;

const meta = (document: Document, property: string) => document.querySelector(`meta[property="${property}"], meta[name="${property}"]`)?.getAttribute('content');

interface ProductJsonLd {
  '@context': string;
  '@type': string;
  name: string;
  description: string;
  image: string[];
  sku: string;
  url: string;
  offers: { '@type': string; price: string; priceCurrency: string; availability: string; url: string };
  aggregateRating?: { '@type': string; ratingValue: number; reviewCount: number; bestRating: number; worstRating: number };
}

function structuredData(document: Document): ProductJsonLd {
  const scripts = document.querySelectorAll('script[type="application/ld+json"]');
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]!.textContent ?? '') as ProductJsonLd;
}

async function newProduct(changes: Record<string, unknown> = {}): Promise<Product> {
  const res = await call(app(), 'POST', '/api/products', people.admin, productForm(changes));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Product>();
}

describe('GET /products/:id, as a crawler reads it', () => {
  it('carries the product’s title, description, canonical address, Open Graph tags and JSON-LD', async () => {
    const product = await newProduct({
      name: 'Panel saw, 22 inch',
      price: 149,
      img: '/images/products/tenon-saw.webp',
      pictures: ['/images/products/tenon-saw.webp', 'https://images.example.com/panel-saw-teeth.webp'],
      description: 'A panel saw for breaking down boards. '.repeat(8).trim(),
    });
    const res = await fetchPage(`/products/${product._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const document = parse(res.body);
    const url = `${origin}/products/${product._id}`;

    expect(document.title).toBe('Panel saw, 22 inch · Joinery');
    expect(document.querySelectorAll('title')).toHaveLength(1);
    const description = meta(document, 'description')!;
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(description.startsWith('A panel saw for breaking down boards.')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    expect(meta(document, 'og:type')).toBe('product');
    expect(meta(document, 'og:title')).toBe('Panel saw, 22 inch');
    expect(meta(document, 'og:description')).toBe(description);
    expect(meta(document, 'og:url')).toBe(url);
    expect(meta(document, 'og:image')).toBe(`${origin}/images/products/tenon-saw.webp`);

    const data = structuredData(document);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Panel saw, 22 inch',
      description: product.description,
      image: [`${origin}/images/products/tenon-saw.webp`, 'https://images.example.com/panel-saw-teeth.webp'],
      // Sold one way: its one variant's SKU, which the shop made as none was given.
      sku: generatedSku(product._id),
      url,
      offers: { '@type': 'Offer', price: '149.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url },
    });
    // No reviews, so no rating: search engines refuse a rating of nothing.
    expect(data).not.toHaveProperty('aggregateRating');

    // The app itself is still there to start.
    expect(document.querySelector('#root')).not.toBeNull();
    expect(document.querySelector('script[src="/assets/index-abc123.js"]')).not.toBeNull();
  });

  it('gives the rating of a product’s reviews, and says when it is sold out', async () => {
    const product = await newProduct({ name: 'Cabinet scraper' });
    for (const [who, ratings] of [
      [people.carol, 5],
      [people.oscar, 4],
    ] as const) {
      const res = await call(app(), 'POST', '/api/reviews', who, { ratings, review: 'It scrapes.', productId: product._id });
      expect(res.statusCode, res.body).toBe(201);
    }
    await setStock(people.shop.db, product._id, product.minQuantity);
    const data = structuredData(parse((await fetchPage(`/products/${product._id}`)).body));
    expect(data.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    expect(data.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('escapes a hostile name and description: nothing breaks out of its tag or its script', async () => {
    const name = `</script><script>alert("name")</script> "Quoted" & 'single' <b>bold</b>`;
    const description = `</title><script>alert(1)</script> A saw & "a half" — ends with </script>`;
    const product = await newProduct({ name, description });
    const res = await fetchPage(`/products/${product._id}`);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<b>bold</b>');

    const document = parse(res.body);
    // Only the app's own script and the JSON-LD: no script the name or description smuggled in.
    expect([...document.querySelectorAll('script')].map((script) => script.getAttribute('type')).sort()).toEqual(['application/ld+json', 'module']);
    expect(document.title).toBe(`${name} · Joinery`);
    expect(meta(document, 'og:title')).toBe(name);
    expect(meta(document, 'description')).toBe(description);
    const data = structuredData(document);
    expect(data.name).toBe(name);
    expect(data.description).toBe(description);
  });

  it('answers an unknown or malformed id with a 404 that still carries the app, kept out of search results', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-tool', '%3Cscript%3E']) {
      const res = await fetchPage(`/products/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const document = parse(res.body);
      expect(document.title).toBe('Page not found · Joinery');
      expect(meta(document, 'robots')).toBe('noindex');
      expect(document.querySelector('#root')).not.toBeNull();
      expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
    }
  });

  it('is public and revalidated: the same to everyone, a 304 when nothing changed, the new page after an edit', async () => {
    const product = await newProduct();
    const url = `/products/${product._id}`;
    const first = await fetchPage(url);
    expect(first.headers['cache-control']).toBe('no-cache');
    const tag = String(first.headers.etag);
    const again = await app().inject({ method: 'GET', url, headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    const asAdmin = await app().inject({ method: 'GET', url, headers: { cookie: people.admin.cookie } });
    expect(asAdmin.body).toBe(first.body);

    const { _id, ...fields } = product;
    const edited = await call(app(), 'PUT', `/api/products/${_id}`, people.admin, { ...fields, name: 'Renamed saw' });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await app().inject({ method: 'GET', url, headers: { 'if-none-match': tag } });
    expect(after.statusCode).toBe(200);
    expect(parse(after.body).title).toBe('Renamed saw · Joinery');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every product’s page, every category’s page and every public page, as absolute addresses', async () => {
    // More than one batch of the keyset walk (500 a query).
    for (let index = 0; index < 520; index += 1) await addProduct(people.shop.db, { name: `Sitemap chisel ${index}` });
    const res = await fetchPage('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const listed = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

    const ids = (await people.shop.db.selectFrom('products').select('id').execute()).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(520);
    const categories = (await people.shop.db.selectFrom('categories').select('slug').execute()).map((row) => `/categories/${row.slug}`);
    expect(categories).toContain('/categories/chisels');
    // The pages the owner writes (ADR 044) are public pages too.
    const ownerPages = ['terms', 'privacy', 'returns', 'shipping', 'about'].map((slug) => `/pages/${slug}`);
    const expected = [
      ...['/', '/products', '/blogs', '/portfolio', ...ownerPages, ...categories].map((page) => `${origin}${page}`),
      ...ids.map((id) => `${origin}/products/${id}`),
    ];
    expect([...listed].sort()).toEqual([...expected].sort());
    // Each once.
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('walks the products a page at a time through products_created_at_idx', async () => {
    // A catalogue large enough that PostgreSQL's planner prefers the index to sorting a handful of rows.
    if (people.shop.database.dialect === 'postgres') {
      await sql`insert into products (id, name, description, img, price_cents, min_quantity, avail_quantity, created_at)
        select gen_random_uuid()::text, 'Walked tool ' || n, 'For the sitemap walk.', '/images/products/test.webp', 1000, 1, 10,
               to_char(timestamp '2026-02-01' + n * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from generate_series(1, 5000) as n`.execute(people.shop.db);
    }
    await sql`analyze`.execute(people.shop.db);
    const plans = await queryPlansOf(people.shop.database, (db) =>
      createProductRepository(db).idsAfter({ createdAt: '2026-01-01T00:00:00.000Z', id: '00000000-0000-4000-8000-000000000000' }, 500),
    );
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain('products_created_at_idx');
    expect(plans[0]).not.toMatch(/\bSCAN products\b(?! USING)|Seq Scan/);
    if (people.shop.database.dialect === 'sqlite') expect(plans[0]).not.toContain('TEMP B-TREE');
  });
});

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the signed-in pages and names the sitemap', async () => {
    const res = await fetchPage('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(['User-agent: *', 'Disallow: /dashboard', 'Disallow: /purchase', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n'));
  });
});

describe('every page here declares its access like the API’s routes', () => {
  it('is listed among the declared routes as public and revalidated', () => {
    const declared = app().declaredRoutes();
    for (const url of ['/products/:id', '/sitemap.xml', '/robots.txt']) {
      expect(
        declared.find((route) => route.method === 'GET' && route.url === url),
        url,
      ).toMatchObject({ access: 'public', cache: 'revalidate' });
    }
  });

  it('answers a signed-in admin as it answers anyone', async () => {
    for (const url of ['/sitemap.xml', '/robots.txt']) {
      const anonymous = await fetchPage(url);
      const admin = await app().inject({ method: 'GET', url, headers: { cookie: people.admin.cookie } });
      expect(admin.body, url).toBe(anonymous.body);
    }
  });
});
