import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { openAsAdmin, registerCustomer } from './support/accounts.ts';
import { someProduct } from './support/catalogue.ts';
import { fillAddress } from './support/addresses.ts';

test.describe('the address book', () => {
  test.setTimeout(90_000);

  test('a customer keeps addresses in My Profile, and Buy Now delivers to the default, laid out as a label for the admin', { tag: '@phone' }, async ({ page, browser }) => {
    const customer = await registerCustomer(page, 'Nora Sawyer');
    await page.goto('/dashboard');
    const book = page.getByRole('region', { name: 'Addresses' });
    await expect(book.getByText('No saved addresses yet.')).toBeVisible();

    // A first address, with a ZIP code of the wrong shape first: the message is on the field, nothing typed is lost.
    await book.getByRole('button', { name: 'Add an address' }).click();
    const form = book.getByRole('form', { name: 'New address' });
    await expect(form.getByLabel('Full name')).toHaveValue('Nora Sawyer');
    await fillAddress(form, { line1: '40 Lathe Street', city: 'Portland', state: 'Oregon', zip: '9720' });
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(form.getByText('Enter a ZIP code of 5 digits, or ZIP+4 (94103 or 94103-1234)')).toBeVisible();
    await expect(form.getByLabel('Address', { exact: true })).toHaveValue('40 Lathe Street');
    await form.getByLabel('ZIP code').fill('97205');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Address saved');
    const saved = book.getByRole('listitem');
    await expect(saved).toHaveCount(1);
    await expect(saved.first()).toContainText('Default');
    await expect(saved.first()).toContainText('Portland, OR 97205');

    // A second, in Canada: the fields follow the country.
    await book.getByRole('button', { name: 'Add an address' }).click();
    const second = book.getByRole('form', { name: 'New address' });
    await second.getByLabel('Country').selectOption({ label: 'Canada' });
    await second.getByLabel('Address', { exact: true }).fill('3 Yew Lane');
    await second.getByLabel('City').fill('Halifax');
    await second.getByLabel('Province').selectOption({ label: 'Nova Scotia' });
    await second.getByLabel('Postal code').fill('B3H 1A1');
    await second.getByRole('button', { name: 'Save address' }).click();
    await expect(saved).toHaveCount(2);
    await book.getByRole('button', { name: 'Make 3 Yew Lane the default' }).click();
    await expect(saved.first()).toContainText('Halifax, NS B3H 1A1');
    await expect(saved.first()).toContainText('Default');

    // Buy Now offers the book, the default chosen: only the phone is left to type.
    const product = await someProduct(page);
    await page.goto(`/purchase/${product._id}`);
    const order = page.getByRole('form', { name: 'Order form' });
    await expect(order.getByRole('radio', { name: /Nora Sawyer.*3 Yew Lane/ })).toBeChecked();
    await expect(order.getByText('Halifax, NS B3H 1A1', { exact: true })).toBeVisible();
    await order.getByLabel('Phone').fill('+1 902 555 0144');
    await order.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Order Placed.');

    // The admin sees the parcel's label, ready to copy.
    const admin = await browser.newPage({ baseURL: test.info().project.use.baseURL, viewport: page.viewportSize() });
    const placed = (await (await page.request.get(`/api/orders/${encodeURIComponent(customer.email)}`)).json()) as { _id: string }[];
    await openAsAdmin(admin, `/dashboard/orders/${placed[0]!._id}`);
    const shipping = admin.getByRole('region', { name: 'Shipping to' });
    for (const line of ['Nora Sawyer', '3 Yew Lane', 'Halifax, NS B3H 1A1', 'Canada']) await expect(shipping).toContainText(line);
    await expect(shipping.getByRole('button', { name: 'Copy label' })).toBeVisible();
    await admin.close();
  });
});
