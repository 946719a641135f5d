import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartMessages } from '../../../common/cart-rules.ts';
import { orderMessages } from '../../../common/ordering.ts';
import { type CartMerge, cartMergeSchema } from '../../../common/schemas/cart.ts';
import { customer, gaugeCart, markingGauge, signedInAs } from '../../test/fixtures.ts';
import { express, quoteOf, standard } from '../../test/cart-quotes.ts';
import { checkoutMessages } from '../../../common/checkout-rules.ts';
import { stubServer } from '../../test/network.ts';
import { renderApp } from '../../test/render-app.tsx';

const storageKey = 'joinery.cart';
const stored = () => JSON.parse(window.localStorage.getItem(storageKey) ?? '[]') as unknown;

const catalogue = { 'GET /api/products': { body: [markingGauge], headers: { 'x-total-count': '1' } } };

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
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
    expect(stored()).toEqual([{ productId: markingGauge._id, variantId: markingGauge._id, quantity: 4 }]);
    // The header's cart link, once for each width (CSS shows one).
    expect(screen.getAllByRole('link', { name: 'Cart, 4 items' })).toHaveLength(2);

    // 4 + 6 = 10: not below the 10 in stock.
    await user.clear(quantity);
    await user.type(quantity, '6');
    await user.click(card.getByRole('button', { name: /^Add to cart/ }));
    expect(await card.findByText(cartMessages.alreadyInCart(4, orderMessages.orderAtMost(9)))).toBeTruthy();
    expect(stored()).toEqual([{ productId: markingGauge._id, variantId: markingGauge._id, quantity: 4 }]);
    // A visitor's cart costs the server nothing until it is shown.
    expect(calls.some((call) => call.path.startsWith('/api/cart'))).toBe(false);
  });

  it('shows the cart priced by the server, with a line’s problem and what to do', async () => {
    window.localStorage.setItem(storageKey, JSON.stringify([{ productId: markingGauge._id, quantity: 10 }]));
    const { calls } = stubServer({ ...signedInAs(null), 'POST /api/cart/quote': { body: quoteOf(gaugeCart(10, orderMessages.orderAtMost(9))) } });
    renderApp('/cart');
    const line = within(await screen.findByRole('article', { name: markingGauge.name }));
    expect(line.getByText(orderMessages.orderAtMost(9))).toBeTruthy();
    expect((await screen.findByTestId('quote-subtotal')).textContent).toBe('$125.00');
    expect(screen.getByRole('button', { name: 'Check out' })).toHaveProperty('disabled', true);
    expect(calls.find((call) => call.path === '/api/cart/quote')?.body).toEqual({ lines: [{ productId: markingGauge._id, variantId: markingGauge._id, quantity: 10 }] });
  });

  it('prices shipping to the state chosen, a code and the tax there, and carries them to the checkout', async () => {
    window.localStorage.setItem(storageKey, JSON.stringify([{ productId: markingGauge._id, quantity: 4 }]));
    const cart = gaugeCart(4);
    const { calls } = stubServer({
      ...signedInAs(null),
      'POST /api/cart/quote': (call) => {
        const asked = call.body as { shippingAddress?: { region?: string }; discountCode?: string; shippingRate?: string };
        const inCalifornia = asked.shippingAddress?.region === 'US-CA';
        if (asked.discountCode === 'NOPE') return { body: { ...quoteOf(cart), discountCode: { code: 'NOPE', applied: false, problem: checkoutMessages.codeUnknown } } };
        const discount = asked.discountCode === 'SAVE10' ? 5 : 0;
        return { body: quoteOf(cart, { discount, code: asked.discountCode, tax: inCalifornia ? 3.26 : 0, shippingRate: asked.shippingRate ?? standard.id }) };
      },
    });
    renderApp('/cart');
    const user = userEvent.setup();
    const summary = within(await screen.findByRole('complementary', { name: 'Order summary' }));
    await user.selectOptions(summary.getByRole('combobox', { name: 'State' }), 'California');
    await vi.waitFor(() => expect(summary.getByTestId('quote-tax').textContent).toBe('$3.26'));
    expect(summary.getByRole('radio', { name: /Standard/ })).toHaveProperty('checked', true);
    expect(summary.getByText('$29.00')).toBeTruthy();

    await user.click(summary.getByRole('radio', { name: /Express/ }));
    await vi.waitFor(() => expect(summary.getByTestId('quote-shipping').textContent).toBe('$29.00'));
    await user.type(summary.getByLabelText('Discount code'), 'nope');
    await user.click(summary.getByRole('button', { name: 'Apply' }));
    expect((await summary.findByRole('alert')).textContent).toBe(checkoutMessages.codeUnknown);
    await user.clear(summary.getByLabelText('Discount code'));
    await user.type(summary.getByLabelText('Discount code'), 'save10');
    await user.click(summary.getByRole('button', { name: 'Apply' }));
    expect(await summary.findByRole('button', { name: 'Remove' })).toBeTruthy();
    await vi.waitFor(() => expect(summary.getByTestId('quote-discount').textContent).toBe('-$5.00'));
    expect(screen.getByText('-$5.00 with SAVE10')).toBeTruthy();
    // Each question carries the place, the way and the code, as the checkout will.
    expect(calls.filter((call) => call.path === '/api/cart/quote').at(-1)?.body).toEqual({
      lines: [{ productId: markingGauge._id, variantId: markingGauge._id, quantity: 4 }],
      shippingAddress: { country: 'US', region: 'US-CA' },
      shippingRate: express.id,
      discountCode: 'SAVE10',
    });
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
      changes: [{ productId: markingGauge._id, variantId: markingGauge._id, product: markingGauge.name, asked: 12, quantity: 9, message: orderMessages.orderAtMost(9) }],
    });
    const { calls } = stubServer({
      ...signedInAs(customer),
      'POST /api/cart/merge': { body: merged },
      'GET /api/cart': { body: gaugeCart(9) },
      'GET /api/addresses': { body: [] },
      'POST /api/cart/quote': { body: quoteOf(gaugeCart(9)) },
    });
    renderApp('/cart');
    const notices = await screen.findByRole('status', { name: 'Notifications' });
    await vi.waitFor(() => expect(notices.textContent).toContain(`${markingGauge.name}: ${orderMessages.orderAtMost(9)} Your cart now has 9.`));
    expect(calls.filter((call) => call.path === '/api/cart/merge').map((call) => call.body)).toEqual([
      { lines: [{ productId: markingGauge._id, variantId: markingGauge._id, quantity: 12 }] },
    ]);
    expect(window.localStorage.getItem(storageKey)).toBeNull();
    expect((await screen.findByTestId('quote-subtotal')).textContent).toBe('$112.50');
  });
});
