import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { openAsAdmin } from './support/accounts.ts';
import { addProducts, deleteProducts } from './support/admin-products.ts';

/**
 * Issue 27: the admin creates a category and moves three products into it with one bulk edit. The
 * products and the category are deleted again, so that the header's and the catalogue's category rows
 * the other specs read (running beside this one) are the demo catalogue's.
 */
test('the admin creates a category and moves three products into it by bulk edit', { tag: '@phone' }, async ({ page, baseURL }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const category = `Router planes ${stamp}`;
  await openAsAdmin(page, '/dashboard/categories');
  const form = page.getByRole('form', { name: 'New category' });
  await form.getByLabel('Name').fill(category);
  await form.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('list', { name: 'Categories' }).getByRole('listitem', { name: category })).toBeVisible();

  const products = await addProducts(
    page,
    baseURL!,
    ['A', 'B', 'C'].map((letter) => `Bulkmove${stamp} router ${letter}`),
  );

  await page.goto('/dashboard/manageproducts');
  await page.getByRole('searchbox', { name: 'Search products by name' }).fill(`Bulkmove${stamp}`);
  // The list keeps showing the previous page until the search's answer comes: wait for the three alone.
  await expect(page.getByRole('checkbox', { name: /^Select (?!all on this page$)/ })).toHaveCount(3);
  for (const product of products) await expect(page.getByRole('checkbox', { name: `Select ${product.name}` })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Bulk edit' }).click();
  const bulk = page.getByRole('form', { name: 'Bulk edit' });
  await bulk.getByLabel('What to change').selectOption('category');
  await bulk.getByLabel('New category').selectOption({ label: category });
  await bulk.getByRole('button', { name: 'Review the change' }).click();
  const confirm = page.getByRole('dialog', { name: `Move 3 products to ${category}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Change 3 products' }).click();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('3 products changed');

  const categories = (await (await page.request.get('/api/categories')).json()) as Array<{ slug: string; name: string }>;
  const slug = categories.find((found) => found.name === category)!.slug;
  const inIt = (await (await page.request.get(`/api/products?category=${slug}&limit=100`)).json()) as Array<{ _id: string }>;
  expect(inIt.map((product) => product._id).toSorted()).toEqual(products.map((product) => product._id).toSorted());

  await deleteProducts(page, baseURL!, products);
  const deleted = await page.request.delete(`/api/categories/${slug}`, { headers: { origin: baseURL! } });
  expect(deleted.status(), await deleted.text()).toBe(200);
});
