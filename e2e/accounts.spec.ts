import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { totpCode } from '../server/test/totp.ts';
import { expectSignedIn, lastTextTo, logIn, openAsAdmin, openMenuOnPhone, registerCustomer, uniqueEmail } from './support/accounts.ts';

test.describe('register', () => {
  test('checks each field with the specification’s messages, then creates the account and lands on /', async ({ page }) => {
    await page.goto('/register');
    const register = page.getByRole('button', { name: 'Register' });
    await register.click();
    await expect(page.getByText('Name is Required')).toBeVisible();
    await expect(page.getByText('Email is Required')).toBeVisible();
    await expect(page.getByText('Password is Required')).toBeVisible();

    await page.getByLabel('Name').fill('Ada Joiner');
    await page.getByLabel('Email').fill('ada@nowhere');
    await page.getByLabel('Password').fill('short');
    await register.click();
    await expect(page.getByText('Provide a valid Email')).toBeVisible();
    await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
    // What was typed stays.
    await expect(page.getByLabel('Name')).toHaveValue('Ada Joiner');

    const email = uniqueEmail('first.last');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('dovetail-joint-1');
    await register.click();
    await expect(page).toHaveURL('/');
    await expectSignedIn(page);

    // The display name is set: the dashboard greets the person by it.
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Your profile' }).getByText('Ada Joiner').first()).toBeVisible();
  });

  test('an e-mail already registered gets a clear message', async ({ page, browser, baseURL }) => {
    const customer = await registerCustomer(page);
    const other = await browser.newPage({ viewport: page.viewportSize(), baseURL });
    await other.goto('/register');
    await other.getByLabel('Name').fill('Someone Else');
    await other.getByLabel('Email').fill(customer.email);
    await other.getByLabel('Password').fill('another-pass-1');
    await other.getByRole('button', { name: 'Register' }).click();
    await expect(other.getByRole('alert')).toHaveText('An account with this e-mail already exists. Log in instead, or use another address.');
    await expect(other).toHaveURL('/register');
    await other.close();
  });
});

test.describe('login', () => {
  test('shows each validation message, the same red error for a wrong password and an unknown e-mail, then signs in', async ({ page, browser, baseURL }) => {
    const customer = await registerCustomer(await browser.newPage({ baseURL }));
    await page.goto('/login');
    const logInButton = page.getByRole('button', { name: 'Log in', exact: true });
    await logInButton.click();
    await expect(page.getByText('Email is Required')).toBeVisible();
    await expect(page.getByText('Password is Required')).toBeVisible();

    await logIn(page, 'someone@nowhere', '12345');
    await expect(page.getByText('Provide a valid Email')).toBeVisible();
    await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();

    await logIn(page, customer.email, 'not-the-password');
    const error = page.getByRole('alert');
    await expect(error).toHaveText('Invalid email or password');
    await expect(error).toHaveClass(/text-error/);

    await logIn(page, uniqueEmail('nobody'), 'not-the-password');
    await expect(error).toHaveText('Invalid email or password');

    await logIn(page, customer.email, customer.password);
    await expect(page).toHaveURL('/');
    await expectSignedIn(page);
  });

  test('the page links to /register and to the phone sign-in', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    await page.getByRole('link', { name: 'Continue with Phone' }).click();
    await expect(page).toHaveURL('/phoneLogin');
  });
});

