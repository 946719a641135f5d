import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Order, orderSchema } from '../../../../common/schemas/orders.ts';
import { cartOrder, customer, paidOrder, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const myOrders = (orders: Order[]) => ({
  ...signedInAs(customer),
  [`GET /api/orders/${customer.email}`]: { body: orders, headers: { 'x-total-count': String(orders.length) } },
});

/** The cart's order paid, its gauges and saw sent in one parcel, its planes still to send. */
const partlyShipped: Order = orderSchema.parse({
  ...cartOrder,
  _id: 'o-3',
  number: 1044,
  orderNumber: 'J-1044',
  paymentStatus: 'paid',
  transactionId: 'pi_local_cart',
  shippingStatus: 'pending',
  stage: 'partly-shipped',
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456785',
  lines: cartOrder.lines.map((line) => (line.product === 'Block Plane' ? line : { ...line, shippedQuantity: line.quantity })),
});

const row = (product: string) => within(screen.getByRole('article', { name: `Order for ${product}` }));

describe('My Orders', () => {
  it('shows a cart’s order as one row: its number, what it is for, its pieces and total, and each of its tools', async () => {
    stubServer(myOrders([cartOrder, paidOrder]));
    renderApp('/dashboard/myorders');

    expect(await screen.findAllByRole('article')).toHaveLength(2);
    const order = row('Marking Gauge and 2 more');
    expect(order.getByRole('heading').textContent).toBe('Marking Gauge and 2 more');
    expect(order.getByRole('link', { name: 'Order J-1043' }).getAttribute('href')).toBe(`/dashboard/orders/${cartOrder._id}`);
    expect(order.getByText(/6 pieces/)).toBeTruthy();
    expect(order.getByText('$303.06')).toBeTruthy();
    expect(
      within(order.getByRole('list', { name: 'Tools of order J-1043' }))
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['3 × Marking Gauge$37.50', '1 × Dovetail Saw$64.00', '2 × Block Plane$178.00']);
    expect(order.getByRole('link', { name: 'PAY for Marking Gauge and 2 more' }).getAttribute('href')).toBe(`/dashboard/payment/${cartOrder._id}`);
    expect(order.getByRole('button', { name: 'Cancel the order for Marking Gauge and 2 more' })).toBeTruthy();

    // An order of one tool says it in its title: it lists no lines.
    const single = row('Marking Gauge');
    expect(single.queryByRole('list')).toBeNull();
    expect(single.getByText('Paid', { exact: true })).toBeTruthy();
    expect(single.getByText('To ship', { exact: true })).toBeTruthy();
    expect(single.getByText('pi_local_paid')).toBeTruthy();
    expect(single.queryByRole('link', { name: /^PAY/ })).toBeNull();
  });

  it('says an order is partly shipped, which of its tools went, and the parcel to follow', async () => {
    stubServer(myOrders([partlyShipped]));
    renderApp('/dashboard/myorders');
    const order = within(await screen.findByRole('article', { name: 'Order for Marking Gauge and 2 more' }));
    expect(order.getByText('Partly shipped')).toBeTruthy();
    expect(
      within(order.getByRole('list', { name: 'Tools of order J-1044' }))
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['3 × Marking Gauge3 shipped$37.50', '1 × Dovetail Saw1 shipped$64.00', '2 × Block Plane$178.00']);
    expect(order.getByRole('link', { name: /Track 1Z999AA10123456785 with UPS/ })).toBeTruthy();
  });

  it('says when there are no orders yet, with the way to the catalogue', async () => {
    stubServer(myOrders([]));
    renderApp('/dashboard/myorders');
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the tools' }).getAttribute('href')).toBe('/products');
  });
});
