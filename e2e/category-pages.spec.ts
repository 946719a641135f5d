import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';

/** A category's own page, found from the header (issue 27: "Finding the range"), at 1280 and 390 px. */

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const names = (page: Page) => cards(page).getByRole('heading').allTextContents();

/** The names of the products the API lists in a category, as its page should show them (newest first). */
async function listed(page: Page, category: string): Promise<string[]> {
  const products = (await (await page.request.get(`/api/products?limit=100&category=${category}`)).json()) as Array<{ name: string }>;
  return products.map((product) => product.name);
}

test.describe('category pages', () => {
  test('a visitor opens a category’s page from the header, and sees its title and its tools', { tag: '@phone' }, async ({ page }) => {
    const planes = await listed(page, 'planes');
    expect(planes.length).toBeGreaterThan(0);
    await page.goto('/');
    const header = page.getByRole('navigation', { name: 'Main' });
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(header.getByRole('link', { name: 'Shop', exact: true })).toBeVisible();
    } else {
      await expect(header.getByRole('link', { name: 'Shop', exact: true })).toHaveAttribute('href', '/products');
      await header.getByRole('button', { name: 'Categories' }).click();
    }
    await header.getByRole('list', { name: 'Categories' }).getByRole('link', { name: 'Planes', exact: true }).click();

    await expect(page).toHaveURL('/categories/planes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Planes');
    await expect(page).toHaveTitle('Planes · Joinery');
    await expect(async () => expect(await names(page)).toEqual(planes)).toPass();
    await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Planes', exact: true })).toHaveAttribute('aria-current', 'true');

    // Another category from the page's own row is another page.
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Saws', exact: true }).click();
    await expect(page).toHaveURL('/categories/saws');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saws');
  });

  test('the page arrives from the server with its own title and description, and an unknown category is not found', async ({ page, request }) => {
    const html = await (await request.get('/categories/saws')).text();
    expect(html).toContain('<title>Saws · Joinery</title>');
    expect(html).toContain('<meta name="description" content="Saws: every one Joinery makes');

    const missing = await page.goto('/categories/lathes');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('the Shop link leads to the whole catalogue', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop', exact: true }).click();
    await expect(page).toHaveURL('/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All our tools');
  });
});
