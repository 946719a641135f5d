import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasRight, staffRoles } from '../../../../common/staff-roles.ts';
import { admin, customer, signedInAs, staffMember } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { adminPages } from '../admin-pages.ts';
import { menuFor } from './dashboard-menu.tsx';

afterEach(() => vi.unstubAllGlobals());

const labelsFor = (viewer: Parameters<typeof menuFor>[0]) => menuFor(viewer).map((item) => item.label);

describe('the dashboard menu shows each staff member the admin pages of their role', () => {
  it('gives the owner every admin page, and a customer none', () => {
    expect(labelsFor(admin)).toEqual(['My Profile', ...adminPages.map((page) => page.label)]);
    expect(labelsFor(customer)).toEqual(['My Profile', 'Add Review', 'My Order', 'My Wishlist']);
  });

  it('gives fulfilment Manage Order and no settings, catalogue or staff pages', () => {
    const fulfilment = labelsFor(staffMember('fulfilment'));
    expect(fulfilment).toContain('Manage Order');
    for (const hidden of ['Shipping', 'Taxes', 'Make Admin', 'Add Product', 'Messages', 'Reports', 'Audit']) expect(fulfilment).not.toContain(hidden);
  });

  it('gives support the orders and the messages; a manager everything but settings and Make Admin', () => {
    const support = labelsFor(staffMember('support'));
    for (const shown of ['Manage Order', 'Messages']) expect(support).toContain(shown);
    for (const hidden of ['Shipping', 'Taxes', 'Make Admin', 'Add Product', 'Reports']) expect(support).not.toContain(hidden);
    const manager = labelsFor(staffMember('manager'));
    for (const hidden of ['Shipping', 'Taxes', 'Make Admin']) expect(manager).not.toContain(hidden);
    for (const shown of ['Reports', 'Add Product', 'Manage Order', 'Discount codes', 'Messages', 'Audit']) expect(manager).toContain(shown);
  });

  it('shows exactly the pages whose right each role holds', () => {
    for (const role of staffRoles.filter((staffRole) => staffRole !== 'owner')) {
      const shown = labelsFor(staffMember(role));
      for (const page of adminPages) expect(shown.includes(page.label), `${role}: ${page.label}`).toBe(hasRight(role, page.right));
    }
  });

  it('names the role in the menu, and links only what it shows', async () => {
    stubServer({ ...signedInAs(staffMember('fulfilment')), 'GET /api/orders': { body: [], headers: { 'x-total-count': '0' } } });
    renderApp('/dashboard/manageorder');
    const menu = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getByText('Fulfilment')).toBeTruthy();
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(labelsFor(staffMember('fulfilment')));
    expect(menu.queryByRole('link', { name: 'Taxes' })).toBeNull();
  });
});
