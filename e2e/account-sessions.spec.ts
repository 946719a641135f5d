import { expect } from '@playwright/test';
import { newAppPage, test } from './support/test.ts';
import { registerCustomer, signInThroughApi } from './support/accounts.ts';

const iPhoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const windowsFirefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

test('My Profile lists where the account is signed in, and signs other devices out', { tag: '@phone' }, async ({ page, browser }, testInfo) => {
  test.slow(); // three browsers, each signed in, and two sign-outs checked in each
  const customer = await registerCustomer(page);
  const signInElsewhere = async (userAgent: string) => {
    const context = await browser.newContext({ userAgent });
    const other = await newAppPage(context);
    // The login page's call, sent with this browser's user agent, which is what the list names.
    await signInThroughApi(other, customer);
    return { context, other };
  };
  const phone = await signInElsewhere(iPhoneSafari);
  const desktop = await signInElsewhere(windowsFirefox);

  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Where you are signed in' });
  const devices = panel.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(3);
  await expect(panel.getByText('This device', { exact: true })).toHaveCount(1);
  await expect(panel).toContainText('Safari 18 on iPhone');
  await expect(panel).toContainText('Firefox 133 on Windows');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('sessions.png'), fullPage: false });

  await panel.getByRole('button', { name: 'Sign out Safari 18 on iPhone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out this device?' });
  await expect(dialog).toContainText('Safari 18 on iPhone will be signed out');
  await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('Signed out Safari 18 on iPhone')).toBeVisible();
  await expect(devices).toHaveCount(2);
  await phone.other.goto('/dashboard');
  await expect(phone.other).toHaveURL(/\/login/);

  await panel.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await page.getByRole('dialog', { name: 'Sign out everywhere else?' }).getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out 1 other device')).toBeVisible();
  await expect(devices).toHaveCount(1);
  await expect(panel.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);
  await desktop.other.goto('/dashboard');
  await expect(desktop.other).toHaveURL(/\/login/);
  // This device stays signed in.
  await page.reload();
  await expect(page).toHaveURL('/dashboard');

  await phone.context.close();
  await desktop.context.close();
});
