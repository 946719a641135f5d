import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OrderDetails, orderDetailsSchema } from '../../../../common/schemas/order-details.ts';
import { admin, customer, paidOrder, signedInAs, unpaidOrder } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const detailsPath = (id: string) => `GET /api/orders/${id}/details`;

const shippedAndRefunded: OrderDetails = orderDetailsSchema.parse({
  order: {
    ...paidOrder,
    paidAt: '2026-11-20T10:05:00.000Z',
    shippingStatus: 'shipped',
    stage: 'shipped',
    shippedAt: '2026-11-21T09:00:00.000Z',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    cardBrand: 'visa',
    cardLast4: '4242',
    refundedAmount: 12.5,
  },
  refunds: [{ id: 'r-1', amount: 12.5, reason: 'One gauge arrived scratched', restockedQuantity: 1, createdAt: '2026-11-22T12:00:00.000Z' }],
  timeline: [
    { kind: 'placed', at: '2026-11-20T10:00:00.000Z' },
    { kind: 'paid', at: '2026-11-20T10:05:00.000Z' },
    { kind: 'shipped', at: '2026-11-21T09:00:00.000Z', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
    { kind: 'refunded', at: '2026-11-22T12:00:00.000Z', amount: 12.5, reason: 'One gauge arrived scratched', restockedQuantity: 1 },
  ],
});

const cancelledByCustomer: OrderDetails = orderDetailsSchema.parse({
  order: { ...unpaidOrder, stage: 'cancelled', cancelledAt: '2026-11-20T11:00:00.000Z', cancelReason: 'customer' },
  refunds: [],
  timeline: [
    { kind: 'placed', at: '2026-11-20T10:00:00.000Z' },
    { kind: 'cancelled', at: '2026-11-20T11:00:00.000Z', cancelledBy: 'customer' },
  ],
});

function timelineSteps() {
  return within(screen.getByRole('list', { name: 'Timeline' }))
    .getAllByRole('listitem')
    .map((step) => step.textContent);
}

describe('the order detail page', () => {
  it('shows a paid, shipped and partly refunded order: its card, refunds, the tracking link and the receipt actions', async () => {
    stubServer({ ...signedInAs(customer), [detailsPath(paidOrder._id)]: { body: shippedAndRefunded } });
    renderApp(`/dashboard/orders/${paidOrder._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order J-1042' })).toBeTruthy();
    expect(screen.getByText('Shipped')).toBeTruthy();
    expect(screen.getByText('Partly refunded')).toBeTruthy();
    const item = within(screen.getByRole('region', { name: 'Item' }));
    expect(item.getByText('-$12.50')).toBeTruthy();
    expect(item.getByText('$25.00')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('Visa ending 4242')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Refunds' })).getByText('One gauge arrived scratched')).toBeTruthy();
    expect(timelineSteps()).toEqual([
      expect.stringContaining('Order placed'),
      expect.stringContaining('Paid'),
      expect.stringMatching(/Shipped with UPS.*Tracking number 1Z999AA10123456784/),
      expect.stringMatching(/Refunded \$12\.50.*One gauge arrived scratched · 1 piece back in stock/),
    ]);
    expect(screen.getByRole('link', { name: '1Z999AA10123456784' }).getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/api/orders/${paidOrder._id}/receipt.pdf`);
    expect(screen.queryByRole('region', { name: 'Admin actions' })).toBeNull();
  });

  it('tells the customer they cancelled, offers no receipt, and leads back to My Orders', async () => {
    stubServer({ ...signedInAs(customer), [detailsPath(unpaidOrder._id)]: { body: cancelledByCustomer } });
    renderApp(`/dashboard/orders/${unpaidOrder._id}`);
    expect(await screen.findByText('Cancelled by you')).toBeTruthy();
    expect(screen.getByText('Never paid.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print receipt' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pay for this order' })).toBeNull();
    expect(screen.getByRole('link', { name: /My Orders/ }).getAttribute('href')).toBe('/dashboard/myorders');
  });

  it('shows the admin who cancelled, the admin actions, and leads back to Manage Orders', async () => {
    stubServer({ ...signedInAs(admin), [detailsPath(unpaidOrder._id)]: { body: cancelledByCustomer } });
    renderApp(`/dashboard/orders/${unpaidOrder._id}`);
    expect(await screen.findByText('Cancelled by the customer')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Admin actions' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Manage Orders/ }).getAttribute('href')).toBe('/dashboard/manageorder');
  });

  it('offers paying for an unpaid order', async () => {
    stubServer({
      ...signedInAs(customer),
      [detailsPath(unpaidOrder._id)]: { body: { order: unpaidOrder, refunds: [], timeline: [{ kind: 'placed', at: unpaidOrder.createdAt }] } },
    });
    renderApp(`/dashboard/orders/${unpaidOrder._id}`);
    expect((await screen.findByRole('link', { name: 'Pay for this order' })).getAttribute('href')).toBe(`/dashboard/payment/${unpaidOrder._id}`);
    expect(screen.getByText('Not paid')).toBeTruthy();
  });

  it('says clearly when there is no such order', async () => {
    stubServer({ ...signedInAs(customer) });
    renderApp('/dashboard/orders/o-missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toBeTruthy();
  });

  it('says what went wrong when the order cannot be loaded, and loads it on Try again', async () => {
    let failing = true;
    stubServer({
      ...signedInAs(customer),
      // A refusal that is not retried by itself (a 5xx is, three times, before the page shows it).
      [detailsPath(paidOrder._id)]: () => (failing ? { status: 429, body: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment.' } } : { body: shippedAndRefunded }),
    });
    renderApp(`/dashboard/orders/${paidOrder._id}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load this order');
    expect(alert.textContent).toContain('Too many requests. Please wait a moment.');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order J-1042' })).toBeTruthy();
  });
});
