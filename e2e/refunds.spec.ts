import { expect, type Page } from '@playwright/test';
import { newAppPage, test } from './support/test.ts';
import { isPhone, openAsAdmin, registerCustomer } from './support/accounts.ts';
import { severeViolations } from './support/axe.ts';
import { type OrderOnWire, someProduct, usd } from './support/catalogue.ts';
import { expectMail } from './support/mail-outbox.ts';

/**
 * A paid order of the signed-in customer to Portland, Oregon (no sales tax; Standard shipping unless its
 * goods reach $150), placed and paid through the API as the purchase and payment pages do. Its total is
 * what the server charged, shipping included.
 */
async function placePaidOrder(page: Page): Promise<{ order: OrderOnWire; total: number }> {
  const product = await someProduct(page);
  const shippingAddress = { name: 'Rufus Refund', line1: '3 Plane Street', city: 'Portland', region: 'US-OR', postalCode: '97205', country: 'US' };
  const placed = await page.request.post('/api/orders', { data: { productId: product._id, quantity: product.minQuantity, phone: '+1 503 555 0110', shippingAddress } });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as OrderOnWire & { price: number };
  const intent = (await (await page.request.post('/api/create-payment-intent', { data: { orderId: order._id } })).json()) as { clientSecret: string };
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Rufus Refund' };
  const authorised = await page.request.post('/api/payments/local/authorise', { data: { orderId: order._id, clientSecret: intent.clientSecret, ...card } });
  const { transactionId } = (await authorised.json()) as { transactionId: string };
  expect((await page.request.put(`/api/orders/${order._id}`, { data: { paymentStatus: 'paid', transactionId } })).status()).toBe(200);
  return { order, total: order.price };
}

/** Refunds by amount through the order's dialog: the amount, the reason, then the confirmation. */
async function refund(admin: Page, amount: string | undefined, reason: string) {
  await admin.getByRole('button', { name: /^Refund order J-\d+$/ }).click();
  await admin.getByRole('radio', { name: 'By amount' }).check();
  const form = admin.getByRole('form', { name: 'Refund form' });
  if (amount !== undefined) await form.getByLabel('Amount to refund (US dollars)').fill(amount);
  await form.getByLabel('Reason').fill(reason);
  await form.getByRole('button', { name: 'Continue' }).click();
  const confirmation = admin.getByRole('form', { name: 'Confirm the refund' });
  await expect(confirmation).toContainText(reason);
  await confirmation.getByRole('button', { name: /^Refund \$/ }).click();
}

test('the admin refunds part of a paid order, then the rest, and the customer sees both', { tag: '@phone' }, async ({ page, browser, baseURL }, testInfo) => {
  test.slow();
  const customer = await registerCustomer(page, 'Rufus Refund');
  // What the order was charged: its tools, and the shipping to Portland.
  const { order, total } = await placePaidOrder(page);
  const part = Math.floor(total * 100 * 0.25) / 100;

  const context = await browser.newContext({ baseURL, viewport: page.viewportSize(), isMobile: isPhone(page), hasTouch: isPhone(page) });
  try {
    const admin = await newAppPage(context);
    await openAsAdmin(admin, `/dashboard/orders/${order._id}`);
    await expect(admin.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();

    await refund(admin, part.toFixed(2), 'One chisel arrived with a chipped edge');
    await expect(admin.getByText(`Refunded ${usd(part)} to Rufus Refund for order ${order.orderNumber}.`)).toBeVisible();
    const timeline = admin.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('One chisel arrived with a chipped edge');
    await testInfo.attach('partly refunded', { body: await admin.screenshot({ fullPage: true }), contentType: 'image/png' });
    expect(await severeViolations(admin)).toEqual([]);

    // The amount starts at what is left; asking for more than that is refused in the form.
    await admin.getByRole('button', { name: /^Refund order J-\d+$/ }).click();
    await admin.getByRole('radio', { name: 'By amount' }).check();
    const form = admin.getByRole('form', { name: 'Refund form' });
    await expect(form.getByLabel('Amount to refund (US dollars)')).toHaveValue(String(Math.round((total - part) * 100) / 100));
    await form.getByRole('button', { name: 'Cancel' }).click();
    await refund(admin, undefined, 'The rest: the order was returned');
    await expect(admin.getByText(`Refunded ${usd(Math.round((total - part) * 100) / 100)} to Rufus Refund`)).toBeVisible();
    // Nothing is left to refund.
    await expect(admin.getByRole('button', { name: /^Refund order J-\d+$/ })).toHaveCount(0);
    await testInfo.attach('refunded', { body: await admin.screenshot({ fullPage: true }), contentType: 'image/png' });
  } finally {
    await context.close();
  }

  await expectMail(customer.email, `Refund of ${usd(part)} for your Joinery order ${order.orderNumber}`);
  await page.goto(`/dashboard/orders/${order._id}`);
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('One chisel arrived with a chipped edge');
  await expect(timeline).toContainText('The rest: the order was returned');
  // Every cent of the total came back, and each refund has its credit note to download.
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items).toContainText(`Total${usd(total)} USD`);
  await expect(items).toContainText(`Net paid${usd(0)}`);
  const creditNotes = page.getByRole('region', { name: 'Refunds' }).getByRole('button', { name: /^Download Credit note CN-\d{4}-\d{6}$/ });
  await expect(creditNotes).toHaveCount(2);
  const downloading = page.waitForEvent('download');
  await creditNotes.first().click();
  expect((await downloading).suggestedFilename()).toMatch(/^CN-\d{4}-\d{6}\.pdf$/);
});
