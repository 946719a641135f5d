import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { openAsAdmin, registerCustomer } from './support/accounts.ts';
import { severeViolations } from './support/axe.ts';
import { fillAddress } from './support/addresses.ts';

// The public pages a visitor lands on: checked at both widths.
const landingPages = ['/', '/products', '/blogs', '/portfolio', '/login', '/register', '/phoneLogin', '/no-such-page'];
// Pages opened from an e-mail's link, laid out as the sign-in pages are: checked at 1280 px.
const mailLinkPages = [
  '/forgotPassword',
  '/resetPassword?token=from-the-mail',
  // The newsletter e-mail's links, with a token that names no subscription.
  '/newsletter/confirm?token=unknown',
  '/newsletter/unsubscribe?token=unknown',
];

for (const path of landingPages) {
  test(`${path} has no serious or critical accessibility violations`, { tag: '@phone' }, async ({ page }) => {
    await page.goto(path);
    expect(await severeViolations(page)).toEqual([]);
  });
}

for (const path of mailLinkPages) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    expect(await severeViolations(page)).toEqual([]);
  });
}

// The admin's pages, each in a test of its own: axe takes several seconds a page on a slow machine,
// and one test over all of them outgrew its time as the dashboard grew.
const adminPages = [
  '/dashboard',
  '/dashboard/admin',
  '/dashboard/manageorder',
  '/dashboard/addProduct',
  '/dashboard/manageproducts',
  '/dashboard/messages',
  '/dashboard/jobs',
  '/dashboard/shipping',
  '/dashboard/taxes',
  '/dashboard/discounts',
  '/dashboard/demand',
];

for (const path of adminPages) {
  test(`the admin's ${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await openAsAdmin(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
  });
}

test('the purchase, My Orders, payment and Add Review pages have no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(60_000);
  await registerCustomer(page);
  // One with stock to spare, from the oldest: a sold-out product's page has no order form, and the
  // newest may be one that other tests, running beside this one, are selling out.
  const products = (await (await page.request.get('/api/products?limit=100')).json()) as Array<{ _id: string; minQuantity: number; availQuantity: number; options: unknown[] }>;
  const product = products.reverse().find((candidate) => candidate.options.length === 0 && candidate.availQuantity > candidate.minQuantity + 5);
  await page.goto(`/purchase/${product!._id}`);
  await expect(page.getByRole('form', { name: 'Order form' })).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  await page.getByLabel('Phone').fill('+1 415 555 0100');
  await fillAddress(page.getByRole('form', { name: 'Order form' }));
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('link', { name: 'Go to My Orders' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: /^PAY/ }).first().click();
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  await page.goto('/dashboard/review');
  await expect(page.getByRole('form', { name: 'Add review' })).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
});

test('the home page can be used from the keyboard', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);

  // Tab on until See Collection has focus, then follow it with Enter.
  const seeCollection = page.getByRole('link', { name: 'See Collection' });
  for (let presses = 0; presses < 20 && !(await seeCollection.evaluate((el) => el === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(seeCollection).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/products');

  // The search box and the sort take typing and arrow keys.
  const search = page.getByRole('searchbox', { name: 'Search tools' });
  await search.focus();
  await page.keyboard.type('saw');
  await expect(page).toHaveURL(/q=saw/);
});
