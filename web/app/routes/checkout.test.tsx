import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Cart, cartSchema } from '../../../common/schemas/cart.ts';
import { paymentIntentSchema } from '../../../common/schemas/orders.ts';
import { cartOrder, customer, signedInAs } from '../../test/fixtures.ts';
import { stubServer } from '../../test/network.ts';
import { renderApp } from '../../test/render-app.tsx';
import { quoteOf, standard } from '../../test/cart-quotes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** The customer's cart on the server: the three tools `cartOrder` is made of, priced now. */
const cart: Cart = cartSchema.parse({
  lines: cartOrder.lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    quantity: line.quantity,
    product: { name: line.product, img: line.img, price: line.unitPrice, minQuantity: 1, availQuantity: 20, variant: line.variant, sku: line.sku },
    lineTotal: line.price,
  })),
  count: 6,
  total: 279.5,
  ready: true,
});

const workshop = { name: customer.name, line1: '40 Lathe Street', city: 'Portland', region: 'US-OR', postalCode: '97205', country: 'US' };

const checkoutCalls = {
  ...signedInAs(customer),
  'GET /api/cart': { body: cart },
  'GET /api/cart/delivery': { body: { phone: '+1 415 555 0100', shippingAddress: workshop } },
  'POST /api/cart/quote': { body: quoteOf(cart) },
};

async function openDeliveryForm() {
  const router = renderApp('/checkout');
  const form = within(await screen.findByRole('form', { name: 'Delivery' }));
  return { router, form, user: userEvent.setup(), placeOrder: form.getByRole('button', { name: 'Continue to payment' }) };
}

