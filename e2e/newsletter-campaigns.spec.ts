import { expect, type Page } from '@playwright/test';
import { e2eAdmin } from '../playwright.config.ts';
import { openAsAdmin, uniqueEmail } from './support/accounts.ts';
import { lastMailTo, linkIn } from './support/mail-outbox.ts';
import { test } from './support/test.ts';

/** A reader on the list: subscribed on the site, and confirmed from the e-mail's link. */
async function confirmedReader(page: Page, baseURL: string): Promise<string> {
  const address = uniqueEmail('reader');
  const subscribed = await page.request.post('/api/newsletter', { data: { email: address }, headers: { origin: baseURL } });
  expect(subscribed.status()).toBe(202);
  const mail = await lastMailTo(address, 'Confirm your subscription to the Joinery newsletter');
  const token = new URL(linkIn(mail.text, '/newsletter/confirm')).searchParams.get('token');
  expect((await page.request.post('/api/newsletter/confirm', { data: { token }, headers: { origin: baseURL } })).status()).toBe(200);
  return address;
}

test('the admin writes a campaign, previews it, sends a test to themself, and sends it to the confirmed readers', { tag: '@phone' }, async ({ page, baseURL }, testInfo) => {
  const reader = await confirmedReader(page, baseURL!);
  const subject = `Spring in the workshop ${testInfo.project.name} ${Date.now()}`;

  await openAsAdmin(page, '/dashboard/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  await page.getByRole('button', { name: 'New campaign' }).click();
  const editor = page.getByRole('form', { name: 'New campaign' });
  await editor.getByLabel('Subject').fill(subject);
  await editor.getByLabel('Text').fill('## New chisels\n\nOur **bevel-edge** set is back. Read [the care guide](/pages/about).\n\n- Sharp from the box\n- Ash handles');
  await editor.getByLabel('Product card').selectOption({ index: 1 });
  const productName = (await editor.getByLabel('Product card').locator('option:checked').textContent())!.replace(/ \(\$.*\)$/, '');
  await editor.getByRole('button', { name: 'Insert product' }).click();
  await expect(editor.getByLabel('Text')).toHaveValue(/\[\[product:[0-9a-f-]{36}\]\]/);
  await page.screenshot({ path: testInfo.outputPath('editor.png'), fullPage: true });

  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Draft saved.');

  // The preview is the e-mail as it will arrive: heading, product card, unsubscribe link.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: `Preview: ${subject}` });
  const mail = preview.frameLocator('iframe');
  await expect(mail.getByRole('heading', { name: 'New chisels' })).toBeVisible();
  await expect(mail.getByRole('link', { name: productName }).first()).toBeVisible();
  await expect(mail.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('preview.png') });
  const previewAddress = (await preview.locator('iframe').getAttribute('src'))!;
  await preview.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(`A test copy is on its way to ${e2eAdmin.email}.`);
  const testCopy = await lastMailTo(e2eAdmin.email, `[Test] ${subject}`);
  expect(testCopy.text).toContain(productName);

  await page.getByRole('button', { name: 'Send now' }).click();
  const confirm = page.getByRole('dialog', { name: `Send “${subject}” now?` });
  await expect(confirm).toContainText(/It goes to \d+ confirmed subscribers?/);
  await confirm.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(/Sending to \d+ subscribers/);

  // The reader gets it, with the one-click unsubscribe; the list shows it sent, with its figures.
  const sent = await lastMailTo(reader, subject);
  expect(sent.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(sent.text).toContain(productName);
  const list = page.getByRole('table', { name: 'Newsletter campaigns, newest first' });
  const row = list.getByRole('row').filter({ hasText: subject });
  await expect(row.getByRole('cell', { name: 'Sent', exact: true })).toBeVisible({ timeout: 20_000 });
  // Every reader it counted is sent it, unless they left the list meanwhile (another test's reader may unsubscribe).
  const figures = row.getByLabel(`Figures of ${subject}`);
  await expect(figures).toContainText(/Sent\s*\d+\s*\/\s*\d+(\s*\d+ had left the list)?\s*Failed\s*0\s*Unsubscribed\s*0/);
  const [, sentCount, counted, leftCount] = /Sent\s*(\d+)\s*\/\s*(\d+)(?:\s*(\d+) had left the list)?/.exec((await figures.textContent())!)!;
  expect(Number(sentCount) + Number(leftCount ?? 0)).toBe(Number(counted));
  await page.screenshot({ path: testInfo.outputPath('list.png'), fullPage: true });

  // Sent once: the campaign opens as its figures, with nothing to send again.
  await row.getByRole('button', { name: `Open ${subject}` }).click();
  const summary = page.getByRole('region', { name: subject });
  await expect(summary.getByLabel(`Figures of ${subject}`)).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Send now' })).toHaveCount(0);

  // The e-mail itself, as the preview frame loads it, at the page's width.
  await page.goto(previewAddress);
  await expect(page.getByRole('link', { name: productName }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('email.png'), fullPage: true });
});
