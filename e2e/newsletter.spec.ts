import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { uniqueEmail } from './support/accounts.ts';
import { lastMailTo, linkIn } from './support/mail-outbox.ts';

const confirmationSubject = 'Confirm your subscription to the Joinery newsletter';

test.describe('the newsletter’s double opt-in', () => {
  test('a reader subscribes on the home page, confirms from the e-mail, then unsubscribes with one click', async ({ page }) => {
    await page.goto('/');
    const region = page.getByRole('region', { name: 'New tools and workshop notes' });
    await region.scrollIntoViewIfNeeded(); // the form loads as it comes near the screen
    const form = region.getByRole('form', { name: 'Newsletter', exact: true });
    const address = uniqueEmail('reader');
    await form.getByLabel('Email').fill(address);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText(`Thank you! We have sent an e-mail to ${address}.`)).toBeVisible();
    await expect(form.getByText('Check your inbox: open the link in it to confirm your subscription, if you have not already.')).toBeVisible();

    const mail = await lastMailTo(address, confirmationSubject);
    // Mail programs offer their own Unsubscribe button from these (RFC 8058).
    expect(mail.headers['List-Unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/newsletter\/unsubscribe\?token=[\w-]{43}>$/);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    await page.goto(linkIn(mail.text, '/newsletter/confirm'));
    await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `Thank you! ${address} will get our newsletter: new tools, workshop notes and the odd sharpening tip, about once a month.`,
    );

    // Opening the e-mail's unsubscribe link asks first; one click unsubscribes.
    await page.goto(linkIn(mail.text, '/newsletter/unsubscribe'));
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from the newsletter' })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`${address} is off our list: no more newsletters will come to it.`);

    // The link is spent, and says so.
    await page.goto(linkIn(mail.text, '/newsletter/confirm'));
    await expect(page.getByRole('heading', { level: 1, name: 'We could not confirm your subscription' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('This confirmation link is not valid');
  });

  test('a link cut short says what to do', async ({ page }) => {
    await page.goto('/newsletter/unsubscribe');
    await expect(page.getByRole('heading', { level: 1, name: 'This link is incomplete' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  });
});
