import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';

const cards = (page: Page) => page.getByRole('main').getByRole('article');
/** Each card's price; a tool whose variants cost different amounts shows "from" its lowest, which is what the sort goes by. */
const prices = async (page: Page) =>
  (
    await cards(page)
      .getByText(/^(from\s*)?\$[\d,]+\.\d{2}/)
      .allTextContents()
  ).map((text) => Number(text.replace(/[^0-9.]/g, '')));

test.describe('the catalogue at /products', () => {
  test('lists every tool, twelve to a page, with paging', async ({ page, request }) => {
    const total = Number((await request.get('/api/products?limit=1')).headers()['x-total-count']);
    expect(total).toBeGreaterThan(12);
    const pages = Math.ceil(total / 12);

    await page.goto('/products');
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByText(`${total} tools, page 1 of ${pages}`)).toBeVisible();
    const firstPageNames = await cards(page).getByRole('heading').allTextContents();

    const paging = page.getByRole('navigation', { name: 'Catalogue pages' });
    await expect(paging.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await paging.getByRole('button', { name: /Next/ }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(`${total} tools, page 2 of ${pages}`)).toBeVisible();
    await expect(cards(page)).toHaveCount(total - 12 * (pages - 1));
    const secondPageNames = await cards(page).getByRole('heading').allTextContents();
    expect(secondPageNames.some((name) => firstPageNames.includes(name))).toBe(false);

    await paging.getByRole('button', { name: 'Page 1' }).click();
    await expect(cards(page).first().getByRole('heading')).toHaveText(firstPageNames[0]!);
  });

  test('a search longer than the box takes is cut to 100 characters, never answered with an error', async ({ page }) => {
    await page.goto(`/products?q=${'chisel '.repeat(30)}`);
    await expect(page.getByRole('searchbox', { name: 'Search tools' })).toHaveValue('chisel '.repeat(30).slice(0, 100).trim());
    // Every word (and the "ch" the cut leaves) is in the chisels' names.
    await expect(cards(page).first().getByRole('heading')).toContainText('Chisel');
    await expect(page.getByText(/Invalid request/)).toHaveCount(0);

    const box = page.getByRole('searchbox', { name: 'Search tools' });
    await box.fill('');
    await box.pressSequentially('saw'.repeat(40), { delay: 0 });
    await expect(box).toHaveValue('saw'.repeat(40).slice(0, 100));
    await expect(page.getByText('No tools match “' + 'saw'.repeat(40).slice(0, 100) + '”.')).toBeVisible();
    await expect(page.getByText(/Invalid request/)).toHaveCount(0);
  });

  test('finds tools by a word in their name or description, names first, and says when nothing matches', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('CHISEL');
    await expect(page).toHaveURL(/q=CHISEL/);
    await expect(async () => {
      const shown = await cards(page).getByRole('heading').allTextContents();
      expect(shown.slice(0, 2).every((name) => name.includes('Chisel'))).toBe(true);
      // The mallet's description says it lands square on the chisel.
      expect(shown.at(-1)).toBe("Joinery Beech Joiner's Mallet");
    }).toPass();

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search tools' })).toHaveValue('CHISEL');

    await page.getByRole('searchbox', { name: 'Search tools' }).fill('laser cutter');
    await expect(page.getByText('No tools match “laser cutter”.')).toBeVisible();
    await page.getByRole('button', { name: 'Show all tools' }).click();
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByRole('searchbox', { name: 'Search tools' })).toHaveValue('');
  });

  test('sorts by price both ways', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('price_asc');
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(async () => {
      const ascending = await prices(page);
      expect(ascending.length).toBe(12);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    }).toPass();
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('price_desc');
    await expect(async () => {
      const descending = await prices(page);
      expect(descending.length).toBe(12);
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
    }).toPass();
  });
});
