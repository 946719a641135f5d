import fs from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { openAsAdmin } from './support/accounts.ts';
import { addProducts, deleteProducts } from './support/admin-products.ts';

/** Issue 27: the admin downloads the catalogue, changes a price, runs a dry run, sees the change, and imports it. */
test('the admin runs an import dry run, sees the change, and imports it', { tag: '@phone' }, async ({ page, baseURL }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await openAsAdmin(page, '/dashboard');
  const [product] = await addProducts(page, baseURL!, [`Filemove${stamp} spokeshave`]);

  // The dashboard's menu: a column on a wide screen, a strip that scrolls sideways on a phone.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Catalogue file' }).click();
  await expect(page.getByRole('heading', { name: 'Catalogue file', level: 1 })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the catalogue (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('catalogue.csv');
  const lines = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
  const header = lines[0]!.split(',');
  // The product's one row: its cells hold no commas or quotes.
  const row = lines.find((line) => line.includes(product!._id))!.split(',');
  const price = header.indexOf('price');
  expect(row[price]).toBe('30.00');
  row[price] = '34.50';
  const csv = `${header.join(',')}\r\n${row.join(',')}\r\n`;

  await page.getByLabel('Catalogue file').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('0 rows to create, 1 row to change, 0 rows refused, 0 rows unchanged')).toBeVisible();
  const changes = page.getByRole('table', { name: 'Rows that would change' });
  await expect(changes.getByText('price: 30.00 → 34.50')).toBeVisible();

  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByText('Imported: 0 created, 1 changed.')).toBeVisible({ timeout: 15_000 });
  const after = (await (await page.request.get(`/api/products/${product!._id}`)).json()) as { price: number };
  expect(after.price).toBe(34.5);
  await deleteProducts(page, baseURL!, [product!]);
});
