import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { openAsAdmin, registerCustomer } from './support/accounts.ts';
import { type ProductOnWire, someProduct, usd } from './support/catalogue.ts';
import { fillAddress } from './support/addresses.ts';

async function placeOrder(page: Page, product: ProductOnWire, quantity = product.minQuantity) {
  await page.goto(`/purchase/${product._id}`);
  const form = page.getByRole('form', { name: 'Order form' });
  if (quantity !== product.minQuantity) await form.getByLabel('Quantity').fill(String(quantity));
  await form.getByLabel('Phone').fill('+1 415 555 0100');
  await fillAddress(form);
  await form.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Order Placed. Please Clear Your Payment At My Orders Section to confirm');
}

async function payFor(page: Page, productName: string, cardNumber: string) {
  await page.goto('/dashboard/myorders');
  await page
    .getByRole('article', { name: `Order for ${productName}` })
    .first()
    .getByRole('link', { name: /^PAY/ })
    .click();
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  const pay = form.getByRole('button', { name: 'Pay' });
  await expect(pay).toBeEnabled();
  await pay.click();
}

test.describe('buying a tool', () => {
  test('the purchase page shows the product and accepts only a quantity from the minimum to below the stock', async ({ page }) => {
    await registerCustomer(page, 'Quinn Quantity');
    const product = await someProduct(page);
    await page.goto(`/purchase/${product._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    const form = page.getByRole('form', { name: 'Order form' });
    await expect(form.getByLabel('Product')).toHaveValue(product.name);
    await expect(form.getByLabel('Product')).toHaveAttribute('readonly', '');
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Quinn Quantity');
    await expect(form.getByLabel('Quantity')).toHaveValue(String(product.minQuantity));
    const price = page.getByTestId('order-price');
    await expect(price).toHaveText(usd(product.minQuantity * product.price));

    await form.getByLabel('Quantity').fill(String(product.minQuantity + 2));
    await form.getByRole('button', { name: 'Update quantity' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Your Order Quantity has been updated');
    await expect(price).toHaveText(usd((product.minQuantity + 2) * product.price));

    await form.getByLabel('Quantity').fill(String(product.minQuantity - 1));
    await form.getByRole('button', { name: 'Update quantity' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(`You have to Order At least ${product.minQuantity}`);
    await expect(form.getByText(`Please Order At least ${product.minQuantity}`)).toBeVisible();
    await expect(price).toHaveText(usd(product.minQuantity * product.price));
    await expect(form.getByRole('button', { name: 'Place Order' })).toBeDisabled();

    await form.getByLabel('Quantity').fill(String(product.availQuantity));
    await expect(form.getByRole('button', { name: 'Place Order' })).toBeDisabled();

    // Phone and address are required, and nothing typed is lost.
    await form.getByLabel('Quantity').fill(String(product.minQuantity));
    await form.getByLabel('Phone').fill('+1 415 555 0100');
    await form.getByRole('button', { name: 'Place Order' }).click();
    await expect(form.getByText('Address is Required')).toBeVisible();
    await expect(form.getByLabel('Phone')).toHaveValue('+1 415 555 0100');
  });

  test('an unknown product shows the not-found page', async ({ page }) => {
    await registerCustomer(page);
    await page.goto('/purchase/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('sign up, order, pay with 4242 4242 4242 4242 and see Paid in My Orders; the stock goes down', async ({ page }) => {
    await registerCustomer(page, 'Paula Payer');
    const product = await someProduct(page);
    await placeOrder(page, product);
    await payFor(page, product.name, '4242 4242 4242 4242');
    await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
    await expect(page.getByText(/Transaction id: pi_local_/)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Card payment' }).getByRole('button', { name: 'Pay' })).toBeDisabled();

    await page.goto('/dashboard/myorders');
    const order = page.getByRole('article', { name: `Order for ${product.name}` }).first();
    await expect(order.getByText('Paid', { exact: true })).toBeVisible();
    await expect(order.getByText(/Transaction pi_local_/)).toBeVisible();
    await expect(order.getByRole('link', { name: /^PAY/ })).toHaveCount(0);
    const after = (await (await page.request.get(`/api/products/${product._id}`)).json()) as ProductOnWire;
    expect(after.availQuantity).toBeLessThanOrEqual(product.availQuantity - product.minQuantity);
  });

  test('a declined card shows its error in red and the order stays unpaid', async ({ page }) => {
    await registerCustomer(page, 'Dora Declined');
    const product = await someProduct(page);
    await placeOrder(page, product);
    await payFor(page, product.name, '4000 0000 0000 0002');
    const error = page.getByRole('form', { name: 'Card payment' }).getByRole('alert');
    await expect(error).toHaveText('Your card was declined.');
    await expect(error).toHaveClass(/text-error/);
    // What was typed stays, so another card can be tried.
    await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/34');

    await page.goto('/dashboard/myorders');
    const order = page.getByRole('article', { name: `Order for ${product.name}` }).first();
    await expect(order.getByRole('link', { name: /^PAY/ })).toBeVisible();
  });

  test('an unpaid order is cancelled after a confirmation, and stays listed as Cancelled', async ({ page }) => {
    await registerCustomer(page, 'Cass Canceller');
    const product = await someProduct(page);
    await placeOrder(page, product);
    await page.goto('/dashboard/myorders');
    const order = page.getByRole('article', { name: `Order for ${product.name}` });
    await order.getByRole('button', { name: `Cancel the order for ${product.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(order).toHaveCount(1);
    await order.getByRole('button', { name: `Cancel the order for ${product.name}` }).click();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(order.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(order.getByRole('link', { name: /^PAY/ })).toHaveCount(0);
    await expect(order.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  });

  test('the admin sees a paid order as Pending, marks it Shipped, and the customer sees Shipped', async ({ page, browser, baseURL }) => {
    const customer = await registerCustomer(page, 'Sam Shipped');
    const product = await someProduct(page);
    await placeOrder(page, product);
    await payFor(page, product.name, '4242424242424242');
    await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

    const admin = await browser.newPage({ baseURL, viewport: page.viewportSize() });
    await openAsAdmin(admin, '/dashboard/manageorder');
    const row = admin.getByRole('row').filter({ hasText: customer.email });
    await expect(row.getByText('Pending')).toBeVisible();
    await row.getByRole('button', { name: `Mark the order for ${product.name} by ${customer.email} Shipped` }).click();
    // Shipping asks for the carrier first.
    const dialog = admin.getByRole('dialog', { name: /^Ship order J-\d+$/ });
    await dialog.getByLabel('Carrier', { exact: true }).selectOption('USPS');
    await dialog.getByRole('button', { name: 'Mark Shipped' }).click();
    await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
    await admin.close();

    await page.goto('/dashboard/myorders');
    await expect(page.getByRole('article', { name: `Order for ${product.name}` }).getByText('Shipped', { exact: true })).toBeVisible();
  });
});
