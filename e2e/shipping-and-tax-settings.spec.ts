import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { CartQuote } from '../common/schemas/cart.ts';
import type { ShippingZone } from '../common/schemas/shipping-zones.ts';
import type { TaxSettings } from '../common/schemas/tax-settings.ts';
import { isPhone, openAsAdmin } from './support/accounts.ts';
import { severeViolations } from './support/axe.ts';
import { test } from './support/test.ts';

const notifications = (page: Page) => page.getByRole('status', { name: 'Notifications' });
const pageWiderThanScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/**
 * Runs `work` while no other test changes the shop's tables of charges. Saving replaces a whole table,
 * so the runs at both widths, in two workers at once, would otherwise save over each other's changes;
 * a folder made in the server's data folder (mkdir fails when it exists) is the lock they share.
 */
async function withChargesLocked(work: () => Promise<void>) {
  const folder = process.env.E2E_DATA_DIR ?? os.tmpdir();
  fs.mkdirSync(folder, { recursive: true });
  const lock = path.join(folder, 'charges-settings.lock');
  const deadline = Date.now() + 100_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** A call made by the page itself, as its own scripts make them (with the shop's origin and the admin's session). */
async function callFromPage<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    { method, url, body },
  );
}

test('the admin sets up zones, rates and taxes from the dashboard', { tag: '@phone' }, async ({ page }) => {
  test.slow(); // three pages, each saved and read again, and the other width's run may hold the tables first
  // A country no other test delivers to, one for each width: the demo shop's zones have neither.
  const place = isPhone(page)
    ? { country: 'NZ', name: 'New Zealand', region: 'NZ-AUK', regionName: 'Auckland', otherRegion: 'NZ-CAN' }
    : { country: 'AU', name: 'Australia', region: 'AU-NSW', regionName: 'New South Wales', otherRegion: 'AU-VIC' };
  const zoneName = `${place.name} (test)`;
  const code = `E2E${place.country}${Date.now().toString(36).toUpperCase()}`;
  const menu = page.getByRole('navigation', { name: 'Dashboard' });

  // A discount code, 10 % off: codes are the admin's own list, which no other test reads whole.
  await openAsAdmin(page, '/dashboard/discounts');
  const codeForm = page.getByRole('form', { name: 'New discount code' });
  await codeForm.getByLabel('Code').fill(code.toLowerCase());
  await codeForm.getByLabel('What it takes off').selectOption({ label: 'Percentage off' });
  await codeForm.getByLabel('Percentage (%)').fill('10');
  await codeForm.getByLabel('Uses in all').fill('50');
  await codeForm.getByRole('button', { name: 'Create code' }).click();
  await expect(notifications(page)).toContainText(`${code} is ready to use.`);
  const listed = page.getByRole('row').filter({ hasText: code });
  await expect(listed).toContainText('10% off');
  await expect(listed).toContainText('0 of 50 used');
  expect(await pageWiderThanScreen(page)).toBe(false);
  expect(await severeViolations(page)).toEqual([]);

  await withChargesLocked(async () => {
    // The demo shop's tables, put back at the end whatever happens: other tests price orders with them.
    const before = {
      zones: (await callFromPage<ShippingZone[]>(page, 'GET', '/api/shipping-zones')).body,
      tax: (await callFromPage<TaxSettings>(page, 'GET', '/api/tax-settings')).body,
    };
    try {
      // Shipping: a zone for the country, with two rates.
      await menu.getByRole('link', { name: 'Shipping' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipping');
      const zonesForm = page.getByRole('form', { name: 'Shipping zones' });
      await expect(zonesForm.getByRole('group', { name: 'Zone 1' }).getByLabel('Zone name')).toHaveValue(before.zones[0]!.name);
      await zonesForm.getByRole('button', { name: '+ Add a zone' }).click();
      const zone = zonesForm.getByRole('group', { name: `Zone ${before.zones.length + 1}` });
      await zone.getByLabel('Zone name').fill(zoneName);
      await zone.getByRole('combobox', { name: 'Add a country' }).selectOption({ label: place.name });
      await expect(zone.getByRole('list', { name: 'Countries' })).toHaveText(new RegExp(place.name));
      const standard = zone.getByRole('group', { name: 'Rate 1' });
      await standard.getByLabel('Price ($)').fill('12.50');
      await standard.getByLabel('To (g)').fill('20000');
      await zone.getByRole('button', { name: '+ Add a rate' }).click();
      const express = zone.getByRole('group', { name: 'Rate 2' });
      await express.getByLabel('Rate name').fill('Express');
      await express.getByLabel('Price ($)').fill('30');
      await zonesForm.getByRole('button', { name: 'Save shipping zones' }).click();
      await expect(notifications(page)).toContainText('Shipping zones saved.');

      await page.reload();
      const saved = page.getByRole('form', { name: 'Shipping zones' }).getByRole('group', { name: `Zone ${before.zones.length + 1}` });
      await expect(saved.getByLabel('Zone name')).toHaveValue(zoneName);
      await expect(saved.getByRole('list', { name: 'Countries' })).toHaveText(new RegExp(place.name));
      await expect(saved.getByRole('group', { name: 'Rate 1' }).getByLabel('Price ($)')).toHaveValue('12.5');
      await expect(saved.getByRole('group', { name: 'Rate 1' }).getByLabel('To (g)')).toHaveValue('20000');
      await expect(saved.getByRole('group', { name: 'Rate 2' }).getByLabel('Rate name')).toHaveValue('Express');
      await expect(saved.getByRole('group', { name: 'Rate 2' }).getByLabel('Price ($)')).toHaveValue('30');
      expect(await pageWiderThanScreen(page)).toBe(false);

      // Taxes: a rate for one of its states, shipping taxed too.
      await menu.getByRole('link', { name: 'Taxes' }).click();
      const taxes = page.getByRole('form', { name: 'Taxes' });
      await expect(taxes.getByRole('group', { name: 'Tax rate 1' })).toBeVisible();
      const adder = taxes.getByRole('group', { name: 'Add a rate' });
      await adder.getByLabel('Country').selectOption({ label: place.name });
      await adder.getByLabel('Region (optional)').selectOption({ label: place.regionName });
      await adder.getByRole('button', { name: 'Add rate' }).click();
      const added = taxes.getByRole('group', { name: `Tax rate ${before.tax.rates.length + 1}` });
      await expect(added).toContainText(place.regionName);
      await expect(added.getByLabel('Rate (%)')).toBeFocused();
      await added.getByLabel('Rate (%)').fill('10');
      await added.getByRole('checkbox', { name: 'Tax shipping' }).check();
      await taxes.getByRole('button', { name: 'Save taxes' }).click();
      await expect(notifications(page)).toContainText('Taxes saved.');

      await page.reload();
      const row = page
        .getByRole('form', { name: 'Taxes' })
        .getByRole('group', { name: /^Tax rate \d+$/ })
        .filter({ hasText: place.regionName });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(place.name);
      await expect(row.getByLabel('Rate (%)')).toHaveValue('10');
      await expect(row.getByRole('checkbox', { name: 'Tax shipping' })).toBeChecked();
      expect(await pageWiderThanScreen(page)).toBe(false);

      // What a cart sent there is charged, as the checkout asks the shop, with the code.
      const products = (
        await callFromPage<Array<{ _id: string; minQuantity: number; availQuantity: number; weightGrams: number; options: unknown[] }>>(page, 'GET', '/api/products?limit=100')
      ).body;
      const product = products.find((candidate) => candidate.weightGrams > 0 && candidate.options.length === 0 && candidate.availQuantity > candidate.minQuantity + 5)!;
      const lines = [{ productId: product._id, quantity: product.minQuantity }];
      const quote = (
        await callFromPage<CartQuote>(page, 'POST', '/api/cart/quote', { lines, shippingAddress: { country: place.country, region: place.region }, discountCode: code })
      ).body;
      const delivery = quote.shippingRates.filter((rate) => rate.kind === 'delivery').map((rate) => [rate.name, rate.price]);
      expect(delivery).toEqual([
        ['Standard', 12.5],
        ['Express', 30],
      ]);
      const { subtotal, discount, shipping, tax, total } = quote.totals;
      expect(quote.discountCode).toMatchObject({ code, applied: true });
      expect(shipping).toBe(12.5);
      expect(Math.abs(discount - subtotal * 0.1)).toBeLessThanOrEqual(0.01);
      // 10 % of the goods after the discount and of the shipping, each rounded to the cent.
      expect(Math.abs(tax - (subtotal - discount + shipping) * 0.1)).toBeLessThanOrEqual(0.01);
      expect(total).toBeCloseTo(subtotal - discount + shipping + tax, 2);
      // Another state of the country: the zone's rates, and no tax.
      const elsewhere = (await callFromPage<CartQuote>(page, 'POST', '/api/cart/quote', { lines, shippingAddress: { country: place.country, region: place.otherRegion } })).body;
      expect(elsewhere.totals.shipping).toBe(12.5);
      expect(elsewhere.totals.tax).toBe(0);
    } finally {
      const zones = await callFromPage(page, 'PUT', '/api/shipping-zones', before.zones);
      const tax = await callFromPage(page, 'PUT', '/api/tax-settings', before.tax);
      expect([zones.status, tax.status]).toEqual([200, 200]);
    }
  });

  // The pages as the shop's tables stand again: nothing serious for assistive technology.
  for (const path of ['/dashboard/shipping', '/dashboard/taxes']) {
    await page.goto(path);
    await expect(page.getByRole('form').first()).toBeVisible();
    expect.soft(await severeViolations(page), path).toEqual([]);
  }

  // The code goes, after a confirmation.
  await menu.getByRole('link', { name: 'Discount codes' }).click();
  await listed.getByRole('button', { name: `Delete ${code}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${code}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(notifications(page)).toContainText(`${code} is deleted.`);
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);
});
