import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../../common/schemas/products.ts';
import { admin, markingGauge, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const products: Product[] = [
  { ...markingGauge, _id: 'p-1', name: 'Marking Gauge', availQuantity: 25, minQuantity: 1 },
  { ...markingGauge, _id: 'p-2', name: 'Block Plane', availQuantity: 1, minQuantity: 1 },
  { ...markingGauge, _id: 'p-3', name: 'Dovetail Saw', availQuantity: 8, minQuantity: 1, hidden: true },
];
const categories = [
  { slug: 'clamps', name: 'Clamps', description: '', parentSlug: null, position: 0, productCount: 0 },
  { slug: 'planes', name: 'Planes', description: '', parentSlug: null, position: 1, productCount: 0 },
];

function stubShop() {
  return stubServer({
    ...signedInAs(admin),
    'GET /api/products': { body: products, headers: { 'x-total-count': String(products.length) } },
    'GET /api/categories': { body: categories },
    'POST /api/products/bulk': ({ body }) => ({ body: { changed: (body as { ids: string[] }).ids.length } }),
  });
}

describe('Manage Products', () => {
  it('shows beside each stock what customers can order, and which products are hidden', async () => {
    stubShop();
    renderApp('/dashboard/manageproducts');
    expect(await screen.findByText('24 can be ordered')).toBeTruthy();
    expect(screen.getByText('Sold out')).toBeTruthy();
    const sawRow = screen.getByText('Dovetail Saw').closest('tr')!;
    expect(within(sawRow).getByText('Hidden')).toBeTruthy();
    expect(within(screen.getByText('Marking Gauge').closest('tr')!).queryByText('Hidden')).toBeNull();
  });

  it('changes the price of the products ticked after a confirmation that says how many', async () => {
    const server = stubShop();
    renderApp('/dashboard/manageproducts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Marking Gauge' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Dovetail Saw' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Bulk edit' }));
    const form = await screen.findByRole('form', { name: 'Bulk edit' });
    await user.type(within(form).getByLabelText('Percentage (negative lowers it)'), '10');
    await user.click(within(form).getByRole('button', { name: 'Review the change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the price of 2 products?' });
    expect(within(dialog).getByText(/goes up 10 %/)).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Change 2 products' }));
    expect(await screen.findByText('2 products changed')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ ids: ['p-1', 'p-3'], change: { kind: 'price-percent', percent: 10 } });
    expect(screen.getByText('0 selected')).toBeTruthy();
  });

  it('selects every product of the page at once, and moves them to a category', async () => {
    const server = stubShop();
    renderApp('/dashboard/manageproducts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Bulk edit' }));
    const form = await screen.findByRole('form', { name: 'Bulk edit' });
    await user.selectOptions(within(form).getByLabelText('What to change'), 'category');
    await user.click(within(form).getByRole('button', { name: 'Review the change' }));
    expect(await within(form).findByText('Category is Required')).toBeTruthy();
    await user.selectOptions(within(form).getByLabelText('New category'), 'clamps');
    await user.click(within(form).getByRole('button', { name: 'Review the change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 3 products to Clamps?' });
    await user.click(within(dialog).getByRole('button', { name: 'Change 3 products' }));
    expect(await screen.findByText('3 products changed')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ ids: ['p-1', 'p-2', 'p-3'], change: { kind: 'category', category: 'clamps' } });
  });
});
