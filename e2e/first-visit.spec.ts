import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { isPhone } from './support/accounts.ts';

// What a person meets on a first visit: the phone menu, the sign-in pages, the catalogue's pages.

test.describe('the phone menu', () => {
  test('closes on Escape, handing the focus back to its button, and its links are a finger tall', { tag: '@phone' }, async ({ page }) => {
    test.skip(!isPhone(page), 'the folding menu exists on narrow screens only');
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    const links = menu.getByRole('link');
    // The pages, with the shop's categories (the owner's, so read from the menu) between Shop and Blogs.
    const categories = menu.getByRole('list', { name: 'Categories' }).getByRole('link');
    await expect(categories.getByText('Chisels', { exact: true })).toBeVisible();
    const categoryNames = await categories.allInnerTexts();
    await expect(links).toHaveText(['Home', 'Shop', ...categoryNames, 'Blogs', 'Portfolio', 'LOG IN']);
    for (const link of await links.all()) {
      expect((await link.boundingBox())!.height, await link.innerText()).toBeGreaterThanOrEqual(44);
    }

    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('the catalogue', () => {
  test('a page past the end shows the last page instead, in place of the address it was opened with', async ({ page }) => {
    await page.goto('/');
    await page.goto('/products?page=999');
    await expect(page).toHaveURL(/\/products\?page=[2-9]$/);
    const lastPage = new URL(page.url()).searchParams.get('page')!;
    const pages = page.getByRole('navigation', { name: 'Catalogue pages' });
    await expect(pages.getByRole('button', { name: `Page ${lastPage}` })).toHaveAttribute('aria-current', 'page');
    await expect(pages.getByRole('button', { name: 'Next →' })).toBeDisabled();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(page.getByText('There are no tools on this page.')).toHaveCount(0);

    // The address was replaced: going back leaves the catalogue.
    await page.goBack();
    await expect(page).toHaveURL('/');
  });

  test('a page number beyond any catalogue is no error either', async ({ page }) => {
    await page.goto('/products?page=99999999999999999999');
    await expect(page).toHaveURL(/\/products\?page=[2-9]$/);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  });
});

test('the console stays quiet on the pages a newcomer opens first', async ({ page }) => {
  test.slow(); // four pages opened afresh, each until the network is quiet
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') said.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`page error: ${error.message}`));
  for (const path of ['/', '/products', '/login', '/phoneLogin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(said).toEqual([]);
});

test.describe('the sign-in pages’ frame', () => {
  for (const path of ['/login', '/phoneLogin']) {
    test(`${path}: its words never lie over the picture, and its backdrop runs down to the footer`, async ({ page }) => {
      test.skip(isPhone(page), 'the widths are set here, from a phone’s to a wide screen’s');
      await page.goto(path);
      // Measured once the page itself is there, not the placeholder its code replaces.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      for (const width of [390, 768, 1024, 1280, 1600]) {
        await page.setViewportSize({ width, height: 1100 });
        const picture = page.locator('img[src^="/assets/smoothing-plane-"]');
        if (width >= 1024) {
          const pictureBox = (await picture.boundingBox())!;
          for (const words of ['Tools made to be handed down.', 'Your account keeps your orders, payments and reviews in one place.']) {
            const wordsBox = (await page.getByText(words).boundingBox())!;
            expect(wordsBox.y, `${width} px: "${words}" starts below the picture`).toBeGreaterThanOrEqual(pictureBox.y + pictureBox.height);
          }
        } else {
          await expect(picture).toBeHidden();
        }
        const frame = (await page.locator('main > div').first().boundingBox())!;
        const footer = (await page.getByRole('contentinfo').boundingBox())!;
        expect(Math.abs(frame.y + frame.height - footer.y), `${width} px: no band between the backdrop and the footer`).toBeLessThan(1);
      }
    });
  }
});
