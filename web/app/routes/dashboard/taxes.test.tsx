import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../../common/schemas/errors.ts';
import { type TaxSettings, taxMessages, taxSettingsSchema } from '../../../../common/schemas/tax-settings.ts';
import { admin, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const usSalesTax: TaxSettings = taxSettingsSchema.parse({
  pricesIncludeTax: false,
  rates: [
    { country: 'US', region: 'US-CA', rate: 7.25, taxShipping: false },
    { country: 'US', region: 'US-NY', rate: 4, taxShipping: true },
  ],
});

const rateRow = (index: number) => within(screen.getByRole('group', { name: `Tax rate ${index}` }));

describe('the Taxes page', () => {
  it('shows the table as read, each rate with its place, percentage and whether shipping is taxed', async () => {
    stubServer({ ...signedInAs(admin), 'GET /api/tax-settings': { body: usSalesTax } });
    renderApp('/dashboard/taxes');
    await screen.findByRole('group', { name: 'Tax rate 2' });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Prices I enter include tax/ }).checked).toBe(false);
    expect(rateRow(1).getByText('California')).toBeTruthy();
    expect(rateRow(1).getByText('United States')).toBeTruthy();
    expect(rateRow(1).getByLabelText<HTMLInputElement>('Rate (%)').value).toBe('7.25');
    expect(rateRow(1).getByRole<HTMLInputElement>('checkbox', { name: 'Tax shipping' }).checked).toBe(false);
    expect(rateRow(2).getByRole<HTMLInputElement>('checkbox', { name: 'Tax shipping' }).checked).toBe(true);
  });

  it('adds a rate for a state and a country’s VAT, and saves the table with prices including tax', async () => {
    const server = stubServer({ ...signedInAs(admin), 'GET /api/tax-settings': { body: usSalesTax }, 'PUT /api/tax-settings': ({ body }) => ({ body }) });
    renderApp('/dashboard/taxes');
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Tax rate 2' });
    const adder = within(screen.getByRole('group', { name: 'Add a rate' }));

    await user.selectOptions(adder.getByLabelText('State (optional)'), 'US-WA');
    await user.click(adder.getByRole('button', { name: 'Add rate' }));
    expect(rateRow(3).getByText('Washington')).toBeTruthy();
    // The new rate's percentage is next to type.
    expect(document.activeElement).toBe(rateRow(3).getByLabelText('Rate (%)'));
    await user.type(rateRow(3).getByLabelText('Rate (%)'), '6.5');
    await user.click(rateRow(3).getByRole('checkbox', { name: 'Tax shipping' }));
    await user.selectOptions(adder.getByLabelText('Country'), 'DE');
    expect(adder.getByLabelText<HTMLSelectElement>('Region (optional)').value).toBe('');
    await user.click(adder.getByRole('button', { name: 'Add rate' }));
    expect(rateRow(4).getByText('Germany')).toBeTruthy();
    expect(rateRow(4).getByText('The whole country')).toBeTruthy();
    await user.type(rateRow(4).getByLabelText('Rate (%)'), '19');
    await user.click(rateRow(1).getByRole('button', { name: 'Remove tax rate 1' }));
    await user.click(screen.getByRole('checkbox', { name: /Prices I enter include tax/ }));
    await user.click(screen.getByRole('button', { name: 'Save taxes' }));

    expect(await screen.findByText('Taxes saved.')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      pricesIncludeTax: true,
      rates: [
        { country: 'US', region: 'US-NY', rate: 4, taxShipping: true },
        { country: 'US', region: 'US-WA', rate: 6.5, taxShipping: true },
        { country: 'DE', rate: 19, taxShipping: false },
      ],
    });
  });

  it('adds no second rate for one place, and refuses a rate past four decimals before sending', async () => {
    const server = stubServer({ ...signedInAs(admin), 'GET /api/tax-settings': { body: usSalesTax } });
    renderApp('/dashboard/taxes');
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Tax rate 2' });
    const adder = within(screen.getByRole('group', { name: 'Add a rate' }));
    await user.selectOptions(adder.getByLabelText('State (optional)'), 'US-CA');
    await user.click(adder.getByRole('button', { name: 'Add rate' }));
    expect(adder.getByRole('alert').textContent).toBe(taxMessages.twice);
    expect(screen.queryByRole('group', { name: 'Tax rate 3' })).toBeNull();

    await user.clear(rateRow(1).getByLabelText('Rate (%)'));
    await user.type(rateRow(1).getByLabelText('Rate (%)'), '1.23456');
    await user.click(screen.getByRole('button', { name: 'Save taxes' }));
    expect(await rateRow(1).findByText(taxMessages.rate)).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('keeps what was typed when the server refuses the table, and says why', async () => {
    const refusal: ApiError = { code: 'VALIDATION_FAILED', message: `Invalid request. rates.1.region: ${taxMessages.regionUnknown('US-NY')}` };
    stubServer({ ...signedInAs(admin), 'GET /api/tax-settings': { body: usSalesTax }, 'PUT /api/tax-settings': { status: 400, body: refusal } });
    renderApp('/dashboard/taxes');
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Tax rate 2' });
    await user.clear(rateRow(2).getByLabelText('Rate (%)'));
    await user.type(rateRow(2).getByLabelText('Rate (%)'), '4.5');
    await user.click(screen.getByRole('button', { name: 'Save taxes' }));

    expect((await screen.findByRole('alert')).textContent).toBe(`Nothing was saved. Rate 2, region: ${taxMessages.regionUnknown('US-NY')}`);
    // Under the rate's place, which the server named.
    expect(rateRow(2).getByText(taxMessages.regionUnknown('US-NY'))).toBeTruthy();
    expect(rateRow(2).getByLabelText<HTMLInputElement>('Rate (%)').value).toBe('4.5');
  });

  it('says when there are no rates', async () => {
    stubServer({ ...signedInAs(admin), 'GET /api/tax-settings': { body: { pricesIncludeTax: false, rates: [] } } });
    renderApp('/dashboard/taxes');
    expect(await screen.findByText('No tax rates')).toBeTruthy();
  });
});
