import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../common/schemas/orders.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { paidCartOrder, partlyShippedOrder } from '../../../test/multi-line-fixtures.ts';
import { type Call, stubServer } from '../../../test/network.ts';
import { ShipOrderButton } from './ship-order-button.tsx';

const shipmentsPath = `POST /api/orders/${paidCartOrder._id}/shipments`;
const shipped: Order = { ...paidCartOrder, stage: 'shipped', shippingStatus: 'shipped', lines: paidCartOrder.lines.map((line) => ({ ...line, shippedQuantity: line.quantity })) };

afterEach(() => vi.unstubAllGlobals());

function renderButton(order: Order = paidCartOrder) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <ShipOrderButton order={order} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Mark the order for .* Shipped$/ }));
  return within(await screen.findByRole('form', { name: 'Ship the order' }));
}

const shipmentCalls = (calls: Call[]) => calls.filter((call) => `${call.method} ${call.path}` === shipmentsPath);

describe('the ship dialog', () => {
  it('lists each line with the pieces left to ship, all of them to start with', async () => {
    stubServer({});
    const dialog = await openDialog(renderButton());
    expect(dialog.getByRole('spinbutton', { name: 'Marking Gauge, pieces to ship' })).toHaveProperty('value', '3');
    expect(dialog.getByRole('spinbutton', { name: 'Dovetail Saw, pieces to ship' })).toHaveProperty('value', '1');
    expect(dialog.getByRole('spinbutton', { name: 'Block Plane, pieces to ship' })).toHaveProperty('value', '2');
    expect(dialog.getByText('3 pieces to ship')).toBeTruthy();
    expect(dialog.getByText('1 piece to ship')).toBeTruthy();
  });

  it('sends the lines set above 0 with the carrier and tracking number, and says what is still to ship', async () => {
    const { calls } = stubServer({ [shipmentsPath]: { status: 201, body: partlyShippedOrder } });
    const user = renderButton();
    const dialog = await openDialog(user);
    await user.clear(dialog.getByRole('spinbutton', { name: 'Block Plane, pieces to ship' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Block Plane, pieces to ship' }), '0');
    await user.selectOptions(dialog.getByLabelText('Carrier'), 'UPS');
    await user.type(dialog.getByLabelText('Tracking number (optional)'), '1Z999AA10123456784');
    await user.click(dialog.getByRole('button', { name: 'Mark Shipped' }));

    expect(await screen.findByText(`Order ${paidCartOrder.orderNumber} for ${paidCartOrder.cutomerName} is partly shipped: 2 pieces still to ship.`)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Ship the order' })).toBeNull();
    expect(shipmentCalls(calls).map((call) => call.body)).toEqual([
      {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        lines: [
          { lineId: 'l-2', quantity: 3 },
          { lineId: 'l-3', quantity: 1 },
        ],
      },
    ]);
  });

  it('offers only what is left of a partly shipped order, and says when all of it is on its way', async () => {
    const { calls } = stubServer({ [shipmentsPath]: { status: 201, body: shipped } });
    const user = renderButton(partlyShippedOrder);
    const dialog = await openDialog(user);
    expect(dialog.getAllByRole('spinbutton').map((input) => input.getAttribute('aria-label') ?? (input as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Block Plane, pieces to ship',
    ]);
    expect(dialog.getByRole('spinbutton', { name: 'Block Plane, pieces to ship' })).toHaveProperty('value', '2');
    await user.selectOptions(dialog.getByLabelText('Carrier'), 'DHL');
    await user.click(dialog.getByRole('button', { name: 'Mark Shipped' }));

    expect(await screen.findByText(`Order ${paidCartOrder.orderNumber} for ${paidCartOrder.cutomerName} is shipped.`)).toBeTruthy();
    expect(shipmentCalls(calls)[0]?.body).toEqual({ carrier: 'DHL', lines: [{ lineId: 'l-4', quantity: 2 }] });
  });

  it('refuses more pieces than are left, nothing at all, and no carrier, and sends nothing', async () => {
    const { calls } = stubServer({});
    const user = renderButton();
    const dialog = await openDialog(user);
    const plane = dialog.getByRole('spinbutton', { name: 'Block Plane, pieces to ship' });
    await user.clear(plane);
    await user.type(plane, '3');
    await user.click(dialog.getByRole('button', { name: 'Mark Shipped' }));
    expect((await dialog.findByText('Only 2 pieces left to ship')).className).toContain('text-error');
    expect(dialog.getByText('Carrier is Required')).toBeTruthy();

    for (const name of ['Marking Gauge', 'Dovetail Saw', 'Block Plane']) {
      const input = dialog.getByRole('spinbutton', { name: `${name}, pieces to ship` });
      await user.clear(input);
      await user.type(input, '0');
    }
    await user.click(dialog.getByRole('button', { name: 'Mark Shipped' }));
    expect((await dialog.findByText('Choose at least one piece to ship')).className).toContain('text-error');
    expect(shipmentCalls(calls)).toEqual([]);
  });

  it('shows the server’s refusal in the dialog and keeps what was typed', async () => {
    stubServer({ [shipmentsPath]: { status: 409, body: { code: 'SHIPMENT_TOO_LARGE', message: 'Only 1 Block Plane is left to ship.' } } });
    const user = renderButton();
    const dialog = await openDialog(user);
    await user.selectOptions(dialog.getByLabelText('Carrier'), 'Other');
    await user.type(dialog.getByLabelText("Carrier's name"), 'Parcelforce');
    await user.type(dialog.getByLabelText('Tracking number (optional)'), 'PF 123');
    await user.click(dialog.getByRole('button', { name: 'Mark Shipped' }));

    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toBe('Only 1 Block Plane is left to ship.');
    expect(dialog.getByLabelText("Carrier's name")).toHaveProperty('value', 'Parcelforce');
    expect(dialog.getByLabelText('Tracking number (optional)')).toHaveProperty('value', 'PF 123');
    expect(dialog.getByRole('spinbutton', { name: 'Block Plane, pieces to ship' })).toHaveProperty('value', '2');
  });
});
