import fs from 'node:fs';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPageHeads, shopDescription, shopTitle } from '../../../common/page-titles.ts';
import type { Category } from '../../../common/schemas/categories.ts';
import { createShopWithPeople, type ShopWithPeople, testOrigin } from '../../test/accounts.ts';
import { writeBuiltWebPage } from '../../test/built-web-page.ts';
import { call } from '../../test/call.ts';

/**
 * Every public page's HTML, as the server sends it, carries its own title and description (issue 27):
 * the pages known by their address, and each category's page, which is in the sitemap.
 */

const origin = 'https://shop.example';
let people: ShopWithPeople;
let webRoot: string;

beforeAll(async () => {
  webRoot = writeBuiltWebPage();
  people = await createShopWithPeople({ seed: false, env: { PUBLIC_URL: origin, TRUSTED_ORIGINS: testOrigin }, webRoot });
});
afterAll(async () => {
  await people.shop.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const app = () => people.shop.app;

/** The page as a crawler reads it: no cookie, no JavaScript; its status, title and description (and how many of each). */
async function head(url: string) {
  const res = await app().inject({ method: 'GET', url });
  const window = new Window();
  window.document.write(res.body);
  const { document } = window;
  return {
    status: res.statusCode,
    titles: document.querySelectorAll('title').length,
    descriptions: document.querySelectorAll('meta[name="description"]').length,
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
  };
}

describe("each public page's own head", () => {
  it('gives every public page one title and one description of its own, the home page the shop’s', async () => {
    const paths = Object.keys(publicPageHeads).filter((pagePath) => pagePath !== '/home');
    const heads = await Promise.all(paths.map(async (pagePath) => ({ pagePath, ...(await head(pagePath)) })));
    for (const page of heads) {
      expect(page.status, page.pagePath).toBe(200);
      expect([page.titles, page.descriptions], page.pagePath).toEqual([1, 1]);
      expect(page.description, page.pagePath).toBe(publicPageHeads[page.pagePath]!.description);
    }
    expect(new Set(heads.map((page) => page.title)).size).toBe(heads.length);
    expect(new Set(heads.map((page) => page.description)).size).toBe(heads.length);
    const byPath = Object.fromEntries(heads.map((page) => [page.pagePath, page]));
    expect(byPath['/']).toMatchObject({ title: shopTitle, description: shopDescription });
    for (const [pagePath, title] of [
      ['/products', 'All our tools · Joinery'],
      ['/login', 'Log in · Joinery'],
      ['/blogs', 'Questions and answers · Joinery'],
      ['/portfolio', 'The developer behind the shop · Joinery'],
      ['/register', 'Create your account · Joinery'],
      ['/cart', 'Your cart · Joinery'],
    ]) {
      expect(byPath[pagePath!]?.title, pagePath).toBe(title);
      expect(byPath[pagePath!]?.description, pagePath).not.toBe(shopDescription);
    }
  });

  it('keeps a page’s head with a query string or a trailing slash', async () => {
    expect((await head('/products?sort=price_asc&page=2')).title).toBe('All our tools · Joinery');
    expect((await head('/login/')).title).toBe('Log in · Joinery');
  });
});

describe("a category's page", () => {
  it('has its name as its title, its description, and its own canonical address', async () => {
    const res = await call(app(), 'POST', '/api/categories', people.admin, { name: 'Carving knives', description: 'Sloyd, hook and chip-carving knives, forged and honed.' });
    expect(res.statusCode).toBe(201);
    const page = await head('/categories/carving-knives');
    expect(page).toMatchObject({
      status: 200,
      titles: 1,
      descriptions: 1,
      title: 'Carving knives · Joinery',
      description: 'Sloyd, hook and chip-carving knives, forged and honed.',
      canonical: `${origin}/categories/carving-knives`,
    });
  });

  it('describes a category without a description of its own from its name', async () => {
    const saws = await head('/categories/saws');
    expect(saws.title).toBe('Saws · Joinery');
    expect(saws.description).toBe('Saws: every one Joinery makes, with its price and the smallest order we take.');
  });

  it('follows a rename at once', async () => {
    await call(app(), 'PUT', '/api/categories/clamps', people.admin, { name: 'Clamps and holdfasts' });
    expect((await head('/categories/clamps')).title).toBe('Clamps and holdfasts · Joinery');
  });

  it('answers 404 with the not-found page’s head for an address that names no category', async () => {
    const page = await head('/categories/lathes');
    expect(page.status).toBe(404);
    expect(page.title).toBe('Page not found · Joinery');
  });

  it('is in the sitemap, every category', async () => {
    const categories = (await call(app(), 'GET', '/api/categories')).json<Category[]>();
    const sitemap = await app().inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    for (const category of categories) expect(sitemap.body).toContain(`<loc>${origin}/categories/${category.slug}</loc>`);
  });
});
