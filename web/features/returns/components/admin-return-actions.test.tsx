import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { returnMessages } from '../../../../common/returns.ts';
import { orderDetailsSchema, type OrderDetails } from '../../../../common/schemas/order-details.ts';
import { type Order, orderSchema } from '../../../../common/schemas/orders.ts';
import type { OrderReturn } from '../../../../common/schemas/returns.ts';
import { admin, detailsOf, paidOrder, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { benchChisel } from '../../../test/variant-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

/** A delivered order of two bench chisels, 10 mm with an ash handle. */
const delivered: Order = orderSchema.parse({
  ...paidOrder,
  shippingStatus: 'delivered',
  stage: 'delivered',
  deliveredAt: '2026-11-22T10:00:00.000Z',
  lines: [
    { ...paidOrder.lines[0]!, productId: benchChisel._id, variantId: 'v-10-ash', product: benchChisel.name, variant: 'Width 10 mm · Handle Ash', quantity: 2, shippedQuantity: 2 },
  ],
});
const lineId = delivered.lines[0]!.lineId;

const requested: OrderReturn = {
  id: 'r-1',
  number: 'J-1042-R1',
  orderId: delivered._id,
  orderNumber: delivered.orderNumber,
  customerName: delivered.cutomerName,
  status: 'requested',
  reason: 'wrong-size-or-variant',
  note: 'I need the 12 mm',
  lines: [{ lineId, product: benchChisel.name, variant: 'Width 10 mm · Handle Ash', quantity: 1 }],
  createdAt: '2026-11-23T09:00:00.000Z',
};
const approved: OrderReturn = { ...requested, status: 'approved', decidedAt: '2026-11-23T10:00:00.000Z' };

const detailsWith = (made: OrderReturn): OrderDetails => orderDetailsSchema.parse({ ...detailsOf(delivered), returns: [made], notes: [] });
const decidePath = `PATCH /api/returns/${requested.id}`;

async function openAsAdmin(made: OrderReturn, more: Parameters<typeof stubServer>[0] = {}) {
  const server = stubServer({
    ...signedInAs(admin),
    [`GET /api/orders/${delivered._id}/details`]: { body: detailsWith(made) },
    [`GET /api/products/${benchChisel._id}`]: { body: benchChisel },
    ...more,
  });
  renderApp(`/dashboard/orders/${delivered._id}`);
  const panel = within(await screen.findByRole('region', { name: 'Returns' }));
  return { ...server, panel, user: userEvent.setup() };
}

const decisions = (calls: { method: string; path: string; body?: unknown }[]) => calls.filter((call) => `${call.method} ${call.path}` === decidePath).map((call) => call.body);

describe('the admin’s Returns panel', () => {
  it('approves a requested return', async () => {
    const { panel, user, calls } = await openAsAdmin(requested, { [decidePath]: { body: approved } });
    expect(panel.getByText('“I need the 12 mm”')).toBeTruthy();
    await user.click(panel.getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(decisions(calls)).toEqual([{ decision: 'approve' }]));
  });

  it('refuses with a reason, which it asks for first', async () => {
    const { panel, user, calls } = await openAsAdmin(requested, { [decidePath]: { body: { ...requested, status: 'refused', refusalReason: 'Used' } } });
    await user.click(panel.getByRole('button', { name: 'Refuse…' }));
    const form = within(panel.getByRole('form', { name: `Refuse return ${requested.number}` }));
    await user.click(form.getByRole('button', { name: 'Refuse return' }));
    expect(await form.findByText(returnMessages.refusalReasonRequired)).toBeTruthy();
    expect(decisions(calls)).toEqual([]);
    await user.type(form.getByLabelText('Why it is refused'), 'The chisel has been sharpened and used');
    await user.click(form.getByRole('button', { name: 'Refuse return' }));
    await vi.waitFor(() => expect(decisions(calls)).toEqual([{ decision: 'refuse', reason: 'The chisel has been sharpened and used' }]));
  });

  it('marks an approved return received and exchanges it for another variant chosen from the product’s', async () => {
    const { panel, user, calls } = await openAsAdmin(approved, {
      [decidePath]: {
        body: {
          ...approved,
          status: 'received',
          resolution: 'exchange',
          exchange: { orderId: 'o-9', orderNumber: 'J-1050', variant: 'Joinery Bench Chisel · Width 12 mm · Handle Ash', amountDue: 0 },
        },
      },
    });
    await user.click(panel.getByRole('button', { name: 'Mark received…' }));
    const form = within(panel.getByRole('form', { name: `Receive return ${approved.number}` }));
    await user.click(form.getByLabelText('Exchange for another variant'));
    await user.click(form.getByRole('button', { name: 'Receive and exchange' }));
    expect(await form.findByText(returnMessages.variantRequired)).toBeTruthy();

    const variant = form.getByLabelText('Variant to send');
    expect(await within(variant).findByRole('option', { name: 'Width 12 mm · Handle Ash · $46.00 · 12 in stock' })).toBeTruthy();
    expect(within(variant).getByRole('option', { name: /Width 6 mm · Handle Ash/ })).toHaveProperty('disabled', true);
    await user.selectOptions(variant, 'Width 12 mm · Handle Ash · $46.00 · 12 in stock');
    await user.click(form.getByRole('button', { name: 'Receive and exchange' }));
    await vi.waitFor(() => expect(decisions(calls)).toEqual([{ decision: 'received', resolution: 'exchange', exchangeVariantId: 'v-12-ash' }]));
  });

  it('refunds a received return, and shows a refusal without losing the choice', async () => {
    const refusal = { code: 'FORBIDDEN', message: 'Giving money back needs the refunds right.' };
    const { panel, user, calls } = await openAsAdmin(approved, { [decidePath]: { status: 403, body: refusal } });
    await user.click(panel.getByRole('button', { name: 'Mark received…' }));
    const form = within(panel.getByRole('form', { name: `Receive return ${approved.number}` }));
    await user.click(form.getByRole('button', { name: 'Receive and refund' }));
    expect((await form.findByRole('alert')).textContent).toBe(refusal.message);
    expect(decisions(calls)).toEqual([{ decision: 'received', resolution: 'refund' }]);
    expect(form.getByLabelText('Refund the pieces')).toHaveProperty('checked', true);
  });
});
