import { type Browser, type BrowserContext, expect } from '@playwright/test';
import { newAppPage, test } from './support/test.ts';
import { e2eAdmin } from '../playwright.config.ts';
import { openAsAdmin, uniqueEmail } from './support/accounts.ts';
import { lastMailTo } from './support/mail-outbox.ts';

/**
 * Reviews the owner answers (issue 29): on the Reviews page the admin replies to one review and hides
 * another; the tool's page, as the app shows it and as the server writes it, carries the reply under
 * the review, leaves the hidden one out of the list and the rating, and the author has the e-mail.
 */

/** A context signed in (or signed up) through the API, as the login and register pages would. */
async function signedIn(browser: Browser, baseURL: string, account: { email: string; password: string; name?: string }, register = false): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post(register ? '/api/auth/sign-up/email' : '/api/auth/sign-in/email', { data: account, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

/** A new customer who reviews the tool through the Add Review page's call. */
async function reviewAs(browser: Browser, baseURL: string, name: string, productId: string, ratings: number, review: string) {
  const account = { name, email: uniqueEmail(name.split(' ')[0]!.toLowerCase()), password: 'dovetail-joint-1' };
  const context = await signedIn(browser, baseURL, account, true);
  const res = await context.request.post('/api/reviews', { data: { ratings, review, productId } });
  expect(res.status(), await res.text()).toBe(201);
  await context.close();
  return account;
}

test(
  'the admin answers one review and hides another; the tool’s page shows the reply, drops the hidden one from list and rating, and the author is mailed',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    const width = page.viewportSize()?.width ?? 1280;
    const admin = await signedIn(browser, baseURL!, e2eAdmin);
    // A tool of the test's own, out of the catalogue again at the end, so that no other test's counts meet it.
    const added = await admin.request.post('/api/products', {
      data: {
        name: `Spokeshave ${width} ${Date.now().toString(36)}`,
        img: '/images/products/tenon-saw.webp',
        category: 'other',
        price: 58,
        minQuantity: 1,
        availQuantity: 30,
        description: 'A flat-soled spokeshave for chairs and paddles.',
      },
    });
    expect(added.status()).toBe(201);
    const tool = (await added.json()) as { _id: string; name: string };
    try {
      const rita = await reviewAs(browser, baseURL!, 'Rita Reviewer', tool._id, 4, 'Takes a fine shaving; the blade needed honing out of the box.');
      await reviewAs(browser, baseURL!, 'Troy Troll', tool._id, 1, 'Spam spam spam, buy elsewhere.');

      await openAsAdmin(page, '/dashboard/reviews');
      await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
      const ritas = page.getByRole('article', { name: 'Review by Rita Reviewer' }).filter({ hasText: tool.name });
      const troys = page.getByRole('article', { name: 'Review by Troy Troll' }).filter({ hasText: tool.name });

      await ritas.getByRole('button', { name: 'Reply to Rita Reviewer' }).click();
      const form = page.getByRole('form', { name: 'Reply to Rita Reviewer' });
      await form.getByLabel('Your reply').fill('Thank you, Rita. Blades now leave the workshop honed; write to us for a fresh one.');
      await form.getByRole('button', { name: 'Publish reply' }).click();
      await expect(page.getByRole('status', { name: 'Notifications' }).getByText('Reply published under the review')).toBeVisible();
      await expect(ritas.getByRole('note', { name: 'Reply from Joinery' })).toContainText('Blades now leave the workshop honed');

      await troys.getByRole('button', { name: 'Hide the review by Troy Troll' }).click();
      await expect(page.getByRole('status', { name: 'Notifications' }).getByText('Review hidden from the shop')).toBeVisible();
      await expect(troys.getByText('Hidden', { exact: true })).toBeVisible();
      await expect(troys.getByRole('button', { name: 'Show the review by Troy Troll' })).toBeVisible();
      await ritas.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`review-replies-admin-${width}.png`), fullPage: true });

      // As the server writes the tool's page: the reply under the review, the hidden one nowhere, the rating of one review.
      const html = await (await page.request.get(`/products/${tool._id}`)).text();
      expect(html).toContain('Blades now leave the workshop honed');
      expect(html).not.toContain('Spam spam spam');
      expect(html).toContain('"reviewCount":1');

      // As a visitor sees it in the app.
      const visitor = await browser.newContext({ baseURL, viewport: page.viewportSize() });
      const visitorPage = await newAppPage(visitor);
      await visitorPage.goto(`/products/${tool._id}#reviews`);
      const reviews = visitorPage.getByRole('list', { name: `Reviews of ${tool.name}` });
      await expect(reviews.getByRole('article')).toHaveCount(1);
      await expect(reviews.getByRole('article', { name: 'Review by Rita Reviewer' }).getByRole('note', { name: 'Reply from Joinery' })).toContainText(
        'Blades now leave the workshop honed',
      );
      await expect(visitorPage.getByText('4.0 out of 5 from 1 review').first()).toBeAttached();
      await visitorPage.locator('#reviews').scrollIntoViewIfNeeded();
      await visitorPage.screenshot({ path: testInfo.outputPath(`review-replies-product-${width}.png`), fullPage: false });
      await visitor.close();

      const mail = await lastMailTo(rita.email, `We answered your review of ${tool.name}`);
      expect(mail.text).toContain('Blades now leave the workshop honed');
      expect(mail.text).toContain(`/products/${tool._id}#reviews`);
    } finally {
      expect((await admin.request.delete(`/api/products/${tool._id}`)).status()).toBe(200);
      await admin.close();
    }
  },
);
