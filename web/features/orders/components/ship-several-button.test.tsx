import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkShipmentResult } from '../../../../common/schemas/bulk-shipments.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { type Call, stubServer } from '../../../test/network.ts';
import { ShipSeveralButton } from './ship-several-button.tsx';

const shipmentsPath = 'POST /api/orders/shipments';
const answer: BulkShipmentResult = {
  shipped: [
    { orderNumber: 'J-1042', orderId: 'o-1' },
    { orderNumber: 'J-1043', orderId: 'o-2' },
  ],
  skipped: [{ orderNumber: 'J-9999', reason: 'No order has the number J-9999.' }],
};

afterEach(() => vi.unstubAllGlobals());

function renderButton() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ShipSeveralButton />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Ship several' }));
  return within(await screen.findByRole('form', { name: 'Ship several orders' }));
}

const shipmentCalls = (calls: Call[]) => calls.filter((call) => `${call.method} ${call.path}` === shipmentsPath);

describe('the Ship several dialog', () => {
  it('shows the lines it cannot read before sending, sends the others, then says what was shipped and why the rest was skipped', async () => {
    const { calls } = stubServer({ [shipmentsPath]: { body: answer } });
    const user = renderButton();
    const dialog = await openDialog(user);
    await user.selectOptions(dialog.getByLabelText('Carrier'), 'UPS');
    await user.type(dialog.getByLabelText('Order numbers and tracking numbers'), 'J-1042 1Z999AA10123456784{Enter}j1043,PF 123{Enter}X-12 A2{Enter}J-9999 ZZ1');

    expect(dialog.getByText('3 orders to ship.')).toBeTruthy();
    const notRead = dialog.getByRole('list', { name: 'Lines not read' });
    expect(
      within(notRead)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 3, “X-12 A2”: “X-12” is not an order number']);
    await user.click(dialog.getByRole('button', { name: 'Ship 3 orders' }));

    expect(await screen.findByText('2 orders shipped.')).toBeTruthy();
    const skipped = screen.getByRole('list', { name: 'Skipped orders' });
    expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['J-9999: No order has the number J-9999.']);
    expect(shipmentCalls(calls).map((call) => call.body)).toEqual([
      {
        carrier: 'UPS',
        entries: [
          { orderNumber: 'J-1042', trackingNumber: '1Z999AA10123456784' },
          { orderNumber: 'J-1043', trackingNumber: 'PF 123' },
          { orderNumber: 'J-9999', trackingNumber: 'ZZ1' },
        ],
      },
    ]);
  });

  it('reads a chosen CSV file, header row and all', async () => {
    const { calls } = stubServer({ [shipmentsPath]: { body: { shipped: [{ orderNumber: 'J-1042', orderId: 'o-1' }], skipped: [] } } });
    const user = renderButton();
    const dialog = await openDialog(user);
    await user.selectOptions(dialog.getByLabelText('Carrier'), 'DHL');
    await user.upload(dialog.getByLabelText('Or choose a CSV file'), new File(['order,tracking\r\nJ-1042,JD0001\r\n'], 'parcels.csv', { type: 'text/csv' }));
    expect(await dialog.findByText('1 order to ship.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Ship 1 order' }));

    expect(await screen.findByText('1 order shipped.')).toBeTruthy();
    expect(shipmentCalls(calls)[0]?.body).toEqual({ carrier: 'DHL', entries: [{ orderNumber: 'J-1042', trackingNumber: 'JD0001' }] });
  });

  it('asks for a carrier and a line it can read, and sends nothing without them', async () => {
    const { calls } = stubServer({});
    const user = renderButton();
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Order numbers and tracking numbers'), 'nothing to read here');
    await user.click(dialog.getByRole('button', { name: 'Ship the orders' }));

    expect(await dialog.findByText('Carrier is Required')).toBeTruthy();
    expect(dialog.getByText('Paste at least one line of an order number and its tracking number')).toBeTruthy();
    expect(shipmentCalls(calls)).toEqual([]);
  });

  it('shows the server’s refusal in the dialog and keeps the list', async () => {
    stubServer({ [shipmentsPath]: { status: 403, body: { code: 'FORBIDDEN', message: 'Only admins can do that.' } } });
    const user = renderButton();
    const dialog = await openDialog(user);
    await user.selectOptions(dialog.getByLabelText('Carrier'), 'FedEx');
    await user.type(dialog.getByLabelText('Order numbers and tracking numbers'), 'J-1042 F1');
    await user.click(dialog.getByRole('button', { name: 'Ship 1 order' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('Only admins can do that.');
    expect(dialog.getByLabelText('Order numbers and tracking numbers')).toHaveProperty('value', 'J-1042 F1');
  });
});
