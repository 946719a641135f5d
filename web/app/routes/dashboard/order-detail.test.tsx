import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OrderDetails, orderDetailsSchema } from '../../../../common/schemas/order-details.ts';
import { admin, cartOrder, customer, detailsOf, paidOrder, signedInAs, unpaidOrder } from '../../../test/fixtures.ts';
import { catchDownloads } from '../../../test/downloads.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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
  shipments: [
    { id: 's-1', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', createdAt: '2026-11-21T09:00:00.000Z', lines: [{ lineId: 'l-1', product: 'Marking Gauge', quantity: 3 }] },
  ],
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
  shipments: [],
  timeline: [
    { kind: 'placed', at: '2026-11-20T10:00:00.000Z' },
    { kind: 'cancelled', at: '2026-11-20T11:00:00.000Z', cancelledBy: 'customer' },
  ],
});

/**
 * A cart's order part sent and part refunded: the gauges and the saw went in one UPS parcel, one of
 * the two planes was paid back (half of what the planes cost after the discount, with tax: $92.68; not
 * restocked) and the other is still to send.
 */
const partlyShipped: OrderDetails = orderDetailsSchema.parse({
  order: {
    ...cartOrder,
    paymentStatus: 'paid',
    transactionId: 'pi_local_cart',
    paidAt: '2026-11-20T10:05:00.000Z',
    shippingStatus: 'pending',
    stage: 'partly-shipped',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456785',
    refundedAmount: 92.68,
    refundStatus: 'partial',
    lines: cartOrder.lines.map((line) => (line.product === 'Block Plane' ? { ...line, refundedQuantity: 1 } : { ...line, shippedQuantity: line.quantity })),
  },
  refunds: [
    {
      id: 'r-2',
      amount: 92.68,
      reason: 'One plane arrived cracked',
      restockedQuantity: 0,
      createdAt: '2026-11-22T12:00:00.000Z',
      lines: [{ lineId: 'l-4', product: 'Block Plane', quantity: 1, restock: 0 }],
    },
  ],
  shipments: [
    {
      id: 's-2',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456785',
      createdAt: '2026-11-21T09:00:00.000Z',
      lines: [
        { lineId: 'l-2', product: 'Marking Gauge', quantity: 3 },
        { lineId: 'l-3', product: 'Dovetail Saw', quantity: 1 },
      ],
    },
  ],
  timeline: [
    { kind: 'placed', at: '2026-11-20T10:00:00.000Z' },
    { kind: 'paid', at: '2026-11-20T10:05:00.000Z' },
    {
      kind: 'shipped',
      at: '2026-11-21T09:00:00.000Z',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456785',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456785',
      items: [
        { product: 'Marking Gauge', quantity: 3 },
        { product: 'Dovetail Saw', quantity: 1 },
      ],
    },
    { kind: 'refunded', at: '2026-11-22T12:00:00.000Z', amount: 92.68, reason: 'One plane arrived cracked', items: [{ product: 'Block Plane', quantity: 1 }] },
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
    const item = within(screen.getByRole('region', { name: 'Items' }));
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

  it('shows a cart’s order line by line: what was shipped and refunded of each, the totals, the parcel and the timeline', async () => {
    stubServer({ ...signedInAs(customer), [detailsPath(cartOrder._id)]: { body: partlyShipped } });
    renderApp(`/dashboard/orders/${cartOrder._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order J-1043' })).toBeTruthy();
    expect(screen.getByText('Partly shipped')).toBeTruthy();
    const items = within(screen.getByRole('region', { name: 'Items' }));
    expect(items.getByText('3 tools, 6 pieces')).toBeTruthy();
    const [, ...lines] = items.getAllByRole('row');
    expect(
      lines.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Marking Gauge$12.50 eachDiscount (SAVE10) -$1.343 shipped', '3', '$12.50', '$37.50'],
      ['Dovetail Saw$64.00 eachDiscount (SAVE10) -$2.291 shipped', '1', '$64.00', '$64.00'],
      ['Block Plane$89.00 eachDiscount (SAVE10) -$6.371 refunded', '2', '$89.00', '$178.00'],
    ]);
    expect(items.getAllByRole('term').map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`)).toEqual([
      'Subtotal $279.50',
      'Shipping (Standard) $12.00',
      'Discount (SAVE10) -$10.00',
      'Tax 8% $21.56',
      'Total $303.06 USD',
      'Refunded -$92.68',
      'Net paid $210.38',
    ]);

    const parcel = within(screen.getByRole('region', { name: 'Shipments' }));
    expect(parcel.getByText('3 × Marking Gauge, 1 × Dovetail Saw')).toBeTruthy();
    expect(parcel.getByRole('link', { name: /Track 1Z999AA10123456785 with UPS/ }).getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456785');
    expect(within(screen.getByRole('region', { name: 'Refunds' })).getByText('1 × Block Plane')).toBeTruthy();
    expect(timelineSteps()).toEqual([
      expect.stringContaining('Order placed'),
      expect.stringContaining('Paid'),
      expect.stringMatching(/Shipped with UPS.*3 × Marking Gauge, 1 × Dovetail Saw.*Tracking number 1Z999AA10123456785/),
      expect.stringMatching(/Refunded \$92\.68.*1 × Block Plane.*One plane arrived cracked/),
    ]);
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
      [detailsPath(unpaidOrder._id)]: { body: { order: unpaidOrder, refunds: [], shipments: [], returns: [], timeline: [{ kind: 'placed', at: unpaidOrder.createdAt }] } },
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
      [detailsPath(paidOrder._id)]: () =>
        failing ? { status: 429, body: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment.' } } : { body: shippedAndRefunded },
    });
    renderApp(`/dashboard/orders/${paidOrder._id}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load this order');
    expect(alert.textContent).toContain('Too many requests. Please wait a moment.');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order J-1042' })).toBeTruthy();
  });

  it('offers a paid order’s invoice by its number, and each refund’s credit note, downloaded as PDFs', async () => {
    const { saved } = catchDownloads();
    const details = orderDetailsSchema.parse({
      ...shippedAndRefunded,
      refunds: [{ ...shippedAndRefunded.refunds[0], creditNoteNumber: 'CN-2026-000003' }],
    });
    const { calls } = stubServer({
      ...signedInAs(customer),
      [detailsPath(paidOrder._id)]: { body: details },
      [`GET /api/orders/${paidOrder._id}/invoice`]: { body: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } },
      'GET /api/refunds/r-1/credit-note': { body: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } },
    });
    renderApp(`/dashboard/orders/${paidOrder._id}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Download Invoice INV-2026-000012' }));
    await vi.waitFor(() => expect(saved).toEqual(['INV-2026-000012.pdf']));
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('INV-2026-000012')).toBeTruthy();

    await user.click(within(screen.getByRole('region', { name: 'Refunds' })).getByRole('button', { name: 'Download Credit note CN-2026-000003' }));
    await vi.waitFor(() => expect(saved).toEqual(['INV-2026-000012.pdf', 'CN-2026-000003.pdf']));
    expect(calls.filter((call) => call.path.endsWith('/invoice') || call.path.endsWith('/credit-note')).map((call) => call.path)).toEqual([
      `/api/orders/${paidOrder._id}/invoice`,
      '/api/refunds/r-1/credit-note',
    ]);
    // The signed-in customer's receipt stays a plain link: the cookie goes with it.
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/api/orders/${paidOrder._id}/receipt.pdf`);
  });

  it('offers no invoice before the order is paid', async () => {
    stubServer({ ...signedInAs(customer), [detailsPath(unpaidOrder._id)]: { body: detailsOf(unpaidOrder) } });
    renderApp(`/dashboard/orders/${unpaidOrder._id}`);
    expect(await screen.findByRole('link', { name: 'Pay for this order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Invoice/ })).toBeNull();
  });

  it('says the refused download in a toast', async () => {
    catchDownloads();
    stubServer({
      ...signedInAs(customer),
      [detailsPath(paidOrder._id)]: { body: shippedAndRefunded },
      [`GET /api/orders/${paidOrder._id}/invoice`]: { status: 409, body: { code: 'CONFLICT', message: 'The invoice is not issued yet.' } },
    });
    renderApp(`/dashboard/orders/${paidOrder._id}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download Invoice INV-2026-000012' }));
    expect(
      await within(screen.getByRole('status', { name: 'Notifications' })).findByText('INV-2026-000012.pdf could not be downloaded: The invoice is not issued yet.'),
    ).toBeTruthy();
  });

  it('says how a cart’s order is sent and the code it was placed with', async () => {
    stubServer({ ...signedInAs(customer), [detailsPath(cartOrder._id)]: { body: detailsOf(cartOrder) } });
    renderApp(`/dashboard/orders/${cartOrder._id}`);
    const shipping = within(await screen.findByRole('region', { name: 'Shipping to' }));
    expect(shipping.getByText('Sent by', { exact: false }).textContent).toBe('Sent by Standard');
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('SAVE10')).toBeTruthy();
  });

  it('says where an order to collect is collected, with the workshop’s address', async () => {
    const collected = {
      ...paidOrder,
      shippingMethod: { id: 'pickup', name: 'Collect from the workshop', kind: 'pickup' as const, address: '14 Mill Street, Portland, OR 97209' },
    };
    stubServer({ ...signedInAs(customer), [detailsPath(paidOrder._id)]: { body: detailsOf(collected) } });
    renderApp(`/dashboard/orders/${paidOrder._id}`);
    const collecting = within(await screen.findByRole('region', { name: 'Collecting' }));
    expect(collecting.getByText('Collect from the workshop')).toBeTruthy();
    expect(collecting.getByText('14 Mill Street, Portland, OR 97209')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Shipping to' })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Items' }))
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toContain('Shipping (Collect from the workshop)');
  });
});
