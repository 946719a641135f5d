import { expect, type Page, type TestInfo } from '@playwright/test';
import { newAppPage, test } from './support/test.ts';
import { isPhone, logIn, openAsAdmin, registerCustomer } from './support/accounts.ts';
import { severeViolations } from './support/axe.ts';

/**
 * Staff roles (issue 28): the owner gives a new account the fulfilment role on Make Admin; that person
 * signs in and finds the orders in the dashboard's menu and none of the shop's settings, which open as
 * "Not allowed"; then the owner takes the role away, and the Audit page records each change. At 1280 and 390 px.
 */

/** A screenshot kept with the test's results, named by width. */
async function keep(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

/** What a fulfilment role may not open, with what its refusal says it may not do. */
const closedToFulfilment = [
  { path: '/dashboard/shipping', refusal: 'change the shop’s settings' },
  { path: '/dashboard/admin', refusal: 'choose who is staff' },
  { path: '/dashboard/reports', refusal: 'read the sales figures' },
  { path: '/dashboard/audit', refusal: 'read the audit trail' },
];

test('the owner gives an account the fulfilment role and takes it away again', { tag: '@phone' }, async ({ page, browser, baseURL }, testInfo) => {
  // Two people's pages, two role changes and three accessibility checks: about a minute on two busy cores.
  test.setTimeout(100_000);
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize(), isMobile: isPhone(page), hasTouch: isPhone(page) });
  try {
    const staff = await newAppPage(context);
    const person = await registerCustomer(staff, 'Fern Fulfil');

    // Make Admin gives the owner's role; the owner then narrows it to fulfilment.
    await openAsAdmin(page, '/dashboard/admin');
    const row = page.getByRole('row').filter({ hasText: person.email });
    await expect(row).toContainText('Customer');
    await row.getByRole('button', { name: `Make ${person.email} an admin` }).click();
    await page
      .getByRole('dialog', { name: `Make ${person.name} an admin?` })
      .getByRole('button', { name: 'Make Admin' })
      .click();
    const toast = page.getByRole('status', { name: 'Notifications' });
    const roleForm = row.getByRole('form', { name: `Role of ${person.email}` });
    await expect(roleForm.getByLabel('Role', { exact: true })).toHaveValue('owner');
    await roleForm.getByLabel('Role', { exact: true }).selectOption({ label: 'Fulfilment' });
    await roleForm.getByRole('button', { name: 'Change' }).click();
    const giving = page.getByRole('dialog', { name: `Give ${person.name} the Fulfilment role?` });
    await expect(giving).toContainText('read and change orders, and ship them');
    await giving.getByRole('button', { name: 'Change role' }).click();
    await expect(toast).toContainText(`${person.email} now has the Fulfilment role`);
    await expect(row.getByText('Fulfilment', { exact: true }).first()).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
    await keep(page, testInfo, 'make-admin-fulfilment');

    // The person signs in: the orders and returns are in the menu, no setting is.
    await context.clearCookies();
    await staff.goto('/login');
    await logIn(staff, person.email, person.password);
    await expect(staff).not.toHaveURL(/\/login/);
    await staff.goto('/dashboard');
    const menu = staff.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'Manage Order' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Returns' })).toBeAttached();
    for (const setting of ['Shipping', 'Taxes', 'Make Admin', 'Reports', 'Audit', 'Add Product', 'Manage Products', 'Discount codes', 'Messages']) {
      await expect(menu.getByRole('link', { name: setting, exact: true })).toHaveCount(0);
    }
    await keep(staff, testInfo, 'fulfilment-menu');
    await menu.getByRole('link', { name: 'Manage Order' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible();

    // A setting's address, opened directly, says what the role does not allow; the server refuses its calls too.
    for (const { path, refusal } of closedToFulfilment) {
      await staff.goto(path);
      await expect(staff.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
      await expect(staff.getByText(`Your role (Fulfilment) does not let you ${refusal}.`)).toBeVisible();
    }
    await keep(staff, testInfo, 'fulfilment-not-allowed');
    expect((await staff.request.get('/api/audit-log')).status()).toBe(403);
    expect((await staff.request.get('/api/shipping-zones')).status()).toBe(403);

    // The owner takes the role away: the person is a customer again from their next click.
    await page.goto('/dashboard/admin');
    await roleForm.getByLabel('Role', { exact: true }).selectOption({ label: 'Remove (customer)' });
    await roleForm.getByRole('button', { name: 'Change' }).click();
    await page
      .getByRole('dialog', { name: `Remove ${person.name} from the staff?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(toast).toContainText(`${person.email} is a customer again`);
    await expect(row.getByRole('button', { name: `Make ${person.email} an admin` })).toBeVisible();

    await staff.goto('/dashboard/manageorder');
    await expect(staff.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    await expect(staff.getByText('This page is for the shop’s admins.')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Manage Order' })).toHaveCount(0);

    // The Audit page records both changes, who made them and to whom.
    await page.goto('/dashboard/audit');
    const records = page.getByRole('list', { name: 'Audit records' });
    await expect(records.or(page.getByText('Nothing recorded'))).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
    await keep(page, testInfo, 'audit');
    const filters = page.getByRole('search', { name: 'Filter the audit log' });
    await filters.getByLabel('Kind').selectOption({ label: 'Role changed' });
    await filters.getByRole('button', { name: 'Filter' }).click();
    const changes = records.getByRole('article').filter({ hasText: person.email });
    await expect(changes.first()).toBeVisible();
    // Made an admin (the owner's role), narrowed to fulfilment, removed: at least the last two are separate records.
    expect(await changes.count()).toBeGreaterThanOrEqual(2);
  } finally {
    await context.close();
  }
});
