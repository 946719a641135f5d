import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import Database from 'better-sqlite3';
import { e2eAdmin } from '../playwright.config.ts';
import { newAppPage, test } from './support/test.ts';
import { logIn, registerCustomer, signInThroughApi } from './support/accounts.ts';
import { addToolInWidths, deleteTool, deliver, placePaidOrderOf } from './support/paid-orders.ts';

/**
 * Deleting an account needs a sign-in from the last few minutes (ADR 046). A browser test cannot
 * wait that long: the customer's sessions are made older in the shop's SQLite file, as time would.
 */
function ageSessionsOf(email: string) {
  const database = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'joinery.db'));
  try {
    const old = new Date(Date.now() - 60 * 60_000).toISOString();
    database.prepare('update session set "createdAt" = ? where "userId" = (select id from "user" where email = ?)').run(old, email);
  } finally {
    database.close();
  }
}

test('a customer downloads their data and deletes their account', { tag: '@phone' }, async ({ page, browser }, testInfo) => {
  test.slow(); // an order delivered by the admin in a browser of their own, a download, a sign-in again and the deletion
  const adminContext = await browser.newContext();
  const adminPage = await newAppPage(adminContext);
  await signInThroughApi(adminPage, e2eAdmin);
  const tool = await addToolInWidths(adminPage, `Deleter's chisel ${testInfo.project.name}`, ['6 mm'], 31);
  const customer = await registerCustomer(page, 'Della Deleter');
  const order = await placePaidOrderOf(page, tool._id, tool.variants[0]!._id, 1);

  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Your data' });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('my-profile-your-data.png') });

  // The file: everything the shop keeps, the order among it.
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^joinery-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as { profile: { email: string; name: string }; orders: { number: string }[] };
  expect(file.profile).toMatchObject({ email: customer.email, name: 'Della Deleter' });
  expect(file.orders.map((entry) => entry.number)).toEqual([order.orderNumber]);
  await expect(page.getByText('Your data has been downloaded')).toBeVisible();

  // The order is on its way: the dialog says what would go and what stays, and the shop says why not yet.
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('your name, e-mail, phone and address on your orders');
  await expect(dialog).toContainText('Invoices and credit notes as they were issued');
  await page.screenshot({ path: testInfo.outputPath('delete-dialog.png') });
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`Orders ${order.orderNumber} are paid and not yet delivered`);
  await dialog.getByRole('button', { name: 'Keep it' }).click();

  await deliver(adminPage, order._id);

  // Signed in an hour ago, as far as the shop knows: it asks for a fresh sign-in and comes back to the dialog.
  ageSessionsOf(customer.email);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  const again = page.getByRole('dialog', { name: 'Please sign in again' });
  await expect(again).toContainText('a sign-in from the last 10 minutes');
  await page.screenshot({ path: testInfo.outputPath('sign-in-again.png') });
  await again.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=/);
  await logIn(page, customer.email, customer.password);
  const back = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(back).toBeVisible();
  await back.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL('/account-deleted');
  await expect(page.getByRole('heading', { name: 'Your account is deleted', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out everywhere' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('account-deleted.png'), fullPage: true });

  // Signed out, and the account cannot be signed in to again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  const refused = await page.request.post('/api/auth/sign-in/email', { data: customer, headers: { origin: testInfo.project.use.baseURL ?? '' } });
  expect(refused.status()).toBe(401);

  await deleteTool(adminPage, tool);
  await adminContext.close();
});
