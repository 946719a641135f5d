import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, signedInAs, unpaidOrder } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const exportLink = () => screen.findByRole('link', { name: 'Export CSV' });

describe('Manage Orders’ Export CSV', () => {
  it('downloads every order when no stage or search is set', async () => {
    stubServer({ ...signedInAs(admin), 'GET /api/orders': { body: [unpaidOrder], headers: { 'x-total-count': '1' } } });
    renderApp('/dashboard/manageorder');
    const link = await exportLink();
    expect(link.getAttribute('href')).toBe('/api/orders.csv');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('downloads the orders of the stage and search shown, not the page', async () => {
    stubServer({ ...signedInAs(admin), 'GET /api/orders': { body: [unpaidOrder], headers: { 'x-total-count': '1' } } });
    renderApp('/dashboard/manageorder?stage=to-ship&q=carol%20smith&page=2&after=2026-11-20T12%3A00%3A00.000Z_x');
    const link = await exportLink();
    expect(link.getAttribute('href')).toBe('/api/orders.csv?stage=to-ship&q=carol+smith');
  });
});
