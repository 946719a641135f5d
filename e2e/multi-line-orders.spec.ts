import { expect, type Locator, type Page } from '@playwright/test';
import { newAppPage, test } from './support/test.ts';
import { isPhone, openAsAdmin, registerCustomer } from './support/accounts.ts';
import { severeViolations } from './support/axe.ts';
import { type ProductOnWire, soldOneWayInStock, usd } from './support/catalogue.ts';

interface LineOnWire {
  lineId: string;
  product: string;
  unitPrice: number;
  quantity: number;
  restockedQuantity: number;
}

interface CartOrderOnWire {
  _id: string;
  orderNumber: string;
  lines: LineOnWire[];
}

/**
 * Three tools of the demo catalogue with stock to spare, each at its minimum order. Taken from the
 * oldest, as `someProduct` does: the newest may be one the shop-management tests are changing.
 */
async function threeProducts(page: Page): Promise<ProductOnWire[]> {
  const products = (await (await page.request.get('/api/products?limit=100')).json()) as ProductOnWire[];
  return products
    .reverse()
    .filter((product) => soldOneWayInStock(product))
    .slice(0, 3);
}

/**
 * A paid order of three lines for the signed-in customer, made as the cart and checkout pages make it
 * (those pages have their own tests): each tool put in the cart, the cart checked out to a US address,
 * then paid with the local processor's test card.
 */
async function placePaidCartOrder(page: Page): Promise<CartOrderOnWire> {
  for (const product of await threeProducts(page)) {
    const added = await page.request.put(`/api/cart/items/${product._id}`, { data: { quantity: product.minQuantity } });
    expect(added.status(), await added.text()).toBe(200);
  }
  const shippingAddress = { name: 'Lena Lines', line1: '9 Tenon Terrace', city: 'Portland', region: 'US-OR', postalCode: '97205', country: 'US' };
  const placed = await page.request.post('/api/cart/checkout', { data: { phone: '+1 503 555 0199', shippingAddress } });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as CartOrderOnWire;
  expect(order.lines).toHaveLength(3);
  const intent = (await (await page.request.post('/api/create-payment-intent', { data: { orderId: order._id } })).json()) as { clientSecret: string };
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Lena Lines' };
  const authorised = await page.request.post('/api/payments/local/authorise', { data: { orderId: order._id, clientSecret: intent.clientSecret, ...card } });
  const { transactionId } = (await authorised.json()) as { transactionId: string };
  expect((await page.request.put(`/api/orders/${order._id}`, { data: { paymentStatus: 'paid', transactionId } })).status()).toBe(200);
  return order;
}

async function chooseStage(page: Page, label: string) {
  if (isPhone(page)) await page.getByRole('combobox', { name: 'Show orders' }).selectOption({ label });
  else await page.getByRole('group', { name: 'Show orders' }).getByRole('button', { name: label, exact: true }).click();
}

/** Sends a parcel from the ship dialog: the pieces set per line (the others left at all that is left), and the carrier. */
async function ship(admin: Page, row: Locator, orderNumber: string, carrier: string, pieces: Record<string, number> = {}) {
  await row.getByRole('button', { name: /^Mark the order for .* Shipped$/ }).click();
  const dialog = admin.getByRole('dialog', { name: `Ship order ${orderNumber}` });
  for (const [product, count] of Object.entries(pieces)) await dialog.getByRole('spinbutton', { name: `${product}, pieces to ship` }).fill(String(count));
  await dialog.getByLabel('Carrier', { exact: true }).selectOption(carrier);
  return dialog;
}

