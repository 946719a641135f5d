import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PaymentIntent, paymentIntentSchema } from '../../../../common/schemas/orders.ts';
import { cartOrder, customer, paidOrder, signedInAs, unpaidOrder } from '../../../test/fixtures.ts';
import { heldReply, stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

const intent: PaymentIntent = paymentIntentSchema.parse({
  clientSecret: 'pi_local_1_secret_abc',
  transactionId: 'pi_local_1',
  gateway: 'local',
  amount: unpaidOrder.price,
});

const orderCalls = (order: typeof unpaidOrder) => ({
  ...signedInAs(customer),
  [`GET /api/duepaymentOrder/${order._id}`]: { body: order },
  'POST /api/create-payment-intent': { body: intent },
});

afterEach(() => vi.unstubAllGlobals());

async function fillCard(cardNumber: string) {
  const user = userEvent.setup();
  const form = within(await screen.findByRole('form', { name: 'Card payment' }));
  await user.type(form.getByLabelText('Card number'), cardNumber);
  await user.type(form.getByLabelText('Expiry (MM/YY)'), '1234');
  await user.type(form.getByLabelText('CVC'), '123');
  return { form, pay: form.getByRole('button', { name: 'Pay' }), user };
}

describe('the payment page', () => {
  it('shows the order loading, then keeps Pay off until the payment is ready', async () => {
    const order = heldReply({ body: unpaidOrder });
    const payment = heldReply({ body: intent });
    stubServer({ ...signedInAs(customer), [`GET /api/duepaymentOrder/${unpaidOrder._id}`]: order.answer, 'POST /api/create-payment-intent': payment.answer });
    renderApp(`/dashboard/payment/${unpaidOrder._id}`);
    expect(await screen.findByLabelText('Loading the order')).toBeTruthy();

    order.release();
    const pay = within(await screen.findByRole('form', { name: 'Card payment' })).getByRole('button', { name: 'Pay' });
    expect(screen.getByRole('region', { name: 'Order summary' }).textContent).toContain('$37.50 USD');
    expect(pay).toHaveProperty('disabled', true);

    payment.release();
    await vi.waitFor(() => expect(pay).toHaveProperty('disabled', false));
  });

  it('lists each tool of a cart’s order with its pieces and price, then how the total is made', async () => {
    stubServer(orderCalls(cartOrder));
    renderApp(`/dashboard/payment/${cartOrder._id}`);
    const summary = within(await screen.findByRole('region', { name: 'Order summary' }));
    expect(summary.getByRole('heading').textContent).toBe('Order J-1043');
    expect(summary.getByText('3 tools, 6 pieces')).toBeTruthy();
    expect(summary.getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Marking Gauge3 × $12.50Discount (SAVE10) -$1.34$37.50',
      'Dovetail Saw1 × $64.00Discount (SAVE10) -$2.29$64.00',
      'Block Plane2 × $89.00Discount (SAVE10) -$6.37$178.00',
    ]);
    expect(summary.getAllByRole('term').map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`)).toEqual([
      'Subtotal $279.50',
      'Shipping (Standard) $12.00',
      'Discount (SAVE10) -$10.00',
      'Tax 8% $21.56',
      'Total $303.06 USD',
    ]);
    expect(await screen.findByRole('form', { name: 'Card payment' })).toBeTruthy();
  });

  it('says an order already paid is paid, with its transaction, and offers no card form', async () => {
    const { calls } = stubServer(orderCalls(paidOrder));
    renderApp(`/dashboard/payment/${paidOrder._id}`);
    expect(await screen.findByText('This order is already paid.')).toBeTruthy();
    expect(screen.getByText(paidOrder.transactionId!)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Card payment' })).toBeNull();
    expect(calls.map((call) => call.path)).not.toContain('/api/create-payment-intent');
  });

  it('shows the card processor’s refusal in red and keeps everything typed', async () => {
    stubServer({
      ...orderCalls(unpaidOrder),
      'POST /api/payments/local/authorise': { status: 402, body: { code: 'card_declined', message: 'Your card was declined.' } },
    });
    renderApp(`/dashboard/payment/${unpaidOrder._id}`);
    const { form, pay, user } = await fillCard('4000000000000002');
    await vi.waitFor(() => expect(pay).toHaveProperty('disabled', false));
    await user.click(pay);

    const alert = await form.findByRole('alert');
    expect(alert.textContent).toBe('Your card was declined.');
    expect(alert.className).toContain('text-error');
    expect(form.getByLabelText('Name on card')).toHaveProperty('value', customer.name);
    expect(form.getByLabelText('Card number')).toHaveProperty('value', '4000 0000 0000 0002');
    expect(form.getByLabelText('Expiry (MM/YY)')).toHaveProperty('value', '12/34');
    expect(form.getByLabelText('CVC')).toHaveProperty('value', '123');
  });

  it('checks the card before sending it, with the processor’s own words', async () => {
    const { calls } = stubServer(orderCalls(unpaidOrder));
    renderApp(`/dashboard/payment/${unpaidOrder._id}`);
    const { form, pay, user } = await fillCard('4242424242424241');
    await vi.waitFor(() => expect(pay).toHaveProperty('disabled', false));
    await user.click(pay);
    expect((await form.findByRole('alert')).textContent).toBe('Your card number is invalid.');
    expect(calls.map((call) => call.path)).not.toContain('/api/payments/local/authorise');
  });

  it('pays with a good card, says so with the transaction, turns Pay off, and shows the cart emptied', async () => {
    let paid = false;
    const { calls } = stubServer({
      ...orderCalls(unpaidOrder),
      // The server empties the cart when the order made of it is paid.
      'GET /api/cart': () => ({ body: paid ? { lines: [], count: 0, total: 0, ready: false } : { lines: [], count: 3, total: 37.5, ready: true } }),
      'POST /api/payments/local/authorise': { body: { transactionId: intent.transactionId } },
      [`PUT /api/orders/${unpaidOrder._id}`]: () => {
        paid = true;
        return { body: { ...paidOrder, transactionId: intent.transactionId } };
      },
    });
    renderApp(`/dashboard/payment/${unpaidOrder._id}`);
    const { pay, user } = await fillCard('4242424242424242');
    await vi.waitFor(() => expect(pay).toHaveProperty('disabled', false));
    await user.click(pay);

    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeTruthy();
    expect(screen.getByText(intent.transactionId)).toBeTruthy();
    expect(pay).toHaveProperty('disabled', true);
    expect(await screen.findAllByRole('link', { name: 'Cart, 0 items' })).toHaveLength(2);
    expect(calls.find((call) => call.path === '/api/payments/local/authorise')?.body).toEqual({
      orderId: unpaidOrder._id,
      clientSecret: intent.clientSecret,
      name: customer.name,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
  });
});
