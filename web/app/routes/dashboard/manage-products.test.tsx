import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product, ProductDetail } from '../../../../common/schemas/products.ts';
import { productMessages } from '../../../../common/shop-management.ts';
import { admin, markingGauge, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { markingGaugeDetail } from '../../../test/variant-fixtures.ts';

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

/** The hidden saw as the admin's read of one product answers it; its public address answers 404. */
const hiddenSaw: ProductDetail = {
  ...markingGaugeDetail,
  _id: 'p-3',
  name: 'Dovetail Saw',
  category: 'planes',
  hidden: true,
  variants: [{ ...markingGaugeDetail.variants[0]!, _id: 'p-3' }],
};

function stubShop(answers: Parameters<typeof stubServer>[0] = {}) {
  return stubServer({
    ...signedInAs(admin),
    // Manage Products' own list: hidden products too.
    'GET /api/products/manage': { body: products, headers: { 'x-total-count': String(products.length) } },
    'GET /api/categories': { body: categories },
    'POST /api/products/bulk': ({ body }) => ({ body: { changed: (body as { ids: string[] }).ids.length } }),
    ...answers,
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

  it('edits a hidden product through the admin’s own read of it, and keeps it hidden', async () => {
    const server = stubShop({
      'GET /api/products/p-3/manage': { body: hiddenSaw },
      'PUT /api/products/p-3': ({ body }) => ({ body: { ...hiddenSaw, ...(body as object) } }),
    });
    renderApp('/dashboard/manageproducts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Dovetail Saw' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Dovetail Saw' }));
    expect(form.getByLabelText('Name')).toHaveProperty('value', 'Dovetail Saw');
    // jsdom with React 19 shows no registered <select> its starting value (a browser does): chosen again here.
    await user.selectOptions(form.getByLabelText('Category'), 'planes');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(productMessages.updated('Dovetail Saw'))).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ name: 'Dovetail Saw', hidden: true });
    // Never the public address, which answers 404 for a hidden product.
    const reads = server.calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/products/p-3'));
    expect(new Set(reads.map((call) => call.path))).toEqual(new Set(['/api/products/p-3/manage']));
  });

  it('keeps the change chosen and the amount typed when Back is pressed after the server failed', async () => {
    const server = stubShop({ 'POST /api/products/bulk': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' } } });
    renderApp('/dashboard/manageproducts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Block Plane' }));
    await user.click(screen.getByRole('button', { name: 'Bulk edit' }));
    const form = await screen.findByRole('form', { name: 'Bulk edit' });
    await user.selectOptions(within(form).getByLabelText('What to change'), 'price-to');
    await user.type(within(form).getByLabelText('New price (USD)'), '12.50');
    await user.click(within(form).getByRole('button', { name: 'Review the change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the price of 1 product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Change 1 product' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Something went wrong on our side. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    const back = await screen.findByRole('form', { name: 'Bulk edit' });
    expect(within(back).getByLabelText('What to change')).toHaveProperty('value', 'price-to');
    expect(within(back).getByLabelText('New price (USD)')).toHaveProperty('value', '12.50');
    // Sent again as it was.
    await user.click(within(back).getByRole('button', { name: 'Review the change' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Change the price of 1 product?' })).getByRole('button', { name: 'Change 1 product' }));
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { ids: ['p-2'], change: { kind: 'price-to', price: 12.5 } },
      { ids: ['p-2'], change: { kind: 'price-to', price: 12.5 } },
    ]);
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
