import { expect } from '@playwright/test';
import { newAppPage, test } from './support/test.ts';
import { e2eAdmin } from '../playwright.config.ts';
import { registerCustomer, signInThroughApi } from './support/accounts.ts';
import { type ProductOnWire, someProduct, usd } from './support/catalogue.ts';

// Public pages come rendered from the server (ADR 024): readable before any script has run, the same
// for everyone, and taken over by the app in the browser without being drawn again.

test.describe('with scripts turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page, the catalogue, a tool’s page and the sign-in page are there in full', async ({ page }) => {
    const newest = (await (await page.request.get('/api/products?limit=6&sort=newest')).json()) as ProductOnWire[];
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: newest[0]!.name }).first()).toBeVisible();

    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All our tools' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).not.toHaveCount(0);

    const tool = await someProduct(page);
    await page.goto(`/products/${tool._id}`);
    await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
    await expect(page.getByRole('main').getByText(usd(tool.price)).first()).toBeVisible();

    // A tool's form is there, and sends nothing before the app runs it (the browser would reload the page).
    await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click();
    await page.getByRole('main').getByRole('spinbutton').first().press('Enter');
    expect(page.url()).toMatch(new RegExp(`/products/${tool._id}$`));

    // The sign-in form is there, and cannot be sent before the app runs it (its fields would go out in the address).
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('a password');
    await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByLabel('Password', { exact: true }).press('Enter');
    expect(page.url()).toMatch(/\/login$/);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('someone@example.com');
  });

  test('a page behind sign-in is left for the browser to render', async ({ page }) => {
    await page.goto('/dashboard/myorders');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test('a tool’s page, once kept, shows the price an admin sets next', async ({ browser, page }) => {
  const admin = await newAppPage(await browser.newContext());
  await signInThroughApi(admin, e2eAdmin);
  const [picture] = (await (await admin.request.get('/api/products?limit=1')).json()) as { img: string }[];
  const tool = {
    name: 'Rendered Router Plane',
    img: picture!.img,
    price: 64,
    minQuantity: 1,
    availQuantity: 9,
    description: 'A router plane with a cast body, for the floors of housings.',
    category: 'planes',
  };
  const created = await admin.request.post('/api/products', { data: tool });
  expect(created.status()).toBe(201);
  const { _id } = (await created.json()) as { _id: string };
  try {
    const html = async () => (await page.request.get(`/products/${_id}`)).text();
    expect(await html()).toContain(usd(64));
    expect(await html()).toContain(usd(64)); // the second is the kept page

    expect((await admin.request.put(`/api/products/${_id}`, { data: { ...tool, price: 71 } })).status()).toBe(200);
    await expect.poll(html, { timeout: 1_000 }).toContain(usd(71));
  } finally {
    expect((await admin.request.delete(`/api/products/${_id}`)).status()).toBe(200);
    await admin.context().close();
  }
});

test('the app takes a rendered page over quietly, and a signed-in customer gets their own header on it', async ({ page }) => {
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') said.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`page error: ${error.message}`));
  await registerCustomer(page);
  const tool = await someProduct(page);
  await page.goto(`/products/${tool._id}`);
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'LOG OUT' }).first()).toBeAttached();
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click();
  await expect(page.getByRole('link', { name: `Cart, ${tool.minQuantity} ${tool.minQuantity === 1 ? 'item' : 'items'}` }).first()).toBeAttached();
  expect(said).toEqual([]);
});

test('an address with no page answers 404 with the not-found page, opened at its top whatever the page before', async ({ page }) => {
  const tool = await someProduct(page);
  await page.goto(`/products/${tool._id}`);
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
