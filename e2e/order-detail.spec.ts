import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { newAppPage, test } from './support/test.ts';
import { PDFParse } from 'pdf-parse';
import { e2eAdmin } from '../playwright.config.ts';
import { registerCustomer, signInThroughApi } from './support/accounts.ts';
import { severeViolations } from './support/axe.ts';
import { type ProductOnWire, someProduct, usd } from './support/catalogue.ts';
import { fillAddress } from './support/addresses.ts';
import { pieces } from '../common/plurals.ts';

/** Orders the product and pays for it with the card, as a customer does on the purchase and payment pages. */
async function buyAndPay(page: Page, product: ProductOnWire, cardNumber: string) {
  await page.goto(`/purchase/${product._id}`);
  const order = page.getByRole('form', { name: 'Order form' });
  await order.getByLabel('Phone').fill('+1 415 555 0100');
  await fillAddress(order);
  await order.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Order Placed.');

  await page.goto('/dashboard/myorders');
  await page
    .getByRole('article', { name: `Order for ${product.name}` })
    .first()
    .getByRole('link', { name: /^PAY/ })
    .click();
  const card = page.getByRole('form', { name: 'Card payment' });
  await card.getByLabel('Card number').fill(cardNumber);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
}

test(
  'a customer opens a paid order from My Orders, sees its timeline and card, and gets its receipt as a PDF and on paper',
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    // Signing up, ordering and paying come first.
    test.slow();
    await registerCustomer(page, 'Rhea Receipt');
    const product = await someProduct(page);
    await buyAndPay(page, product, '5555 5555 5555 4444');

    await page.goto('/dashboard/myorders');
    await page
      .getByRole('link', { name: `Details of the order for ${product.name}` })
      .first()
      .click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]+$/);
    // What the order was charged: the tools, and shipping to Portland (Standard, or free from $150 of goods; Oregon has no sales tax).
    const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
    const { order: charged } = (await (await page.request.get(`/api/orders/${orderId}/details`)).json()) as {
      order: { totals: { subtotal: number; shipping: number; total: number }; shippingMethod?: { name: string }; invoiceNumber?: string };
    };
    expect(charged.totals.subtotal).toBeCloseTo(product.price * product.minQuantity, 2);
    expect(charged.totals.total).toBeCloseTo(charged.totals.subtotal + charged.totals.shipping, 2);
    const totalCharged = usd(charged.totals.total);
    const heading = page.getByRole('heading', { level: 1, name: /^Order J-\d+$/ });
    await expect(heading).toBeVisible();
    const orderNumber = (await heading.textContent())!.replace('Order ', '');
    await expect(page.getByText('Paid · to ship')).toBeVisible();

    const item = page.getByRole('region', { name: 'Item' });
    await expect(item).toContainText(product.name);
    await expect(item).toContainText(pieces(product.minQuantity));
    await expect(item).toContainText(usd(product.price));
    await expect(item).toContainText(usd(product.price * product.minQuantity));
    await expect(item).toContainText(`Shipping (${charged.shippingMethod!.name})${charged.totals.shipping === 0 ? 'Free' : usd(charged.totals.shipping)}`);
    await expect(item).toContainText(`Total${totalCharged} USD`);
    const shippingTo = page.getByRole('region', { name: 'Shipping to' });
    await expect(shippingTo).toContainText('12 Bench Lane');
    await expect(shippingTo).toContainText('Portland, OR 97205');
    await expect(shippingTo).toContainText('United States');
    await expect(page.getByRole('region', { name: 'Shipping to' })).toContainText('+1 415 555 0100');
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment).toContainText('Mastercard ending 4444');
    await expect(payment).toContainText(/pi_local_[\w-]+/);
    // The invoice its payment issued, by its number.
    await expect(payment).toContainText(charged.invoiceNumber!);
    const invoiceDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download Invoice ${charged.invoiceNumber}` }).click();
    expect((await invoiceDownload).suggestedFilename()).toBe(`${charged.invoiceNumber}.pdf`);
    const transactionId = (await payment.getByText(/^pi_local_/).textContent())!;

    const timeline = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
    await expect(timeline).toHaveCount(2);
    await expect(timeline.nth(0)).toContainText('Order placed');
    await expect(timeline.nth(1)).toContainText('Paid');
    // Each step with its date and time: the moment it happened, minutes ago (its day is its own, not the
    // test's, should midnight pass between the payment and this line).
    for (const step of [0, 1]) {
      const time = timeline.nth(step).locator('time');
      const happened = new Date((await time.getAttribute('datetime'))!);
      expect(Math.abs(Date.now() - happened.getTime())).toBeLessThan(10 * 60_000);
      const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(happened);
      await expect(time).toContainText(new RegExp(`${day}, \\d{1,2}:\\d{2}\\s?[AP]M`));
    }
    // The customer has no admin actions, and goes back to their own orders.
    await expect(page.getByRole('region', { name: 'Admin actions' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashboard/myorders');

    expect(await severeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('order-detail.png'), fullPage: true });

    // The receipt as a PDF, drawn by the server.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Joinery-receipt-${orderNumber}.pdf`);
    const pdf = new PDFParse({ data: fs.readFileSync(await download.path()) });
    try {
      const { text, total } = await pdf.getText();
      expect(total).toBe(1);
      for (const expected of [
        'Joinery Tool Works',
        'RECEIPT',
        `Order ${orderNumber}`,
        'Rhea Receipt',
        product.name,
        `Total paid ${totalCharged}`,
        `Reference ${transactionId}`,
        'Mastercard ending 4444',
      ]) {
        expect(text).toContain(expected);
      }
      const rendered = await pdf.getScreenshot({ scale: 1.2 });
      fs.writeFileSync(testInfo.outputPath('receipt-pdf-page.png'), rendered.pages[0]!.data);
    } finally {
      await pdf.destroy();
    }

    // Printed from the browser: the receipt alone, without the site's header, menu, footer or buttons.
    await page.emulateMedia({ media: 'print' });
    const receipt = page.getByRole('article', { name: `Receipt for order ${orderNumber}` });
    await expect(receipt).toBeVisible();
    await expect(receipt).toContainText(`Order ${orderNumber}`);
    await expect(receipt).toContainText(`Total paid${totalCharged}`);
    await expect(receipt).toContainText(`Shipping (${charged.shippingMethod!.name})`);
    await expect(receipt).toContainText(`Reference ${transactionId}`);
    await expect(receipt).toContainText('Mastercard ending 4444');
    for (const other of [
      page.getByRole('banner').first(),
      page.getByRole('contentinfo').first(),
      page.getByRole('navigation', { name: 'Dashboard' }),
      page.getByRole('button', { name: 'Print receipt' }),
      heading,
    ]) {
      await expect(other).toBeHidden();
    }
    await page.screenshot({ path: testInfo.outputPath('print-view.png'), fullPage: true });
    // One page: A4 or Letter, as the browser would print it.
    const printed = await page.pdf({ format: 'Letter' });
    const onPaper = new PDFParse({ data: printed });
    try {
      expect((await onPaper.getText()).total).toBe(1);
    } finally {
      await onPaper.destroy();
    }
    await page.emulateMedia({ media: 'screen' });
    await expect(receipt).toBeHidden();

    // The shop's admin opens the same order, ships it, and sees it move on, with the admin actions and the way back to Manage Orders.
    const orderPath = new URL(page.url()).pathname;
    const adminContext = await browser.newContext({ viewport: page.viewportSize(), baseURL: new URL(page.url()).origin });
    try {
      const adminPage = await newAppPage(adminContext);
      await signInThroughApi(adminPage, e2eAdmin);
      const shipped = await adminPage.request.patch(`/api/orders${orderPath.replace('/dashboard/orders', '')}/shipping`, {
        data: { shippingStatus: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      });
      expect(shipped.status()).toBe(200);
      await adminPage.goto(orderPath);
      await expect(adminPage.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
      await expect(adminPage.getByText('Placed', { exact: false }).first()).toContainText('Rhea Receipt');
      const adminTimeline = adminPage.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
      await expect(adminTimeline).toHaveCount(3);
      await expect(adminTimeline.nth(2)).toContainText('Shipped');
      await expect(adminTimeline.nth(2)).toContainText('UPS');
      await expect(adminPage.getByRole('region', { name: 'Admin actions' })).toBeVisible();
      await expect(adminPage.getByRole('link', { name: 'Manage Orders' })).toHaveAttribute('href', '/dashboard/manageorder');
      expect(await severeViolations(adminPage)).toEqual([]);
      await adminPage.screenshot({ path: testInfo.outputPath('order-detail-admin.png'), fullPage: true });
    } finally {
      await adminContext.close();
    }
    await page.reload();
    const shippedStep = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').nth(2);
    await expect(shippedStep).toContainText('Shipped');
    // The customer follows the parcel on the carrier's own page.
    await expect(shippedStep.getByRole('link', { name: /1Z999AA10123456784/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  },
);

test('an order that is not the customer’s, or not there, reads as not found', async ({ page }) => {
  await registerCustomer(page, 'Nora Nobody');
  await page.goto('/dashboard/orders/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to My Orders' })).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
});
