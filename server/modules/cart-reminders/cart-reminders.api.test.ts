import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLimits } from '../../../common/cart-rules.ts';
import type { CartsReport, RestoredCart } from '../../../common/schemas/cart-reminders.ts';
import { dayOf } from '../../../common/report-periods.ts';
import type { OutboxEntry } from '../mail/outbox-email-sender.ts';
import { createShopWithPeople, type ShopWithPeople, signUp, type TestAccount } from '../../test/accounts.ts';
import { call, newClientAddress } from '../../test/call.ts';
import { added, checkedOut, delivery } from '../../test/cart-checkout.ts';
import { guestCheckout, guestPays } from '../../test/charges.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { addProduct, placeOrder, type TestProduct } from '../../test/ordering.ts';
import { payOrder } from '../../test/paid-order.ts';
import { createTestClock, type TestClock } from '../../test/test-clock.ts';
import { testDialect } from '../../test/test-database.ts';
import { addVariantProduct, type VariantProduct } from '../../test/variant-products.ts';
import { sendCartRemindersTask } from './cart-reminder-task.ts';

/**
 * Issue 29, "Carts that come back" (ADR 045): a cart left untouched for CART_REMINDER_HOURS brings at
 * most two reminders, each listing the cart at today's prices with a link that restores it and one
 * that stops them; none after a purchase or a stop; a guest's cart is kept only when they ask; and the
 * report counts the carts bought after a reminder.
 */
const hour = 3_600_000;
let people: ShopWithPeople;
let clock: TestClock;
let chisel: TestProduct;
let gouge: VariantProduct;

beforeAll(async () => {
  clock = createTestClock('2026-11-02T08:00:00.000Z');
  people = await createShopWithPeople({ clock, jobs: { startRunner: false }, env: { CART_REMINDER_HOURS: '24', FORM_RATE_LIMIT_PER_HOUR: '1000' } });
  chisel = await addProduct(people.shop.db, { name: 'Paring chisel', priceCents: 2450, minQuantity: 1, availQuantity: 100 });
  gouge = await addVariantProduct(people.shop.db, {
    name: 'Carving gouge',
    options: [{ name: 'Sweep', values: ['No. 5', 'No. 7'] }],
    variants: [
      { choice: { Sweep: 'No. 5' }, stock: 40, priceCents: 3800 },
      { choice: { Sweep: 'No. 7' }, stock: 40, priceCents: 4100 },
    ],
  });
});
afterAll(() => people?.shop.close());

const app = () => people.shop.app;
const db = () => people.shop.db;

/** The sweep as its schedule runs it, then the e-mails it queued. */
async function sweep(): Promise<void> {
  await app().jobs.enqueue(db(), sendCartRemindersTask, {});
  await app().jobs.runDueJobs();
  await app().jobs.runDueJobs();
}

const remindersTo = (email: string): OutboxEntry[] => outboxMessages(people.shop.dataDir).filter((mail) => mail.to === email.toLowerCase() && /cart/i.test(mail.subject));
const tokenIn = (mail: OutboxEntry) => /\/cart\/restore\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
/** A restore link's call: the token in the query, as in every mailed link, so that the request log never holds it. */
const restorePath = (token: string) => `/api/cart-reminders/restore?token=${token}`;

/** A customer of their own with 3 chisels and 2 gouges (No. 7) in their cart. */
async function customerWithCart(): Promise<TestAccount> {
  const buyer = await signUp(app(), 'Rhoda Reminded');
  await added(app(), buyer, chisel.id, 3);
  // The cart lists its lines in the order they were added.
  clock.advance(1000);
  expect((await call(app(), 'POST', '/api/cart/items', buyer, { productId: gouge.id, variantId: gouge.variantIds[1], quantity: 2 })).statusCode).toBe(200);
  return buyer;
}

async function userIdOf(account: TestAccount): Promise<string> {
  const user = await db().selectFrom('user').select('id').where('email', '=', account.email.toLowerCase()).executeTakeFirstOrThrow();
  return user.id;
}

