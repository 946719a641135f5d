import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { logIn, openAsAdmin, registerCustomer, uniqueEmail } from './support/accounts.ts';
import { fillAddress } from './support/addresses.ts';
import { type ProductOnWire, someProduct, usd } from './support/catalogue.ts';
import { newAppPage, test } from './support/test.ts';

/**
 * Issue 29, "Carts that come back" (ADR 045), as a customer meets it: a cart left untouched brings an
 * e-mail listing it, whose link restores it (the browser tests' server waits 7.2 s, CART_REMINDER_HOURS
 * 0.002, and sweeps every minute); a guest asks for it with the checkout's tick box; the owner sees the carts that came back.
 */
const firstReminder = 'Your Joinery cart is waiting';

interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  file: string;
}

const outboxDir = () => path.join(process.env.E2E_DATA_DIR ?? '', 'mail-outbox');

function remindersTo(email: string): OutboxEntry[] {
  const index = path.join(outboxDir(), 'index.jsonl');
  if (!fs.existsSync(index)) return [];
  return fs
    .readFileSync(index, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as OutboxEntry)
    .filter((mail) => mail.to === email.toLowerCase() && mail.subject === firstReminder);
}

/** The first reminder to `email`, once the sweep has sent it (the wait, a sweep's period, the mail job). */
async function reminderTo(email: string): Promise<OutboxEntry> {
  await expect.poll(() => remindersTo(email).length, { timeout: 90_000, message: `"${firstReminder}" to ${email}` }).toBeGreaterThan(0);
  return remindersTo(email)[0]!;
}

/** The HTML part of a message as the outbox wrote it (.eml, quoted-printable or base64). */
function htmlOf(mail: OutboxEntry): string {
  const eml = fs.readFileSync(path.join(outboxDir(), mail.file), 'utf8');
  const part = eml.split(/\n--[^\n]+\n/).find((chunk) => /^Content-Type: text\/html/im.test(chunk)) ?? '';
  const [head = '', ...body] = part.split('\n\n');
  const content = body.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(content, 'base64').toString('utf8');
  const bytes = content.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Looks at the e-mail as a mail program at this width shows it. */
async function screenshotMail(page: Page, mail: OutboxEntry, testInfo: TestInfo, name: string) {
  const viewer = await newAppPage(page.context());
  try {
    await viewer.setContent(htmlOf(mail));
    await viewer.screenshot({ path: testInfo.outputPath(`${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
  } finally {
    await viewer.close();
  }
}

/** The reminder's "Back to my cart" address. */
function restoreLinkIn(mail: OutboxEntry): string {
  const link = /https?:\/\/\S+\/cart\/restore\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no restore link in:\n${mail.text}`);
  return link;
}

const width = (page: Page) => page.viewportSize()?.width ?? 0;
const origin = () => test.info().project.use.baseURL ?? '';

/** A fresh browser at the page's width, that has never seen the shop. */
async function elsewhere(page: Page) {
  return page
    .context()
    .browser()!
    .newContext({ baseURL: origin(), viewport: page.viewportSize() ?? undefined, isMobile: width(page) < 768, hasTouch: width(page) < 768 });
}

test.describe('carts that come back', () => {
  test.setTimeout(180_000);

  test('a customer’s untouched cart is e-mailed to them, and the e-mail’s link finds the cart after they sign in', { tag: '@phone' }, async ({ page }, testInfo) => {
    const customer = await registerCustomer(page, 'Rita Reminded');
    const tool: ProductOnWire = await someProduct(page);
    const added = await page.request.post('/api/cart/items', { data: { productId: tool._id, quantity: tool.minQuantity }, headers: { origin: origin() } });
    expect(added.status(), await added.text()).toBe(200);

    const mail = await reminderTo(customer.email);
    expect(mail.text).toContain(`${tool.name}: ${tool.minQuantity} × ${usd(tool.price)}`);
    await screenshotMail(page, mail, testInfo, 'cart-reminder-mail');

    // Followed in a browser that is not signed in: the sign-in page first, then the cart.
    const restoreLink = restoreLinkIn(mail);
    const other = await elsewhere(page);
    try {
      const away = await newAppPage(other);
      await away.goto(restoreLink);
      await expect(away).toHaveURL(/\/login\?returnTo=%2Fcart$/);
      await logIn(away, customer.email, customer.password);
      await expect(away).toHaveURL('/cart');
      const lines = away.getByRole('list', { name: 'Lines in your cart' });
      await expect(lines.getByText(tool.name, { exact: true })).toBeVisible();
      await away.screenshot({ path: testInfo.outputPath(`cart-restored-customer-${width(page)}.png`), fullPage: true });
    } finally {
      await other.close();
    }
  });

  test('a guest ticks “E-mail me my cart”, leaves, and the reminder’s link puts the cart back in a new browser', { tag: '@phone' }, async ({ page }, testInfo) => {
    const tool = await someProduct(page);
    const email = uniqueEmail('cartguest');
    await page.goto('/');
    await page.evaluate((line) => localStorage.setItem('joinery.cart', JSON.stringify([line])), { productId: tool._id, variantId: tool._id, quantity: tool.minQuantity });
    await page.goto('/checkout');

    const delivery = page.getByRole('form', { name: 'Delivery' });
    await delivery.getByLabel('Email').fill(email);
    const consent = delivery.getByRole('checkbox', { name: /E-mail me my cart if I don’t finish/ });
    await expect(consent).not.toBeChecked();
    await consent.check();
    await delivery.getByLabel('Phone').fill('+1 503 555 0199');
    await delivery.getByLabel('Full name').fill('Gus Guest');
    await fillAddress(delivery);
    await consent.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`checkout-tick-box-${width(page)}.png`), fullPage: false });
    await delivery.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/orders\/[\w-]+$/);

    const mail = await reminderTo(email);
    expect(mail.text).toContain(`${tool.name}: ${tool.minQuantity} × ${usd(tool.price)}`);
    const restoreLink = restoreLinkIn(mail);
    const other = await elsewhere(page);
    try {
      const away = await newAppPage(other);
      await away.goto(restoreLink);
      await expect(away).toHaveURL('/cart');
      const lines = away.getByRole('list', { name: 'Lines in your cart' });
      await expect(lines.getByText(tool.name, { exact: true })).toBeVisible();
      await away.screenshot({ path: testInfo.outputPath(`cart-restored-guest-${width(page)}.png`), fullPage: true });
    } finally {
      await other.close();
    }

    // The guest comes back to the order they left and pays: their cart came back.
    const card = page.getByRole('form', { name: 'Card payment' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

    await openAsAdmin(page, '/dashboard/reports');
    const section = page.getByRole('region', { name: 'Carts that came back' });
    // The guest's cart, bought after its reminder, is among those that came back.
    await expect
      .poll(async () => Number((await section.getByText('Bought after a reminder').locator('xpath=following-sibling::dd/span[1]').textContent()) ?? 0))
      .toBeGreaterThan(0);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: testInfo.outputPath(`report-carts-${width(page)}.png`) });
  });
});
