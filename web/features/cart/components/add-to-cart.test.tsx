import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartMessages } from '../../../../common/cart-rules.ts';
import { orderMessages } from '../../../../common/ordering.ts';
import { productSchema } from '../../../../common/schemas/products.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { customer, gaugeCart, markingGauge, signedInAs } from '../../../test/fixtures.ts';
import { heldReply, stubServer } from '../../../test/network.ts';
import { localCartLines } from '../local-cart.ts';
import { AddToCart } from './add-to-cart.tsx';

/** As a product's own page mounts it: on its own, with the shop's providers around it. */
function renderAddToCart(product = markingGauge) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ToastProvider>
          <AddToCart product={product} size="full" />
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('Add to cart on a product’s page', () => {
  it('adds to a signed-in customer’s cart on the server, starting at the minimum order', async () => {
    const { calls } = stubServer({ ...signedInAs(customer), 'POST /api/cart/items': { body: gaugeCart(3) } });
    const user = renderAddToCart();
    const form = within(screen.getByRole('form', { name: `Add ${markingGauge.name} to cart` }));
    expect(form.getByLabelText('Quantity')).toHaveProperty('value', '3');
    await vi.waitFor(() => expect(form.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', false));
    await user.click(form.getByRole('button', { name: 'Add to cart' }));
    expect(await form.findByText('Added 3 to your cart.')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Notifications' }).textContent).toContain(cartMessages.added(3, markingGauge.name));
    expect(calls.filter((call) => call.path === '/api/cart/items').map((call) => call.body)).toEqual([{ productId: markingGauge._id, variantId: markingGauge._id, quantity: 3 }]);
    expect(window.localStorage.length).toBe(0);
  });

  it('shows the server’s refusal in red beside the quantity, and keeps what was typed', async () => {
    stubServer({
      ...signedInAs(customer),
      'POST /api/cart/items': { status: 400, body: { code: 'VALIDATION_FAILED', message: cartMessages.alreadyInCart(5, orderMessages.orderAtMost(9)) } },
    });
    const user = renderAddToCart();
    const form = within(screen.getByRole('form', { name: `Add ${markingGauge.name} to cart` }));
    const quantity = form.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '5');
    await vi.waitFor(() => expect(form.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', false));
    await user.click(form.getByRole('button', { name: 'Add to cart' }));
    const refusal = await form.findByText(cartMessages.alreadyInCart(5, orderMessages.orderAtMost(9)));
    expect(refusal.className).toContain('text-error');
    expect(quantity).toHaveProperty('value', '5');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
  });

  it('takes a click made before the session has arrived, and adds to the cart of whoever it says is signed in', async () => {
    const session = heldReply({ body: { user: customer } });
    const { calls } = stubServer({ 'GET /api/session': session.answer, 'POST /api/cart/items': { body: gaugeCart(3) } });
    const user = renderAddToCart();
    const form = within(screen.getByRole('form', { name: `Add ${markingGauge.name} to cart` }));
    const button = form.getByRole('button', { name: 'Add to cart' });
    expect(button).toHaveProperty('disabled', false);
    await user.click(button);
    expect(button).toHaveProperty('disabled', true);
    expect(calls.map((call) => call.path)).toEqual(['/api/session']);
    session.release();
    expect(await form.findByText('Added 3 to your cart.')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/cart/items').map((call) => call.body)).toEqual([{ productId: markingGauge._id, variantId: markingGauge._id, quantity: 3 }]);
    expect(window.localStorage.length).toBe(0);
  });

  it('keeps a visitor’s line in this browser once the session says no one is signed in', async () => {
    const session = heldReply({ body: { user: null } });
    const { calls } = stubServer({ 'GET /api/session': session.answer });
    const user = renderAddToCart();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    session.release();
    expect(await screen.findByText('Added 3 to your cart.')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/session']);
    expect(localCartLines()).toEqual([{ productId: markingGauge._id, variantId: markingGauge._id, quantity: 3 }]);
  });

  it('is a form that sends nothing by itself, so that a tap before the app runs a rendered page goes nowhere', () => {
    stubServer(signedInAs(null));
    renderAddToCart();
    expect(screen.getByRole('form', { name: `Add ${markingGauge.name} to cart` }).getAttribute('method')).toBe('dialog');
  });

  it('offers nothing for a sold-out product', () => {
    stubServer(signedInAs(null));
    renderAddToCart(productSchema.parse({ ...markingGauge, availQuantity: 3 }));
    expect(screen.queryByRole('form')).toBeNull();
  });
});