async function cartsReport(from: string, to: string): Promise<CartsReport> {
  const res = await call(app(), 'GET', `/api/reports/carts?from=${from}&to=${to}`, people.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CartsReport>();
}

describe(`cart reminders for a signed-in customer (${testDialect})`, () => {
  it('sends at most two, each listing the cart at today’s prices with its restore and stop links', async () => {
    const buyer = await customerWithCart();
    clock.advance(23 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toHaveLength(0);

    clock.advance(1 * hour + 60_000);
    await sweep();
    const [first] = remindersTo(buyer.email);
    expect(first?.subject).toBe('Your Joinery cart is waiting');
    expect(first?.text).toContain('Your cart\n  Paring chisel: 3 × $24.50 = $73.50\n  Carving gouge (Sweep No. 7): 2 × $41.00 = $82.00\n  Total: $155.50');
    const token = tokenIn(first!);
    expect(token).not.toBe('');
    expect(first?.text).toContain(`http://localhost:3000/cart/restore?token=${token}`);
    expect(first?.text).toContain(`http://localhost:3000/cart/reminders/stop?token=${token}`);
    expect(first?.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/cart-reminders/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // The second waits twice as long after the first; sweeping in between sends nothing more.
    clock.advance(47 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toHaveLength(1);
    // Today's prices: the chisel costs more now.
    await db().updateTable('product_variants').set({ price_cents: 2600 }).where('id', '=', chisel.id).execute();
    clock.advance(hour);
    await sweep();
    const reminders = remindersTo(buyer.email);
    expect(reminders.map((mail) => mail.subject)).toEqual(['Your Joinery cart is waiting', 'Still thinking it over? Your cart is kept']);
    expect(reminders[1]?.text).toContain('Paring chisel: 3 × $26.00 = $78.00');
    expect(reminders[1]?.text).toContain('This is the last reminder we send about this cart.');
    await db().updateTable('product_variants').set({ price_cents: 2450 }).where('id', '=', chisel.id).execute();

    // Never a third for the cart, however long it waits, nor after a change: two until they buy.
    clock.advance(30 * 24 * hour);
    await sweep();
    await added(app(), buyer, chisel.id, 1);
    clock.advance(30 * 24 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toHaveLength(2);
  });

  it('waits again from every change to the cart', async () => {
    const buyer = await customerWithCart();
    clock.advance(20 * hour);
    expect((await call(app(), 'PUT', `/api/cart/items/${chisel.id}`, buyer, { quantity: 4 })).statusCode).toBe(200);
    clock.advance(20 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toHaveLength(0);
    expect((await call(app(), 'DELETE', `/api/cart/items/${gouge.variantIds[1]}`, buyer)).statusCode).toBe(200);
    clock.advance(23 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toHaveLength(0);
    clock.advance(2 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toHaveLength(1);
    expect(remindersTo(buyer.email)[0]?.text).toContain('Paring chisel: 4 × $24.50 = $98.00\n  Total: $98.00');
  });

  it('sends none for a cart emptied by hand', async () => {
    const buyer = await signUp(app(), 'Emma Empty');
    await added(app(), buyer, chisel.id, 1);
    expect((await call(app(), 'DELETE', `/api/cart/items/${chisel.id}`, buyer)).statusCode).toBe(200);
    clock.advance(100 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toHaveLength(0);
  });

  it('sends none once they buy, and counts a cart bought after a reminder as come back, with what it came to', async () => {
    const range = [dayOf(clock()), dayOf(new Date(clock().getTime() + 30 * 24 * hour))] as const;
    const before = await cartsReport(...range);
    const buyer = await customerWithCart();
    clock.advance(25 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toHaveLength(1);

    const order = await checkedOut(app(), buyer);
    await payOrder(app(), buyer, order._id);
    clock.advance(200 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toHaveLength(1);

    const after = await cartsReport(...range);
    expect(after.cameBack - before.cameBack).toBe(1);
    expect(Math.round((after.worth - before.worth) * 100)).toBe(Math.round(order.totals.total * 100));

    // A new cart after the purchase starts afresh: its own two reminders.
    await added(app(), buyer, chisel.id, 1);
    clock.advance(25 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toHaveLength(2);
  });

  it('sends none for what is left in a cart after a purchase, until it changes', async () => {
    const buyer = await customerWithCart();
    // Bought now with Buy Now, not from the cart: the cart stays, and it is not a cart that came back.
    const placed = await placeOrder(app(), buyer, chisel.id, 1);
    await payOrder(app(), buyer, placed._id);
    clock.advance(100 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toHaveLength(0);
  });

  it('stops with one click (the link’s page or the mail program’s button), and a visit to the address stops nothing', async () => {
    const buyer = await customerWithCart();
    clock.advance(25 * hour);
    await sweep();
    const token = tokenIn(remindersTo(buyer.email)[0]!);

    const visit = await call(app(), 'GET', `/api/cart-reminders/unsubscribe?token=${token}`);
    expect(visit.statusCode).toBe(303);
    expect(visit.headers.location).toBe(`/cart/reminders/stop?token=${token}`);
    const oneClick = await app().inject({
      method: 'POST',
      url: `/api/cart-reminders/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ email: buyer.email });
    expect((await call(app(), 'POST', `/api/cart-reminders/unsubscribe?token=${token}`, undefined, {})).statusCode).toBe(200);
    expect((await call(app(), 'POST', '/api/cart-reminders/unsubscribe?token=not-a-token', undefined, {})).statusCode).toBe(404);

    clock.advance(100 * hour);
    await sweep();
    await added(app(), buyer, chisel.id, 1);
    clock.advance(100 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toHaveLength(1);
  });

  it('reads no phone account’s cart: its address is made up', async () => {
    const buyer = await customerWithCart();
    const userId = await userIdOf(buyer);
    const phoneEmail = `${userId}@phone.joinery.invalid`;
    await db().updateTable('user').set({ email: phoneEmail }).where('id', '=', userId).execute();
    clock.advance(25 * hour);
    await sweep();
    expect(remindersTo(phoneEmail)).toEqual([]);
    // Not even read: a cart the sweep read and could not remind would be marked skipped.
    const row = await db().selectFrom('cart_reminders').select(['reminders_sent', 'skipped_at']).where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ reminders_sent: 0, skipped_at: null });
  });

  it('skips a cart with nothing in it sold any more until it changes, even if what it holds comes back', async () => {
    const plane = await addProduct(db(), { name: 'Block plane', priceCents: 8900, minQuantity: 1, availQuantity: 10 });
    const buyer = await signUp(app(), 'Pat Paused');
    await added(app(), buyer, plane.id, 1);
    const variant = await db().selectFrom('product_variants').selectAll().where('id', '=', plane.id).executeTakeFirstOrThrow();
    // The tool is no longer sold; the line stays in the cart.
    await db().deleteFrom('product_variants').where('id', '=', plane.id).execute();
    clock.advance(25 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toEqual([]);
    const skipped = await db()
      .selectFrom('cart_reminders')
      .select(['changed_at', 'skipped_at', 'reminders_sent'])
      .where('user_id', '=', await userIdOf(buyer))
      .executeTakeFirstOrThrow();
    expect(skipped).toEqual({ changed_at: skipped.changed_at, skipped_at: skipped.changed_at, reminders_sent: 0 });

    // Sold again, but the cart is as the sweep left it: not read again.
    await db().insertInto('product_variants').values(variant).execute();
    clock.advance(25 * hour);
    await sweep();
    expect(remindersTo(buyer.email)).toEqual([]);

    // A change makes it a cart to remind of again.
    expect((await call(app(), 'PUT', `/api/cart/items/${plane.id}`, buyer, { quantity: 2 })).statusCode).toBe(200);
    clock.advance(25 * hour);
    await sweep();
    expect(remindersTo(buyer.email)[0]?.text).toContain('Block plane: 2 × $89.00 = $178.00');
  });

  it('restores the cart from the link: the customer’s own cart, opened once they are signed in as themselves', async () => {
    const buyer = await customerWithCart();
    clock.advance(25 * hour);
    await sweep();
    const token = tokenIn(remindersTo(buyer.email)[0]!);
    const restore = (who: TestAccount | undefined) => call(app(), 'GET', restorePath(token), who);
    expect((await restore(buyer)).json<RestoredCart>()).toEqual({ kind: 'customer', yours: true });
    expect((await restore(undefined)).json<RestoredCart>()).toEqual({ kind: 'customer', yours: false });
    expect((await restore(people.oscar)).json<RestoredCart>()).toEqual({ kind: 'customer', yours: false });
    expect((await call(app(), 'GET', restorePath('abc'), buyer)).statusCode).toBe(404);
    expect((await call(app(), 'GET', '/api/cart-reminders/restore', buyer)).statusCode).toBe(400);
    // Opening the link changes nothing: the cart is as it was.
    expect((await call(app(), 'GET', '/api/cart', buyer)).json<{ count: number }>().count).toBe(5);
  });
});

describe(`cart reminders for a guest (${testDialect})`, () => {
  let guestCounter = 0;
  const guestEmail = () => `cart.guest${++guestCounter}.${testDialect}.${Date.now()}@example.com`;
  const guestLines = () => [
    { productId: chisel.id, quantity: 2 },
    { productId: gouge.id, variantId: gouge.variantIds[0]!, quantity: 1 },
  ];
  const keep = (body: object, remoteAddress = newClientAddress()) => call(app(), 'POST', '/api/guest-carts', undefined, body, { remoteAddress });
  const keptRows = (email: string) => db().selectFrom('cart_reminders').selectAll().where('email', '=', email.toLowerCase()).execute();

  it('keeps nothing about a guest who did not tick the box: no row, no reminder, even when they check out and pay', async () => {
    const email = guestEmail();
    const order = await guestCheckout(app(), { email, ...delivery, lines: [{ productId: chisel.id, quantity: 1 }] });
    clock.advance(25 * hour);
    await sweep();
    await guestPays(app(), order);
    clock.advance(100 * hour);
    await sweep();
    expect(await keptRows(email)).toEqual([]);
    expect(remindersTo(email)).toEqual([]);
  });

  it('reminds a guest who asked, restores their lines into the browser’s cart, and sends none after they pay', async () => {
    const email = guestEmail();
    const kept = await keep({ email: email.toUpperCase(), lines: guestLines() });
    expect(kept.statusCode, kept.body).toBe(202);
    expect(kept.json()).toEqual({ email });
    const order = await guestCheckout(app(), { email, ...delivery, lines: [{ productId: chisel.id, quantity: 2 }] });

    clock.advance(25 * hour);
    await sweep();
    const [reminder] = remindersTo(email);
    expect(reminder?.text).toContain('Paring chisel: 2 × $24.50 = $49.00\n  Carving gouge (Sweep No. 5): 1 × $38.00 = $38.00\n  Total: $87.00');
    const restored = await call(app(), 'GET', restorePath(tokenIn(reminder!)));
    expect(restored.json<RestoredCart>()).toEqual({ kind: 'guest', lines: guestLines() });

    await guestPays(app(), order);
    clock.advance(200 * hour);
    await sweep();
    expect(remindersTo(email)).toHaveLength(1);
    // Their lines are let go once they buy; the restore link then has none to give.
    expect((await keptRows(email))[0]?.lines).toBeNull();
    expect((await call(app(), 'GET', restorePath(tokenIn(reminder!)))).json<RestoredCart>()).toEqual({ kind: 'guest', lines: [] });
  });

  it('replaces the kept lines, and waits again, when the guest asks again', async () => {
    const email = guestEmail();
    expect((await keep({ email, lines: [{ productId: chisel.id, quantity: 1 }] })).statusCode).toBe(202);
    clock.advance(20 * hour);
    expect((await keep({ email, lines: [{ productId: chisel.id, quantity: 6 }] })).statusCode).toBe(202);
    clock.advance(20 * hour);
    await sweep();
    expect(remindersTo(email)).toHaveLength(0);
    clock.advance(5 * hour);
    await sweep();
    expect(remindersTo(email)[0]?.text).toContain('Paring chisel: 6 × $24.50 = $147.00');
    expect(await keptRows(email)).toHaveLength(1);
  });

  it('keeps a stopped address stopped when anyone asks to keep a cart for it again, with the lines its link restores', async () => {
    const email = guestEmail();
    expect((await keep({ email, lines: guestLines() })).statusCode).toBe(202);
    clock.advance(25 * hour);
    await sweep();
    const token = tokenIn(remindersTo(email)[0]!);
    expect((await call(app(), 'POST', `/api/cart-reminders/unsubscribe?token=${token}`, undefined, {})).statusCode).toBe(200);
    const [stopped] = await keptRows(email);

    // The request is public and the address unconfirmed: it is answered as any other, and changes nothing.
    const again = await keep({ email, lines: [{ productId: chisel.id, quantity: 9 }] });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toEqual({ email });
    expect(await keptRows(email)).toEqual([stopped]);
    expect((await call(app(), 'GET', restorePath(token))).json<RestoredCart>()).toEqual({ kind: 'guest', lines: guestLines() });
    clock.advance(100 * hour);
    await sweep();
    expect(remindersTo(email)).toHaveLength(1);
  });

  it('refuses a request that is not a cart and an address, and more than a cart may hold', async () => {
    const email = guestEmail();
    expect((await keep({ email: 'not an address', lines: guestLines() })).statusCode).toBe(400);
    expect((await keep({ email, lines: [] })).statusCode).toBe(400);
    expect((await keep({ email, lines: [{ productId: chisel.id, quantity: 0 }] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: cartLimits.lines + 1 }, (_, index) => ({ productId: `product-${index}`, quantity: 1 }));
    expect((await keep({ email, lines: tooMany })).statusCode).toBe(400);
    expect(await keptRows(email)).toEqual([]);
  });
});

describe('the carts report', () => {
  it('is for staff with the reports right only, and checks its range', async () => {
    expect((await call(app(), 'GET', '/api/reports/carts?from=2026-11-01&to=2026-11-30')).statusCode).toBe(401);
    expect((await call(app(), 'GET', '/api/reports/carts?from=2026-11-01&to=2026-11-30', people.carol)).statusCode).toBe(403);
    expect((await call(app(), 'GET', '/api/reports/carts?from=2026-11-30&to=2026-11-01', people.admin)).statusCode).toBe(400);
  });

  it('counts the carts reminded and the reminders sent in the range, by the day they went', async () => {
    const day = dayOf(new Date(clock().getTime() + 25 * hour));
    const before = await cartsReport(day, day);
    await customerWithCart();
    clock.advance(25 * hour);
    await sweep();
    const after = await cartsReport(day, day);
    expect(after.cartsReminded - before.cartsReminded).toBe(1);
    expect(after.remindersSent - before.remindersSent).toBe(1);
  });
});

describe('a guest’s requests to keep a cart are limited per client', () => {
  it('answers 429 past the hourly limit of the public forms', async () => {
    const limited = await createShopWithPeople({ jobs: { startRunner: false }, env: { FORM_RATE_LIMIT_PER_HOUR: '3' } });
    try {
      const remoteAddress = newClientAddress();
      const ask = () =>
        call(limited.shop.app, 'POST', '/api/guest-carts', undefined, { email: 'limited@example.com', lines: [{ productId: 'p1', quantity: 1 }] }, { remoteAddress });
      for (let asked = 0; asked < 3; asked += 1) expect((await ask()).statusCode).toBe(202);
      expect((await ask()).statusCode).toBe(429);
    } finally {
      await limited.shop.close();
    }
  });
});
