import { expect, type Page } from '@playwright/test';
import { e2eAdmin } from '../playwright.config.ts';
import { fillAddress } from './support/addresses.ts';
import { uniqueEmail } from './support/accounts.ts';
import { severeViolations } from './support/axe.ts';
import { type ProductOnWire, soldOneWayInStock, usd } from './support/catalogue.ts';
import { lastMailTo, linkIn } from './support/mail-outbox.ts';
import { newAppPage, test } from './support/test.ts';

/**
 * Issue 26, as a visitor meets it: the cart prices shipping to the state chosen, a discount code and
 * the tax there; the checkout takes an e-mail address instead of an account; the order is paid on its
 * own page, and the link in its e-mail opens it again, anywhere.
 */
const california = { line1: '1 Redwood Way', city: 'Arcata', state: 'California', zip: '95521' };

/** A light tool of the demo catalogue whose minimum order comes to less than $100, so that Standard shipping is charged. */
async function lightTool(page: Page): Promise<ProductOnWire> {
  const products = (await (await page.request.get('/api/products?limit=100')).json()) as (ProductOnWire & { weightGrams: number })[];
  const tool = products.find((product) => product.price * product.minQuantity < 100 && product.weightGrams * product.minQuantity <= 2000 && soldOneWayInStock(product));
  if (!tool) throw new Error('no light, cheap tool in the demo catalogue');
  return tool;
}

/** The admin makes a 10 % code, through the dashboard's own call, in a browser context of their own. */
async function tenPercentCode(page: Page): Promise<string> {
  const code = `TEN${Date.now().toString(36).toUpperCase()}`;
  const admin = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const origin = test.info().project.use.baseURL ?? '';
    expect((await admin.request.post('/api/auth/sign-in/email', { data: e2eAdmin, headers: { origin } })).status()).toBe(200);
    const made = await admin.request.post('/api/discount-codes', { data: { code, kind: 'percent', value: 10 }, headers: { origin } });
    expect(made.status(), await made.text()).toBe(201);
  } finally {
    await admin.close();
  }
  return code;
}

const cents = (dollars: number) => Math.round(dollars * 100);

