import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderDetailsSchema, type OrderDetails } from '../../../../common/schemas/order-details.ts';
import { type Order, orderSchema } from '../../../../common/schemas/orders.ts';
import type { OrderReturn } from '../../../../common/schemas/returns.ts';
import { returnMessages } from '../../../../common/returns.ts';
import { customer, detailsOf, paidOrder, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The paid order of three marking gauges, delivered. */
const delivered: Order = orderSchema.parse({
  ...paidOrder,
  shippingStatus: 'delivered',
  stage: 'delivered',
  deliveredAt: '2026-11-22T10:00:00.000Z',
  lines: paidOrder.lines.map((line) => ({ ...line, shippedQuantity: line.quantity })),
});
const lineId = delivered.lines[0]!.lineId;
const withinWindow = (returns: OrderReturn[] = []): OrderDetails =>
  orderDetailsSchema.parse({ ...detailsOf(delivered), returns, returnable: { until: '2026-12-22T10:00:00.000Z', lines: [{ lineId, quantity: 3 }] } });

const requested: OrderReturn = {
  id: 'r-1',
  number: 'J-1042-R1',
  orderId: delivered._id,
  orderNumber: delivered.orderNumber,
  customerName: delivered.cutomerName,
  status: 'requested',
  reason: 'wrong-size-or-variant',
  note: 'Too wide',
  lines: [{ lineId, product: 'Marking Gauge', variant: '', quantity: 2 }],
  createdAt: '2026-11-23T09:00:00.000Z',
};

const detailsPath = `GET /api/orders/${delivered._id}/details`;
const returnsPath = `POST /api/orders/${delivered._id}/returns`;

async function openOrder(details: OrderDetails, more: Parameters<typeof stubServer>[0] = {}) {
  const server = stubServer({ ...signedInAs(customer), [detailsPath]: { body: details }, ...more });
  renderApp(`/dashboard/orders/${delivered._id}`);
  const card = within(await screen.findByRole('region', { name: 'Returns' }));
  return { ...server, card, user: userEvent.setup() };
}

async function openDialog(card: ReturnType<typeof within>, user: ReturnType<typeof userEvent.setup>) {
  await user.click(card.getByRole('button', { name: 'Return items' }));
  return within(await screen.findByRole('form', { name: 'Return items' }));
}

describe('Return items, on the customer’s delivered order', () => {
  it('sends the pieces chosen, the reason and the note, and closes once the return is requested', async () => {
    const { card, user, calls } = await openOrder(withinWindow(), { [returnsPath]: { status: 201, body: requested } });
    const form = await openDialog(card, user);
    expect(form.getByText(/You can send pieces back until Dec 22, 2026/)).toBeTruthy();
    await user.clear(form.getByLabelText('Marking Gauge, pieces to send back'));
    await user.type(form.getByLabelText('Marking Gauge, pieces to send back'), '2');
    await user.selectOptions(form.getByLabelText('Reason'), 'Wrong size or variant');
    await user.type(form.getByLabelText('Note (optional)'), 'Too wide');
    await user.click(form.getByRole('button', { name: 'Ask to return' }));

    await vi.waitFor(() => expect(calls.filter((call) => `${call.method} ${call.path}` === returnsPath)).toHaveLength(1));
    expect(calls.find((call) => `${call.method} ${call.path}` === returnsPath)?.body).toEqual({
      lines: [{ lineId, quantity: 2 }],
      reason: 'wrong-size-or-variant',
      note: 'Too wide',
    });
  });

  it('refuses no pieces, too many and no reason before sending anything, keeping what was typed', async () => {
    const { card, user, calls } = await openOrder(withinWindow());
    const form = await openDialog(card, user);
    await user.click(form.getByRole('button', { name: 'Ask to return' }));
    expect(await form.findByText(returnMessages.choosePieces)).toBeTruthy();
    expect(form.getByText(returnMessages.chooseReason)).toBeTruthy();

    await user.clear(form.getByLabelText('Marking Gauge, pieces to send back'));
    await user.type(form.getByLabelText('Marking Gauge, pieces to send back'), '4');
    await user.click(form.getByRole('button', { name: 'Ask to return' }));
    expect(await form.findByText('Only 3 pieces can be sent back')).toBeTruthy();
    expect(form.getByLabelText('Marking Gauge, pieces to send back')).toHaveProperty('value', '4');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusal and keeps the form as typed', async () => {
    const refusal = { code: 'RETURN_WINDOW_CLOSED', message: 'The return window of this order closed on 2026-12-22, 30 days after it was delivered.' };
    const { card, user } = await openOrder(withinWindow(), { [returnsPath]: { status: 409, body: refusal } });
    const form = await openDialog(card, user);
    await user.clear(form.getByLabelText('Marking Gauge, pieces to send back'));
    await user.type(form.getByLabelText('Marking Gauge, pieces to send back'), '1');
    await user.selectOptions(form.getByLabelText('Reason'), 'Arrived damaged');
    await user.click(form.getByRole('button', { name: 'Ask to return' }));
    expect((await form.findByRole('alert')).textContent).toBe(refusal.message);
    expect(form.getByLabelText('Reason')).toHaveProperty('value', 'damaged');
  });

  it('shows each return’s status, and no Return items once the window has closed', async () => {
    const { card } = await openOrder(
      orderDetailsSchema.parse({
        ...detailsOf(delivered),
        returns: [{ ...requested, status: 'refused', refusalReason: 'Used for months', decidedAt: '2026-11-24T09:00:00.000Z' }],
      }),
    );
    expect(card.getByText('Return J-1042-R1')).toBeTruthy();
    expect(card.getByText('Refused')).toBeTruthy();
    expect(card.getByText('Refused: Used for months')).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Return items' })).toBeNull();
  });
});
