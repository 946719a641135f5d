import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../../common/schemas/errors.ts';
import { type DiscountCode, discountCodeMessages, discountCodeSchema } from '../../../../common/schemas/discount-codes.ts';
import { categoryAnswers } from '../../../test/categories.ts';
import { admin, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const code = (fields: Partial<DiscountCode> & Pick<DiscountCode, 'code' | 'kind' | 'value'>): DiscountCode =>
  discountCodeSchema.parse({ productIds: [], categories: [], uses: 0, createdAt: '2026-11-20T12:00:00.000Z', ...fields });

const spring = code({
  code: 'SPRING10',
  kind: 'percent',
  value: 10,
  minSubtotal: 50,
  categories: ['chisels', 'planes'],
  maxUses: 100,
  uses: 3,
  maxUsesPerCustomer: 1,
  startsAt: new Date(2026, 2, 1).toISOString(),
  endsAt: new Date(2026, 3, 1).toISOString(),
});
const shipFree = code({ code: 'SHIPFREE', kind: 'free_shipping', value: 0 });

const page = (codes: DiscountCode[], total = codes.length) => ({ body: codes, headers: { 'x-total-count': String(total) } });

describe('the Discount codes page', () => {
  it('lists each code with what it takes off, its conditions, uses and days', async () => {
    stubServer({ ...signedInAs(admin), ...categoryAnswers, 'GET /api/discount-codes': page([spring, shipFree]) });
    renderApp('/dashboard/discounts');
    const row = within((await screen.findByText('SPRING10')).closest('tr')!);
    expect(row.getByText('10% off')).toBeTruthy();
    expect(row.getByText('Percentage off')).toBeTruthy();
    expect(row.getByText('Orders from $50.00')).toBeTruthy();
    expect(row.getByText('Only Chisels, Planes')).toBeTruthy();
    expect(row.getByText('3 of 100 used')).toBeTruthy();
    expect(row.getByText('1 per customer')).toBeTruthy();
    // Its last day is the day before the instant it stops.
    expect(row.getByText('Mar 31, 2026')).toBeTruthy();
    const other = within(screen.getByText('SHIPFREE').closest('tr')!);
    expect(other.getAllByText('Free shipping')).toHaveLength(2);
    expect(other.getByText('Any order')).toBeTruthy();
    expect(other.getByText('Any time')).toBeTruthy();
  });

  it('makes a code from the form: capitals, the days as the whole of them where the admin is, blanks left out', async () => {
    const server = stubServer({
      ...signedInAs(admin),
      ...categoryAnswers,
      'GET /api/discount-codes': page([]),
      'POST /api/discount-codes': ({ body }) => ({ status: 201, body: code({ ...(body as DiscountCode), uses: 0 }) }),
    });
    renderApp('/dashboard/discounts');
    const user = userEvent.setup();
    expect(await screen.findByText('No discount codes yet')).toBeTruthy();
    let form = within(screen.getByRole('form', { name: 'New discount code' }));

    await user.type(form.getByLabelText('Code'), 'winter-25');
    await user.selectOptions(form.getByLabelText('What it takes off'), 'Amount off');
    await user.type(form.getByLabelText('Amount ($)'), '12.5');
    await user.type(form.getByLabelText('Minimum subtotal ($)'), '80');
    await user.type(form.getByLabelText('First day'), '2026-12-01');
    await user.type(form.getByLabelText('Last day'), '2026-12-31');
    await user.type(form.getByLabelText('Uses per customer'), '2');
    await user.click(form.getByRole('checkbox', { name: 'Saws' }));
    await user.click(form.getByRole('button', { name: 'Create code' }));

    expect(await screen.findByText(discountCodeMessages.created('WINTER-25'))).toBeTruthy();
    form = within(screen.getByRole('form', { name: 'New discount code' }));
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      code: 'WINTER-25',
      kind: 'amount',
      value: 12.5,
      minSubtotal: 80,
      startsAt: new Date(2026, 11, 1).toISOString(),
      endsAt: new Date(2027, 0, 1).toISOString(),
      maxUsesPerCustomer: 2,
      categories: ['saws'],
    });
    // The form is empty again for the next code, numbers and days included.
    expect(form.getByLabelText<HTMLInputElement>('Code').value).toBe('');
    expect(document.activeElement).toBe(form.getByLabelText('Code'));
    expect(form.getByLabelText<HTMLSelectElement>('What it takes off').value).toBe('percent');
    expect(form.getByLabelText<HTMLInputElement>('Percentage (%)').value).toBe('');
    expect(form.getByLabelText<HTMLInputElement>('Minimum subtotal ($)').value).toBe('');
    expect(form.getByLabelText<HTMLInputElement>('Last day').value).toBe('');
    expect(form.getByRole<HTMLInputElement>('checkbox', { name: 'Saws' }).checked).toBe(false);
    await user.type(form.getByLabelText('Code'), 'again');
    await user.type(form.getByLabelText('Percentage (%)'), '5');
    await user.click(form.getByRole('button', { name: 'Create code' }));
    await screen.findByText(discountCodeMessages.created('AGAIN'));
    expect(server.calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ code: 'AGAIN', kind: 'percent', value: 5 });
  });

  it('checks the value by kind and the days before sending; free shipping needs no value', async () => {
    const server = stubServer({
      ...signedInAs(admin),
      ...categoryAnswers,
      'GET /api/discount-codes': page([]),
      'POST /api/discount-codes': ({ body }) => ({ status: 201, body: code(body as DiscountCode) }),
    });
    renderApp('/dashboard/discounts');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'New discount code' }));
    await user.type(form.getByLabelText('Code'), 'x');
    await user.type(form.getByLabelText('Percentage (%)'), '150');
    await user.type(form.getByLabelText('First day'), '2026-12-10');
    await user.type(form.getByLabelText('Last day'), '2026-12-01');
    await user.click(form.getByRole('button', { name: 'Create code' }));
    expect(await form.findByText(discountCodeMessages.code)).toBeTruthy();
    expect(form.getByText(discountCodeMessages.percent)).toBeTruthy();
    expect(form.getByText(discountCodeMessages.lastDayBeforeFirst)).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(form.getByLabelText('Code'));
    await user.type(form.getByLabelText('Code'), 'shipfree');
    await user.selectOptions(form.getByLabelText('What it takes off'), 'Free shipping');
    expect(form.queryByLabelText('Percentage (%)')).toBeNull();
    await user.clear(form.getByLabelText('Last day'));
    await user.click(form.getByRole('button', { name: 'Create code' }));
    await screen.findByText(discountCodeMessages.created('SHIPFREE'));
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      code: 'SHIPFREE',
      kind: 'free_shipping',
      value: 0,
      startsAt: new Date(2026, 11, 10).toISOString(),
    });
  });

  it('keeps what was typed when the code exists already, and says so under the code', async () => {
    const taken: ApiError = { code: 'DISCOUNT_CODE_EXISTS', message: discountCodeMessages.exists };
    stubServer({ ...signedInAs(admin), ...categoryAnswers, 'GET /api/discount-codes': page([spring]), 'POST /api/discount-codes': { status: 409, body: taken } });
    renderApp('/dashboard/discounts');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'New discount code' }));
    await user.type(form.getByLabelText('Code'), 'spring10');
    await user.type(form.getByLabelText('Percentage (%)'), '15');
    await user.click(form.getByRole('button', { name: 'Create code' }));

    const codeField = form.getByLabelText<HTMLInputElement>('Code');
    expect(await form.findByText(discountCodeMessages.exists)).toBeTruthy();
    expect(codeField.getAttribute('aria-invalid')).toBe('true');
    expect(codeField.value).toBe('spring10');
    expect(form.getByLabelText<HTMLInputElement>('Percentage (%)').value).toBe('15');
  });

  it('shows the server’s refusal of a field above the button and under the field', async () => {
    const refusal: ApiError = { code: 'VALIDATION_FAILED', message: `Invalid request. endsAt: ${discountCodeMessages.endsBeforeStart}` };
    stubServer({ ...signedInAs(admin), ...categoryAnswers, 'GET /api/discount-codes': page([]), 'POST /api/discount-codes': { status: 400, body: refusal } });
    renderApp('/dashboard/discounts');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'New discount code' }));
    await user.type(form.getByLabelText('Code'), 'ONEDAY');
    await user.type(form.getByLabelText('Percentage (%)'), '5');
    await user.type(form.getByLabelText('Last day'), '2026-12-01');
    await user.click(form.getByRole('button', { name: 'Create code' }));
    expect((await form.findByRole('alert')).textContent).toBe(`Nothing was saved. Last day: ${discountCodeMessages.endsBeforeStart}`);
    expect(form.getByLabelText<HTMLInputElement>('Last day').getAttribute('aria-invalid')).toBe('true');
    expect(form.getByLabelText<HTMLInputElement>('Last day').value).toBe('2026-12-01');
  });

  it('deletes a code after asking', async () => {
    let codes = [spring, shipFree];
    const server = stubServer({
      ...signedInAs(admin),
      ...categoryAnswers,
      'GET /api/discount-codes': () => page(codes),
      'DELETE /api/discount-codes/SPRING10': () => {
        codes = [shipFree];
        return { body: { deletedCount: 1 } };
      },
    });
    renderApp('/dashboard/discounts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete SPRING10' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete SPRING10?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(discountCodeMessages.deleted('SPRING10'))).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(true);
    await vi.waitFor(() => expect(screen.queryByText('SPRING10')).toBeNull());
  });
});
