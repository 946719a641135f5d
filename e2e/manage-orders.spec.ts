import { type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { newAppPage, test } from './support/test.ts';
import { isPhone, openAsAdmin, registerCustomer } from './support/accounts.ts';
import { severeViolations } from './support/axe.ts';
import { type OrderOnWire, placePaidOrder, someProduct } from './support/catalogue.ts';

async function adminOnManageOrders(browser: Browser, page: Page, baseURL: string | undefined): Promise<Page> {
  // A context of its own (axe needs one made by newContext), at the customer's screen size.
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize(), isMobile: isPhone(page), hasTouch: isPhone(page) });
  const admin = await newAppPage(context);
  await openAsAdmin(admin, '/dashboard/manageorder');
  await expect(admin.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible();
  return admin;
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

async function chooseStage(page: Page, label: string) {
  if (isPhone(page)) await page.getByRole('combobox', { name: 'Show orders' }).selectOption({ label });
  else await page.getByRole('group', { name: 'Show orders' }).getByRole('button', { name: label, exact: true }).click();
}

test.describe('Manage Orders', () => {
  test(
    'the admin finds a paid order by its number, ships it with a carrier and tracking number, then marks it delivered; the customer sees the tracking',
    { tag: '@phone' },
    async ({ page, browser, baseURL }, testInfo) => {
      test.setTimeout(60_000);
      const customer = await registerCustomer(page, 'Tess Tracking');
      const { order, product } = await placePaidOrder(page, '7 Mortise Mews, Bath BA1 1AA', '+44 20 7946 0958');

      const admin = await adminOnManageOrders(browser, page, baseURL);
      await admin.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber);
      await expect(admin).toHaveURL(new RegExp(`q=${order.orderNumber}`));
      const rows = admin.getByRole('row').filter({ hasText: customer.email });
      await expect(rows).toHaveCount(1);
      const row = rows.first();
      await expect(row.getByRole('link', { name: `Order ${order.orderNumber}` })).toHaveAttribute('href', `/dashboard/orders/${order._id}`);
      await expect(row).toContainText('7 Mortise Mews, Bath BA1 1AA');
      await expect(row).toContainText('+44 20 7946 0958');
      await expect(row).toContainText('Pending');
      expect(await severeViolations(admin)).toEqual([]);
      await screenshot(admin, testInfo, 'manage-orders');

      // Mark Shipped asks for the carrier (and takes a tracking number), and sends only once it has one.
      await row.getByRole('button', { name: `Mark the order for ${product.name} by ${customer.email} Shipped` }).click();
      const dialog = admin.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
      await expect(dialog).toContainText('7 Mortise Mews, Bath BA1 1AA');
      await dialog.getByRole('button', { name: 'Mark Shipped' }).click();
      await expect(dialog.getByText('Carrier is Required')).toBeVisible();
      await dialog.getByLabel('Carrier', { exact: true }).selectOption('UPS');
      await dialog.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
      expect(await severeViolations(admin)).toEqual([]);
      await screenshot(admin, testInfo, 'ship-dialog');
      await dialog.getByRole('button', { name: 'Mark Shipped' }).click();
      await expect(dialog).toBeHidden();
      await expect(admin.getByRole('status', { name: 'Notifications' })).toContainText(`Order ${order.orderNumber} for Tess Tracking is shipped.`);
      await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
      await expect(row.getByRole('link', { name: /Track 1Z999AA10123456784 with UPS/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');

      // Mark Delivered asks first; Keep it changes nothing.
      const deliver = row.getByRole('button', { name: `Mark the order for ${product.name} by ${customer.email} Delivered` });
      await deliver.click();
      const confirm = admin.getByRole('dialog', { name: `Mark order ${order.orderNumber} delivered?` });
      await confirm.getByRole('button', { name: 'Keep it' }).click();
      await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
      await deliver.click();
      await confirm.getByRole('button', { name: 'Mark Delivered' }).click();
      await expect(row.getByText('Delivered', { exact: true })).toBeVisible();
      await expect(row.getByRole('button')).toHaveCount(0);

      // The view is in the address: a reload keeps the search.
      await admin.reload();
      await expect(admin.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(order.orderNumber);
      await expect(admin.getByRole('row').filter({ hasText: customer.email })).toHaveCount(1);
      await admin.context().close();

      await page.goto('/dashboard/myorders');
      const mine = page.getByRole('article', { name: `Order for ${product.name}` });
      await expect(mine.getByText('Delivered', { exact: true })).toBeVisible();
      await expect(mine.getByRole('link', { name: `Order ${order.orderNumber}` })).toHaveAttribute('href', `/dashboard/orders/${order._id}`);
      await expect(mine).toContainText('UPS');
      await expect(mine.getByRole('link', { name: /Track 1Z999AA10123456784 with UPS/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
      await screenshot(page, testInfo, 'my-orders');
    },
  );

  test("the admin filters by status and searches by e-mail, Back returns to the last view, an empty result can be cleared, and a cancel names the customer's order", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(60_000);
    const customer = await registerCustomer(page, 'Una Unpaid');
    const { order: paid } = await placePaidOrder(page, '3 Dovetail Row, York', '+1 415 555 0100');
    // A tool sold one way: an order of a tool with options names the variant chosen.
    const product = await someProduct(page);
    const unpaid = (await (
      await page.request.post('/api/orders', {
        data: { productId: product._id, quantity: product.minQuantity, phone: '+1 415 555 0100', adress: '3 Dovetail Row, York' },
      })
    ).json()) as OrderOnWire;

    const admin = await adminOnManageOrders(browser, page, baseURL);
    const search = admin.getByRole('searchbox', { name: 'Search orders' });
    await search.fill(customer.email.split('@')[0]!);
    await expect(admin).toHaveURL(/q=una/);
    const rows = admin.getByRole('row').filter({ hasText: customer.email });
    await expect(rows).toHaveCount(2);

    await chooseStage(admin, 'Not paid');
    await expect(admin).toHaveURL(/stage=unpaid/);
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole('link', { name: `Order ${unpaid.orderNumber}` })).toBeVisible();

    await chooseStage(admin, 'To ship');
    await expect(admin).toHaveURL(/stage=to-ship/);
    await expect(rows.getByRole('link', { name: `Order ${paid.orderNumber}` })).toBeVisible();
    await expect(rows).toHaveCount(1);

    // Back is the previous filter, search kept.
    await admin.goBack();
    await expect(admin).toHaveURL(/stage=unpaid/);
    await expect(search).toHaveValue(customer.email.split('@')[0]!);
    await expect(rows.getByRole('link', { name: `Order ${unpaid.orderNumber}` })).toBeVisible();

    // Nothing delivered yet for this customer.
    await chooseStage(admin, 'Delivered');
    await expect(admin.getByText('No orders match')).toBeVisible();
    expect(await severeViolations(admin)).toEqual([]);
    await screenshot(admin, testInfo, 'manage-orders-empty');
    await admin.getByRole('button', { name: 'Clear filters' }).click();
    await expect(admin).toHaveURL(/\/dashboard\/manageorder$/);
    await expect(search).toHaveValue('');

    // An admin's cancel: the toast says whose order it was.
    await search.fill(unpaid.orderNumber);
    const row = admin.getByRole('row').filter({ hasText: customer.email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^Cancel the order/ }).click();
    await admin.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Cancel order' }).click();
    await expect(admin.getByRole('status', { name: 'Notifications' })).toContainText(`Cancelled Una Unpaid's order ${unpaid.orderNumber}`);
    await admin.context().close();
  });
});