describe('the checkout', () => {
  it('fills the last phone, delivers to the saved default address, makes the cart one order and opens its payment page', async () => {
    const { calls } = stubServer({
      ...checkoutCalls,
      'GET /api/addresses': { body: [{ _id: 'a-1', ...workshop, isDefault: true }] },
      'POST /api/cart/checkout': { status: 201, body: cartOrder },
      [`GET /api/duepaymentOrder/${cartOrder._id}`]: { body: cartOrder },
      'POST /api/create-payment-intent': {
        body: paymentIntentSchema.parse({ clientSecret: 'pi_local_2_secret', transactionId: 'pi_local_2', gateway: 'local', amount: cartOrder.price }),
      },
    });
    const { router, form, user, placeOrder } = await openDeliveryForm();

    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByRole('heading').textContent).toBe('3 tools, 6 pieces');
    expect(summary.getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Marking Gauge3 × $12.50$37.50',
      'Dovetail Saw1 × $64.00$64.00',
      'Block Plane2 × $89.00$178.00',
    ]);
    expect((await summary.findByTestId('quote-subtotal')).textContent).toBe('$279.50');
    expect(summary.getByTestId('quote-shipping').textContent).toBe('$8.50');
    expect(summary.getByRole('radio', { name: /Standard/ })).toHaveProperty('checked', true);
    expect(form.getByLabelText('Phone')).toHaveProperty('value', '+1 415 555 0100');
    expect(await form.findByRole('radio', { name: /Ada Joiner.*40 Lathe Street/ })).toHaveProperty('checked', true);

    await user.click(placeOrder);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/payment/${cartOrder._id}`));
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/cart/checkout')?.body).toEqual({
      phone: '+1 415 555 0100',
      shippingAddress: workshop,
      shippingRate: standard.id,
    });
    // The order is paid on its payment page, which shows what the card pays for: the order the
    // checkout answered, not read a second time.
    expect(await screen.findByRole('list', { name: 'Items' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Order summary' })).getByRole('heading').textContent).toBe('Order J-1043');
    expect(calls.filter((call) => call.path.startsWith('/api/duepaymentOrder/'))).toEqual([]);
  });

  it('names the line the shop cannot supply, keeps everything typed, and reads the cart again', async () => {
    const shortOfStock = 'Only 1 Block Plane is left: please order at most 1.';
    let short = false;
    const { calls } = stubServer({
      ...checkoutCalls,
      'GET /api/cart/delivery': { body: null },
      'GET /api/cart': () => ({
        body: short ? { ...cart, ready: false, lines: cart.lines.map((line, index) => (index === 2 ? { ...line, problem: shortOfStock } : line)) } : cart,
      }),
      'POST /api/cart/checkout': () => {
        short = true;
        return { status: 409, body: { code: 'OUT_OF_STOCK', message: shortOfStock } };
      },
    });
    const { form, user, placeOrder } = await openDeliveryForm();
    await user.type(form.getByLabelText('Phone'), '+1 415 555 0142');
    await user.type(form.getByLabelText('Address'), '8 Rebate Road');
    await user.type(form.getByLabelText('City'), 'Portland');
    await user.selectOptions(form.getByLabelText('State'), 'Oregon');
    await user.type(form.getByLabelText('ZIP code'), '97205');
    await user.click(placeOrder);

    // Said above the button, where the person is, with the way to the cart beside it.
    const refusal = await form.findByRole('alert');
    expect(refusal.textContent).toBe(shortOfStock);
    expect(refusal.className).toContain('text-error');
    expect(form.getByRole('link', { name: 'Review your cart' }).getAttribute('href')).toBe('/cart');
    expect(form.getByLabelText('Phone')).toHaveProperty('value', '+1 415 555 0142');
    expect(form.getByLabelText('Address')).toHaveProperty('value', '8 Rebate Road');
    expect(form.getByLabelText('ZIP code')).toHaveProperty('value', '97205');
    // The cart read again has the line's problem: Continue waits until it is fixed.
    await vi.waitFor(() => expect(form.getByRole('button', { name: 'Continue to payment' })).toHaveProperty('disabled', true));
    expect(calls.filter((call) => call.path === '/api/cart')).toHaveLength(2);
  });

  it('shows any other refusal in red above the button, the form as it was', async () => {
    stubServer({
      ...checkoutCalls,
      'GET /api/addresses': { body: [{ _id: 'a-1', ...workshop, isDefault: true }] },
      'POST /api/cart/checkout': { status: 409, body: { code: 'CART_EMPTY', message: 'Your cart is empty.' } },
    });
    const { form, user, placeOrder } = await openDeliveryForm();
    await form.findByRole('radio', { name: /40 Lathe Street/ });
    await user.click(placeOrder);
    const alert = await form.findByRole('alert');
    expect(alert.textContent).toBe('Your cart is empty.');
    expect(alert.className).toContain('text-error');
    expect(form.getByLabelText('Phone')).toHaveProperty('value', '+1 415 555 0100');
    expect(placeOrder).toHaveProperty('disabled', false);
  });

  it('asks a guest for an e-mail address, sends the lines kept in the browser, and opens the order by the key it is answered', async () => {
    const lines = cart.lines.map((line) => ({ productId: line.productId, quantity: line.quantity }));
    window.localStorage.setItem('joinery.cart', JSON.stringify(lines));
    const guestOrder = { ...cartOrder, guest: true, accessKey: 'k'.repeat(32) };
    const { calls } = stubServer({
      ...signedInAs(null),
      'POST /api/cart/quote': { body: quoteOf(cart) },
      'POST /api/cart/checkout': { status: 201, body: guestOrder },
      [`GET /api/orders/${cartOrder._id}/details`]: { body: { order: guestOrder, refunds: [], shipments: [], timeline: [] } },
      [`GET /api/duepaymentOrder/${cartOrder._id}`]: { body: guestOrder },
    });
    const router = renderApp('/checkout');
    const form = within(await screen.findByRole('form', { name: 'Delivery' }));
    const user = userEvent.setup();
    await user.click(form.getByRole('button', { name: 'Continue to payment' }));
    expect(await form.findByText('Email is Required')).toBeTruthy();
    await user.type(form.getByLabelText('Email'), 'gwen@example.com');
    await user.type(form.getByLabelText('Phone'), '+1 707 555 0123');
    await user.type(form.getByLabelText('Full name'), 'Gwen Guest');
    await user.type(form.getByLabelText('Address'), '1 Redwood Way');
    await user.type(form.getByLabelText('City'), 'Arcata');
    await user.selectOptions(form.getByLabelText('State'), 'California');
    await user.type(form.getByLabelText('ZIP code'), '95521');
    await user.click(form.getByRole('button', { name: 'Continue to payment' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${cartOrder._id}`));
    expect(calls.find((call) => call.path === '/api/cart/checkout')?.body).toEqual({
      email: 'gwen@example.com',
      phone: '+1 707 555 0123',
      shippingAddress: { name: 'Gwen Guest', line1: '1 Redwood Way', city: 'Arcata', region: 'US-CA', postalCode: '95521', country: 'US' },
      shippingRate: standard.id,
      // Lines kept before variants name none: each goes as its product's first variant, which has the product's id.
      lines: lines.map((line) => ({ ...line, variantId: line.productId })),
    });
    // The order's key is kept for this tab, and goes with the calls about the order.
    expect(window.sessionStorage.getItem(`joinery.order-key.${cartOrder._id}`)).toBe('k'.repeat(32));
    // Without the tick, nothing of the guest's cart is kept for a reminder (ADR 045).
    expect(calls.some((call) => call.path === '/api/guest-carts')).toBe(false);
  });

  it('keeps a guest’s cart for a reminder only when they tick the box, which starts unticked', async () => {
    const lines = [{ productId: cart.lines[0]!.productId, variantId: cart.lines[0]!.variantId, quantity: 2 }];
    window.localStorage.setItem('joinery.cart', JSON.stringify(lines));
    const guestOrder = { ...cartOrder, guest: true, accessKey: 'k'.repeat(32) };
    const { calls } = stubServer({
      ...signedInAs(null),
      'POST /api/cart/quote': { body: quoteOf(cart) },
      'POST /api/guest-carts': { status: 202, body: { email: 'gwen@example.com' } },
      'POST /api/cart/checkout': { status: 201, body: guestOrder },
      [`GET /api/orders/${cartOrder._id}/details`]: { body: { order: guestOrder, refunds: [], shipments: [], timeline: [] } },
      [`GET /api/duepaymentOrder/${cartOrder._id}`]: { body: guestOrder },
    });
    const router = renderApp('/checkout');
    const form = within(await screen.findByRole('form', { name: 'Delivery' }));
    const user = userEvent.setup();
    const consent = form.getByRole('checkbox', { name: /E-mail me my cart if I don’t finish/ });
    expect(consent).toHaveProperty('checked', false);
    await user.click(consent);
    await user.type(form.getByLabelText('Email'), 'gwen@example.com');
    await user.type(form.getByLabelText('Phone'), '+1 707 555 0123');
    await user.type(form.getByLabelText('Full name'), 'Gwen Guest');
    await user.type(form.getByLabelText('Address'), '1 Redwood Way');
    await user.type(form.getByLabelText('City'), 'Arcata');
    await user.selectOptions(form.getByLabelText('State'), 'California');
    await user.type(form.getByLabelText('ZIP code'), '95521');
    await user.click(form.getByRole('button', { name: 'Continue to payment' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${cartOrder._id}`));
    expect(calls.find((call) => call.path === '/api/guest-carts')?.body).toEqual({ email: 'gwen@example.com', lines });
  });

  it('says an empty cart is empty, with the way to the catalogue', async () => {
    stubServer({ ...checkoutCalls, 'GET /api/cart': { body: { lines: [], count: 0, total: 0, ready: false } } });
    renderApp('/checkout');
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the tools' }).getAttribute('href')).toBe('/products');
    expect(screen.queryByRole('form', { name: 'Delivery' })).toBeNull();
  });
});
