import fs from 'node:fs';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDescription } from '../../../common/page-titles.ts';
import { shopPageSlugs } from '../../../common/shop-pages.ts';
import { firstShopPages } from '../../db/seed/first-shop-pages.ts';
import { createShopWithPeople, type ShopWithPeople, testOrigin } from '../../test/accounts.ts';
import { writeBuiltWebPage } from '../../test/built-web-page.ts';
import { call } from '../../test/call.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Each page the owner writes at /pages/{slug}, as the server sends it: its own title, description and
 * canonical address in the head, in the sitemap, and the new head at once after a publish (ADR 044).
 * (The page's text in the HTML before any script runs needs the built renderer: e2e/owner-pages.spec.ts.)
 */
const origin = 'https://shop.example';
let people: ShopWithPeople;
let webRoot: string;

beforeAll(async () => {
  webRoot = writeBuiltWebPage();
  people = await createShopWithPeople({ env: { PUBLIC_URL: origin, TRUSTED_ORIGINS: testOrigin }, webRoot });
});
afterAll(async () => {
  await people.shop.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

async function head(url: string) {
  const res = await people.shop.app.inject({ method: 'GET', url });
  const window = new Window();
  window.document.write(res.body);
  const { document } = window;
  return {
    status: res.statusCode,
    cacheControl: res.headers['cache-control'],
    titles: document.querySelectorAll('title').length,
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    robots: document.querySelector('meta[name="robots"]')?.getAttribute('content'),
  };
}

describe(`the owner's pages on the web (${testDialect})`, () => {
  it('gives each page its own title, description and canonical address, revalidated', async () => {
    for (const slug of shopPageSlugs) {
      const page = await head(`/pages/${slug}`);
      expect(page).toMatchObject({ status: 200, cacheControl: 'no-cache', titles: 1, title: `${firstShopPages[slug].title} · Joinery`, canonical: `${origin}/pages/${slug}` });
      expect(page.ogTitle).toBe(firstShopPages[slug].title);
      expect(page.description).not.toBe(shopDescription);
    }
    expect((await head('/pages/returns')).description).toMatch(/^We want you to be happy with every tool you buy from us\./);
  });

  it('shows a publish in the head at once, though the page was kept', async () => {
    expect((await head('/pages/about')).title).toBe('About us · Joinery');
    const res = await call(people.shop.app, 'PUT', '/api/pages/about', people.admin, {
      title: 'Our workshop',
      body: 'Thirty years of chisels, planes and saws, made in Portland.',
    });
    expect(res.statusCode).toBe(200);
    expect(await head('/pages/about')).toMatchObject({ title: 'Our workshop · Joinery', description: 'Thirty years of chisels, planes and saws, made in Portland.' });
  });

  it('answers an address that names no page with the not-found page, kept out of search results', async () => {
    expect(await head('/pages/cookie-policy')).toMatchObject({ status: 404, title: 'Page not found · Joinery', robots: 'noindex' });
  });

  it('lists every page in the sitemap', async () => {
    const sitemap = (await people.shop.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    for (const slug of shopPageSlugs) expect(sitemap).toContain(`<loc>${origin}/pages/${slug}</loc>`);
  });
});
