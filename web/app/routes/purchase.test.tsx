import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatUsd } from '../../../common/money.ts';
import { customer, markingGauge, signedInAs, unpaidOrder } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { type Call, stubServer } from '../../test/network.ts';
import { markingGaugeDetail } from '../../test/variant-fixtures.ts';

// The marking gauge: at least 3 an order, 10 in stock, $12.50 a piece.
const { minQuantity, availQuantity, price } = markingGauge;
let calls: Call[];

beforeEach(() => {
  ({ calls } = stubServer({
    ...signedInAs(customer),
    [`GET /api/products/${markingGauge._id}`]: { body: markingGaugeDetail },
    'POST /api/orders': { status: 201, body: { ...unpaidOrder, insertedId: unpaidOrder._id } },
    'GET /api/addresses': { body: [] },
    'POST /api/addresses': { status: 201, body: { _id: 'a1', ...workshop, isDefault: true } },
  }));
});
afterEach(() => vi.unstubAllGlobals());

async function openOrderForm() {
  renderApp(`/purchase/${markingGauge._id}`);
  const form = await screen.findByRole('form', { name: 'Order form' });
  return {
    form: within(form),
    quantity: within(form).getByLabelText('Quantity'),
    price: within(form).getByTestId('order-price'),
    placeOrder: within(form).getByRole('button', { name: 'Place Order' }),
    notifications: screen.getByRole('status', { name: 'Notifications' }),
  };
}

async function setQuantity(quantity: HTMLElement, typed: string) {
  const user = userEvent.setup();
  await user.clear(quantity);
  await user.type(quantity, typed);
  await user.click(screen.getByRole('button', { name: 'Update quantity' }));
}

describe('the purchase page’s quantity control', () => {
  it('starts at the minimum order, priced at the minimum', async () => {
    const page = await openOrderForm();
    expect(page.quantity).toHaveProperty('value', String(minQuantity));
    expect(page.price.textContent).toBe(formatUsd(minQuantity * price));
    expect(page.placeOrder).toHaveProperty('disabled', false);
  });

  it('accepts a quantity from the minimum to below the stock, and prices it', async () => {
    const page = await openOrderForm();
    await setQuantity(page.quantity, '5');
    expect(await within(page.notifications).findByText('Your Order Quantity has been updated')).toBeTruthy();
    expect(page.price.textContent).toBe(formatUsd(5 * price));
    expect(page.form.queryByText(`Please Order At least ${minQuantity}`)).toBeNull();
    expect(page.placeOrder).toHaveProperty('disabled', false);
  });

  it('refuses a quantity below the minimum: the alert, the red message, the minimum’s price, Place Order off', async () => {
    const page = await openOrderForm();
    await setQuantity(page.quantity, String(minQuantity - 1));
    expect(await within(page.notifications).findByText(`You have to Order At least ${minQuantity}`)).toBeTruthy();
    expect(page.form.getByText(`Please Order At least ${minQuantity}`).className).toContain('text-error');
    expect(page.price.textContent).toBe(formatUsd(minQuantity * price));
    expect(page.placeOrder).toHaveProperty('disabled', true);
  });

  it.each([
    ['the whole stock', availQuantity],
    ['more than the stock', availQuantity + 1],
  ])('refuses %s: only fewer than the pieces in stock can be ordered, and says the most that can', async (_case, quantity) => {
    const page = await openOrderForm();
    await setQuantity(page.quantity, String(quantity));
    const most = `Please order at most ${availQuantity - 1}: that is all we have left.`;
    expect(await within(page.notifications).findByText(most)).toBeTruthy();
    expect(page.form.getByText(most).className).toContain('text-error');
    expect(page.form.queryByText(`Please Order At least ${minQuantity}`)).toBeNull();
    expect(page.price.textContent).toBe(formatUsd(minQuantity * price));
    expect(page.placeOrder).toHaveProperty('disabled', true);
  });

  it('refuses a fractional quantity, saying it must be whole', async () => {
    const page = await openOrderForm();
    await setQuantity(page.quantity, '4.5');
    expect(await within(page.notifications).findByText('Please order a whole number of pieces.')).toBeTruthy();
    expect(page.form.getByText('Please order a whole number of pieces.')).toBeTruthy();
    expect(page.form.queryByText(`Please Order At least ${minQuantity}`)).toBeNull();
    expect(page.price.textContent).toBe(formatUsd(minQuantity * price));
    expect(page.placeOrder).toHaveProperty('disabled', true);
  });

  it('takes the red message away as the quantity is typed again', async () => {
    const page = await openOrderForm();
    await setQuantity(page.quantity, '1');
    expect(page.form.getByText(`Please Order At least ${minQuantity}`)).toBeTruthy();
    const user = userEvent.setup();
    await user.clear(page.quantity);
    await user.type(page.quantity, '6');
    expect(page.form.queryByText(`Please Order At least ${minQuantity}`)).toBeNull();
    expect(page.price.textContent).toBe(formatUsd(6 * price));
    expect(page.placeOrder).toHaveProperty('disabled', false);
  });
});

