import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markingGauge, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { benchChiselCard } from '../../../test/variant-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

function stubCatalogue() {
  stubServer({
    ...signedInAs(null),
    'GET /api/products': { body: [benchChiselCard, markingGauge], headers: { 'x-total-count': '2' } },
  });
}

describe('a product’s card in the catalogue', () => {
  it('shows "from" the lowest price when the variants’ prices differ, and leads to the page to choose one', async () => {
    stubCatalogue();
    renderApp('/products');
    const card = await screen.findByRole('article', { name: 'Joinery Bench Chisel' });
    expect(card.textContent).toContain('from$42.00');
    expect(within(card).queryByRole('button', { name: /Add to cart/ })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Choose width and handle: Joinery Bench Chisel' }).getAttribute('href')).toBe(`/products/${benchChiselCard._id}`);
  });

  it('shows a product sold one way at its price, as before', async () => {
    stubCatalogue();
    renderApp('/products');
    const card = await screen.findByRole('article', { name: 'Marking Gauge' });
    expect(within(card).getByText('$12.50')).toBeTruthy();
    expect(card.textContent).not.toContain('from$');
    expect(within(card).getByRole('button', { name: /Add to cart/ })).toBeTruthy();
  });
});
