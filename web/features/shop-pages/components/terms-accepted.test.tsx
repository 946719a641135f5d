import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, customer, detailsOf, paidOrder, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Staff read on an order which version of the terms of sale its customer accepted (ADR 044). */
describe('the terms an order was placed under', () => {
  const details = { ...detailsOf(paidOrder), notes: [], termsAccepted: { version: 3, publishedAt: '2026-11-27T15:00:00.000Z' } };

  it('shows staff the version and the day it was published', async () => {
    stubServer({ ...signedInAs(admin), [`GET /api/orders/${paidOrder._id}/details`]: { body: details } });
    renderApp(`/dashboard/orders/${paidOrder._id}`);
    const line = await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === 'Terms accepted: version 3 of Nov 27, 2026');
    expect(line.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-27T15:00:00.000Z');
  });

  it('says nothing of it on the customer’s own page', async () => {
    const { notes: _notes, termsAccepted: _terms, ...own } = details;
    stubServer({ ...signedInAs(customer), [`GET /api/orders/${paidOrder._id}/details`]: { body: own } });
    renderApp(`/dashboard/orders/${paidOrder._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: `Order ${paidOrder.orderNumber}` })).toBeTruthy();
    expect(screen.queryByText(/Terms accepted/)).toBeNull();
  });
});
