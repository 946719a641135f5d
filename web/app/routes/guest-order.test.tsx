import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Order, orderSchema, type PaymentIntent, paymentIntentSchema } from '../../../common/schemas/orders.ts';
import { customer, detailsOf, guestOrder, guestOrderKey, signedInAs } from '../../test/fixtures.ts';
import { catchDownloads } from '../../test/downloads.ts';
import { type Call, stubServer } from '../../test/network.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const intent: PaymentIntent = paymentIntentSchema.parse({ clientSecret: 'pi_local_9_secret_abc', transactionId: 'pi_local_9', gateway: 'local', amount: guestOrder.price });

/** A guest's order under another id: the page keeps the keys it was given for the tab, so each test opens an order of its own. */
const guestOrderNumbered = (id: string): Order => orderSchema.parse({ ...guestOrder, _id: id });

const unauthenticated = { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Please log in first.' } };
const notFound = { status: 404, body: { code: 'NOT_FOUND', message: 'No such order.' } };

/** The server's rule for a guest (ADR 038): the order's own key opens it; another is a 404, none a 401. */
function keyed(order: Order, body: unknown) {
  return (call: Call) => {
    const key = call.headers['x-order-key'];
    return key === guestOrderKey ? { body } : key ? notFound : unauthenticated;
  };
}

/** The calls about the guest's order, each answered only with its key, as the server does. */
function guestCalls(order: Order) {
  return {
    ...signedInAs(null),
    [`GET /api/orders/${order._id}/details`]: keyed(order, detailsOf(order)),
    'POST /api/create-payment-intent': keyed(order, intent),
  };
}

async function fillCard(form: ReturnType<typeof within>) {
  const user = userEvent.setup();
  await user.type(form.getByLabelText('Card number'), '4242424242424242');
  await user.type(form.getByLabelText('Expiry (MM/YY)'), '1234');
  await user.type(form.getByLabelText('CVC'), '123');
  return user;
}

describe('a guest’s order page', () => {
  it('takes the key from the link, sends it with the calls about the order, and takes it out of the address', async () => {
    const order = guestOrderNumbered('o-guest-1');
    const { calls } = stubServer(guestCalls(order));
    const router = renderApp(`/orders/${order._id}?key=${guestOrderKey}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order J-1050' })).toBeTruthy();
    expect(calls.find((call) => call.path === `/api/orders/${order._id}/details`)?.headers['x-order-key']).toBe(guestOrderKey);
    expect(router.state.location.pathname).toBe(`/orders/${order._id}`);
    expect(router.state.location.search).toBe('');
    // Kept for this tab, so that a reload still opens the order.
    expect(sessionStorage.getItem(`joinery.order-key.${order._id}`)).toBe(guestOrderKey);

    // What the order is charged, worded as the receipt words it.
    const items = within(screen.getByRole('region', { name: 'Items' }));
    expect(items.getAllByRole('term').map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`)).toEqual([
      'Subtotal $25.00',
      'Shipping (Standard) $8.50',
      'Tax 7.25% $1.81',
      'Total $35.31 USD',
    ]);
    // A guest has no list of orders, nor the admin's actions: the way back is to the shop.
    expect(screen.getByRole('link', { name: /Back to the shop/ }).getAttribute('href')).toBe('/products');
    expect(screen.queryByRole('region', { name: 'Admin actions' })).toBeNull();
    expect(screen.queryByRole('link', { name: /My Orders/ })).toBeNull();
  });

  it('shows the payment form for an unpaid order, in the order’s name, and pays with the key', async () => {
    const order = guestOrderNumbered('o-guest-2');
    const paid = orderSchema.parse({
      ...order,
      paymentStatus: 'paid',
      transactionId: intent.transactionId,
      paidAt: '2026-11-20T10:05:00.000Z',
      shippingStatus: 'pending',
      stage: 'to-ship',
      invoiceNumber: 'INV-2026-000040',
    });
    let paidYet = false;
    const { calls } = stubServer({
      ...guestCalls(order),
      [`GET /api/orders/${order._id}/details`]: (call) => keyed(order, detailsOf(paidYet ? paid : order))(call),
      'POST /api/payments/local/authorise': keyed(order, { transactionId: intent.transactionId }),
      [`PUT /api/orders/${order._id}`]: (call) => {
        paidYet = call.headers['x-order-key'] === guestOrderKey;
        return keyed(order, paid)(call);
      },
    });
    renderApp(`/orders/${order._id}?key=${guestOrderKey}`);

    const payment = within(await screen.findByRole('region', { name: 'Pay for this order' }));
    const form = within(await payment.findByRole('form', { name: 'Card payment' }));
    expect(form.getByLabelText('Name on card')).toHaveProperty('value', 'Gus Guest');
    expect(calls.find((call) => call.path === '/api/create-payment-intent')?.headers['x-order-key']).toBe(guestOrderKey);
    // An unpaid order can still be cancelled, as on My Orders.
    expect(screen.getByRole('button', { name: `Cancel the order for ${order.product}` })).toBeTruthy();

    const user = await fillCard(form);
    const pay = form.getByRole('button', { name: 'Pay' });
    await vi.waitFor(() => expect(pay).toHaveProperty('disabled', false));
    await user.click(pay);

    const notice = (await screen.findByText('Congrats! Your payment is completed.')).closest<HTMLElement>('[role="status"]')!;
    expect(within(notice).getByText(intent.transactionId)).toBeTruthy();
    // The page shows the payment below: the success stands alone, without the card form.
    expect(screen.queryByRole('form', { name: 'Card payment' })).toBeNull();
    const authorise = calls.find((call) => call.path === '/api/payments/local/authorise');
    expect(authorise?.headers['x-order-key']).toBe(guestOrderKey);
    expect(authorise?.body).toMatchObject({ orderId: order._id, name: 'Gus Guest', cardNumber: '4242 4242 4242 4242' });
    expect(calls.find((call) => call.method === 'PUT')?.headers['x-order-key']).toBe(guestOrderKey);

    // Read again, the order is paid: its invoice downloads with the key too, and it can no longer be cancelled.
    const { saved } = catchDownloads();
    stubServer({
      ...guestCalls(paid),
      [`GET /api/orders/${order._id}/invoice`]: keyed(paid, '%PDF-1.7'),
      [`GET /api/orders/${order._id}/receipt.pdf`]: keyed(paid, '%PDF-1.7'),
    });
    const invoice = await screen.findByRole('button', { name: 'Download Invoice INV-2026-000040' });
    expect(screen.getByText('Congrats! Your payment is completed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Cancel the order/ })).toBeNull();
    await user.click(invoice);
    await vi.waitFor(() => expect(saved).toEqual(['INV-2026-000040.pdf']));
    // The receipt's PDF too: a plain link could not carry the key.
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(saved).toEqual(['INV-2026-000040.pdf', 'Joinery-receipt-J-1050.pdf']));
  });

  it('says the link is incomplete when it carries no key, and offers to log in', async () => {
    const order = guestOrderNumbered('o-guest-3');
    const { calls } = stubServer(guestCalls(order));
    renderApp(`/orders/${order._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/login?returnTo=${encodeURIComponent(`/dashboard/orders/${order._id}`)}`);
    expect(calls.find((call) => call.path.endsWith('/details'))?.headers['x-order-key']).toBeUndefined();
    expect(screen.queryByRole('form', { name: 'Card payment' })).toBeNull();
  });

  it('says the same of a link whose key is not the order’s', async () => {
    const order = guestOrderNumbered('o-guest-4');
    stubServer(guestCalls(order));
    renderApp(`/orders/${order._id}?key=${'x'.repeat(43)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' })).toBeTruthy();
  });

  it('shows a signed-in customer their own order without a key, leading back to My Orders', async () => {
    const order = orderSchema.parse({ ...guestOrderNumbered('o-guest-5'), guest: false, cutomerName: customer.name, email: customer.email });
    stubServer({ ...signedInAs(customer), [`GET /api/orders/${order._id}/details`]: { body: detailsOf(order) }, 'POST /api/create-payment-intent': { body: intent } });
    renderApp(`/orders/${order._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order J-1050' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /My Orders/ }).getAttribute('href')).toBe('/dashboard/myorders');
    const form = within(await screen.findByRole('form', { name: 'Card payment' }));
    expect(form.getByLabelText('Name on card')).toHaveProperty('value', customer.name);
  });

  it('tells a signed-in customer an order that is not theirs is not found', async () => {
    stubServer({ ...signedInAs(customer), 'GET /api/orders/o-guest-6/details': notFound });
    renderApp(`/orders/o-guest-6?key=${guestOrderKey}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toBeTruthy();
  });
});
