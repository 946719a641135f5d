import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderSchema, type Order } from '../../../../common/schemas/orders.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { paidOrder } from '../../../test/fixtures.ts';
import { type Call, heldReply, type Reply, stubServer } from '../../../test/network.ts';
import { RefundDialog } from './refund-dialog.tsx';

// Three marking gauges, $37.50 paid, $10.00 of it refunded already: $27.50 left.
const order: Order = orderSchema.parse({ ...paidOrder, refundedAmount: 10, refundStatus: 'partial' });
const refundPath = `POST /api/orders/${order._id}/refunds`;
const refunded: Order = { ...order, refundedAmount: 37.5, refundStatus: 'full', restockedQuantity: 3 };

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

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: `Refund order ${order.orderNumber}` }));
  const form = within(await screen.findByRole('form', { name: 'Refund form' }));
  return { form, amount: form.getByLabelText('Amount to refund (US dollars)'), reason: form.getByLabelText('Reason') };
}

const refundCalls = (calls: Call[]) => calls.filter((call) => `${call.method} ${call.path}` === refundPath);

describe('the refund dialog', () => {
  it('opens with what is left to refund, and offers to return the units', async () => {
    stubServer({});
    const user = renderDialog();
    const { form, amount } = await openDialog(user);
    expect(amount).toHaveProperty('value', '27.5');
    expect(form.getByText('Up to $27.50 is left to refund.')).toBeTruthy();
    expect(form.getByRole('checkbox', { name: 'Return 3 units to stock' })).toHaveProperty('checked', false);
  });

  it('is not offered for an unpaid order or one refunded in full', () => {
    stubServer({});
    renderDialog({ ...order, paymentStatus: 'unpaid' });
    renderDialog(refunded);
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
    const { form, amount, reason } = await openDialog(user);
    await user.clear(amount);
    if (typed) await user.type(amount, typed);
    await user.type(reason, 'Scratched brass');
    await user.click(form.getByRole('button', { name: 'Continue' }));

    expect((await form.findByText(message)).className).toContain('text-error');
    expect(screen.queryByRole('form', { name: 'Confirm the refund' })).toBeNull();
    expect(refundCalls(calls)).toEqual([]);
  });

  it('asks for a reason', async () => {
    stubServer({});
    const user = renderDialog();
    const { form } = await openDialog(user);
    await user.click(form.getByRole('button', { name: 'Continue' }));
    expect((await form.findByText('Say why you are refunding')).className).toContain('text-error');
  });

  it('confirms the amount and the customer before refunding, and goes back with everything kept', async () => {
    const { calls } = stubServer({});
    const user = renderDialog();
    const { form, amount, reason } = await openDialog(user);
    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.type(reason, 'One gauge arrived with a bent pin.');
    await user.click(form.getByRole('checkbox', { name: 'Return 3 units to stock' }));
    await user.click(form.getByRole('button', { name: 'Continue' }));

    const confirmation = within(await screen.findByRole('form', { name: 'Confirm the refund' }));
    expect(confirmation.getByText(/^Refund/, { selector: 'p' }).textContent).toBe(`Refund $12.50 to ${order.cutomerName} (${order.email}) for order ${order.orderNumber}?`);
    expect(confirmation.getByText('One gauge arrived with a bent pin.')).toBeTruthy();
    expect(confirmation.getByText('3 units of Marking Gauge go back to stock.')).toBeTruthy();
    expect(refundCalls(calls)).toEqual([]);

    await user.click(confirmation.getByRole('button', { name: 'Back' }));
    const again = within(await screen.findByRole('form', { name: 'Refund form' }));
    expect(again.getByLabelText('Amount to refund (US dollars)')).toHaveProperty('value', '12.5');
    expect(again.getByLabelText('Reason')).toHaveProperty('value', 'One gauge arrived with a bent pin.');
    expect(again.getByRole('checkbox', { name: 'Return 3 units to stock' })).toHaveProperty('checked', true);
  });

  it('shows the server’s refusal in red, keeps what was typed, and retries with the same key', async () => {
    let answer: Reply = { status: 409, body: { code: 'REFUND_REFUSED', message: 'The card processor refused the refund: This charge has been disputed.' } };
    const { calls } = stubServer({ [refundPath]: () => answer });
    const user = renderDialog();
    const { form, reason } = await openDialog(user);
    await user.type(reason, 'Returned unused');
    await user.click(form.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Refund $27.50' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The card processor refused the refund: This charge has been disputed.');
    expect(alert.className).toContain('text-error');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Reason')).toHaveProperty('value', 'Returned unused');

    answer = { status: 201, body: refunded };
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Refund $27.50' }));
    expect(await screen.findByText(`Refunded $27.50 to ${order.cutomerName} for order ${order.orderNumber}.`)).toBeTruthy();
    const [first, second] = refundCalls(calls).map((call) => call.body as { idempotencyKey: string });
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });

  it('refunds once however often Refund is pressed, then says so and closes', async () => {
    const held = heldReply({ status: 201, body: refunded });
    const { calls } = stubServer({ [refundPath]: held.answer });
    const user = renderDialog();
    const { form, reason } = await openDialog(user);
    await user.type(reason, 'Returned unused');
    await user.click(form.getByRole('checkbox', { name: 'Return 3 units to stock' }));
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
    const { calls } = stubServer({ [refundPath]: { status: 201, body: order } });
    const user = renderDialog();
    for (const _time of [1, 2]) {
      const { form, reason } = await openDialog(user);
      await user.type(reason, 'Goodwill');
      await user.click(form.getByRole('button', { name: 'Continue' }));
      await user.click(await screen.findByRole('button', { name: 'Refund $27.50' }));
      await screen.findByText(/^Refunded \$27\.50/);
    }
    const keys = refundCalls(calls).map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });
});
