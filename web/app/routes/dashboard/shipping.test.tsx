import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../../common/schemas/errors.ts';
import { type ShippingZone, shippingMessages, shippingZoneSchema } from '../../../../common/schemas/shipping-zones.ts';
import { type ShopSettings, shopSettingsSchema } from '../../../../common/schemas/shop-settings.ts';
import { admin, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const unitedStates: ShippingZone = shippingZoneSchema.parse({
  id: 'zone-us',
  name: 'United States',
  countries: ['US'],
  rates: [
    { id: 'rate-standard', name: 'Standard', price: 8.5, minWeightGrams: 0, maxWeightGrams: 2000, freeOverSubtotal: 150 },
    { id: 'rate-express', name: 'Express', price: 29 },
  ],
});
const canada: ShippingZone = shippingZoneSchema.parse({ id: 'zone-ca', name: 'Canada', countries: ['CA'], rates: [{ id: 'rate-ca', name: 'Standard', price: 22 }] });

const seller: ShopSettings = shopSettingsSchema.parse({
  seller: {
    name: 'Joinery Tool Works',
    address: { name: 'Joinery Tool Works', line1: 'Unit 4, Millrace Yard', city: 'Portland', region: 'US-OR', postalCode: '97209', country: 'US' },
  },
  pickup: { enabled: false },
});

const zonesPage = (zones: ShippingZone[], more: Parameters<typeof stubServer>[0] = {}) =>
  stubServer({
    ...signedInAs(admin),
    'GET /api/shipping-zones': { body: zones },
    'GET /api/shop-settings': { body: seller },
    'GET /api/return-settings': { body: { windowDays: 30 } },
    ...more,
  });

const zoneGroup = (name: string) => screen.getByRole('group', { name });

describe('the Shipping page', () => {
  it('shows each zone with its countries and rates, in the order they are tried', async () => {
    zonesPage([unitedStates, canada]);
    renderApp('/dashboard/shipping');
    const first = within(await screen.findByRole('group', { name: 'Zone 1' }));
    expect(first.getByLabelText<HTMLInputElement>('Zone name').value).toBe('United States');
    expect(first.getByRole('list', { name: 'Countries' }).textContent).toContain('United States');
    const express = within(first.getByRole('group', { name: 'Rate 2' }));
    expect(express.getByLabelText<HTMLInputElement>('Rate name').value).toBe('Express');
    expect(express.getByLabelText<HTMLInputElement>('Price ($)').value).toBe('29');
    expect(express.getByLabelText<HTMLInputElement>('To (g)').value).toBe('');
    expect(within(zoneGroup('Zone 2')).getByLabelText<HTMLInputElement>('Zone name').value).toBe('Canada');
    expect(screen.getByText('2 zones')).toBeTruthy();
  });

  it('saves a new zone with two rates after the others, keeping the ids of those read and sending blank bands as none', async () => {
    const server = zonesPage([unitedStates], {
      'PUT /api/shipping-zones': ({ body }) => ({ body: (body as ShippingZone[]).map((zone, index) => ({ ...zone, id: zone.id ?? `new-${index}` })) }),
    });
    renderApp('/dashboard/shipping');
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Zone 1' });

    await user.click(screen.getByRole('button', { name: '+ Add a zone' }));
    const zone = within(zoneGroup('Zone 2'));
    await user.type(zone.getByLabelText('Zone name'), 'Australia');
    await user.selectOptions(zone.getByRole('combobox', { name: 'Add a country' }), 'AU');
    await user.click(zone.getByRole('button', { name: 'Limit the zone to some states or regions' }));
    await user.selectOptions(zone.getByRole('combobox', { name: 'Add a state or region' }), 'AU-NSW');
    await user.type(within(zone.getByRole('group', { name: 'Rate 1' })).getByLabelText('Price ($)'), '12.50');
    await user.type(within(zone.getByRole('group', { name: 'Rate 1' })).getByLabelText('To (g)'), '5000');
    await user.click(zone.getByRole('button', { name: '+ Add a rate' }));
    const express = within(zone.getByRole('group', { name: 'Rate 2' }));
    await user.clear(express.getByLabelText('Rate name'));
    await user.type(express.getByLabelText('Rate name'), 'Express');
    await user.type(express.getByLabelText('Price ($)'), '30');
    await user.type(express.getByLabelText('Free over ($)'), '400');
    await user.click(screen.getByRole('button', { name: 'Save shipping zones' }));

    expect(await screen.findByText('Shipping zones saved.')).toBeTruthy();
    const put = server.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual([
      { ...unitedStates },
      {
        name: 'Australia',
        countries: ['AU'],
        regions: ['AU-NSW'],
        rates: [
          { name: 'Standard', price: 12.5, maxWeightGrams: 5000 },
          { name: 'Express', price: 30, freeOverSubtotal: 400 },
        ],
      },
    ]);
  });

  it('checks a zone before sending it: a name, a country and prices, each under its field', async () => {
    const server = zonesPage([]);
    renderApp('/dashboard/shipping');
    const user = userEvent.setup();
    expect(await screen.findByText('No shipping zones')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '+ Add a zone' }));
    await user.click(screen.getByRole('button', { name: 'Save shipping zones' }));
    const zone = within(zoneGroup('Zone 1'));
    expect(zone.getByText(shippingMessages.zoneNameRequired)).toBeTruthy();
    expect(zone.getByText(shippingMessages.countriesRequired)).toBeTruthy();
    expect(within(zone.getByRole('group', { name: 'Rate 1' })).getByText(shippingMessages.price)).toBeTruthy();

    // The band is checked once the rate's own fields are sound.
    await user.type(within(zone.getByRole('group', { name: 'Rate 1' })).getByLabelText('Price ($)'), '9');
    await user.type(within(zone.getByRole('group', { name: 'Rate 1' })).getByLabelText('From (g)'), '900');
    await user.type(within(zone.getByRole('group', { name: 'Rate 1' })).getByLabelText('To (g)'), '100');
    expect(await zone.findByText(shippingMessages.weightBand)).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('moves a zone up and removes another; the save sends the new order', async () => {
    const server = zonesPage([unitedStates, canada], { 'PUT /api/shipping-zones': ({ body }) => ({ body }) });
    renderApp('/dashboard/shipping');
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Zone 2' });

    await user.click(screen.getByRole('button', { name: 'Move zone 2 up' }));
    expect(within(zoneGroup('Zone 1')).getByLabelText<HTMLInputElement>('Zone name').value).toBe('Canada');
    expect(screen.getByText(/Unsaved changes/)).toBeTruthy();
    await user.click(within(zoneGroup('Zone 2')).getByRole('button', { name: 'Remove rate 2' }));
    await user.click(screen.getByRole('button', { name: 'Save shipping zones' }));
    await screen.findByText('Shipping zones saved.');
    const put = server.calls.find((call) => call.method === 'PUT');
    expect((put?.body as ShippingZone[]).map((zone) => [zone.name, zone.rates.map((rate) => rate.id)])).toEqual([
      ['Canada', ['rate-ca']],
      ['United States', ['rate-standard']],
    ]);
  });

  it('keeps what was typed when the server refuses the table, with its message under the field and above the button', async () => {
    const refusal: ApiError = { code: 'VALIDATION_FAILED', message: `Invalid request. 1.rates.0.price: ${shippingMessages.price}` };
    zonesPage([unitedStates, canada], { 'PUT /api/shipping-zones': { status: 400, body: refusal } });
    renderApp('/dashboard/shipping');
    const user = userEvent.setup();
    const canadaZone = within(await screen.findByRole('group', { name: 'Zone 2' }));
    await user.clear(canadaZone.getByLabelText('Zone name'));
    await user.type(canadaZone.getByLabelText('Zone name'), 'Canada and Alaska');
    await user.click(screen.getByRole('button', { name: 'Save shipping zones' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Nothing was saved. Zone 2, rate 1, price: ${shippingMessages.price}`);
    const price = within(canadaZone.getByRole('group', { name: 'Rate 1' })).getByLabelText<HTMLInputElement>('Price ($)');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(canadaZone.getByText(shippingMessages.price)).toBeTruthy();
    expect(canadaZone.getByLabelText<HTMLInputElement>('Zone name').value).toBe('Canada and Alaska');
  });

  it('says so when the zones cannot be read, and tries again', async () => {
    let answers = 0;
    zonesPage([], {
      'GET /api/shipping-zones': () => (++answers === 1 ? { status: 403, body: { code: 'FORBIDDEN', message: 'You may not do this.' } } : { body: [canada] }),
    });
    renderApp('/dashboard/shipping');
    const user = userEvent.setup();
    expect(await screen.findByText('We could not load the shipping zones')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await screen.findByRole('group', { name: 'Zone 1' })).getByLabelText<HTMLInputElement>('Zone name').value).toBe('Canada');
  });
});

describe('the seller and collecting from the workshop', () => {
  it('saves the seller with its tax number and collecting turned on', async () => {
    const server = zonesPage([], { 'PUT /api/shop-settings': ({ body }) => ({ body }) });
    renderApp('/dashboard/shipping');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Seller and collecting' }));
    expect(form.getByLabelText<HTMLInputElement>('Seller’s name on invoices').value).toBe('Joinery Tool Works');
    expect(form.getByLabelText<HTMLSelectElement>('State').value).toBe('US-OR');
    await user.type(form.getByLabelText('VAT or sales-tax number (optional)'), '93-1234567');
    await user.click(form.getByRole('checkbox', { name: /Offer collecting from the workshop/ }));
    await user.click(form.getByRole('button', { name: 'Save seller and collecting' }));

    expect(await screen.findByText('Seller and collecting saved.')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      seller: { name: 'Joinery Tool Works', address: seller.seller.address, taxNumber: '93-1234567' },
      pickup: { enabled: true },
    });
  });
});
