import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartMessages } from '../../../common/cart-rules.ts';
import { orderMessages } from '../../../common/ordering.ts';
import { type CartMerge, cartMergeSchema } from '../../../common/schemas/cart.ts';
import { customer, gaugeCart, markingGauge, signedInAs } from '../../test/fixtures.ts';
import { stubServer } from '../../test/network.ts';
import { renderApp } from '../../test/render-app.tsx';

const storageKey = 'joinery.cart';
const stored = () => JSON.parse(window.localStorage.getItem(storageKey) ?? '[]') as unknown;

const catalogue = { 'GET /api/products': { body: [markingGauge], headers: { 'x-total-count': '1' } } };

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('a visitor’s cart', () => {
  it('adds from a product card by the order rule, kept in this browser, and the header counts it', async () => {
    const { calls } = stubServer({ ...signedInAs(null), ...catalogue });
    renderApp('/products');
    const user = userEvent.setup();
    const card = within(await screen.findByRole('article', { name: markingGauge.name }));
    const quantity = card.getByRole('spinbutton', { name: `Quantity of ${markingGauge.name}` });
    expect(quantity).toHaveProperty('value', '3');

    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(card.getByRole('button', { name: /^Add to cart/ }));
    expect(await card.findByText(orderMessages.orderAtLeast(3))).toBeTruthy();
    expect(stored()).toEqual([]);

    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(card.getByRole('button', { name: /^Add to cart/ }));
    expect(await card.findByText('Added 4 to your cart.')).toBeTruthy();
    expect(stored()).toEqual([{ productId: markingGauge._id, quantity: 4 }]);
    // The header's cart link, once for each width (CSS shows one).
    expect(screen.getAllByRole('link', { name: 'Cart, 4 items' })).toHaveLength(2);

    // 4 + 6 = 10: not below the 10 in stock.
    await user.clear(quantity);
    await user.type(quantity, '6');
    await user.click(card.getByRole('button', { name: /^Add to cart/ }));
    expect(await card.findByText(cartMessages.alreadyInCart(4, orderMessages.orderAtMost(9)))).toBeTruthy();
    expect(stored()).toEqual([{ productId: markingGauge._id, quantity: 4 }]);
    // A visitor's cart costs the server nothing until it is shown.
    expect(calls.some((call) => call.path.startsWith('/api/cart'))).toBe(false);
  });

  it('shows the cart priced by the server, with a line’s problem and what to do', async () => {
    window.localStorage.setItem(storageKey, JSON.stringify([{ productId: markingGauge._id, quantity: 10 }]));
    const { calls } = stubServer({ ...signedInAs(null), 'POST /api/cart/quote': { body: gaugeCart(10, orderMessages.orderAtMost(9)) } });
    renderApp('/cart');
    const line = within(await screen.findByRole('article', { name: markingGauge.name }));
    expect(line.getByText(orderMessages.orderAtMost(9))).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$125.00 USD');
    expect(screen.getByRole('button', { name: 'Check out' })).toHaveProperty('disabled', true);
    expect(calls.find((call) => call.path === '/api/cart/quote')?.body).toEqual({ lines: [{ productId: markingGauge._id, quantity: 10 }] });
  });

  it('says an empty cart is empty, with the way to the catalogue', async () => {
    stubServer(signedInAs(null));
    renderApp('/cart');
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the tools' }).getAttribute('href')).toBe('/products');
  });
});

describe('signing in with a cart in the browser', () => {
  it('merges it into the account’s cart, says which lines changed, and clears the browser’s copy', async () => {
    window.localStorage.setItem(storageKey, JSON.stringify([{ productId: markingGauge._id, quantity: 12 }]));
    const merged: CartMerge = cartMergeSchema.parse({
      cart: gaugeCart(9),
      changes: [{ productId: markingGauge._id, product: markingGauge.name, asked: 12, quantity: 9, message: orderMessages.orderAtMost(9) }],
    });
    const { calls } = stubServer({ ...signedInAs(customer), 'POST /api/cart/merge': { body: merged }, 'GET /api/cart': { body: gaugeCart(9) } });
    renderApp('/cart');
    const notices = await screen.findByRole('status', { name: 'Notifications' });
    await vi.waitFor(() => expect(notices.textContent).toContain(`${markingGauge.name}: ${orderMessages.orderAtMost(9)} Your cart now has 9.`));
    expect(calls.filter((call) => call.path === '/api/cart/merge').map((call) => call.body)).toEqual([{ lines: [{ productId: markingGauge._id, quantity: 12 }] }]);
    expect(window.localStorage.getItem(storageKey)).toBeNull();
    expect(await screen.findByTestId('cart-total')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$112.50 USD');
  });
});
