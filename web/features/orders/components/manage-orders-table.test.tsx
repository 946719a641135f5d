import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../common/schemas/orders.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { paidOrder } from '../../../test/fixtures.ts';
import { partlyRefundedOrder, partlyShippedOrder } from '../../../test/multi-line-fixtures.ts';
import { ManageOrdersTable } from './manage-orders-table.tsx';

function renderTable(orders: Order[]) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <MemoryRouter>
          <ManageOrdersTable orders={orders} />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** The row of one order, found by its number's link. */
const rowOf = (order: Order) => within(screen.getByRole('link', { name: `Order ${order.orderNumber}` }).closest('tr')!);

/** Each line of an order's row as it reads: its name × pieces, then what became of them. */
const itemsOf = (order: Order) =>
  within(rowOf(order).getByRole('list', { name: `Items of order ${order.orderNumber}` }))
    .getAllByRole('listitem')
    .map((item) => Array.from(item.querySelectorAll('p'), (line) => line.textContent).join(' / '));

describe('Manage Orders’ rows', () => {
  it('shows one row per order with its lines inside, and what was shipped or refunded of each', () => {
    const refunded = { ...partlyRefundedOrder, _id: 'o-3', orderNumber: 'J-1044' };
    renderTable([partlyShippedOrder, refunded, paidOrder]);
    expect(screen.getAllByRole('row')).toHaveLength(4);

    expect(itemsOf(partlyShippedOrder)).toEqual(['Marking Gauge × 3 / 3 shipped', 'Dovetail Saw × 1 / 1 shipped', 'Block Plane × 2']);
    expect(rowOf(partlyShippedOrder).getByText('6 pieces ·', { exact: false }).textContent).toBe('6 pieces · $303.06');
    expect(itemsOf(refunded)).toEqual(['Marking Gauge × 3 / 1 refunded', 'Dovetail Saw × 1', 'Block Plane × 2']);
    expect(itemsOf(paidOrder)).toEqual(['Marking Gauge × 3']);
  });

  it('says an order is partly shipped, and lets the admin ship the rest', () => {
    renderTable([partlyShippedOrder, paidOrder]);
    const partly = rowOf(partlyShippedOrder);
    expect(partly.getByText('Pending')).toBeTruthy();
    expect(partly.getByText('Partly shipped')).toBeTruthy();
    expect(partly.getByRole('link', { name: /Track 1Z999AA10123456784 with UPS/ })).toBeTruthy();
    expect(partly.getByRole('button', { name: 'Mark the order for Marking Gauge and 2 more by ada@example.com Shipped' })).toBeTruthy();
    expect(rowOf(paidOrder).queryByText('Partly shipped')).toBeNull();
  });
});
