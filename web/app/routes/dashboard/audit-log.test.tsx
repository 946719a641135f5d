import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '../../../../common/schemas/audit-log.ts';
import { admin, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const priceChange: AuditRecord = {
  _id: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-11-20T09:00:00.000Z',
  actorEmail: 'boss@joinery.example',
  actorIp: '203.0.113.7',
  kind: 'price.changed',
  subject: 'Block plane',
  detail: {
    changes: [
      { field: 'price', before: 24, after: 26, money: true },
      { field: 'stock', before: 20, after: 18 },
    ],
    facts: { name: 'Block plane' },
  },
};
const refund: AuditRecord = {
  _id: '00000000-0000-4000-8000-000000000002',
  createdAt: '2026-11-19T15:30:00.000Z',
  actorEmail: 'sam@joinery.example',
  actorIp: '198.51.100.4',
  kind: 'order.refunded',
  subject: 'J-1042',
  detail: { facts: { amount: '$5.00', reason: 'A scratch', lines: ['1 × Block plane'] } },
};

describe('the Audit page', () => {
  it('lists each staff action with who, from where, when, and its change before → after', async () => {
    stubServer({ ...signedInAs(admin), 'GET /api/audit-log': { body: [priceChange, refund], headers: { 'x-total-count': '2' } } });
    renderApp('/dashboard/audit');
    const entry = within(await screen.findByRole('article', { name: 'Price changed: Block plane' }));
    expect(entry.getByText('boss@joinery.example · from 203.0.113.7')).toBeTruthy();
    expect(entry.getByText('Price $24.00 → $26.00')).toBeTruthy();
    expect(entry.getByText('Stock 20 → 18')).toBeTruthy();
    expect(entry.getByRole('time').getAttribute('datetime')).toBe('2026-11-20T09:00:00.000Z');
    const refunded = within(screen.getByRole('article', { name: 'Refund: J-1042' }));
    expect(refunded.getByText('Amount: $5.00')).toBeTruthy();
    expect(refunded.getByText('Lines: 1 × Block plane')).toBeTruthy();
    expect(screen.getByText('2 records, newest first.')).toBeTruthy();
  });

  it('asks for the records of a person, a kind and days, and clears the filters', async () => {
    const server = stubServer({ ...signedInAs(admin), 'GET /api/audit-log': { body: [priceChange], headers: { 'x-total-count': '1' } } });
    renderApp('/dashboard/audit');
    await screen.findByRole('article', { name: 'Price changed: Block plane' });
    const user = userEvent.setup();
    const filters = within(screen.getByRole('search', { name: 'Filter the audit log' }));
    await user.type(filters.getByLabelText('Person (e-mail)'), 'boss@joinery.example');
    await user.selectOptions(filters.getByLabelText('Kind'), 'Price changed');
    await user.type(filters.getByLabelText('From'), '2026-11-01');
    await user.type(filters.getByLabelText('To'), '2026-11-30');
    await user.click(filters.getByRole('button', { name: 'Filter' }));
    await vi.waitFor(() => expect(server.calls.at(-1)?.query.get('kind')).toBe('price.changed'));
    const asked = server.calls.at(-1)!.query;
    expect([asked.get('actor'), asked.get('from'), asked.get('to')]).toEqual(['boss@joinery.example', '2026-11-01', '2026-11-30']);

    await user.click(filters.getByRole('button', { name: 'Clear' }));
    // The unfiltered list again (read already, so not asked for twice), and empty filters.
    expect(await screen.findByRole('article', { name: 'Price changed: Block plane' })).toBeTruthy();
    expect(filters.getByLabelText<HTMLInputElement>('Person (e-mail)').value).toBe('');
    expect(filters.getByLabelText<HTMLSelectElement>('Kind').value).toBe('');
  });

  it('keeps what was typed and says why when the last day comes before the first', async () => {
    const server = stubServer({ ...signedInAs(admin), 'GET /api/audit-log': { body: [], headers: { 'x-total-count': '0' } } });
    renderApp('/dashboard/audit');
    expect(await screen.findByText('Nothing recorded')).toBeTruthy();
    const calls = server.calls.length;
    const user = userEvent.setup();
    const filters = within(screen.getByRole('search', { name: 'Filter the audit log' }));
    await user.type(filters.getByLabelText('From'), '2026-11-20');
    await user.type(filters.getByLabelText('To'), '2026-11-01');
    await user.click(filters.getByRole('button', { name: 'Filter' }));
    expect(await filters.findByText('The first day comes before the last')).toBeTruthy();
    expect(filters.getByLabelText<HTMLInputElement>('From').value).toBe('2026-11-20');
    expect(server.calls.length).toBe(calls);
  });

  it('says so when the log cannot be read', async () => {
    stubServer({ ...signedInAs(admin), 'GET /api/audit-log': { status: 403, body: { code: 'FORBIDDEN', message: 'Your role does not include the audit log.' } } });
    renderApp('/dashboard/audit');
    expect(await screen.findByText('We could not load the audit log')).toBeTruthy();
  });
});
