import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userSchema } from '../../../../common/schemas/users.ts';
import { withoutRightMessage } from '../../../../common/staff-roles.ts';
import { admin, customer, signedInAs, staffMember } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

const users = userSchema.array().parse([
  { _id: 'u-1', userName: 'Ada Joiner', userEmail: customer.email, userEdu: '', userLocation: 'Leeds', userNumber: '' },
  { _id: 'u-2', userName: 'Ann Admin', userEmail: admin.email, userEdu: '', userLocation: '', userNumber: '', userRole: 'admin', staffRole: 'owner' },
]);

afterEach(() => vi.unstubAllGlobals());

describe('the route guards', () => {
  it('send a signed-out visitor to /login, remembering the page they asked for', async () => {
    stubServer(signedInAs(null));
    const router = renderApp('/dashboard/myorders?page=2');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/dashboard/myorders?page=2');
  });

  it('let a signed-in customer in to their own pages', async () => {
    stubServer({ ...signedInAs(customer), [`GET /api/orders/${customer.email}`]: { body: [], headers: { 'x-total-count': '0' } } });
    const router = renderApp('/dashboard/myorders');
    expect(await screen.findByRole('heading', { name: 'My Orders', level: 1 })).toBeTruthy();
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/myorders');
  });

  it('tell a customer who opens an admin page that it is not allowed, and call no admin API', async () => {
    const { calls } = stubServer({ ...signedInAs(customer), 'GET /api/users': { body: users, headers: { 'x-total-count': '2' } } });
    renderApp('/dashboard/admin');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls.map((call) => call.path)).not.toContain('/api/users');
  });

  it('show an admin the admin page', async () => {
    stubServer({ ...signedInAs(admin), 'GET /api/users': { body: users, headers: { 'x-total-count': '2' } } });
    renderApp('/dashboard/admin');
    expect(await screen.findByRole('heading', { name: 'Make Admin', level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: `Make ${customer.email} an admin` })).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Not allowed' })).toBeNull();
  });

  it('tell a fulfilment user who opens the taxes page what their role does not let them do, and call no settings API', async () => {
    const { calls } = stubServer(signedInAs(staffMember('fulfilment')));
    renderApp('/dashboard/taxes');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeTruthy();
    expect(screen.getByText(withoutRightMessage('fulfilment', 'settings'))).toBeTruthy();
    expect(calls.map((call) => call.path)).not.toContain('/api/tax-settings');
  });

  it('keep Make Admin from a manager, who may not choose roles', async () => {
    const { calls } = stubServer({ ...signedInAs(staffMember('manager')), 'GET /api/users': { body: users, headers: { 'x-total-count': '2' } } });
    renderApp('/dashboard/admin');
    expect(await screen.findByText(withoutRightMessage('manager', 'roles'))).toBeTruthy();
    expect(calls.map((call) => call.path)).not.toContain('/api/users');
  });
});
