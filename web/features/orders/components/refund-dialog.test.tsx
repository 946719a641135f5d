import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderSchema, type Order } from '../../../../common/schemas/orders.ts';
import type { RefundResult } from '../../../../common/schemas/refunds.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { paidOrder } from '../../../test/fixtures.ts';
import { paidCartOrder, partlyRefundedOrder } from '../../../test/multi-line-fixtures.ts';
import { type Call, heldReply, type Reply, stubServer } from '../../../test/network.ts';
import { RefundDialog } from './refund-dialog.tsx';

// Three marking gauges, $37.50 paid, $10.00 of it refunded already: $27.50 left.
const order: Order = orderSchema.parse({ ...paidOrder, refundedAmount: 10, refundStatus: 'partial' });
const refundPath = (refunded: Order) => `POST /api/orders/${refunded._id}/refunds`;
const answer = (refunded: Order, amount: number): RefundResult => ({ ...refunded, refundedAmount: refunded.refundedAmount + amount, refund: { id: 'r-1', amount } });

afterEach(() => vi.unstubAllGlobals());

function renderDialog(shown: Order = order) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <RefundDialog order={shown} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

type User = ReturnType<typeof userEvent.setup>;

async function openDialog(user: User, shown: Order = order) {
  await user.click(screen.getByRole('button', { name: `Refund order ${shown.orderNumber}` }));
  return within(await screen.findByRole('form', { name: 'Refund form' }));
}

/** The dialog opened and switched to By amount, with its fields. */
async function openByAmount(user: User, shown: Order = order) {
  await openDialog(user, shown);
  await user.click(screen.getByRole('radio', { name: 'By amount' }));
  const form = within(screen.getByRole('form', { name: 'Refund form' }));
  return { form, amount: form.getByLabelText('Amount to refund (US dollars)'), reason: form.getByLabelText('Reason') };
}

async function setPieces(user: User, form: ReturnType<typeof within>, product: string, count: string) {
  const input = form.getByRole('spinbutton', { name: `${product}, pieces to refund` });
  await user.clear(input);
  await user.type(input, count);
}

const refundCalls = (calls: Call[], refunded: Order = order) => calls.filter((call) => `${call.method} ${call.path}` === refundPath(refunded));

