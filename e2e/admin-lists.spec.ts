import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { isPhone, openAsAdmin } from './support/accounts.ts';

const longName = 'Bartholomew Fitzwilliam-Montgomery-Castellanos de la Vega';
const longWord = 'workshopclassesstartinginjanuarywithoutanybreakinthisverylongword';

/** Whether anything on the page reaches past the right edge of the screen. */
const pageWiderThanScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test.describe('the admin lists on a phone', () => {
  test('are stacked cards, and long names, addresses and words wrap instead of widening the page', { tag: '@phone' }, async ({ page }) => {
    test.skip(!isPhone(page), 'the cards are the narrow screen’s layout');
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const longEmail = `bartholomew.fitzwilliam.montgomery.castellanos.${stamp}@a-rather-long-workshop-domain-name.example.com`;
    const signUp = await page.request.post('/api/auth/sign-up/email', { data: { name: longName, email: longEmail, password: 'dovetail-joint-1' } });
    expect(signUp.ok()).toBe(true);
    await page.context().clearCookies();
    const sent = await page.request.post('/api/contact-messages', {
      data: { name: longName, email: longEmail, phone: '', requirement: `Twelve chisels for ${longWord}-${stamp}, please.` },
    });
    expect(sent.status()).toBe(201);

    await openAsAdmin(page, '/dashboard/admin');
    await expect(page).toHaveURL('/dashboard/admin');
    const user = page.getByRole('row').filter({ hasText: longEmail });
    await expect(user).toBeVisible();
    await expect(user).toHaveCSS('display', 'grid');
    await expect(user.getByText('Location', { exact: true })).toBeVisible();
    expect(await pageWiderThanScreen(page)).toBe(false);

    await page.goto('/dashboard/manageproducts');
    const product = page.getByRole('row').nth(1);
    await expect(product.getByRole('button', { name: /^Edit / })).toBeVisible();
    await expect(product).toHaveCSS('display', 'grid');
    await expect(product.getByText('Smallest order')).toBeVisible();
    expect(await pageWiderThanScreen(page)).toBe(false);

    await page.goto('/dashboard/messages');
    await expect(page.getByRole('article').filter({ hasText: stamp })).toBeVisible();
    expect(await pageWiderThanScreen(page)).toBe(false);
    await page.getByRole('tab', { name: 'Newsletter subscribers' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    expect(await pageWiderThanScreen(page)).toBe(false);
  });
});
