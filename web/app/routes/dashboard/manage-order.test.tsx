import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listCursor } from '../../../../common/pagination.ts';
import { type Order, orderSchema } from '../../../../common/schemas/orders.ts';
import { admin, signedInAs, unpaidOrder } from '../../../test/fixtures.ts';
import { type Call, stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

/** 45 orders placed a minute apart, newest first, as the server lists them. */
const orders: Order[] = Array.from({ length: 45 }, (_, index) =>
  orderSchema.parse({
    ...unpaidOrder,
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    orderNumber: `J-${2000 - index}`,
    createdAt: new Date(Date.UTC(2026, 10, 20, 12) - index * 60_000).toISOString(),
  }),
);

/** Answers a page of `orders` as the server does: by keyset after or before a place, 20 at a time. */
function pageOf({ query }: Call, capped = false) {
  const after = query.get('after');
  const before = query.get('before');
  const at = (cursor: string) => orders.findIndex((order) => listCursor(order) === cursor);
  const start = after ? at(after) + 1 : before ? Math.max(0, at(before) - 20) : 0;
  const end = before ? at(before) : start + 20;
  return { body: orders.slice(start, end), headers: { 'x-total-count': String(capped ? 20 : orders.length), ...(capped ? { 'x-total-count-capped': 'true' } : {}) } };
}

const shownNumbers = () =>
  within(screen.getAllByRole('table')[0]!)
    .getAllByRole('link', { name: /^Order J-/ })
    .map((link) => link.textContent);

describe('Manage Orders pages', () => {
  it('steps to older and newer pages from the orders shown, keeping the place in the address', async () => {
    const server = stubServer({ ...signedInAs(admin), 'GET /api/orders': (call) => pageOf(call) });
    const router = renderApp('/dashboard/manageorder');
    const user = userEvent.setup();

    expect(await screen.findByText('45 orders, page 1 of 3')).toBeTruthy();
    expect(shownNumbers()[0]).toBe('J-2000');
    const pager = () => within(screen.getByRole('navigation', { name: 'Order pages' }));
    expect(pager().getByText('Page 1 of 3')).toBeTruthy();
    expect(pager().getByRole<HTMLButtonElement>('button', { name: '← Newer' }).disabled).toBe(true);

    await user.click(pager().getByRole('button', { name: 'Older →' }));
    expect(await screen.findByText('45 orders, page 2 of 3')).toBeTruthy();
    expect(shownNumbers()[0]).toBe('J-1980');
    expect(server.calls.at(-1)?.query.get('after')).toBe(listCursor(orders[19]!));
    expect(server.calls.at(-1)?.query.has('offset')).toBe(false);
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');

    await user.click(pager().getByRole('button', { name: 'Older →' }));
    expect(await screen.findByText('45 orders, page 3 of 3')).toBeTruthy();
    expect(shownNumbers()).toHaveLength(5);
    expect(pager().getByRole<HTMLButtonElement>('button', { name: 'Older →' }).disabled).toBe(true);

    await user.click(pager().getByRole('button', { name: '← Newer' }));
    expect(await screen.findByText('45 orders, page 2 of 3')).toBeTruthy();
    expect(server.calls.at(-1)?.query.get('before')).toBe(listCursor(orders[40]!));
    expect(shownNumbers()[0]).toBe('J-1980');

    await user.click(pager().getByRole('button', { name: '← Newer' }));
    expect(await screen.findByText('45 orders, page 1 of 3')).toBeTruthy();
    expect(shownNumbers()[0]).toBe('J-2000');
    expect(router.state.location.search).toBe('');
  });

  it('says a broad search matched more than it counted, and pages it without a last page', async () => {
    stubServer({ ...signedInAs(admin), 'GET /api/orders': (call) => pageOf(call, true) });
    renderApp('/dashboard/manageorder?q=smith');
    expect(await screen.findByText('20+ orders matching “smith”, page 1')).toBeTruthy();
    const pager = within(screen.getByRole('navigation', { name: 'Order pages' }));
    expect(pager.getByText('Page 1')).toBeTruthy();
    expect(pager.getByRole<HTMLButtonElement>('button', { name: 'Older →' }).disabled).toBe(false);
  });
});
