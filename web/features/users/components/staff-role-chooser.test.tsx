import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type User, userSchema } from '../../../../common/schemas/users.ts';
import { admin, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const user = (fields: Partial<User> & Pick<User, '_id' | 'userName' | 'userEmail'>): User => userSchema.parse({ userEdu: '', userLocation: '', userNumber: '', ...fields });
const owner = user({ _id: 'u-1', userName: 'Ann Admin', userEmail: admin.email, userRole: 'admin', staffRole: 'owner' });
const dana = user({ _id: 'u-2', userName: 'Dana Dispatch', userEmail: 'dana@example.com', userRole: 'admin', staffRole: 'fulfilment' });
const carl = user({ _id: 'u-3', userName: 'Carl Customer', userEmail: 'carl@example.com' });
const rolePath = `PUT /api/users/${dana.userEmail}/role`;

async function openMakeAdmin(more: Parameters<typeof stubServer>[0] = {}) {
  const server = stubServer({ ...signedInAs(admin), 'GET /api/users': { body: [owner, dana, carl], headers: { 'x-total-count': '3' } }, ...more });
  renderApp('/dashboard/admin');
  await screen.findByRole('heading', { name: 'Make Admin', level: 1 });
  const rowOf = async (name: string) => within((await screen.findByText(name)).closest('tr')!);
  return { ...server, rowOf, clicks: userEvent.setup() };
}

describe('the Make Admin page’s roles', () => {
  it('shows each user’s role, a role chooser for staff and the specification’s Make Admin button for customers', async () => {
    const { rowOf } = await openMakeAdmin();
    const danaRow = await rowOf('Dana Dispatch');
    expect(danaRow.getAllByText('Fulfilment').length).toBeGreaterThan(0);
    expect(danaRow.getByLabelText<HTMLSelectElement>('Role').value).toBe('fulfilment');
    expect(Array.from(danaRow.getByLabelText<HTMLSelectElement>('Role').options).map((option) => option.textContent)).toEqual([
      'Owner',
      'Manager',
      'Fulfilment',
      'Support',
      'Remove (customer)',
    ]);
    const carlRow = await rowOf('Carl Customer');
    expect(carlRow.getByText('Customer')).toBeTruthy();
    expect(carlRow.getByRole('button', { name: 'Make carl@example.com an admin' })).toBeTruthy();
    expect(carlRow.queryByLabelText('Role')).toBeNull();
  });

  it('asks before changing a role, then sends it', async () => {
    const { rowOf, clicks, calls } = await openMakeAdmin({ [rolePath]: { body: { ...dana, staffRole: 'support' } } });
    const row = await rowOf('Dana Dispatch');
    expect(row.getByRole<HTMLButtonElement>('button', { name: 'Change' }).disabled).toBe(true);
    await clicks.selectOptions(row.getByLabelText('Role'), 'support');
    await clicks.click(row.getByRole('button', { name: 'Change' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Give Dana Dispatch the Support role?' }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await clicks.click(dialog.getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('dana@example.com now has the Support role')).toBeTruthy();
    expect(calls.filter((call) => `${call.method} ${call.path}` === rolePath).map((call) => call.body)).toEqual([{ role: 'support' }]);
  });

  it('removes a role only once confirmed, and shows the server’s refusal in the dialog with the choice kept', async () => {
    const refusal = { code: 'LAST_OWNER', message: 'Dana Dispatch is the shop’s only owner. Make someone else an owner first.' };
    const { rowOf, clicks, calls } = await openMakeAdmin({ [rolePath]: { status: 409, body: refusal } });
    const row = await rowOf('Dana Dispatch');
    await clicks.selectOptions(row.getByLabelText('Role'), 'customer');
    await clicks.click(row.getByRole('button', { name: 'Change' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Dana Dispatch from the staff?' }));
    await clicks.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await clicks.click(row.getByRole('button', { name: 'Change' }));
    await clicks.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal.message);
    expect(row.getByLabelText<HTMLSelectElement>('Role').value).toBe('customer');
  });
});