describe('placing the order', () => {
  it('asks for the phone and the address, keeping what was typed, then sends the order as the wire spells it', async () => {
    const user = userEvent.setup();
    const page = await openOrderForm();
    await user.click(page.placeOrder);
    expect(await page.form.findByText('Phone is Required')).toBeTruthy();
    expect(page.form.getByText('Address is Required')).toBeTruthy();

    await user.type(page.form.getByLabelText('Phone'), '+1 415 555 0100');
    await user.click(page.placeOrder);
    expect(await page.form.findByText('Address is Required')).toBeTruthy();
    expect(page.form.getByLabelText('Phone')).toHaveProperty('value', '+1 415 555 0100');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await setQuantity(page.quantity, '4');
    await user.type(page.form.getByLabelText('Address'), '  40 Lathe Street ');
    await user.type(page.form.getByLabelText('City'), 'Portland');
    await user.selectOptions(page.form.getByLabelText('State'), 'Oregon');
    await user.type(page.form.getByLabelText('ZIP code'), '9720');
    await user.click(page.placeOrder);
    expect(await page.form.findByText('Enter a ZIP code of 5 digits, or ZIP+4 (94103 or 94103-1234)')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(page.form.getByLabelText('ZIP code'), '5');
    await user.click(page.placeOrder);
    expect(await within(page.notifications).findByText('Order Placed. Please Clear Your Payment At My Orders Section to confirm')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/orders')?.body).toEqual({
      productId: markingGauge._id,
      quantity: 4,
      phone: '+1 415 555 0100',
      shippingAddress: { name: customer.name, line1: '40 Lathe Street', city: 'Portland', region: 'US-OR', postalCode: '97205', country: 'US' },
    });
    // Not asked to keep it: the address book is left alone.
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/addresses')).toBe(false);
  });

  it('delivers to the default saved address without typing, or saves a new one when asked', async () => {
    const user = userEvent.setup();
    stubServer({
      ...signedInAs(customer),
      [`GET /api/products/${markingGauge._id}`]: { body: markingGaugeDetail },
      'POST /api/orders': { status: 201, body: { ...unpaidOrder, insertedId: unpaidOrder._id } },
      'GET /api/addresses': { body: [{ _id: 'a1', ...workshop, isDefault: true }] },
    });
    const page = await openOrderForm();
    expect(await page.form.findByText('40 Lathe Street, Portland, OR 97205, United States')).toBeTruthy();
    expect(page.form.queryByLabelText('City')).toBeNull();
    await user.type(page.form.getByLabelText('Phone'), '+1 415 555 0100');
    await user.click(page.placeOrder);
    expect(await within(page.notifications).findByText('Order Placed. Please Clear Your Payment At My Orders Section to confirm')).toBeTruthy();
  });
});

const workshop = { name: 'Carol Customer', line1: '40 Lathe Street', city: 'Portland', region: 'US-OR', postalCode: '97205', country: 'US' };
