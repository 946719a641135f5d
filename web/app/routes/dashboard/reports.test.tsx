import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductsReport, SalesFigures, SalesReport, TaxReport } from '../../../../common/schemas/reports.ts';
import type { CartsReport } from '../../../../common/schemas/cart-reminders.ts';
import { admin, signedInAs } from '../../../test/fixtures.ts';
import { type Call, stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

// "Today" is 27 November 2026 (UTC): this month is 1–27 November, compared with 1–27 October.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T15:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const figures = (netRevenue: number, orders: number, units: number): SalesFigures => ({
  grossSales: netRevenue,
  refunds: 0,
  netRevenue,
  orders,
  averageOrderValue: orders ? Math.round((netRevenue / orders) * 100) / 100 : 0,
  units,
});

/** The sales of the range asked for: two weeks of it, against the previous range's. */
function salesOf(call: Call): { body: SalesReport } {
  const from = call.query.get('from')!;
  const to = call.query.get('to')!;
  return {
    body: {
      from,
      to,
      interval: (call.query.get('interval') ?? 'day') as SalesReport['interval'],
      previous: { from: '2026-10-01', to: '2026-10-27' },
      periods: [
        { start: '2026-11-02', end: '2026-11-08', figures: figures(1200, 4, 9), previous: { start: '2026-10-05', end: '2026-10-11', figures: figures(1000, 5, 8) } },
        { start: '2026-11-09', end: '2026-11-15', figures: figures(300, 1, 2), previous: { start: '2026-10-12', end: '2026-10-18', figures: figures(0, 0, 0) } },
      ],
      totals: figures(1500, 5, 11),
      previousTotals: figures(1000, 5, 8),
      change: { netRevenue: 50, orders: 0, averageOrderValue: 50, units: 37.5 },
    },
  };
}

const products: ProductsReport = {
  from: '2026-11-01',
  to: '2026-11-27',
  byUnits: [
    { productId: 'p-chisel', product: 'Bevel-edge chisel', units: 7, revenue: 171.5 },
    { productId: 'p-plane', product: 'Smoothing plane', units: 2, revenue: 350 },
  ],
  byRevenue: [
    { productId: 'p-plane', product: 'Smoothing plane', units: 2, revenue: 350 },
    { productId: 'p-chisel', product: 'Bevel-edge chisel', units: 7, revenue: 171.5 },
  ],
  categories: [
    { category: 'planes', name: 'Planes', units: 2, revenue: 350 },
    { category: 'chisels', name: 'Chisels', units: 7, revenue: 171.5 },
  ],
};

const tax: TaxReport = {
  from: '2026-11-01',
  to: '2026-11-27',
  rows: [
    { country: 'US', region: 'US-CA', collected: false, rate: 7.25, orders: 3, taxableSales: 400, tax: 29, refundedTax: 1.45, netTax: 27.55, shipping: 27, discounts: 10 },
    { country: '', region: '', collected: true, rate: 8.875, orders: 1, taxableSales: 100, tax: 8.88, refundedTax: 0, netTax: 8.88, shipping: 0, discounts: 0 },
  ],
  totals: { orders: 4, taxableSales: 500, tax: 37.88, refundedTax: 1.45, netTax: 36.43, shipping: 27, discounts: 10 },
};

const carts: CartsReport = { from: '2026-11-01', to: '2026-11-27', cartsReminded: 8, remindersSent: 13, cameBack: 3, worth: 412.5 };

function shopWithReports() {
  return stubServer({
    ...signedInAs(admin),
    'GET /api/reports/sales': salesOf,
    'GET /api/reports/products': { body: products },
    'GET /api/reports/tax': { body: tax },
    'GET /api/reports/carts': { body: carts },
  });
}

const salesCalls = (server: ReturnType<typeof stubServer>) => server.calls.filter((call) => call.path === '/api/reports/sales');

