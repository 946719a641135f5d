import { expect, type Page, type TestInfo } from '@playwright/test';
import { test } from './support/test.ts';
import { usd } from './support/catalogue.ts';

/**
 * A tool sold in widths and woods (issue 27), as a customer meets it: the demo catalogue's Joinery
 * Bench Chisel (Width 6, 10, 12 and 20 mm × Handle Ash and Walnut; 6 mm Ash sold out; no 20 mm
 * walnut; the walnut handles with a picture of their own). At 1280 and 390 px.
 */

interface VariantOnWire {
  _id: string;
  options: Record<string, string>;
  price: number;
  img: string;
}
interface ChiselOnWire {
  _id: string;
  name: string;
  price: number;
  pictures: string[];
  variants: VariantOnWire[];
}

const chiselName = 'Joinery Bench Chisel';

async function chisel(page: Page): Promise<ChiselOnWire> {
  const found = (await (await page.request.get(`/api/products?q=${encodeURIComponent(chiselName)}`)).json()) as { _id: string; name: string }[];
  const listed = found.find((product) => product.name === chiselName);
  expect(listed, `the demo catalogue has the ${chiselName}`).toBeTruthy();
  return (await (await page.request.get(`/api/products/${listed!._id}`)).json()) as ChiselOnWire;
}

const variantOf = (product: ChiselOnWire, width: string, handle: string) =>
  product.variants.find((variant) => variant.options.Width === width && variant.options.Handle === handle)!;

/** A screenshot kept with the test's results (test-results/…), named by width. */
async function keep(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

/** The large picture of the gallery: the built file of a picture is named after it (bench-chisel-walnut-<hash>.webp). */
const shownPicture = (page: Page) =>
  page
    .getByRole('region', { name: `Pictures of ${chiselName}` })
    .getByRole('img')
    .first();

test.describe('a tool in widths and woods @phone', () => {
  test('a customer picks Width 10 mm and Handle Walnut, and the picture and price follow; a link keeps the choice', async ({ page }, testInfo) => {
    const product = await chisel(page);
    const tenWalnut = variantOf(product, '10 mm', 'Walnut');
    const tenAsh = variantOf(product, '10 mm', 'Ash');

    // The catalogue says "from" the lowest price.
    await page.goto(`/products?q=${encodeURIComponent(chiselName)}`);
    const card = page.getByRole('article', { name: chiselName });
    await expect(card).toContainText(`from${usd(product.price)}`);
    await card.getByRole('heading', { name: chiselName }).getByRole('link').click();

    const buyBox = page.getByRole('region', { name: `Buy ${chiselName}` });
    const width = buyBox.getByRole('group', { name: /^Width/ });
    const handle = buyBox.getByRole('group', { name: /^Handle/ });
    await width.getByText('10 mm', { exact: true }).click();
    await handle.getByText('Ash', { exact: true }).click();
    await expect(buyBox).toContainText(`${usd(tenAsh.price)}/ unit`);
    await expect(page).toHaveURL(new RegExp(`\\?variant=${tenAsh._id}$`));
    await expect(shownPicture(page)).not.toHaveAttribute('src', /bench-chisel-walnut/);

    await handle.getByText('Walnut', { exact: true }).click();
    await expect(width.getByRole('radio', { name: '10 mm' })).toBeChecked();
    await expect(handle.getByRole('radio', { name: 'Walnut' })).toBeChecked();
    await expect(buyBox).toContainText(`${usd(tenWalnut.price)}/ unit`);
    await expect(shownPicture(page)).toHaveAttribute('src', /bench-chisel-walnut/);
    await expect(page).toHaveURL(new RegExp(`\\?variant=${tenWalnut._id}$`));
    // 20 mm comes with an ash handle only: with walnut chosen, it is not offered.
    await expect(width.getByRole('radio', { name: /^20 mm/ })).toBeDisabled();
    await expect(buyBox.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', `/purchase/${product._id}?variant=${tenWalnut._id}`);
    await keep(page, testInfo, 'chisel-10mm-walnut');

    // The address keeps the choice: opened afresh (rendered by the server), it shows the same.
    await page.goto(`/products/${product._id}?variant=${tenWalnut._id}`);
    await expect(buyBox.getByRole('radio', { name: '10 mm' })).toBeChecked();
    await expect(buyBox).toContainText(`${usd(tenWalnut.price)}/ unit`);
    await expect(shownPicture(page)).toHaveAttribute('src', /bench-chisel-walnut/);

    // Into a visitor's cart as that variant, named under the tool's name.
    await buyBox.getByRole('button', { name: 'Add to cart' }).click();
    await expect(buyBox.getByText('Added 1 to your cart.')).toBeVisible();
    await page.goto('/cart');
    const line = page.getByRole('article', { name: `${chiselName} (Width 10 mm · Handle Walnut)` });
    await expect(line.getByText('Width 10 mm · Handle Walnut', { exact: true })).toBeVisible();
    await expect(line.getByText(usd(tenWalnut.price), { exact: false }).first()).toBeVisible();
  });

  test('a sold-out variant says so and offers Notify me', async ({ page }, testInfo) => {
    const product = await chisel(page);
    const sixAsh = variantOf(product, '6 mm', 'Ash');
    await page.goto(`/products/${product._id}?variant=${sixAsh._id}`);
    const buyBox = page.getByRole('region', { name: `Buy ${chiselName}` });
    await expect(buyBox.getByRole('radio', { name: '6 mm, sold out' })).toBeChecked();
    await expect(buyBox.getByText('Sold out', { exact: true })).toBeVisible();
    await expect(buyBox.getByText('None left')).toBeVisible();
    await expect(buyBox.getByRole('link', { name: 'Buy Now' })).toHaveCount(0);
    await expect(buyBox.getByRole('button', { name: /Notify me/i })).toBeVisible();
    await keep(page, testInfo, 'chisel-6mm-ash-sold-out');

    // Another width in ash can be ordered.
    await buyBox
      .getByRole('group', { name: /^Width/ })
      .getByText('12 mm', { exact: true })
      .click();
    await expect(buyBox.getByRole('link', { name: 'Buy Now' })).toBeVisible();
    await expect(buyBox.getByRole('button', { name: /Notify me/i })).toHaveCount(0);
  });
});