test('the admin ships a three-line order in two parcels, then refunds one line to stock and sees the amount', { tag: '@phone' }, async ({ page, browser, baseURL }, testInfo) => {
  test.slow();
  await registerCustomer(page, 'Lena Lines');
  const order = await placePaidCartOrder(page);
  const [first, second, third] = order.lines as [LineOnWire, LineOnWire, LineOnWire];

  const context = await browser.newContext({ baseURL, viewport: page.viewportSize(), isMobile: isPhone(page), hasTouch: isPhone(page) });
  try {
    const admin = await newAppPage(context);
    await openAsAdmin(admin, `/dashboard/manageorder?q=${order.orderNumber}`);
    const row = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: `Order ${order.orderNumber}` }) });
    await expect(row).toHaveCount(1);
    const items = row.getByRole('list', { name: `Items of order ${order.orderNumber}` }).getByRole('listitem');
    await expect(items).toHaveText([`${first.product} × ${first.quantity}`, `${second.product} × ${second.quantity}`, `${third.product} × ${third.quantity}`]);
    await expect(row).toContainText('Pending');
    expect(await severeViolations(admin)).toEqual([]);

    // The first parcel: two lines, the third left for later.
    const dialog = await ship(admin, row, order.orderNumber, 'UPS', { [third.product]: 0 });
    await expect(dialog.getByRole('spinbutton', { name: `${first.product}, pieces to ship` })).toHaveValue(String(first.quantity));
    await dialog.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
    await testInfo.attach('ship dialog', { body: await admin.screenshot(), contentType: 'image/png' });
    expect(await severeViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Mark Shipped' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByRole('status', { name: 'Notifications' })).toContainText(`Order ${order.orderNumber} for Lena Lines is partly shipped`);
    await expect(row.getByText('Partly shipped', { exact: true })).toBeVisible();
    await expect(items.nth(0)).toContainText(`${first.quantity} shipped`);
    await expect(items.nth(2)).not.toContainText('shipped');
    await testInfo.attach('partly shipped', { body: await admin.screenshot({ fullPage: true }), contentType: 'image/png' });

    // Still to ship: it stays under that filter.
    await chooseStage(admin, 'To ship');
    await expect(admin).toHaveURL(/stage=to-ship/);
    await expect(row).toHaveCount(1);

    // The second parcel holds what is left: the third line alone.
    const rest = await ship(admin, row, order.orderNumber, 'DHL');
    await expect(rest.getByRole('spinbutton')).toHaveCount(1);
    await expect(rest.getByRole('spinbutton', { name: `${third.product}, pieces to ship` })).toHaveValue(String(third.quantity));
    await rest.getByRole('button', { name: 'Mark Shipped' }).click();
    await expect(rest).toBeHidden();
    await expect(admin.getByRole('status', { name: 'Notifications' })).toContainText(`Order ${order.orderNumber} for Lena Lines is shipped.`);
    // Shipped, it leaves To ship; every order shows it shipped.
    await expect(row).toHaveCount(0);
    await chooseStage(admin, 'All');
    await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(row.getByText('Partly shipped', { exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /^Mark the order for .* Delivered$/ })).toBeVisible();

    // On the order's page: the first line refunded in full, its pieces back in stock.
    await row.getByRole('link', { name: `Order ${order.orderNumber}` }).click();
    await expect(admin.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
    await admin.getByRole('button', { name: `Refund order ${order.orderNumber}` }).click();
    const form = admin.getByRole('form', { name: 'Refund form' });
    await expect(admin.getByRole('radio', { name: 'By item' })).toBeChecked();
    await form.getByRole('spinbutton', { name: `${first.product}, pieces to refund` }).fill(String(first.quantity));
    const amount = Math.round(first.unitPrice * first.quantity * 100) / 100;
    await expect(form.getByText(usd(amount), { exact: true })).toBeVisible();
    await form.getByLabel('Return these pieces to stock').check();
    await form.getByLabel('Reason').fill('Returned unused');
    await testInfo.attach('refund by item', { body: await admin.screenshot(), contentType: 'image/png' });
    expect(await severeViolations(admin)).toEqual([]);
    await form.getByRole('button', { name: 'Continue' }).click();
    const confirmation = admin.getByRole('form', { name: 'Confirm the refund' });
    await expect(confirmation).toContainText(`${first.quantity} × ${first.product}`);
    await expect(confirmation).toContainText(`${first.quantity} ${first.quantity === 1 ? 'piece goes' : 'pieces go'} back to stock.`);
    await confirmation.getByRole('button', { name: `Refund ${usd(amount)}` }).click();
    await expect(admin.getByRole('status', { name: 'Notifications' })).toContainText(`Refunded ${usd(amount)} to Lena Lines for order ${order.orderNumber}.`);

    const details = (await (await admin.request.get(`/api/orders/${order._id}/details`)).json()) as { order: CartOrderOnWire };
    expect(details.order.lines.map((line) => line.restockedQuantity)).toEqual([first.quantity, 0, 0]);
    await testInfo.attach('refunded', { body: await admin.screenshot({ fullPage: true }), contentType: 'image/png' });
  } finally {
    await context.close();
  }
});