test.describe('guarded routes', () => {
  test('a signed-out visitor who opens a dashboard page logs in and comes back to it', async ({ page, browser, baseURL }) => {
    const customer = await registerCustomer(await browser.newPage({ baseURL }));
    await page.goto('/dashboard/myorders');
    await expect(page).toHaveURL('/login?returnTo=%2Fdashboard%2Fmyorders');
    await logIn(page, customer.email, customer.password);
    await expect(page).toHaveURL('/dashboard/myorders');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Orders');
  });

  test('Buy Now while signed out leads through log in to the purchase page', async ({ page, browser, baseURL }) => {
    const customer = await registerCustomer(await browser.newPage({ baseURL }));
    await page.goto('/');
    // A tool sold one way: Buy Now on a tool with options leads to its (public) page to choose one first.
    const buy = page
      .getByRole('region', { name: 'Our manufactured tools' })
      .getByRole('link', { name: /^Buy Now\b/ })
      .and(page.locator('[href^="/purchase/"]'))
      .first();
    const href = (await buy.getAttribute('href'))!;
    await buy.click();
    await logIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(href);
  });

  test('LOG IN from the header, on a tool’s page, comes back to that tool', async ({ page, browser, baseURL }) => {
    const customer = await registerCustomer(await browser.newPage({ baseURL }));
    const products = (await (await page.request.get('/api/products?limit=1')).json()) as { _id: string; name: string }[];
    const tool = products[0]!;
    await page.goto(`/products/${tool._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tool.name);
    await page.getByRole('banner').getByRole('link', { name: 'LOG IN' }).click();
    await logIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(`/products/${tool._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tool.name);
  });

  test('a customer who opens an admin page is told plainly that it is not allowed', async ({ page }) => {
    await registerCustomer(page);
    await page.goto('/dashboard/admin');
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    // The customer's menu has no admin entries.
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link')).toHaveText(['My Profile', 'Add Review', 'My Order', 'My Wishlist']);
  });
});

test.describe('phone sign-in', () => {
  test('an empty number is refused; the texted code signs the person in; a wrong code shows the server’s message', async ({ page }) => {
    const number = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    await page.goto('/phoneLogin');
    const phoneInput = page.getByPlaceholder('Enter phone number');
    await expect(phoneInput).toBeVisible();
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await expect(page.getByText('Please enter a valid phone number!')).toBeVisible();

    await phoneInput.fill(number.slice(2));
    await page.getByRole('button', { name: 'REGISTER' }).click();
    const codeInput = page.getByPlaceholder('Enter otp number');
    await expect(codeInput).toBeVisible();
    const code = (await lastTextTo(number)).match(/\b(\d{6})\b/)![1]!;

    // An empty code is silently ignored.
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await expect(codeInput).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    const wrong = code === '000000' ? '111111' : '000000';
    await codeInput.fill(wrong);
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid OTP');

    await codeInput.fill(code);
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await expect(page).toHaveURL('/');
    await expectSignedIn(page);
  });
});

test.describe('Google and Facebook sign-in', () => {
  test('goes to the provider with the shop’s client id, redirect URI and state, and comes back signed in', async ({ page, baseURL }) => {
    await page.goto('/login?returnTo=%2Fdashboard');
    const authorize = page.waitForRequest((request) => request.url().includes('/google/authorize'));
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const url = new URL((await authorize).url());
    expect(url.searchParams.get('client_id')).toBe('e2e-google-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${baseURL}/api/auth/callback/google`);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('response_type')).toBe('code');

    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('region', { name: 'Your profile' }).getByText('grace.hopper@example.com')).toBeVisible();
    await expectSignedIn(page);
  });

  test('Facebook: goes to its dialog with the shop’s app id, redirect URI and state, and comes back signed in as the person of its profile', async ({ page, baseURL }) => {
    await page.goto('/login?returnTo=%2Fdashboard');
    const dialog = page.waitForRequest((request) => request.url().includes('/facebook/dialog/oauth'));
    await page.getByRole('button', { name: 'Continue with Facebook' }).click();
    const url = new URL((await dialog).url());
    expect(url.searchParams.get('client_id')).toBe('e2e-facebook-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${baseURL}/api/auth/callback/facebook`);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('scope')?.split(/[ ,]/)).toEqual(expect.arrayContaining(['email', 'public_profile']));

    await expect(page).toHaveURL('/dashboard');
    const profile = page.getByRole('region', { name: 'Your profile' });
    await expect(profile.getByText('margaret.hamilton@example.com')).toBeVisible();
    await expect(profile.getByText('Margaret Hamilton').first()).toBeVisible();
    await expectSignedIn(page);
  });
});

test.describe('two-factor', () => {
  test('a customer turns on an authenticator code from My Profile, and signing in then asks for it', async ({ page }) => {
    test.slow(); // setting up the app, then two sign-ins with a code each
    const customer = await registerCustomer(page);
    await page.goto('/dashboard');
    await page.getByRole('form', { name: 'Turn on two-factor' }).getByLabel('Your password').fill(customer.password);
    await page.getByRole('button', { name: 'Set up two-factor' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!;
    await expect(page.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
    const backupCode = (await page.getByTestId('backup-codes').getByRole('listitem').first().textContent())!;
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Two-factor sign-in is on');
    await expect(page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('On', { exact: true })).toBeVisible();

    await page.context().clearCookies();
    await page.goto('/login?returnTo=%2Fdashboard');
    await logIn(page, customer.email, customer.password);
    await expect(page.getByRole('heading', { name: 'Two-factor check' })).toBeVisible();
    await page.getByLabel('Authenticator code').fill(totpCode(secret) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid code');
    await page.getByLabel('Authenticator code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/dashboard');

    // A backup code stands in for the app once.
    await page.context().clearCookies();
    await page.goto('/login');
    await logIn(page, customer.email, customer.password);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/');
    await expectSignedIn(page);
  });
});

test.describe('profile, roles and logging out', () => {
  test('a profile update keeps a field left blank', async ({ page }) => {
    await registerCustomer(page);
    await page.goto('/dashboard');
    const form = page.getByRole('form', { name: 'Update profile' });
    const card = page.getByRole('region', { name: 'Your profile' });
    await form.getByLabel('Education').fill('City & Guilds, Carpentry');
    await form.getByLabel('Location').fill('Leeds');
    await form.getByRole('button', { name: 'Update profile' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('profile updated');
    await expect(card.getByText('City & Guilds, Carpentry')).toBeVisible();

    await form.getByLabel('Location').fill('York');
    await form.getByRole('button', { name: 'Update profile' }).click();
    await expect(card.getByText('York')).toBeVisible();
    await expect(card.getByText('City & Guilds, Carpentry')).toBeVisible();
    await page.reload();
    await expect(card.getByText('City & Guilds, Carpentry')).toBeVisible();
    await expect(card.getByText('York')).toBeVisible();
  });

  test('an admin makes a customer an admin from Make Admin', async ({ page, browser, baseURL }) => {
    const customerPage = await browser.newPage({ baseURL });
    const customer = await registerCustomer(customerPage, 'Nora Newadmin');

    await openAsAdmin(page, '/dashboard/admin');
    await expect(page).toHaveURL('/dashboard/admin');
    const row = page.getByRole('row').filter({ hasText: customer.email });
    await row.getByRole('button', { name: `Make ${customer.email} an admin` }).click();
    // Making an admin cannot be undone here, so the page asks first.
    const confirm = page.getByRole('dialog', { name: 'Make Nora Newadmin an admin?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Make Admin' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(`${customer.email} has been made and admin`);
    await expect(row.getByRole('button', { name: 'Admin' })).toBeVisible();

    // The new admin's own menu now shows the admin entries.
    await customerPage.goto('/dashboard');
    await expect(customerPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Make Admin' })).toBeVisible();
    await customerPage.close();
  });

  test('LOG OUT ends the session on the server, from a dashboard page too', async ({ page }) => {
    await registerCustomer(page);
    await page.goto('/dashboard');
    await openMenuOnPhone(page);
    await page.getByRole('banner').getByRole('button', { name: 'LOG OUT' }).click();
    await expect(page).toHaveURL('/');
    await openMenuOnPhone(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'LOG IN' })).toBeVisible();
    const session = (await (await page.request.get('/api/session')).json()) as { user: unknown };
    expect(session.user).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?returnTo=%2Fdashboard');
  });
});
