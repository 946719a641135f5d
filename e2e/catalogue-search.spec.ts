import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { severeViolations } from './support/axe.ts';

/** The catalogue's search, categories and price range at /products, every filter kept in the address. */

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const names = (page: Page) => cards(page).getByRole('heading').allTextContents();
const categories = (page: Page) => page.getByRole('navigation', { name: 'Categories' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search tools' });
const priceRange = (page: Page) => page.getByRole('form', { name: 'Price range' });

/** The names of the products the API lists for a query, as the page should show them. */
async function listed(page: Page, query: string): Promise<string[]> {
  const products = (await (await page.request.get(`/api/products?limit=100&${query}`)).json()) as Array<{ name: string }>;
  return products.map((product) => product.name);
}

/** The demo catalogue's chisels, by name in alphabetical order. */
const chisels = ['Joinery Bench Chisel', 'Joinery Bevel-Edge Chisel Set (4 pcs)', 'Joinery Mortise Chisel, 10 mm'];

test.describe('finding tools in the catalogue', () => {
  test('searching "chisels" finds the chisels, best matches first', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/products');
    await searchBox(page).fill('chisels');
    await expect(page).toHaveURL(/[?&]q=chisels/);
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('relevance');
    await expect(async () => {
      const shown = await names(page);
      // The three chisels by name, before any tool whose description only mentions one.
      expect(shown.slice(0, 3).sort()).toEqual(chisels);
    }).toPass();
    await expect(page.getByText(/^\d+ tools? matching “chisels”, page 1 of 1$/)).toBeVisible();

    // The start of a word finds them too.
    await searchBox(page).fill('chis');
    await expect(page).toHaveURL(/[?&]q=chis(&|$)/);
    await expect(async () => expect((await names(page)).slice(0, 3).sort()).toEqual(chisels)).toPass();
  });

  test('a chosen category stays through a reload, and Back and Forward move between categories', { tag: '@phone' }, async ({ page }) => {
    const saws = await listed(page, 'category=saws');
    const planes = await listed(page, 'category=planes');
    expect(saws.length).toBeGreaterThan(0);

    await page.goto('/products');
    await categories(page).getByRole('link', { name: 'Saws', exact: true }).click();
    await expect(page).toHaveURL(/[?&]category=saws/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saws');
    await expect(async () => expect(await names(page)).toEqual(saws)).toPass();
    await expect(cards(page).getByText('Saws', { exact: true })).toHaveCount(saws.length);

    await page.reload();
    await expect(categories(page).getByRole('link', { name: 'Saws', exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(async () => expect(await names(page)).toEqual(saws)).toPass();
    await expect(page.getByText(`${saws.length} tools in Saws, page 1 of 1`)).toBeVisible();

    await categories(page).getByRole('link', { name: 'Planes', exact: true }).click();
    await expect(page).toHaveURL(/[?&]category=planes/);
    await expect(async () => expect(await names(page)).toEqual(planes)).toPass();

    await page.goBack();
    await expect(page).toHaveURL(/[?&]category=saws/);
    await expect(categories(page).getByRole('link', { name: 'Saws', exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(async () => expect(await names(page)).toEqual(saws)).toPass();

    await page.goForward();
    await expect(categories(page).getByRole('link', { name: 'Planes', exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(async () => expect(await names(page)).toEqual(planes)).toPass();
  });

  test('a price range is checked before it is applied, then narrows the list and can be taken back', async ({ page }) => {
    await page.goto('/products');
    const range = priceRange(page);
    await range.getByLabel('Min price ($)').fill('-5');
    await range.getByRole('button', { name: 'Apply price range' }).click();
    await expect(range.getByText('A price cannot be below $0')).toBeVisible();
    await range.getByLabel('Min price ($)').fill('100');
    await range.getByLabel('Max price ($)').fill('50');
    await range.getByRole('button', { name: 'Apply price range' }).click();
    await expect(range.getByText('The highest price must be at least the lowest')).toBeVisible();
    await expect(page).not.toHaveURL(/Price=/);
    await expect(page.getByText(/Invalid request/)).toHaveCount(0);

    await range.getByLabel('Max price ($)').fill('200');
    await range.getByRole('button', { name: 'Apply price range' }).click();
    await expect(page).toHaveURL(/minPrice=100&maxPrice=200/);
    const expected = await listed(page, 'minPrice=100&maxPrice=200');
    await expect(async () => expect((await names(page)).sort()).toEqual([...expected].sort())).toPass();
    await expect(page.getByText(`${expected.length} tools priced $100.00–$200.00, page 1 of 1`)).toBeVisible();

    // Back to the whole range; Back again brings the range, and its fields, back.
    await range.getByRole('button', { name: 'Any price' }).click();
    await expect(page).not.toHaveURL(/Price=/);
    await expect(range.getByLabel('Min price ($)')).toHaveValue('');
    await page.goBack();
    await expect(range.getByLabel('Min price ($)')).toHaveValue('100');
    await expect(range.getByLabel('Max price ($)')).toHaveValue('200');
  });

  test('search, category and price together; an empty result says so and offers to clear the filters', async ({ page }) => {
    await page.goto('/products?q=dovetail&category=saws&maxPrice=500');
    await expect(async () => expect(await names(page)).toEqual(['Joinery Dovetail Saw, 15 TPI'])).toPass();
    await expect(page.getByText('1 tool in Saws priced up to $500.00 matching “dovetail”, page 1 of 1')).toBeVisible();

    await categories(page).getByRole('link', { name: 'Clamps' }).click();
    await expect(page.getByText('No tools match “dovetail” in Clamps priced up to $500.00.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Show all tools' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(cards(page)).toHaveCount(12);
    await expect(searchBox(page)).toHaveValue('');
    await expect(priceRange(page).getByLabel('Max price ($)')).toHaveValue('');
  });

  test('an address with values the page cannot use shows the catalogue, not an error', async ({ page }) => {
    const total = (await listed(page, '')).length;
    await page.goto('/products?category=lathes&minPrice=cheap&maxPrice=-5&sort=cheapest&page=zero');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All our tools');
    await expect(page.getByText(`${total} tools, page 1 of ${Math.ceil(total / 12)}`)).toBeVisible();
    await expect(page.getByText(/Invalid request|could not load/)).toHaveCount(0);
  });

  // One axe run per test: it takes a few seconds a page.
  test('the filtered catalogue has no serious or critical accessibility violations', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/products?q=saw&category=saws&minPrice=10&maxPrice=500');
    await expect(cards(page).first()).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
  });

  test('the price range with a message under a field has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/products?category=planes');
    await priceRange(page).getByLabel('Min price ($)').fill('-1');
    await priceRange(page).getByRole('button', { name: 'Apply price range' }).click();
    await expect(priceRange(page).getByText('A price cannot be below $0')).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
  });
});
