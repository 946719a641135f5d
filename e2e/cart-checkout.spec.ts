import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { registerCustomer, registerThroughForm } from './support/accounts.ts';
import { severeViolations } from './support/axe.ts';
import { type ProductOnWire, usd } from './support/catalogue.ts';
import { fillAddress } from './support/addresses.ts';

/**
 * Two products of the demo catalogue with stock to spare, from the oldest (the shop-management tests
 * running beside these may reprice or delete the newest).
 */
async function twoProducts(page: Page): Promise<[ProductOnWire, ProductOnWire]> {
  const products = (await (await page.request.get('/api/products?limit=100')).json()) as ProductOnWire[];
  const [first, second] = products.reverse().filter((product) => product.availQuantity > product.minQuantity + 5);
  return [first!, second!];
}

/** A product's card in the catalogue, found by searching for its name. */
async function catalogueCard(page: Page, product: ProductOnWire) {
  await page.goto(`/products?q=${encodeURIComponent(product.name)}`);
  return page.getByRole('article', { name: product.name, exact: true });
}

const header = (page: Page) => page.getByRole('banner');

test.describe('the cart and its one payment', () => {
  // Each goes through the catalogue, an account, the cart, the checkout and the card form.
  test.setTimeout(120_000);

  test('a visitor fills a cart from a card and a product page, signs up, finds it kept, and pays for it all at once', { tag: '@phone' }, async ({ page }) => {
    const [plane, saw] = await twoProducts(page);

    // A visitor adds one tool from its card and one from its own page: the header counts them, the
    // cart lists them.
    const first = await catalogueCard(page, plane);
    await first.getByRole('button', { name: /^Add to cart\b/ }).click();
    await expect(first.getByText(`Added ${plane.minQuantity} to your cart.`)).toBeVisible();
    await (await catalogueCard(page, saw)).getByRole('heading').getByRole('link', { name: saw.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(saw.name);
    const second = page.getByRole('form', { name: `Add ${saw.name} to cart` });
    // Fewer than the minimum is refused with the purchase page's message.
    await second.getByRole('spinbutton', { name: 'Quantity' }).fill(String(saw.minQuantity - 1));
    await second.getByRole('button', { name: /^Add to cart\b/ }).click();
    await expect(second.getByText(`Please Order At least ${saw.minQuantity}`)).toBeVisible();
    await second.getByRole('spinbutton', { name: 'Quantity' }).fill(String(saw.minQuantity + 1));
    await second.getByRole('button', { name: /^Add to cart\b/ }).click();
    const pieces = plane.minQuantity + saw.minQuantity + 1;
    await expect(header(page).getByRole('link', { name: `Cart, ${pieces} items` })).toBeVisible();

    await header(page).getByRole('link', { name: /^Cart,/ }).click();
    await expect(page).toHaveURL('/cart');
    const lines = page.getByRole('list', { name: 'Lines in your cart' });
    await expect(lines.getByRole('article')).toHaveCount(2);
    const total = plane.minQuantity * plane.price + (saw.minQuantity + 1) * saw.price;
    await expect(page.getByTestId('cart-total')).toHaveText(`${usd(total)} USD`);
    expect(await severeViolations(page)).toEqual([]);

    // Signing up keeps the cart: it joins the new account's, on the server.
    await registerThroughForm(page, 'Carla Cart');
    await expect(header(page).getByRole('link', { name: `Cart, ${pieces} items` })).toBeVisible();
    await header(page).getByRole('link', { name: /^Cart,/ }).click();
    await expect(lines.getByRole('article', { name: plane.name })).toBeVisible();
    await expect(lines.getByRole('article', { name: saw.name })).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText(`${usd(total)} USD`);

    // Checkout: the phone and address once, then one payment for the total.
    await page.getByRole('link', { name: 'Check out' }).click();
    await expect(page).toHaveURL('/checkout');
    const delivery = page.getByRole('form', { name: 'Delivery' });
    await delivery.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(delivery.getByText('Phone is Required')).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
    await delivery.getByLabel('Phone').fill('+1 415 555 0199');
    await fillAddress(delivery, { line1: '4 Tenon Street', city: 'Salem', state: 'Oregon', zip: '97301' });
    await delivery.getByRole('button', { name: 'Continue to payment' }).click();

    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByTestId('checkout-total')).toHaveText(`${usd(total)} USD`);
    const card = page.getByRole('form', { name: 'Card payment' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    expect(await severeViolations(page)).toEqual([]);
    const pay = card.getByRole('button', { name: 'Pay' });
    await expect(pay).toBeEnabled();
    await pay.click();

    // One order number, every line paid; the cart is empty.
    const paid = page.getByRole('status').filter({ hasText: 'Congrats! Your payment is completed.' });
    await expect(paid).toBeVisible();
    const orderNumber = (await paid.getByText(/^J-\d+$/).textContent())!;
    const paidTools = paid.getByRole('list', { name: 'Paid tools' }).getByRole('listitem');
    await expect(paidTools).toHaveCount(2);
    for (const item of await paidTools.all()) await expect(item.getByText('Paid', { exact: true })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

    // My Orders: the two tools, paid, under that one number.
    await paid.getByRole('link', { name: 'Go to My Orders' }).click();
    for (const product of [plane, saw]) {
      const order = page.getByRole('article', { name: `Order for ${product.name}` });
      await expect(order.getByRole('link', { name: `Order ${orderNumber}` })).toBeVisible();
      await expect(order.getByText('Paid', { exact: true })).toBeVisible();
      await expect(order.getByTitle(new RegExp(`^Line [12] of the 2 tools paid together under ${orderNumber}$`))).toBeVisible();
    }
    await expect(page.getByRole('link', { name: `Order ${orderNumber}` })).toHaveCount(2);
  });

  test('a declined card keeps the cart and everything typed, and the empty cart leads back to the catalogue', async ({ page }) => {
    await registerCustomer(page, 'Dora Declined');
    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await page.getByRole('link', { name: 'Browse the tools' }).click();
    await expect(page).toHaveURL('/products');
    expect(await severeViolations(page)).toEqual([]);

    const [plane] = await twoProducts(page);
    const item = await catalogueCard(page, plane);
    await item.getByRole('button', { name: /^Add to cart\b/ }).click();
    await expect(item.getByText(`Added ${plane.minQuantity} to your cart.`)).toBeVisible();

    await page.goto('/checkout');
    const delivery = page.getByRole('form', { name: 'Delivery' });
    await delivery.getByLabel('Phone').fill('+1 415 555 0142');
    await fillAddress(delivery, { line1: '8 Rebate Road', city: 'York', state: 'Pennsylvania', zip: '17401' });
    await delivery.getByRole('button', { name: 'Continue to payment' }).click();
    const card = page.getByRole('form', { name: 'Card payment' });
    await card.getByLabel('Card number').fill('4000 0000 0000 0002');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await expect(card.getByRole('button', { name: 'Pay' })).toBeEnabled();
    await card.getByRole('button', { name: 'Pay' }).click();
    await expect(card.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(card.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');

    // Back to the delivery step: what was typed is there; the cart is as it was.
    await page.getByRole('button', { name: /^Change/ }).click();
    await expect(delivery.getByLabel('Address', { exact: true })).toHaveValue('8 Rebate Road');
    await expect(header(page).getByRole('link', { name: `Cart, ${plane.minQuantity} ${plane.minQuantity === 1 ? 'item' : 'items'}` })).toBeVisible();
  });
});
