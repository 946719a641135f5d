import { expect, type Page, type TestInfo } from '@playwright/test';
import { newAppPage, test } from './support/test.ts';
import { isPhone, openAsAdmin, registerCustomer } from './support/accounts.ts';
import { severeViolations } from './support/axe.ts';
import { expectMail } from './support/mail-outbox.ts';
import { addToolInWidths, deleteTool, deliver, placePaidOrderOf } from './support/paid-orders.ts';

/**
 * Returns and exchanges (issue 28): a customer sends back the one line of a delivered order, and the
 * admin approves the return, marks it received and exchanges it for another width of the same tool.
 * The tool is the spec's own, deleted again, so that the demo catalogue's stock is untouched. At 1280
 * and 390 px.
 */

/** A screenshot kept with the test's results, named by width. */
async function keep(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

test('a customer returns a delivered line; the admin approves, receives and exchanges it for another width', { tag: '@phone' }, async ({ page, browser, baseURL }, testInfo) => {
  // Two people's pages, four decisions and two accessibility checks: some 90 s on two busy cores.
  test.setTimeout(150_000);
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize(), isMobile: isPhone(page), hasTouch: isPhone(page) });
  const admin = await newAppPage(context);
  await openAsAdmin(admin, '/dashboard/returns');
  const name = `Return Test Chisel ${Date.now().toString(36)}`;
  const tool = await addToolInWidths(admin, name, ['10 mm', '12 mm'], 42);
  try {
    const [tenMm, twelveMm] = tool.variants;
    const customer = await registerCustomer(page, 'Rhys Return');
    const order = await placePaidOrderOf(page, tool._id, tenMm!._id, 1);
    await deliver(admin, order._id);

    // The customer asks to send the 10 mm back: the dialog starts at no piece, and asks for a reason.
    await page.goto(`/dashboard/orders/${order._id}`);
    const returnsCard = page.getByRole('region', { name: 'Returns' });
    await returnsCard.getByRole('button', { name: 'Return items' }).click();
    const dialog = page.getByRole('dialog', { name: `Return items of order ${order.orderNumber}` });
    const form = dialog.getByRole('form', { name: 'Return items' });
    const pieces = form.getByRole('spinbutton', { name: `${name} (Width 10 mm), pieces to send back` });
    await expect(pieces).toHaveValue('0');
    await form.getByRole('button', { name: 'Ask to return' }).click();
    await expect(form.getByText('Choose at least one piece to send back')).toBeVisible();
    await expect(form.getByText('Choose why you are sending them back')).toBeVisible();
    await pieces.fill('1');
    await expect(form.getByText('Choose at least one piece to send back')).toBeHidden();
    await form.getByLabel('Reason').selectOption({ label: 'Wrong size or variant' });
    await form.getByLabel('Note (optional)').fill('Too narrow for my mortises: 12 mm, please.');
    expect(await severeViolations(page)).toEqual([]);
    await keep(page, testInfo, 'return-dialog');
    await form.getByRole('button', { name: 'Ask to return' }).click();
    await expect(dialog).toBeHidden();
    const returnNumber = `${order.orderNumber}-R1`;
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(`Return ${returnNumber} requested.`);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText(`Return ${returnNumber} requested`);
    await expect(timeline).toContainText('Wrong size or variant');
    await expect(returnsCard).toContainText('Waiting for the shop');
    await expectMail(customer.email, `We have your return request ${returnNumber} for order ${order.orderNumber}`);

    // The admin finds it among the returns waiting, and decides it on the order's page.
    await admin.reload();
    const waiting = admin
      .getByRole('list', { name: 'Returns' })
      .getByRole('listitem')
      .filter({ hasText: `Return ${returnNumber}` });
    await expect(waiting).toContainText('Too narrow for my mortises: 12 mm, please.');
    await keep(admin, testInfo, 'manage-returns');
    await waiting.getByRole('link', { name: `Order ${order.orderNumber}` }).click();
    await expect(admin.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
    const panel = admin.getByRole('region', { name: 'Returns' });
    await panel.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByRole('status', { name: 'Notifications' })).toContainText(`Return ${returnNumber} approved; the instructions are mailed.`);
    await expect(panel).toContainText('Approved: send the parcel');

    await page.reload();
    await expect(timeline).toContainText(`Return ${returnNumber} approved`);
    await expect(returnsCard).toContainText('Send the parcel as the e-mail of the approval says');

    // The parcel arrives: exchanged for the 12 mm, at the same price, as a new order at no charge.
    await panel.getByRole('button', { name: 'Mark received…' }).click();
    const receive = panel.getByRole('form', { name: `Receive return ${returnNumber}` });
    await receive.getByRole('radio', { name: 'Exchange for another variant' }).check();
    const variant = receive.getByLabel('Variant to send');
    await expect(variant.locator('option', { hasText: 'Width 12 mm' })).toHaveCount(1);
    await variant.selectOption(twelveMm!._id);
    expect(await severeViolations(admin)).toEqual([]);
    await keep(admin, testInfo, 'admin-returns-panel');
    await receive.getByRole('button', { name: 'Receive and exchange' }).click();
    const toast = admin.getByRole('status', { name: 'Notifications' });
    await expect(toast).toContainText(new RegExp(`Return ${returnNumber} received: order (J-\\d+) sends`));
    const exchangeNumber = (await toast.textContent())!.match(/order (J-\d+) sends/)![1]!;
    await expect(panel).toContainText(`order ${exchangeNumber}`);
    await keep(admin, testInfo, 'admin-return-exchanged');

    // The customer sees the step, and the exchange's order, in the timeline and under Returns.
    await page.reload();
    await expect(timeline).toContainText(`Return ${returnNumber} received`);
    await expect(timeline).toContainText(`Exchanged as order ${exchangeNumber}`);
    await expect(returnsCard).toContainText('Received');
    await expect(returnsCard.getByRole('link', { name: `order ${exchangeNumber}` })).toBeVisible();
    await keep(page, testInfo, 'customer-return-exchanged');

    // The exchange is an order like any other, waiting to be shipped on Manage Orders.
    await admin.goto(`/dashboard/manageorder?q=${exchangeNumber}`);
    await expect(admin.getByRole('row').filter({ has: admin.getByRole('link', { name: `Order ${exchangeNumber}` }) })).toHaveCount(1);
    await keep(admin, testInfo, 'manage-orders-exchange');
  } finally {
    await deleteTool(admin, tool);
    await context.close();
  }
});
