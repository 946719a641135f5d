import { expect } from '@playwright/test';
import { newAppPage, test } from './support/test.ts';
import { expectSignedIn, logIn, registerCustomer } from './support/accounts.ts';
import { expectMail, linkInMail } from './support/mail-outbox.ts';

const banner = 'Confirm your e-mail address';

test.describe('forgot password', () => {
  test('the link from the e-mail sets a new password, and the person logs in with it', async ({ page }) => {
    const customer = await registerCustomer(page);
    await page.context().clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/forgotPassword');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText('If an account exists for that address, we have sent a link to choose a new password.')).toBeVisible();

    await page.goto(await linkInMail(customer.email, 'Reset your Joinery password', '/resetPassword'));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await form.getByLabel('New password', { exact: true }).fill('letmein');
    await form.getByLabel('Confirm new password').fill('letmein');
    await form.getByRole('button', { name: 'Save the new password' }).click();
    await expect(form.getByText('This password is too common. Please choose another.')).toBeVisible();

    const chosen = 'router-plane-42';
    await form.getByLabel('New password', { exact: true }).fill(chosen);
    await form.getByLabel('Confirm new password').fill('router-plane-24');
    await form.getByRole('button', { name: 'Save the new password' }).click();
    await expect(form.getByText('The two passwords are not the same')).toBeVisible();
    await form.getByLabel('Confirm new password').fill(chosen);
    await form.getByRole('button', { name: 'Save the new password' }).click();

    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Your password has been changed and every device was signed out. Log in with your new password.')).toBeVisible();
    await logIn(page, customer.email, customer.password);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await logIn(page, customer.email, chosen);
    await expect(page).toHaveURL('/');
    await expectSignedIn(page);
    await expectMail(customer.email, 'Your Joinery password was changed');
  });

  test('a reset done while signed in ends on the login page, signed out, with the new password to use', async ({ page }) => {
    const customer = await registerCustomer(page);
    await page.goto('/dashboard');
    await expectSignedIn(page);
    // Asked for from another device: this one stays signed in until the new password is saved.
    const asked = await page.request.post('/api/auth/request-password-reset', { data: { email: customer.email }, headers: { origin: test.info().project.use.baseURL ?? '' } });
    expect(asked.status()).toBe(200);
    await page.goto(await linkInMail(customer.email, 'Reset your Joinery password', '/resetPassword'));
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await form.getByLabel('New password', { exact: true }).fill('mortise-gauge-9');
    await form.getByLabel('Confirm new password').fill('mortise-gauge-9');
    await form.getByRole('button', { name: 'Save the new password' }).click();

    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Your password has been changed and every device was signed out. Log in with your new password.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'LOG IN' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'LOG OUT' })).toHaveCount(0);
    await logIn(page, customer.email, 'mortise-gauge-9');
    await expect(page).toHaveURL('/');
    await expectSignedIn(page);
  });

  test('a link used once says so the second time', async ({ page }) => {
    const customer = await registerCustomer(page);
    await page.context().clearCookies(); // someone who forgot the password is not signed in
    await page.goto('/forgotPassword');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    const link = await linkInMail(customer.email, 'Reset your Joinery password', '/resetPassword');
    for (const attempt of ['first', 'second']) {
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('spokeshave-77');
      await page.getByLabel('Confirm new password').fill('spokeshave-77');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      if (attempt === 'first') await expect(page).toHaveURL('/login');
    }
    await expect(page.getByRole('alert')).toHaveText('This link has expired or has already been used. Ask for a new link.');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL('/forgotPassword');
  });
});

test.describe('confirming the e-mail address', () => {
  test('the dashboard asks until the link from the e-mail is opened, and a new link can be sent', async ({ page }) => {
    const customer = await registerCustomer(page);
    await page.goto('/dashboard');
    const reminder = page.getByRole('region', { name: banner });
    await expect(reminder).toContainText('Please confirm your e-mail address.');
    await expect(reminder).toContainText(customer.email);
    await expectMail(customer.email, 'Welcome to Joinery: please confirm your e-mail address');

    await reminder.getByRole('button', { name: 'Resend the link' }).click();
    await expect(reminder).toContainText('A new link is on its way.');
    await page.goto(await linkInMail(customer.email, 'Confirm your e-mail address for Joinery', '/verifyEmail'));
    await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();

    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('region', { name: 'Your profile' })).toBeVisible();
    await expect(page.getByRole('region', { name: banner })).toHaveCount(0);
  });

  test('opened on a device that is not signed in, the link hands the account to the address and asks for a password', async ({ page, browser }) => {
    const customer = await registerCustomer(page);
    const link = await linkInMail(customer.email, 'Welcome to Joinery: please confirm your e-mail address', '/verifyEmail');

    const elsewhere = await browser.newContext();
    const other = await newAppPage(elsewhere);
    await other.goto(link);
    await expect(other.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
    await expect(other.getByText('any password chosen before has been removed')).toBeVisible();
    await other.getByRole('link', { name: 'Choose a password' }).click();
    await expect(other).toHaveURL('/forgotPassword');
    await elsewhere.close();

    // The browser that signed up is signed out.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a broken link says what to do', async ({ page }) => {
    await page.goto('/verifyEmail?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    await expect(page.getByText('Log in and press "Resend the link" on your dashboard to get a new one.')).toBeVisible();
  });
});

test.describe('change password', () => {
  test('My Profile changes the password with the current one, and the new one signs in', async ({ page }) => {
    const customer = await registerCustomer(page);
    await page.goto('/dashboard');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('marking-gauge-5');
    await form.getByLabel('Confirm new password').fill('marking-gauge-5');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('This is not your current password.')).toBeVisible();

    await form.getByLabel('Current password').fill(customer.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Your password has been changed.');
    await expect(form.getByLabel('Current password')).toHaveValue('');
    await expectMail(customer.email, 'Your Joinery password was changed');

    // This browser stays signed in; the new password is the one that works from now on.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your profile' })).toBeVisible();
    await page.context().clearCookies();
    await page.goto('/login');
    await logIn(page, customer.email, 'marking-gauge-5');
    await expect(page).toHaveURL('/');
    await expectSignedIn(page);
  });
});