describe('the Reports page', () => {
  it('compares this month with last month: the four figures with their change, per period, and the CSV of each report', async () => {
    const server = shopWithReports();
    renderApp('/dashboard/reports');
    const sales = within(await screen.findByRole('region', { name: 'Sales' }));
    await sales.findByRole('heading', { name: 'This month vs last month' });
    expect(sales.getByText('Nov 1, 2026 – Nov 27, 2026 against Oct 1, 2026 – Oct 27, 2026')).toBeTruthy();
    expect(salesCalls(server).at(-1)?.query.toString()).toBe('from=2026-11-01&to=2026-11-27&interval=day');

    const headlines = within(sales.getByRole('group', { name: 'This month vs last month' }));
    expect(headlines.getByText('Net revenue').nextElementSibling?.textContent).toBe('$1,500.00+50.0 %previously $1,000.00');
    expect(headlines.getByText('Units sold').nextElementSibling?.textContent).toBe('11+37.5 %previously 8');

    const table = within(sales.getByRole('table', { name: 'Sales per period against the previous range' }));
    const firstWeek = within(table.getAllByRole('row')[1]!);
    expect(firstWeek.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Nov 2 – Nov 8',
      'Net revenue$1,200.00',
      'Previously$1,000.00',
      'Change+20.0 %',
      'Orders4',
      'Avg. order$300.00',
      'Units9',
    ]);
    // Nothing the week before: no percentage.
    expect(within(table.getAllByRole('row')[2]!).getByText('—')).toBeTruthy();
    expect(sales.getByText('Nov 2 – Nov 8: $1,200.00, previously $1,000.00')).toBeTruthy();

    const exports = screen.getAllByRole('link', { name: 'Export CSV' }).map((link) => link.getAttribute('href'));
    expect(exports).toEqual([
      '/api/reports/sales.csv?from=2026-11-01&to=2026-11-27&interval=day',
      '/api/reports/products.csv?from=2026-11-01&to=2026-11-27',
      '/api/reports/tax.csv?from=2026-11-01&to=2026-11-27',
    ]);
  });

  it('asks again for another interval and another range as soon as they are chosen', async () => {
    const server = shopWithReports();
    renderApp('/dashboard/reports');
    await screen.findByRole('heading', { name: 'This month vs last month' });
    const user = userEvent.setup();
    const choices = within(screen.getByRole('search', { name: 'Choose the report’s days' }));

    await user.selectOptions(choices.getByLabelText('Interval'), 'By week');
    await vi.waitFor(() => expect(salesCalls(server).at(-1)?.query.get('interval')).toBe('week'));

    await user.selectOptions(choices.getByLabelText('Range'), 'Last month');
    await screen.findByRole('heading', { name: 'Last month vs the month before' });
    expect(salesCalls(server).at(-1)?.query.toString()).toBe('from=2026-10-01&to=2026-10-31&interval=week');
    await vi.waitFor(() => expect(server.calls.at(-1)?.query.toString()).toMatch(/^from=2026-10-01&to=2026-10-31/));

    await user.selectOptions(choices.getByLabelText('Range'), 'This year');
    await vi.waitFor(() => expect(salesCalls(server).at(-1)?.query.toString()).toBe('from=2026-01-01&to=2026-11-27&interval=week'));
  });

  it('takes custom dates by the calls’ rules, and says what is wrong without losing them', async () => {
    const server = shopWithReports();
    renderApp('/dashboard/reports');
    await screen.findByRole('heading', { name: 'This month vs last month' });
    const user = userEvent.setup();
    const choices = within(screen.getByRole('search', { name: 'Choose the report’s days' }));
    await user.selectOptions(choices.getByLabelText('Range'), 'Custom dates');
    const from = choices.getByLabelText<HTMLInputElement>('From');
    const to = choices.getByLabelText<HTMLInputElement>('To');
    await user.clear(from);
    await user.type(from, '2026-11-20');
    await user.clear(to);
    await user.type(to, '2026-11-10');
    const asked = salesCalls(server).length;
    await user.click(choices.getByRole('button', { name: 'Show' }));
    expect(await choices.findByText('The range must end on or after the day it starts')).toBeTruthy();
    expect(salesCalls(server)).toHaveLength(asked);
    expect([from.value, to.value]).toEqual(['2026-11-20', '2026-11-10']);

    await user.clear(to);
    await user.type(to, '2026-11-25');
    await user.click(choices.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => expect(salesCalls(server).at(-1)?.query.toString()).toBe('from=2026-11-20&to=2026-11-25&interval=day'));
    expect(await screen.findByRole('heading', { name: 'Nov 20, 2026 – Nov 25, 2026 against Oct 1, 2026 – Oct 27, 2026' })).toBeTruthy();
  });

  it('ranks the best sellers by units or by revenue, and lists the categories', async () => {
    shopWithReports();
    renderApp('/dashboard/reports');
    const section = within(await screen.findByRole('region', { name: 'Products and categories' }));
    const byUnits = await section.findByRole('list', { name: 'Best sellers by units' });
    expect(
      within(byUnits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1.Bevel-edge chisel7 sold$171.50', '2.Smoothing plane2 sold$350.00']);
    await userEvent.setup().click(section.getByRole('button', { name: 'By revenue' }));
    const byRevenue = section.getByRole('list', { name: 'Best sellers by revenue' });
    expect(
      within(byRevenue)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1.Smoothing plane$350.002 sold', '2.Bevel-edge chisel$171.507 sold']);
    expect(
      within(section.getByRole('list', { name: 'Sales by category' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1.Planes$350.002 sold', '2.Chisels$171.507 sold']);
  });

  it('shows the tax per destination and rate, the shipping collected and the discounts given', async () => {
    shopWithReports();
    renderApp('/dashboard/reports');
    const section = within(await screen.findByRole('region', { name: 'Tax, shipping and discounts' }));
    const table = within(await section.findByRole('table', { name: 'Tax per destination and rate' }));
    expect(
      table
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent),
    ).toEqual(['US-CA (US)', 'Collected at the workshop']);
    expect(within(table.getAllByRole('row')[1]!).getByText('7.25 %')).toBeTruthy();
    expect(section.getByText('Shipping collected').nextElementSibling?.textContent).toBe('$27.00');
    expect(section.getByText('Discounts given').nextElementSibling?.textContent).toBe('$10.00');
    expect(section.getByText('Tax collected (net of refunds)').nextElementSibling?.textContent).toBe('$36.43');
  });

  it('shows the carts reminded, the carts that came back after a reminder and what they were worth, for the range', async () => {
    const server = shopWithReports();
    renderApp('/dashboard/reports');
    const section = within(await screen.findByRole('region', { name: 'Carts that came back' }));
    expect((await section.findByText('Carts reminded')).nextElementSibling?.textContent).toBe('813 reminders sent');
    expect(section.getByText('Bought after a reminder').nextElementSibling?.textContent).toBe('337.5 % of the carts reminded');
    expect(section.getByText('What they were worth').nextElementSibling?.textContent).toBe('$412.50Their orders’ totals, as paid');
    expect(server.calls.find((call) => call.path === '/api/reports/carts')?.query.toString()).toBe('from=2026-11-01&to=2026-11-27');
  });

  it('says when a report cannot be read (a right taken away meanwhile), and reads it again on Try again', async () => {
    let failing = true;
    stubServer({
      ...signedInAs(admin),
      'GET /api/reports/sales': (call) => (failing ? { status: 403, body: { code: 'FORBIDDEN', message: 'Your role does not allow this.' } } : salesOf(call)),
      'GET /api/reports/products': { body: products },
      'GET /api/reports/tax': { body: tax },
      'GET /api/reports/carts': { body: carts },
    });
    renderApp('/dashboard/reports');
    expect(await screen.findByText('We could not load the sales')).toBeTruthy();
    expect(screen.getByText('Your role does not allow this.')).toBeTruthy();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { name: 'This month vs last month' })).toBeTruthy();
  });
});
