import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderDetails, type OrderNote, orderNoteMessages } from '../../../common/schemas/order-details.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { createShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { call, type Caller } from '../../test/call.ts';
import { californiaAddress, guestCheckout, phone, setUpCharges, withKey } from '../../test/charges.ts';
import { addProduct, placeOrder, type TestProduct } from '../../test/ordering.ts';
import { createTestClock, type TestClock } from '../../test/test-clock.ts';
import type { TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Internal notes on an order (`POST /api/orders/{id}/notes`): the admin writes them for the workshop
 * and reads them, newest first, in the order's details; its customer, or a guest with its key, never
 * sees them.
 */
let shop: TestApp;
let clock: TestClock;
let admin: TestAccount;
let carol: TestAccount;
let oscar: TestAccount;
let chisel: TestProduct;
let carolsOrder: Order;
let guestsOrder: Order & { accessKey: string };

beforeAll(async () => {
  clock = createTestClock('2026-11-20T09:00:00.000Z');
  ({ shop, admin, carol, oscar } = await createShopWithPeople({ clock }));
  await setUpCharges(shop.app, admin);
  chisel = await addProduct(shop.db, { name: 'Paring chisel', priceCents: 4000, minQuantity: 1, availQuantity: 100, weightGrams: 300 });
  carolsOrder = await placeOrder(shop.app, carol, chisel.id, 1);
  guestsOrder = await guestCheckout(shop.app, {
    email: `guest.notes.${testDialect}@example.com`,
    phone,
    shippingAddress: californiaAddress,
    lines: [{ productId: chisel.id, quantity: 2 }],
  });
});
afterAll(() => shop?.close());

const addNote = (orderId: string, body: object, who: Caller = admin) => call(shop.app, 'POST', `/api/orders/${orderId}/notes`, who, body);
const details = async (orderId: string, who: TestAccount) => {
  const res = await call(shop.app, 'GET', `/api/orders/${orderId}/details`, who);
  expect(res.statusCode).toBe(200);
  return res.json<OrderDetails>();
};

describe(`internal notes on an order (${testDialect})`, () => {
  it('lets the admin add notes and read them back, newest first, with who wrote them and when', async () => {
    const first = await addNote(carolsOrder._id, { text: '  Engrave the handle: "For Ann"  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json<OrderNote[]>()).toEqual([{ id: expect.any(String), text: 'Engrave the handle: "For Ann"', authorName: 'Shop admin', createdAt: '2026-11-20T09:00:00.000Z' }]);
    clock.advance(60_000);
    const second = await addNote(carolsOrder._id, { text: 'Customer rang: wrap it as a gift.' });
    expect(second.json<OrderNote[]>().map((note) => note.text)).toEqual(['Customer rang: wrap it as a gift.', 'Engrave the handle: "For Ann"']);

    const read = await details(carolsOrder._id, admin);
    expect(read.notes).toEqual(second.json());
    expect(read.notes![0]).toMatchObject({ createdAt: '2026-11-20T09:01:00.000Z' });
    expect(read.notes![0]!.authorName).toBe(read.notes![1]!.authorName);
    // Another order's notes are its own.
    expect((await details(guestsOrder._id, admin)).notes).toEqual([]);
  });

  it('never shows the notes to the customer whose order it is, nor to a guest with the key', async () => {
    await addNote(guestsOrder._id, { text: 'Guest asked for the invoice to a company.' });
    const customers = await details(carolsOrder._id, carol);
    expect(customers).not.toHaveProperty('notes');
    expect(JSON.stringify(customers)).not.toContain('gift');

    const guests = await withKey(shop.app, 'GET', `/api/orders/${guestsOrder._id}/details`, guestsOrder.accessKey);
    expect(guests.statusCode).toBe(200);
    expect(guests.json()).not.toHaveProperty('notes');
    expect(guests.body).not.toContain('invoice to a company');
    expect((await details(guestsOrder._id, admin)).notes).toHaveLength(1);
  });

  it('refuses a note from a customer (403), even on their own order, from nobody (401) and from a guest with the key (401)', async () => {
    expect((await addNote(carolsOrder._id, { text: 'Mine' }, carol)).statusCode).toBe(403);
    expect((await addNote(carolsOrder._id, { text: 'Not mine' }, oscar)).statusCode).toBe(403);
    expect((await call(shop.app, 'POST', `/api/orders/${carolsOrder._id}/notes`, undefined, { text: 'Nobody' })).statusCode).toBe(401);
    expect((await withKey(shop.app, 'POST', `/api/orders/${guestsOrder._id}/notes`, guestsOrder.accessKey, { text: 'Guest' })).statusCode).toBe(401);
    expect((await details(carolsOrder._id, admin)).notes!.map((note) => note.text)).not.toContain('Mine');
    expect((await details(carolsOrder._id, admin)).notes!.map((note) => note.text)).not.toContain('Nobody');
  });

  it.each([
    ['empty', '', orderNoteMessages.textRequired],
    ['only spaces', '   ', orderNoteMessages.textRequired],
    ['too long', 'x'.repeat(2001), orderNoteMessages.textTooLong],
  ])('refuses a note that is %s with 400 and a message, storing nothing', async (_case, text, message) => {
    const before = (await details(carolsOrder._id, admin)).notes!.length;
    const res = await addNote(carolsOrder._id, { text });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
    expect((await details(carolsOrder._id, admin)).notes).toHaveLength(before);
  });

  it('takes a note of exactly 2,000 characters, and answers 404 for an order that does not exist', async () => {
    expect((await addNote(carolsOrder._id, { text: 'y'.repeat(2000) })).statusCode).toBe(201);
    expect((await addNote('00000000-0000-4000-8000-000000000000', { text: 'Lost' })).statusCode).toBe(404);
    expect((await addNote('not-an-id', { text: 'Lost' })).statusCode).toBe(404);
  });
});
