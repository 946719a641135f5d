import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type User, userSchema } from '../../../../common/schemas/users.ts';
import { catchDownloads } from '../../../test/downloads.ts';
import { admin, customer } from '../../../test/fixtures.ts';
import { type Reply, stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = (fields: Partial<User> & Pick<User, '_id' | 'userName' | 'userEmail'>): User => userSchema.parse({ userEdu: '', userLocation: '', userNumber: '', ...fields });
const ada = user({ _id: customer.id, userName: customer.name, userEmail: customer.email });

/** My Profile of a signed-in customer, whose session ends when they sign out or their account is deleted. */
async function openProfile(deletion: Reply, path = '/dashboard') {
  let signedIn = true;
  const server = stubServer({
    'GET /api/session': () => ({ body: { user: signedIn ? customer : null } }),
    [`GET /api/users/${customer.email}`]: { body: ada },
    'GET /api/sessions': { body: [] },
    'GET /api/addresses': { body: [] },
    'GET /api/account/export': { body: { format: 'joinery-customer-data/1' } },
    'GET /api/sign-in-options': { body: { google: false, facebook: false, phone: true, captcha: null } },
    'DELETE /api/account': () => {
      if (deletion.status === undefined || deletion.status === 200) signedIn = false;
      return deletion;
    },
    'POST /api/auth/sign-out': () => {
      signedIn = false;
      return { body: { success: true } };
    },
  });
  const router = renderApp(path);
  await screen.findByRole('heading', { name: 'Your data' });
  return { ...server, router, clicks: userEvent.setup() };
}

describe('My Profile’s data', () => {
  it('downloads the customer’s data as a file', async () => {
    const { saved } = catchDownloads();
    const { clicks, calls } = await openProfile({ body: {} });
    await clicks.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data has been downloaded')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/account/export').map((call) => call.method)).toEqual(['GET']);
    expect(saved).toEqual([expect.stringMatching(/^joinery-my-data-\d{4}-\d{2}-\d{2}\.json$/)]);
  });

  it('says what is erased and what is kept, deletes only once confirmed, and signs the person out on a page that says it is done', async () => {
    const { clicks, calls, router } = await openProfile({ body: { erased: true, cancelledOrders: 1, anonymisedOrders: 2 } });
    await clicks.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    expect(dialog.getByText(/your reviews, newsletter subscription/)).toBeTruthy();
    expect(dialog.getByText(/Invoices and credit notes as they were issued/)).toBeTruthy();
    await clicks.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await clicks.click(screen.getByRole('button', { name: 'Delete my account' }));
    await clicks.click(within(await screen.findByRole('dialog', { name: 'Delete your account?' })).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Your account is deleted', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account-deleted');
    const deletion = calls.find((call) => call.method === 'DELETE')!;
    expect(deletion.path).toBe('/api/account');
    expect(deletion.query.get('confirm')).toBe('yes');
    // The header no longer shows anyone signed in.
    expect(await screen.findByRole('link', { name: /log ?in/i })).toBeTruthy();
  });

  it('asks for a fresh sign-in when the server wants one, and comes back to the dialog after it', async () => {
    const stale = { status: 403, body: { code: 'FRESH_SIGN_IN_REQUIRED', message: 'Please sign in again to delete your account.' } };
    const { clicks, calls, router } = await openProfile(stale);
    await clicks.click(screen.getByRole('button', { name: 'Delete my account' }));
    await clicks.click(within(await screen.findByRole('dialog', { name: 'Delete your account?' })).getByRole('button', { name: 'Delete my account' }));
    const asking = within(await screen.findByRole('dialog', { name: 'Please sign in again' }));
    expect(asking.getByText(/a sign-in from the last 10 minutes/)).toBeTruthy();
    await clicks.click(asking.getByRole('button', { name: 'Sign in again' }));

    await screen.findByRole('form', { name: 'Log in' });
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/auth/sign-out')).toBe(true);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent('/dashboard?deleteAccount=1')}`);
  });

  it('opens the dialog at once when the person comes back from signing in', async () => {
    await openProfile({ body: {} }, '/dashboard?deleteAccount=1');
    expect(await screen.findByRole('dialog', { name: 'Delete your account?' })).toBeTruthy();
  });

  it('shows why the server refused, with the orders still on their way', async () => {
    const message = 'Orders J-1042 are paid and not yet delivered, or have a return or refund under way. The account can be deleted once they are delivered and settled.';
    const { clicks } = await openProfile({ status: 409, body: { code: 'ORDERS_IN_FLIGHT', message } });
    await clicks.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    await clicks.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(message);
  });
});

describe('the users page’s actions on a customer’s request', () => {
  const carl = user({ _id: 'u-3', userName: 'Carl Customer', userEmail: 'carl@example.com' });
  const owner = user({ _id: admin.id, userName: admin.name, userEmail: admin.email, userRole: 'admin', staffRole: 'owner' });

  it('exports a customer’s data and erases their account once confirmed; staff rows have neither', async () => {
    const { saved } = catchDownloads();
    const { calls } = stubServer({
      'GET /api/session': { body: { user: admin } },
      'GET /api/users': { body: [owner, carl], headers: { 'x-total-count': '2' } },
      'GET /api/users/carl@example.com/export': { body: {} },
      'DELETE /api/users/carl@example.com/account': { body: { erased: true, cancelledOrders: 0, anonymisedOrders: 0 } },
    });
    renderApp('/dashboard/admin');
    const clicks = userEvent.setup();
    const carlRow = within((await screen.findByText('Carl Customer')).closest('tr')!);
    const ownerRow = within(
      screen
        .getAllByText('Ann Admin')
        .find((name) => name.closest('tr'))!
        .closest('tr')!,
    );
    expect(ownerRow.queryByRole('button', { name: /Export the data/ })).toBeNull();

    await clicks.click(carlRow.getByRole('button', { name: 'Export the data of carl@example.com' }));
    expect(await screen.findByText('The data of carl@example.com has been downloaded')).toBeTruthy();
    expect(saved).toHaveLength(1);

    await clicks.click(carlRow.getByRole('button', { name: 'Erase the account of carl@example.com' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Erase the account of Carl Customer?' }));
    expect(dialog.getByText(/Only at the customer’s own request/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await clicks.click(dialog.getByRole('button', { name: 'Erase account' }));
    expect(await screen.findByText('The account of carl@example.com has been erased')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => `${call.path}?${call.query.toString()}`)).toEqual(['/api/users/carl@example.com/account?confirm=yes']);
  });
});