describe('the refund dialog, by item', () => {
  it('opens by item, with no pieces picked, each line at most what was not refunded yet', async () => {
    stubServer({});
    const user = renderDialog(partlyRefundedOrder);
    const form = await openDialog(user, partlyRefundedOrder);
    expect(screen.getByRole('radio', { name: 'By item' })).toHaveProperty('checked', true);
    expect(screen.getByText('Paid $303.06, $13.01 refunded already.')).toBeTruthy();
    expect(form.getByRole('spinbutton', { name: 'Marking Gauge, pieces to refund' })).toHaveProperty('value', '0');
    expect(form.getByText('$12.50 each · 2 of 3 not refunded')).toBeTruthy();
    expect(form.getByText('$89.00 each · 2 bought')).toBeTruthy();
    expect(form.getByText('Amount, from what each piece cost').nextSibling?.textContent).toBe('$0.00');

    await setPieces(user, form, 'Marking Gauge', '3');
    await user.click(form.getByRole('button', { name: 'Continue' }));
    expect((await form.findByText('Only 2 pieces can be refunded')).className).toContain('text-error');
  });

  it('asks for at least one piece and a reason, and sends nothing', async () => {
    const { calls } = stubServer({});
    const user = renderDialog(paidCartOrder);
    const form = await openDialog(user, paidCartOrder);
    await user.click(form.getByRole('button', { name: 'Continue' }));
    expect((await form.findByText('Choose at least one piece to refund')).className).toContain('text-error');
    expect(form.getByText('Say why you are refunding').className).toContain('text-error');
    expect(refundCalls(calls, paidCartOrder)).toEqual([]);
  });

  it('reckons the amount from what the pieces cost, confirms them, refunds them to stock and says what the server gave back', async () => {
    const { calls } = stubServer({ [refundPath(paidCartOrder)]: { status: 201, body: answer(paidCartOrder, 198.37) } });
    const user = renderDialog(paidCartOrder);
    const form = await openDialog(user, paidCartOrder);
    await setPieces(user, form, 'Marking Gauge', '1');
    await setPieces(user, form, 'Block Plane', '2');
    // A third of the gauges' $39.05 (after their share of the discount, with their tax), and both planes' $185.36.
    expect(form.getByText('Amount, from what each piece cost').nextSibling?.textContent).toBe('$198.37');
    await user.type(form.getByLabelText('Reason'), 'Returned unused');
    await user.click(form.getByRole('checkbox', { name: 'Return these pieces to stock' }));
    await user.click(form.getByRole('button', { name: 'Continue' }));

    const confirmation = within(await screen.findByRole('form', { name: 'Confirm the refund' }));
    expect(confirmation.getByText(/^Refund/, { selector: 'p' }).textContent).toBe(
      `Refund $198.37 to ${paidCartOrder.cutomerName} (${paidCartOrder.email}) for order ${paidCartOrder.orderNumber}?`,
    );
    expect(confirmation.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1 × Marking Gauge', '2 × Block Plane']);
    expect(confirmation.getByText('3 pieces go back to stock.')).toBeTruthy();
    await user.click(confirmation.getByRole('button', { name: 'Refund $198.37' }));

    expect(await screen.findByText(`Refunded $198.37 to ${paidCartOrder.cutomerName} for order ${paidCartOrder.orderNumber}.`)).toBeTruthy();
    expect(refundCalls(calls, paidCartOrder).map((call) => call.body)).toEqual([
      {
        lines: [
          { lineId: 'l-2', quantity: 1 },
          { lineId: 'l-4', quantity: 2 },
        ],
        restock: true,
        reason: 'Returned unused',
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('keeps what was typed in each way of refunding when switching between them', async () => {
    stubServer({});
    const user = renderDialog(paidCartOrder);
    const form = await openDialog(user, paidCartOrder);
    await setPieces(user, form, 'Dovetail Saw', '1');
    await user.click(screen.getByRole('radio', { name: 'By amount' }));
    const byAmount = within(screen.getByRole('form', { name: 'Refund form' }));
    await user.clear(byAmount.getByLabelText('Amount to refund (US dollars)'));
    await user.type(byAmount.getByLabelText('Amount to refund (US dollars)'), '20');
    await user.click(screen.getByRole('radio', { name: 'By item' }));
    expect(screen.getByRole('spinbutton', { name: 'Dovetail Saw, pieces to refund' })).toHaveProperty('value', '1');
    await user.click(screen.getByRole('radio', { name: 'By amount' }));
    expect(within(screen.getByRole('form', { name: 'Refund form' })).getByLabelText('Amount to refund (US dollars)')).toHaveProperty('value', '20');
  });
});

describe('the refund dialog, by amount', () => {
  it('opens with what is left to refund, and offers to return the pieces of a one-line order', async () => {
    stubServer({});
    const user = renderDialog();
    const { form, amount } = await openByAmount(user);
    expect(amount).toHaveProperty('value', '27.5');
    expect(form.getByText('Up to $27.50 is left to refund.')).toBeTruthy();
    expect(form.getByRole('checkbox', { name: 'Return 3 pieces to stock' })).toHaveProperty('checked', false);
  });

  it('offers no return to stock for an order of many lines, and sends none', async () => {
    const { calls } = stubServer({ [refundPath(paidCartOrder)]: { status: 201, body: answer(paidCartOrder, 20) } });
    const user = renderDialog(paidCartOrder);
    const { form, amount, reason } = await openByAmount(user, paidCartOrder);
    expect(form.queryByRole('checkbox')).toBeNull();
    expect(form.getByText('To return pieces to stock, refund by item.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '20');
    await user.type(reason, 'Goodwill');
    await user.click(form.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Nothing goes back to stock.')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Refund $20.00' }));
    await screen.findByText(/^Refunded \$20\.00/);
    expect(refundCalls(calls, paidCartOrder)[0]?.body).toEqual({ amount: 20, reason: 'Goodwill', restock: 0, idempotencyKey: expect.any(String) });
  });

  it('is not offered for an unpaid order or one refunded in full', () => {
    stubServer({});
    renderDialog({ ...order, paymentStatus: 'unpaid' });
    renderDialog({ ...order, refundedAmount: 37.5, refundStatus: 'full' });
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
  });

  it.each([
    ['nothing', '', 'Enter the amount to refund'],
    ['zero', '0', 'The amount must be at least $0.01'],
    ['fractions of a cent', '1.234', 'Use at most two decimals (whole cents)'],
    ['more than is left', '27.51', 'At most $27.50 is left to refund'],
  ])('refuses %s as the amount, and sends nothing', async (_case, typed, message) => {
    const { calls } = stubServer({});
    const user = renderDialog();
    const { form, amount, reason } = await openByAmount(user);
    await user.clear(amount);
    if (typed) await user.type(amount, typed);
    await user.type(reason, 'Scratched brass');
    await user.click(form.getByRole('button', { name: 'Continue' }));

    expect((await form.findByText(message)).className).toContain('text-error');
    expect(screen.queryByRole('form', { name: 'Confirm the refund' })).toBeNull();
    expect(refundCalls(calls)).toEqual([]);
  });

  it('confirms the amount and the customer before refunding, and goes back with everything kept', async () => {
    const { calls } = stubServer({});
    const user = renderDialog();
    const { form, amount, reason } = await openByAmount(user);
    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.type(reason, 'One gauge arrived with a bent pin.');
    await user.click(form.getByRole('checkbox', { name: 'Return 3 pieces to stock' }));
    await user.click(form.getByRole('button', { name: 'Continue' }));

    const confirmation = within(await screen.findByRole('form', { name: 'Confirm the refund' }));
    expect(confirmation.getByText(/^Refund/, { selector: 'p' }).textContent).toBe(`Refund $12.50 to ${order.cutomerName} (${order.email}) for order ${order.orderNumber}?`);
    expect(confirmation.getByText('One gauge arrived with a bent pin.')).toBeTruthy();
    expect(confirmation.getByText('3 pieces of Marking Gauge go back to stock.')).toBeTruthy();
    expect(refundCalls(calls)).toEqual([]);

    await user.click(confirmation.getByRole('button', { name: 'Back' }));
    const again = within(await screen.findByRole('form', { name: 'Refund form' }));
    expect(screen.getByRole('radio', { name: 'By amount' })).toHaveProperty('checked', true);
    expect(again.getByLabelText('Amount to refund (US dollars)')).toHaveProperty('value', '12.5');
    expect(again.getByLabelText('Reason')).toHaveProperty('value', 'One gauge arrived with a bent pin.');
    expect(again.getByRole('checkbox', { name: 'Return 3 pieces to stock' })).toHaveProperty('checked', true);
  });

  it('shows the server’s refusal in red, keeps what was typed, and retries with the same key', async () => {
    let reply: Reply = { status: 409, body: { code: 'REFUND_REFUSED', message: 'The card processor refused the refund: This charge has been disputed.' } };
    const { calls } = stubServer({ [refundPath(order)]: () => reply });
    const user = renderDialog();
    const { form, reason } = await openByAmount(user);
    await user.type(reason, 'Returned unused');
    await user.click(form.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Refund $27.50' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The card processor refused the refund: This charge has been disputed.');
    expect(alert.className).toContain('text-error');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(within(screen.getByRole('form', { name: 'Refund form' })).getByLabelText('Reason')).toHaveProperty('value', 'Returned unused');

    reply = { status: 201, body: answer(order, 27.5) };
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Refund $27.50' }));
    expect(await screen.findByText(`Refunded $27.50 to ${order.cutomerName} for order ${order.orderNumber}.`)).toBeTruthy();
    const [first, second] = refundCalls(calls).map((call) => call.body as { idempotencyKey: string });
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });

  it('refunds once however often Refund is pressed, then says so and closes', async () => {
    const held = heldReply({ status: 201, body: answer(order, 27.5) });
    const { calls } = stubServer({ [refundPath(order)]: held.answer });
    const user = renderDialog();
    const { form, reason } = await openByAmount(user);
    await user.type(reason, 'Returned unused');
    await user.click(form.getByRole('checkbox', { name: 'Return 3 pieces to stock' }));
    await user.click(form.getByRole('button', { name: 'Continue' }));
    const refund = await screen.findByRole('button', { name: 'Refund $27.50' });
    await user.dblClick(refund);

    expect(refund).toHaveProperty('disabled', true);
    held.release();
    const notifications = screen.getByRole('status', { name: 'Notifications' });
    expect(await within(notifications).findByText(`Refunded $27.50 to ${order.cutomerName} for order ${order.orderNumber}.`)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Confirm the refund' })).toBeNull();
    const sent = refundCalls(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ amount: 27.5, reason: 'Returned unused', restock: 3, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('makes a new key each time the dialog opens', async () => {
    const { calls } = stubServer({ [refundPath(order)]: { status: 201, body: answer(order, 27.5) } });
    const user = renderDialog();
    for (const time of [1, 2]) {
      const { form, reason } = await openByAmount(user);
      await user.type(reason, 'Goodwill');
      await user.click(form.getByRole('button', { name: 'Continue' }));
      await user.click(await screen.findByRole('button', { name: 'Refund $27.50' }));
      await waitFor(() => expect(screen.getAllByText(/^Refunded \$27\.50/)).toHaveLength(time));
    }
    const keys = refundCalls(calls).map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });
});
