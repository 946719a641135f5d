import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '../../../../common/schemas/users.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { customer, signedInAs } from '../../../test/fixtures.ts';
import { heldReply, stubServer } from '../../../test/network.ts';
import { authQueries } from '../../auth/api/session-queries.ts';
import { NotifyMeForm, type NotifyMeFormProps } from './notify-me-form.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderForm(props: NotifyMeFormProps, viewer: Viewer | null, answer: { status?: number; body: unknown }) {
  const { calls } = stubServer({ ...signedInAs(viewer), 'POST /api/stock-alerts': answer });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotifyMeForm {...props} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup(), alertCalls: () => calls.filter((call) => call.path === '/api/stock-alerts') };
}

describe('Notify me', () => {
  it('takes a visitor’s address with the product and variant, and asks them to confirm it', async () => {
    const { user, alertCalls } = renderForm({ productId: 'p-1', variantId: 'v-10' }, null, { status: 202, body: { email: 'vera@example.com', confirmed: false } });
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveProperty('value', '');
    await user.type(email, 'vera@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));

    expect((await screen.findByRole('status')).textContent).toBe('Check your inbox to confirm: we have sent a link to vera@example.com.');
    expect(alertCalls().map((call) => call.body)).toEqual([{ productId: 'p-1', variantId: 'v-10', email: 'vera@example.com' }]);
  });

  it('fills in a signed-in customer’s address, and says they will hear when it is back', async () => {
    const { user, alertCalls } = renderForm({ productId: 'p-2' }, customer, { status: 202, body: { email: customer.email, confirmed: true } });
    const email = screen.getByRole('textbox', { name: 'Email' });
    await vi.waitFor(() => expect(email).toHaveProperty('value', customer.email));
    await user.click(screen.getByRole('button', { name: 'Notify me' }));

    expect((await screen.findByRole('status')).textContent).toBe('We will e-mail you when it is back.');
    // No variant named: any of the product's will do.
    expect(alertCalls().map((call) => call.body)).toEqual([{ productId: 'p-2', email: customer.email }]);
  });

  it('keeps the address a customer typed before their session arrived, and sends that one', async () => {
    const session = heldReply(signedInAs(customer)['GET /api/session']);
    const { calls } = stubServer({ 'GET /api/session': session.answer, 'POST /api/stock-alerts': { status: 202, body: { email: 'gift@example.com', confirmed: false } } });
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <NotifyMeForm productId="p-2" />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'gift@example.com');
    session.release();
    await vi.waitFor(() => expect(client.getQueryData(authQueries.session().queryKey)).toEqual(customer));
    // A render or two after the session, the field still holds what was typed.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(email).toHaveProperty('value', 'gift@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/stock-alerts').map((call) => call.body)).toEqual([{ productId: 'p-2', email: 'gift@example.com' }]);
  });

  it('checks the address before sending, with the form’s message', async () => {
    const { user, alertCalls } = renderForm({ productId: 'p-1' }, null, { status: 202, body: {} });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Provide a valid Email')).toBeTruthy();
    expect(alertCalls()).toEqual([]);
  });

  it('shows the shop’s refusal under the field', async () => {
    const refusal = { code: 'CONFLICT', message: 'This is in stock: you can order it now, so there is nothing to wait for.' };
    const { user } = renderForm({ productId: 'p-1' }, null, { status: 409, body: refusal });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'vera@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
  });
});
