import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { isPhone, lastTextTo, openAsAdmin } from './support/accounts.ts';
import { placePaidOrder } from './support/catalogue.ts';

/** Signs a new phone account in through /phoneLogin, as a person would. */
async function signInByPhone(page: Page, number: string) {
  await page.goto('/phoneLogin');
  await page.getByPlaceholder('Enter phone number').fill(number.slice(2));
  await page.getByRole('button', { name: 'REGISTER' }).click();
  const code = (await lastTextTo(number)).match(/\b(\d{6})\b/)![1]!;
  await page.getByPlaceholder('Enter otp number').fill(code);
  await page.getByRole('button', { name: 'REGISTER' }).click();
  await expect(page).toHaveURL('/');
}

const madeUpAddress = /joinery\.invalid/;

test('a phone account is shown by its number everywhere, never by the address the shop made up for it', async ({ page, browser, baseURL }) => {
  test.slow(); // a sign-in by text message, an order, and the admin's three pages
  const last4 = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  const number = `+1415555${last4}`;
  const shown = `+1 415 555 ${last4}`;
  await signInByPhone(page, number);

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Your profile' })).toContainText(shown);
  if (!isPhone(page)) await expect(page.getByRole('navigation', { name: 'Dashboard' })).toContainText(shown);
  await expect(page.locator('body')).not.toContainText(madeUpAddress);
  const { order } = await placePaidOrder(page, '4 Mortise Lane, Bath', '+1 415 555 0199');

  const admin = await browser.newPage({ baseURL, viewport: page.viewportSize() });
  await openAsAdmin(admin, '/dashboard/admin');
  await expect(admin.getByRole('row').filter({ hasText: shown })).toBeVisible();
  await expect(admin.getByRole('button', { name: `Make ${shown} an admin` })).toBeVisible();
  await expect(admin.locator('body')).not.toContainText(madeUpAddress);

  await admin.goto(`/dashboard/manageorder?q=${order.orderNumber}`);
  await expect(admin.getByRole('row').filter({ hasText: order.orderNumber })).toContainText(shown);
  await expect(admin.locator('body')).not.toContainText(madeUpAddress);

  await admin.goto(`/dashboard/orders/${order._id}`);
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(order.orderNumber);
  await expect(admin.getByRole('main')).toContainText(shown);
  await expect(admin.getByRole('link', { name: 'Call the customer' })).toHaveAttribute('href', 'tel:+14155550199');
  await expect(admin.locator('body')).not.toContainText(madeUpAddress);
  await admin.close();
});
