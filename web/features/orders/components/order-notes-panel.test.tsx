import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OrderDetails, type OrderNote, orderNoteMessages } from '../../../../common/schemas/order-details.ts';
import { admin, customer, detailsOf, paidOrder, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const detailsPath = `GET /api/orders/${paidOrder._id}/details`;
const notesPath = `POST /api/orders/${paidOrder._id}/notes`;

const engraving: OrderNote = { id: 'n-1', text: 'Engrave the handle: For Ann', authorName: 'Shop admin', createdAt: '2026-11-20T11:00:00.000Z' };
const giftWrap: OrderNote = { id: 'n-2', text: 'Customer rang:\nwrap it as a gift.', authorName: 'Walter Workshop', createdAt: '2026-11-21T08:30:00.000Z' };
const withNotes = (notes: OrderNote[]): OrderDetails => ({ ...detailsOf(paidOrder), notes });

async function openAsAdmin(notes: OrderNote[], more: Parameters<typeof stubServer>[0] = {}) {
  const server = stubServer({ ...signedInAs(admin), [detailsPath]: { body: withNotes(notes) }, ...more });
  renderApp(`/dashboard/orders/${paidOrder._id}`);
  const panel = within(await screen.findByRole('region', { name: 'Notes for the workshop' }));
  return { ...server, panel, user: userEvent.setup() };
}

describe('the notes for the workshop', () => {
  it('lists the notes, newest first as the server sends them, each with its author and time', async () => {
    const { panel } = await openAsAdmin([giftWrap, engraving]);
    const items = within(panel.getByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Customer rang:\nwrap it as a gift\.Walter Workshop · Nov 21, 2026/),
      expect.stringMatching(/^Engrave the handle: For AnnShop admin · Nov 20, 2026/),
    ]);
    expect(items[0]!.querySelector('time')?.getAttribute('dateTime')).toBe(giftWrap.createdAt);
  });

  it('says there are none yet', async () => {
    const { panel } = await openAsAdmin([]);
    expect(panel.getByText('No notes yet.')).toBeTruthy();
  });

  it('adds a note, shows it at the top and empties the box for the next', async () => {
    const { panel, user, calls } = await openAsAdmin([engraving], { [notesPath]: { status: 201, body: [giftWrap, engraving] } });
    await user.type(panel.getByLabelText('New note'), 'Customer rang:{Enter}wrap it as a gift.');
    await user.click(panel.getByRole('button', { name: 'Add note' }));

    expect(await panel.findByText(/wrap it as a gift/)).toBeTruthy();
    expect(calls.filter((call) => `${call.method} ${call.path}` === notesPath).map((call) => call.body)).toEqual([{ text: 'Customer rang:\nwrap it as a gift.' }]);
    expect(within(panel.getByRole('list', { name: 'Notes' })).getAllByRole('listitem')).toHaveLength(2);
    expect(panel.getByLabelText('New note')).toHaveProperty('value', '');
  });

  it('keeps what was typed when the server refuses it, and says why', async () => {
    const { panel, user } = await openAsAdmin([], { [notesPath]: { status: 403, body: { code: 'FORBIDDEN', message: 'Only admins can do that.' } } });
    await user.type(panel.getByLabelText('New note'), 'Use the walnut handle');
    await user.click(panel.getByRole('button', { name: 'Add note' }));

    expect((await panel.findByRole('alert')).textContent).toBe('Only admins can do that.');
    expect(panel.getByLabelText('New note')).toHaveProperty('value', 'Use the walnut handle');
    expect(panel.getByText('No notes yet.')).toBeTruthy();
  });

  it('refuses an empty or too long note with the server’s message, sending nothing and keeping the text', async () => {
    const { panel, user, calls } = await openAsAdmin([]);
    await user.click(panel.getByRole('button', { name: 'Add note' }));
    expect(await panel.findByText(orderNoteMessages.textRequired)).toBeTruthy();

    const long = 'x'.repeat(2001);
    await user.click(panel.getByLabelText('New note'));
    await user.paste(long);
    await user.click(panel.getByRole('button', { name: 'Add note' }));
    expect(await panel.findByText(orderNoteMessages.textTooLong)).toBeTruthy();
    expect(panel.getByLabelText('New note')).toHaveProperty('value', long);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('is not on the customer’s page of their order', async () => {
    stubServer({ ...signedInAs(customer), [detailsPath]: { body: detailsOf(paidOrder) } });
    renderApp(`/dashboard/orders/${paidOrder._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: `Order ${paidOrder.orderNumber}` })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notes for the workshop' })).toBeNull();
  });
});
