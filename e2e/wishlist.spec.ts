import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { registerCustomer } from './support/accounts.ts';
import { someProduct } from './support/catalogue.ts';

/**
 * The wishlist (issue 27), as a customer keeps one: a heart on a tool's page, and My Wishlist in the
 * dashboard with the tool's price and stock. A visitor pressing a heart is asked to sign in. At 1280
 * and 390 px.
 */
test.describe('the wishlist', { tag: '@phone' }, () => {
  test('a customer hearts a tool and finds it on My Wishlist', async ({ page }) => {
    await registerCustomer(page, 'Hattie Hearts');
    const product = await someProduct(page);
    await page.goto(`/products/${product._id}`);

    const heart = page.getByRole('button', { name: `Add to wishlist: ${product.name}` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    const pressed = page.getByRole('button', { name: `Remove from wishlist: ${product.name}` });
    await expect(pressed).toHaveAttribute('aria-pressed', 'true');

    // From the dashboard's menu, as a customer finds it.
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Wishlist' }).click();
    await expect(page).toHaveURL('/dashboard/wishlist');
    await expect(page.getByRole('heading', { name: 'My Wishlist', level: 1 })).toBeVisible();
    const kept = page.getByRole('article', { name: product.name });
    await expect(kept.getByRole('heading', { name: product.name })).toBeVisible();
    await expect(kept.getByText('In stock')).toBeVisible();
    await expect(kept.getByRole('link', { name: `View and buy: ${product.name}` })).toHaveAttribute('href', `/products/${product._id}`);

    // Released, it leaves the page.
    await kept.getByRole('button', { name: `Remove: ${product.name}` }).click();
    await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  });

  test('a visitor pressing a heart is asked to sign in, and comes back to the tool', async ({ page }) => {
    const product = await someProduct(page);
    await page.goto(`/products/${product._id}`);
    await page.getByRole('button', { name: `Add to wishlist: ${product.name}` }).click();
    await expect(page).toHaveURL(`/login?returnTo=${encodeURIComponent(`/products/${product._id}`)}`);
  });
});
