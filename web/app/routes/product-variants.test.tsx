import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInAs } from '../../test/fixtures.ts';
import { stubServer } from '../../test/network.ts';
import { renderApp } from '../../test/render-app.tsx';
import { benchChisel, chiselVariant } from '../../test/variant-fixtures.ts';

const path = `/products/${benchChisel._id}`;

function stubChisel() {
  return stubServer({
    ...signedInAs(null),
    [`GET /api/products/${benchChisel._id}`]: { body: benchChisel },
    [`GET /api/products/${benchChisel._id}/reviews`]: { body: [], headers: { 'x-total-count': '0' } },
  });
}

/** Which picture the gallery shows large: the chisel's pictures are the ash handle's, then the walnut's. */
const shownPicture = () =>
  within(screen.getByRole('region', { name: 'Pictures of Joinery Bench Chisel' }))
    .getAllByRole('img')[0]!
    .getAttribute('alt');
const ashPicture = 'Joinery Bench Chisel, picture 1 of 2';
const walnutPicture = 'Joinery Bench Chisel, picture 2 of 2';

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('choosing a variant on a product’s page', () => {
  it('opens on the first that can be ordered; the price, picture, stock and address follow the choice', async () => {
    stubChisel();
    const router = renderApp(path);
    const buyBox = await screen.findByRole('region', { name: 'Buy Joinery Bench Chisel' });
    const width = within(buyBox).getByRole('group', { name: /^Width/ });
    const handle = within(buyBox).getByRole('group', { name: /^Handle/ });
    // 6 mm Ash is sold out: the page opens on 6 mm Walnut.
    expect(within(width).getByRole('radio', { name: '6 mm' })).toHaveProperty('checked', true);
    expect(within(handle).getByRole('radio', { name: 'Walnut' })).toHaveProperty('checked', true);
    expect(within(buyBox).getByText('$48.00')).toBeTruthy();
    expect(shownPicture()).toBe(walnutPicture);

    const user = userEvent.setup();
    await user.click(within(width).getByRole('radio', { name: '10 mm' }));
    const tenWalnut = chiselVariant('10 mm', 'Walnut');
    expect(within(buyBox).getByText('$50.00')).toBeTruthy();
    expect(shownPicture()).toBe(walnutPicture);
    expect(router.state.location.search).toBe(`?variant=${tenWalnut._id}`);
    expect(within(buyBox).getByText(`${tenWalnut.availQuantity - 1} pieces`)).toBeTruthy();
    expect(within(buyBox).getByRole('link', { name: 'Buy Now' }).getAttribute('href')).toBe(`/purchase/${benchChisel._id}?variant=${tenWalnut._id}`);

    await user.click(within(handle).getByRole('radio', { name: 'Ash' }));
    expect(within(buyBox).getByText('$44.00')).toBeTruthy();
    expect(shownPicture()).toBe(ashPicture);
    expect(router.state.location.search).toBe(`?variant=${chiselVariant('10 mm', 'Ash')._id}`);
  });

  it('opens on the variant its address names', async () => {
    stubChisel();
    renderApp(`${path}?variant=${chiselVariant('12 mm', 'Ash')._id}`);
    const buyBox = await screen.findByRole('region', { name: 'Buy Joinery Bench Chisel' });
    expect(within(buyBox).getByRole('radio', { name: '12 mm' })).toHaveProperty('checked', true);
    expect(within(buyBox).getByRole('radio', { name: 'Ash' })).toHaveProperty('checked', true);
    expect(within(buyBox).getByText('$46.00')).toBeTruthy();
  });

  it('does not offer a combination the workshop does not make', async () => {
    stubChisel();
    renderApp(`${path}?variant=${chiselVariant('20 mm', 'Ash')._id}`);
    const buyBox = await screen.findByRole('region', { name: 'Buy Joinery Bench Chisel' });
    // 20 mm comes with an ash handle only.
    expect(within(buyBox).getByRole('radio', { name: /^Walnut/ })).toHaveProperty('disabled', true);
    await userEvent.setup().click(within(buyBox).getByRole('radio', { name: '10 mm' }));
    await userEvent.setup().click(within(buyBox).getByRole('radio', { name: 'Walnut' }));
    expect(within(buyBox).getByRole('radio', { name: /^20 mm/ })).toHaveProperty('disabled', true);
    expect(within(buyBox).getByRole('radio', { name: '12 mm' })).toHaveProperty('disabled', false);
  });

  it('says a sold-out variant is sold out, in the picker and the stock line, with no Buy Now', async () => {
    stubChisel();
    renderApp(`${path}?variant=${chiselVariant('6 mm', 'Ash')._id}`);
    const buyBox = await screen.findByRole('region', { name: 'Buy Joinery Bench Chisel' });
    expect(within(buyBox).getByRole('radio', { name: '6 mm, sold out' })).toBeTruthy();
    expect(within(buyBox).getByText('Sold out')).toBeTruthy();
    expect(within(buyBox).getByText('None left')).toBeTruthy();
    expect(within(buyBox).queryByRole('link', { name: 'Buy Now' })).toBeNull();
    expect(within(buyBox).queryByRole('button', { name: 'Add to cart' })).toBeNull();
    // The other width with the same handle can still be ordered.
    await userEvent.setup().click(within(buyBox).getByRole('radio', { name: '10 mm' }));
    expect(within(buyBox).getByRole('link', { name: 'Buy Now' })).toBeTruthy();
  });

  it('adds the variant chosen to a visitor’s cart, a line per variant', async () => {
    stubChisel();
    renderApp(`${path}?variant=${chiselVariant('10 mm', 'Walnut')._id}`);
    const buyBox = await screen.findByRole('region', { name: 'Buy Joinery Bench Chisel' });
    const user = userEvent.setup();
    await user.click(within(buyBox).getByRole('button', { name: 'Add to cart' }));
    await within(buyBox).findByText(/Added 1 to your cart/);
    await user.click(within(buyBox).getByRole('radio', { name: 'Ash' }));
    await user.click(within(buyBox).getByRole('button', { name: 'Add to cart' }));
    await within(buyBox).findByText(/Added 1 to your cart/);
    expect(JSON.parse(window.localStorage.getItem('joinery.cart') ?? '[]')).toEqual([
      { productId: benchChisel._id, variantId: chiselVariant('10 mm', 'Walnut')._id, quantity: 1 },
      { productId: benchChisel._id, variantId: chiselVariant('10 mm', 'Ash')._id, quantity: 1 },
    ]);
  });
});
