import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { registerCustomer } from './support/accounts.ts';
import { severeViolations } from './support/axe.ts';
import { type ProductOnWire, soldOneWayInStock, usd } from './support/catalogue.ts';
import { fillAddress } from './support/addresses.ts';

/**
 * Tools of the demo catalogue with stock to spare, from the oldest (the shop-management tests running
 * beside these may reprice or delete the newest).
 */
async function productsWithStock(page: Page, count: number): Promise<ProductOnWire[]> {
  const products = (await (await page.request.get('/api/products?limit=100')).json()) as ProductOnWire[];
  return products
    .reverse()
    .filter((product) => soldOneWayInStock(product))
    .slice(0, count);
}

/** A product's card in the catalogue, found by searching for its name. */
async function catalogueCard(page: Page, product: ProductOnWire) {
  await page.goto(`/products?q=${encodeURIComponent(product.name)}`);
  return page.getByRole('article', { name: product.name, exact: true });
}

const header = (page: Page) => page.getByRole('banner');

async function payByCard(page: Page, cardNumber: string) {
  const card = page.getByRole('form', { name: 'Card payment' });
  await card.getByLabel('Card number').fill(cardNumber);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  const pay = card.getByRole('button', { name: 'Pay' });
  await expect(pay).toBeEnabled();
  await pay.click();
  return card;
}

test.describe('the cart checked out as one order', () => {
  // Each goes through an account, the catalogue, the cart, the checkout and the card form.
  test.setTimeout(120_000);

  test('a customer with a saved address puts three tools in the cart, checks out to it, pays once, and finds one order of three lines', { tag: '@phone' }, async ({ page }) => {
    await registerCustomer(page, 'Carla Cart');
    // The address book has its own tests; this one starts with an address in it.
    const saved = await page.request.post('/api/addresses', {
      data: { name: 'Carla Cart', line1: '4 Tenon Street', city: 'Salem', region: 'US-OR', postalCode: '97301', country: 'US' },
    });
    expect(saved.status(), await saved.text()).toBe(201);

    // Three tools from their cards in the catalogue, each at its minimum order.
    const tools = await productsWithStock(page, 3);
    for (const tool of tools) {
      const card = await catalogueCard(page, tool);
      await card.getByRole('button', { name: /^Add to cart\b/ }).click();
      await expect(card.getByText(`Added ${tool.minQuantity} to your cart.`)).toBeVisible();
    }
    const pieces = tools.reduce((sum, tool) => sum + tool.minQuantity, 0);
    const subtotal = tools.reduce((sum, tool) => sum + tool.minQuantity * tool.price, 0);
    await expect(header(page).getByRole('link', { name: `Cart, ${pieces} items` })).toBeVisible();

    await header(page)
      .getByRole('link', { name: /^Cart,/ })
      .click();
    await expect(page.getByRole('list', { name: 'Lines in your cart' }).getByRole('article')).toHaveCount(3);
    await page.getByRole('link', { name: 'Check out' }).click();
    await expect(page).toHaveURL('/checkout');

    // The phone, and the saved address chosen: nothing of it to type.
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByRole('listitem')).toHaveCount(3);
    await expect(summary.getByTestId('quote-subtotal')).toHaveText(usd(subtotal));
    const delivery = page.getByRole('form', { name: 'Delivery' });
    await delivery.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(delivery.getByText('Phone is Required')).toBeVisible();
    await delivery.getByLabel('Phone').fill('+1 503 555 0199');
    await delivery.getByRole('radio', { name: /Carla Cart.*4 Tenon Street/ }).check();
    await expect(delivery.getByText('4 Tenon Street, Salem, OR 97301, United States', { exact: true })).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
    await delivery.getByRole('button', { name: 'Continue to payment' }).click();

    // The order's own payment page: each tool, then how the total is made, then the card.
    await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
    const payFor = page.getByRole('region', { name: 'Order summary' });
    const orderNumber = (await payFor.getByRole('heading', { name: /^Order J-\d+$/ }).textContent())!.replace('Order ', '');
    await expect(payFor.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveCount(3);
    for (const tool of tools) await expect(payFor.getByRole('listitem').filter({ hasText: tool.name })).toContainText(usd(tool.minQuantity * tool.price));
    await expect(payFor.getByText('Subtotal')).toBeVisible();
    await expect(payFor.getByText(usd(subtotal)).first()).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
    await payByCard(page, '4242 4242 4242 4242');
    await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
    // Paid: the server emptied the cart.
    await expect(header(page).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

    // My Orders: one order, its three tools inside it.
    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    const orders = page
      .getByRole('list', { name: 'Your orders' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('article') });
    await expect(orders).toHaveCount(1);
    const order = page.getByRole('article', { name: `Order for ${tools[0]!.name} and 2 more` });
    await expect(order.getByRole('link', { name: `Order ${orderNumber}` })).toBeVisible();
    await expect(order.getByText('Paid', { exact: true })).toBeVisible();
    await expect(order).toContainText(`${pieces} pieces`);
    const lines = order.getByRole('list', { name: `Tools of order ${orderNumber}` }).getByRole('listitem');
    await expect(lines).toHaveCount(3);
    for (const [index, tool] of tools.entries()) await expect(lines.nth(index)).toContainText(`${tool.minQuantity} × ${tool.name}`);
    expect(await severeViolations(page)).toEqual([]);
  });

  test('a declined card keeps the order, the cart and everything typed; an empty cart leads back to the catalogue', async ({ page }) => {
    await registerCustomer(page, 'Dora Declined');
    await page.goto('/checkout');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await page.getByRole('link', { name: 'Browse the tools' }).click();
    await expect(page).toHaveURL('/products');

    const [plane] = await productsWithStock(page, 1);
    const added = await page.request.put(`/api/cart/items/${plane!._id}`, { data: { quantity: plane!.minQuantity } });
    expect(added.status(), await added.text()).toBe(200);

    await page.goto('/checkout');
    const delivery = page.getByRole('form', { name: 'Delivery' });
    await delivery.getByLabel('Phone').fill('+1 415 555 0142');
    await fillAddress(delivery, { line1: '8 Rebate Road', city: 'York', state: 'Pennsylvania', zip: '17401' });
    await delivery.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);

    const card = await payByCard(page, '4000 0000 0000 0002');
    await expect(card.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(card.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    // Nothing was taken: the cart is as it was, and the order waits in My Orders to be paid.
    const items = plane!.minQuantity === 1 ? '1 item' : `${plane!.minQuantity} items`;
    await expect(header(page).getByRole('link', { name: `Cart, ${items}` })).toBeVisible();
    await page.goto('/dashboard/myorders');
    await expect(page.getByRole('article', { name: `Order for ${plane!.name}` }).getByRole('link', { name: /^PAY/ })).toBeVisible();
  });
});
