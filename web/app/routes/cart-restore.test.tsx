import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quoteOf } from '../../test/cart-quotes.ts';
import { cartOrder, customer, signedInAs } from '../../test/fixtures.ts';
import { stubServer } from '../../test/network.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const emptyCart = { lines: [], count: 0, total: 0, ready: false };
const token = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF';

/** A cart reminder's links (ADR 045): the cart restored, and the reminders stopped. */
describe('a cart reminder’s restore link', () => {
  it('opens a customer’s own cart when they are signed in as themselves', async () => {
    const { calls } = stubServer({ ...signedInAs(customer), 'GET /api/cart-reminders/restore': { body: { kind: 'customer', yours: true } }, 'GET /api/cart': { body: emptyCart } });
    const router = renderApp(`/cart/restore?token=${token}`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    // The token travels in the query, which the request log keeps without it, never in the path.
    expect(calls.find((call) => call.path === '/api/cart-reminders/restore')?.query.get('token')).toBe(token);
  });

  it('sends a customer who is not signed in to the sign-in page, to come back to the cart', async () => {
    stubServer({ ...signedInAs(null), 'GET /api/cart-reminders/restore': { body: { kind: 'customer', yours: false } } });
    const router = renderApp(`/cart/restore?token=${token}`);
    await vi.waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?returnTo=%2Fcart'));
  });

  it('says so when another account is signed in', async () => {
    stubServer({ ...signedInAs(customer), 'GET /api/cart-reminders/restore': { body: { kind: 'customer', yours: false } } });
    renderApp(`/cart/restore?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'This cart is another account’s' })).toBeTruthy();
    expect(screen.getByText(/You are signed in as ada@example.com/)).toBeTruthy();
  });

  it('puts a guest’s lines into this browser’s cart, keeping its other lines, and opens the cart', async () => {
    window.localStorage.setItem(
      'joinery.cart',
      JSON.stringify([
        { productId: 'p-other', variantId: 'p-other', quantity: 1 },
        { productId: 'p-1', variantId: 'v-1', quantity: 9 },
      ]),
    );
    const restored = [
      { productId: 'p-1', variantId: 'v-1', quantity: 2 },
      { productId: 'p-2', quantity: 3 },
    ];
    const cart = { lines: [], count: 0, total: 0, ready: false };
    stubServer({ ...signedInAs(null), 'GET /api/cart-reminders/restore': { body: { kind: 'guest', lines: restored } }, 'POST /api/cart/quote': { body: quoteOf(cart) } });
    const router = renderApp(`/cart/restore?token=${token}`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(JSON.parse(window.localStorage.getItem('joinery.cart') ?? '[]')).toEqual([{ productId: 'p-other', variantId: 'p-other', quantity: 1 }, ...restored]);
  });

  it('merges a guest’s lines into the account’s cart when someone is signed in', async () => {
    const restored = [{ productId: cartOrder.lines[0]!.productId, variantId: cartOrder.lines[0]!.variantId, quantity: 2 }];
    const { calls } = stubServer({
      ...signedInAs(customer),
      'GET /api/cart-reminders/restore': { body: { kind: 'guest', lines: restored } },
      'POST /api/cart/merge': { body: { cart: emptyCart, changes: [] } },
      'GET /api/cart': { body: emptyCart },
    });
    const router = renderApp(`/cart/restore?token=${token}`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(calls.find((call) => call.path === '/api/cart/merge')?.body).toEqual({ lines: restored });
  });

  it('says what to do with a link that finds no cart', async () => {
    stubServer({
      ...signedInAs(null),
      'GET /api/cart-reminders/restore': { status: 404, body: { code: 'NOT_FOUND', message: 'This cart link is not valid: it may be cut short.' } },
    });
    renderApp(`/cart/restore?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'This cart link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This cart link is not valid: it may be cut short.');
  });

  it('asks for the whole link when the address has lost its token, asking the server nothing', async () => {
    const { calls } = stubServer({ ...signedInAs(null) });
    renderApp('/cart/restore');
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/cart-reminders/restore')).toBe(false);
  });
});

describe('a cart reminder’s stop link', () => {
  it('stops nothing as it opens; its one button stops the reminders', async () => {
    const { calls } = stubServer({ ...signedInAs(null), 'POST /api/cart-reminders/unsubscribe': { body: { email: 'ada@example.com' } } });
    renderApp(`/cart/reminders/stop?token=${token}`);
    const stop = await screen.findByRole('button', { name: 'Stop these reminders' });
    expect(calls.some((call) => call.path === '/api/cart-reminders/unsubscribe')).toBe(false);
    await userEvent.setup().click(stop);
    expect(await screen.findByText(/We will not e-mail ada@example.com about carts left behind\./)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/cart-reminders/unsubscribe')?.query.get('token')).toBe(token);
  });
});