test.describe('a guest’s checkout', () => {
  test.setTimeout(120_000);

  test(
    'a visitor fills a cart, chooses California, sees Standard and Express with prices, applies a 10 % code, sees tax, pays as a guest, and the e-mail’s link opens the order',
    { tag: '@phone' },
    async ({ page, browser }) => {
      const tool = await lightTool(page);
      const code = await tenPercentCode(page);
      const email = uniqueEmail('guest');

      // The tool, from its card in the catalogue.
      await page.goto(`/products?q=${encodeURIComponent(tool.name)}`);
      const card = page.getByRole('article', { name: tool.name, exact: true });
      await card.getByRole('button', { name: /^Add to cart\b/ }).click();
      await expect(card.getByText(`Added ${tool.minQuantity} to your cart.`)).toBeVisible();
      await page.goto('/cart');

      // Where it would go: California. Standard and Express, with their prices, Standard chosen.
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      await summary.getByRole('combobox', { name: 'State' }).selectOption({ label: 'California' });
      const shipping = summary.getByRole('group', { name: 'Shipping' });
      await expect(shipping.getByRole('radio', { name: /^Standard/ })).toBeChecked();
      await expect(shipping.getByText('$8.50')).toBeVisible();
      await expect(shipping.getByText('$29.00')).toBeVisible();
      await expect(shipping.getByRole('radio', { name: /^Collect from the workshop/ })).toBeVisible();

      // The code, then the tax in California: 7.25 % of the tool after its 10 % off.
      const subtotal = cents(tool.price * tool.minQuantity);
      const discount = Math.floor((subtotal * 10 + 50) / 100);
      const tax = Math.floor(((subtotal - discount) * 725 + 5000) / 10_000);
      await summary.getByLabel('Discount code', { exact: true }).fill(code.toLowerCase());
      await summary.getByRole('button', { name: 'Apply' }).click();
      await expect(summary.getByText(`${code} applied: ${usd(discount / 100)} off`)).toBeVisible();
      await expect(summary.getByTestId('quote-discount')).toHaveText(`-${usd(discount / 100)}`);
      await expect(summary.getByTestId('quote-tax')).toHaveText(usd(tax / 100));
      await expect(summary.getByTestId('quote-total')).toHaveText(`${usd((subtotal - discount + 850 + tax) / 100)} USD`);
      await expect(page.getByRole('list', { name: 'Lines in your cart' }).getByText(`-${usd(discount / 100)} with ${code}`)).toBeVisible();
      expect(await severeViolations(page)).toEqual([]);

      // Checkout as a guest: an e-mail address instead of an account.
      await summary.getByRole('link', { name: 'Check out' }).click();
      await expect(page).toHaveURL('/checkout');
      const delivery = page.getByRole('form', { name: 'Delivery' });
      await delivery.getByLabel('Email').fill(email);
      await delivery.getByLabel('Phone').fill('+1 707 555 0123');
      await delivery.getByLabel('Full name').fill('Gwen Guest');
      await fillAddress(delivery, california);
      const orderSummary = page.getByRole('region', { name: 'Order summary' });
      await expect(orderSummary.getByTestId('quote-shipping')).toHaveText('$8.50');
      await expect(orderSummary.getByTestId('quote-tax')).toHaveText(usd(tax / 100));
      const total = usd((subtotal - discount + 850 + tax) / 100);
      await expect(orderSummary.getByTestId('quote-total')).toHaveText(`${total} USD`);
      await delivery.getByRole('button', { name: 'Continue to payment' }).click();

      // The order's own page, opened by its key: paid there by card.
      await expect(page).toHaveURL(/\/orders\/[\w-]+$/);
      const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
      const cardForm = page.getByRole('form', { name: 'Card payment' });
      await cardForm.getByLabel('Card number').fill('4242 4242 4242 4242');
      await cardForm.getByLabel('Expiry (MM/YY)').fill('12/34');
      await cardForm.getByLabel('CVC').fill('123');
      await expect(cardForm.getByRole('button', { name: 'Pay' })).toBeEnabled();
      await cardForm.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

      // The receipt's link opens the order anywhere: a browser that never saw this checkout.
      const receipt = await lastMailTo(email, await receiptSubject(page, orderId));
      expect(receipt.text).toContain(`Discount (${code}): -${usd(discount / 100)}`);
      expect(receipt.text).toContain(`Tax 7.25%: ${usd(tax / 100)}`);
      const link = linkIn(receipt.text, `/orders/${orderId}`);
      const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: page.viewportSize() ?? undefined });
      try {
        const fresh = await newAppPage(elsewhere);
        await fresh.goto(link);
        await expect(fresh.getByRole('heading', { level: 1, name: /^Order J-\d+/ })).toBeVisible();
        await expect(fresh.getByText(total).first()).toBeVisible();
        await expect(fresh.getByRole('button', { name: /Invoice INV-\d{4}-\d{6}/ })).toBeVisible();
        // The key leaves the address bar once the page holds it.
        await expect.poll(() => new URL(fresh.url()).search).toBe('');
      } finally {
        await elsewhere.close();
      }
    },
  );
});

/** The receipt's subject for the order, its number read through the API as the page's guest. */
async function receiptSubject(page: Page, orderId: string): Promise<string> {
  const number = await page.evaluate(async (id) => {
    const key = sessionStorage.getItem(`joinery.order-key.${id}`) ?? '';
    const res = await fetch(`/api/duepaymentOrder/${id}`, { headers: { 'x-order-key': key } });
    return ((await res.json()) as { orderNumber: string }).orderNumber;
  }, orderId);
  return `Receipt for your Joinery order ${number}`;
}
