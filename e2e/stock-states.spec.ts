import { type Browser, expect, type Page } from '@playwright/test';
import { newAppPage, test } from './support/test.ts';
import { e2eAdmin } from '../playwright.config.ts';
import { registerCustomer, signInThroughApi } from './support/accounts.ts';

/**
 * Stock as customers see it. A product of its own, 4 in stock and at least 1 an order: two orders
 * (3, then 2) fit it; paying the first leaves 1, so the product is sold out (no quantity can be
 * ordered) and the second order, for 2, can no longer be paid.
 */
async function addProduct(browser: Browser, name: string): Promise<{ id: string; remove: () => Promise<void> }> {
  const context = await browser.newContext();
  const admin = await newAppPage(context);
  await signInThroughApi(admin, e2eAdmin);
  const [picture] = (await (await admin.request.get('/api/products?limit=1')).json()) as { img: string }[];
  const res = await admin.request.post('/api/products', {
    data: {
      name,
      img: picture!.img,
      price: 38,
      minQuantity: 1,
      availQuantity: 4,
      description: 'A cabinet scraper in spring steel, burnished by hand.',
      category: 'spokeshaves-and-scrapers',
    },
  });
  expect(res.status()).toBe(201);
  const { _id } = (await res.json()) as { _id: string };
  return {
    id: _id,
    // Out of the catalogue again, so that the tests that look at the newest products never meet it sold out.
    async remove() {
      expect((await admin.request.delete(`/api/products/${_id}`)).status()).toBe(200);
      await context.close();
    },
  };
}

async function placeOrder(page: Page, productId: string, quantity: number): Promise<string> {
  const res = await page.request.post('/api/orders', { data: { productId, quantity, phone: '+1 415 555 0100', adress: '12 Bench Lane, Leeds' } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

/** The payment page's calls with a good card, through the local processor. */
async function payOrder(page: Page, orderId: string) {
  const intent = (await (await page.request.post('/api/create-payment-intent', { data: { orderId } })).json()) as { clientSecret: string; transactionId: string };
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Sam Scraper' };
  expect((await page.request.post('/api/payments/local/authorise', { data: { orderId, clientSecret: intent.clientSecret, ...card } })).status()).toBe(200);
  expect((await page.request.put(`/api/orders/${orderId}`, { data: { paymentStatus: 'paid', transactionId: intent.transactionId } })).status()).toBe(200);
}

test('a sold-out product offers no Buy Now, and a stale unpaid order shows Out of stock and can be cancelled', { tag: '@phone' }, async ({ page, browser }, testInfo) => {
  const name = `Cabinet scraper ${testInfo.project.name} ${Date.now()}`;
  const product = await addProduct(browser, name);
  const productId = product.id;
  try {
    await registerCustomer(page, 'Sam Scraper');

    await page.goto(`/products?q=${encodeURIComponent(name)}`);
    const card = page.getByRole('article', { name });
    await expect(card.getByText('Only 3 left')).toBeVisible();
    await expect(card.getByRole('link', { name: /Buy Now/ })).toBeVisible();

    const first = await placeOrder(page, productId, 3);
    const stale = await placeOrder(page, productId, 2);
    await payOrder(page, first);

    await page.goto(`/products?q=${encodeURIComponent(name)}`);
    await expect(card.getByText('Sold out').first()).toBeVisible();
    await expect(card.getByRole('link', { name: /Buy Now/ })).toHaveCount(0);
    await page.goto(`/purchase/${productId}`);
    await expect(page.getByRole('status', { name: 'Sold out' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Order form' })).toHaveCount(0);

    await page.goto('/dashboard/myorders');
    const order = page.getByRole('article', { name: `Order for ${name}` }).filter({ hasText: '2 pieces' });
    await expect(order.getByText('Out of stock')).toBeVisible();
    await expect(order.getByRole('link', { name: /^PAY/ })).toHaveCount(0);

    await page.goto(`/dashboard/payment/${stale}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Out of stock' })).toContainText('so it cannot be paid');
    await expect(page.getByRole('form', { name: 'Card payment' })).toHaveCount(0);
    await page.getByRole('button', { name: `Cancel the order for ${name}` }).click();
    await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'This order was cancelled.' })).toBeVisible();

    await page.goto('/dashboard/myorders');
    await expect(order.getByText('Cancelled')).toBeVisible();
    await expect(order.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  } finally {
    await product.remove();
  }
});
