import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../common/schemas/audit-log.ts';
import type { AccountErased } from '../../../common/schemas/customer-data.ts';
import type { OrderDetails } from '../../../common/schemas/order-details.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import type { OrderReturn } from '../../../common/schemas/returns.ts';
import { sendEmailTask } from '../mail/mailer.ts';
import { newRecordId } from '../../record-id.ts';
import { createShopWithPeople, postAuth, type ShopWithPeople, signIn, signUp, type TestAccount } from '../../test/accounts.ts';
import { type Caller, call } from '../../test/call.ts';
import { californiaAddress, setUpCharges } from '../../test/charges.ts';
import { addProduct, type TestProduct } from '../../test/ordering.ts';
import { payOrder } from '../../test/paid-order.ts';
import { whereFound } from '../../test/personal-strings.ts';
import type { CustomerDataFile } from './customer-data-export.ts';
import { signUpStaff } from '../../test/staff.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Issue 29, a customer's data in their hands (ADR 046): the file of everything the shop keeps about
 * a customer, and the erasure of their account, by them after a fresh sign-in or by staff at their
 * request, which leaves none of their personal data in any table while invoices and credit notes
 * stay as they were issued and still add up.
 */
let people: ShopWithPeople;
const app = () => people.shop.app;
const db = () => people.shop.db;
let plane: TestProduct;
let soldOut: TestProduct;

/** Carol's personal strings, each written somewhere by the steps below. */
const carolPhone = '+1 555 010 7788';
const carolStrings = {
  name: 'Carol Customer',
  phone: '555 010 7788',
  phoneDigits: '5550107788',
  street: '1 Redwood Way',
  bookStreet: '12 Mortise Lane',
  location: 'Arcata Woods',
  education: 'Guild of Joiners',
  review: 'Sharpest plane I have owned',
  message: 'Please call me about a bench',
  returnNote: 'Carol finds it too heavy',
};

beforeAll(async () => {
  people = await createShopWithPeople({ jobs: { pollIntervalMs: 50 } });
  await setUpCharges(app(), people.admin);
  plane = await addProduct(db(), { name: 'Block plane', priceCents: 4800, minQuantity: 1, availQuantity: 100, weightGrams: 900 });
  soldOut = await addProduct(db(), { name: 'Router plane', priceCents: 9900, minQuantity: 1, availQuantity: 0 });
}, 60_000);
afterAll(() => people.shop.close());

async function ok(response: Awaited<ReturnType<typeof call>>, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

/** A Buy Now order of planes to California (taxed), placed and not paid. */
async function placed(who: TestAccount, quantity = 1): Promise<Order> {
  const res = await ok(await call(app(), 'POST', '/api/orders', who, { productId: plane.id, quantity, phone: carolPhone, shippingAddress: californiaAddress }), 201);
  return res.json<Order>();
}

const details = async (who: TestAccount, id: string) => (await ok(await call(app(), 'GET', `/api/orders/${id}/details`, who))).json<OrderDetails>();

async function shipAndDeliver(order: Order) {
  await ok(await call(app(), 'PATCH', `/api/orders/${order._id}/shipping`, people.admin, { shippingStatus: 'shipped', carrier: 'UPS', trackingNumber: '1Z-PLANE' }));
  await ok(await call(app(), 'PATCH', `/api/orders/${order._id}/shipping`, people.admin, { shippingStatus: 'delivered' }));
}

/** The invoices and credit notes of these orders, as the database keeps them. */
async function documentsOf(orderIds: string[]) {
  const invoices = await db()
    .selectFrom('invoices')
    .select(['order_id', 'number', 'issued_at', 'total_cents', 'tax_cents', 'document'])
    .where('order_id', 'in', orderIds)
    .orderBy('number')
    .execute();
  const creditNotes = await db()
    .selectFrom('credit_notes')
    .select(['order_id', 'number', 'issued_at', 'amount_cents', 'tax_cents', 'document', 'invoice_id'])
    .where('order_id', 'in', orderIds)
    .orderBy('number')
    .execute();
  return { invoices, creditNotes };
}

const exportOf = (who: Caller) => call(app(), 'GET', '/api/account/export', who);
const erase = (who: TestAccount, confirm = '?confirm=yes') => call(app(), 'DELETE', `/api/account${confirm}`, who);
const userPath = (email: string) => `/api/users/${encodeURIComponent(email)}`;

/** Makes the account's every session older than a fresh sign-in. */
async function ageSessions(email: string) {
  const user = await db().selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const old = new Date(Date.now() - 20 * 60_000);
  await db().updateTable('session').set({ createdAt: old.toISOString() }).where('userId', '=', user.id).execute();
}

async function auditOf(kind: string): Promise<AuditRecord[]> {
  return (await ok(await call(app(), 'GET', `/api/audit-log?kind=${kind}&limit=100`, people.admin))).json<AuditRecord[]>();
}

const otherAddress = 'somebody.else@example.com';

/**
 * A message queued for next year, so that it waits; with `failure`, then failed for good with that
 * answer from the mail server, as its last attempt leaves it. Answers its job's id.
 */
async function queueMail(to: string, failure?: string): Promise<string> {
  const content = { subject: 'Your plane has shipped', preview: 'On its way', heading: 'On its way', paragraphs: ['Your plane is on its way.'] };
  const id = await app().jobs.enqueue(db(), sendEmailTask, { to, content }, { runAt: new Date(Date.UTC(2099, 0, 1)) });
  if (failure === undefined) return id;
  if (testDialect === 'postgres') {
    await sql`select id from graphile_worker.permanently_fail_jobs(array[${id}::bigint], ${failure})`.execute(db());
  } else {
    await db()
      .updateTable('jobs')
      .set((eb) => ({ attempts: eb.ref('max_attempts'), last_error: failure, failed_at: new Date().toISOString() }))
      .where('id', '=', Number(id))
      .execute();
  }
  return id;
}

const failedJobIds = async () => new Set((await ok(await call(app(), 'GET', '/api/jobs/failed?limit=100', people.admin))).json<Array<{ _id: string }>>().map((job) => job._id));

describe(`a customer's data in their hands (${testDialect})`, () => {
  let carol: TestAccount;
  let carolId: string;
  let delivered: Order;
  let unpaid: Order;
  let inFlight: Order;

  it('exports each kind of data the shop keeps about the customer, and nobody else’s', { timeout: 120_000 }, async () => {
    carol = people.carol;
    const user = await db().selectFrom('user').select('id').where('email', '=', carol.email).executeTakeFirstOrThrow();
    carolId = user.id;
    // Her address is confirmed (what she left under it without an account is hers).
    await db()
      .updateTable('user')
      .set({ emailVerified: testDialect === 'postgres' ? true : 1 })
      .where('id', '=', carolId)
      .execute();
    await ok(await call(app(), 'PUT', userPath(carol.email), carol, { userLocation: carolStrings.location, userEdu: carolStrings.education, userNumber: carolPhone }));
    await ok(
      await call(app(), 'POST', '/api/addresses', carol, {
        name: 'Carol Customer',
        line1: carolStrings.bookStreet,
        city: 'Arcata',
        region: 'US-CA',
        postalCode: '95521',
        country: 'US',
      }),
      201,
    );
    await ok(await call(app(), 'PUT', `/api/wishlist/${soldOut.id}`, carol));
    await ok(await call(app(), 'POST', '/api/cart/items', carol, { productId: plane.id, quantity: 1 }));
    const review = (await ok(await call(app(), 'POST', '/api/reviews', carol, { ratings: 5, review: carolStrings.review, productId: plane.id }), 201)).json<{ _id: string }>();
    // Staff hid her review, showed it again and answered it: the audit trail, which is never changed, keeps none of her data (ADR 048).
    await ok(await call(app(), 'PATCH', `/api/reviews/${review._id}`, people.admin, { hidden: true }));
    await ok(await call(app(), 'PATCH', `/api/reviews/${review._id}`, people.admin, { hidden: false }));
    await ok(await call(app(), 'POST', `/api/reviews/${review._id}/reply`, people.admin, { text: 'Thank you: it is our favourite plane too.' }));
    await ok(
      await call(app(), 'POST', '/api/contact-messages', undefined, { name: carolStrings.name, email: carol.email, phone: carolPhone, requirement: carolStrings.message }),
      201,
    );
    const now = new Date().toISOString();
    await db().insertInto('newsletter_subscribers').values({ id: newRecordId(), email: carol.email, created_at: now, confirmed_at: now }).execute();
    await db()
      .insertInto('stock_alerts')
      .values({ id: newRecordId(), product_id: soldOut.id, email: carol.email, token: newRecordId(), confirmed_at: now, notified_at: null, unsubscribed_at: null, created_at: now })
      .execute();
    // A newsletter sent to her, and a cart she left as a guest before she had her account.
    const campaignId = newRecordId();
    await db()
      .insertInto('newsletter_campaigns')
      .values({ id: campaignId, subject: 'Spring sharpening', body: '[]', state: 'sending', created_at: now, updated_at: now })
      .execute();
    await db()
      .insertInto('newsletter_campaign_recipients')
      .values({ id: newRecordId(), campaign_id: campaignId, email: carol.email, state: 'sent', token_hash: newRecordId(), queued_at: now, done_at: now })
      .execute();
    await db()
      .insertInto('cart_reminders')
      .values({
        id: newRecordId(),
        user_id: null,
        email: carol.email,
        lines: JSON.stringify([{ productId: plane.id, quantity: 1 }]),
        token_hash: newRecordId(),
        changed_at: now,
        created_at: now,
      })
      .execute();

    // Delivered, partly refunded (a credit note) and a return refused; one unpaid; one paid and not yet sent.
    delivered = await placed(carol, 2);
    await payOrder(app(), carol, delivered._id);
    await shipAndDeliver(delivered);
    const lineId = delivered.lines[0]!.lineId;
    await ok(
      await call(app(), 'POST', `/api/orders/${delivered._id}/refunds`, people.admin, {
        lines: [{ lineId, quantity: 1 }],
        reason: 'Scratched sole',
        restock: false,
        idempotencyKey: crypto.randomUUID(),
      }),
      201,
    );
    const asked = await ok(
      await call(app(), 'POST', `/api/orders/${delivered._id}/returns`, carol, { lines: [{ lineId, quantity: 1 }], reason: 'no-longer-needed', note: carolStrings.returnNote }),
      201,
    );
    await ok(await call(app(), 'PATCH', `/api/returns/${asked.json<OrderReturn>().id}`, people.admin, { decision: 'refuse', reason: 'Used' }));
    unpaid = await placed(carol);
    inFlight = await placed(carol);
    await payOrder(app(), carol, inFlight._id);
    await app().jobs.waitUntilIdle();

    const res = await ok(await exportOf(carol));
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="joinery-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    const file = res.json<CustomerDataFile>();
    expect(file.format).toBe('joinery-customer-data/1');
    expect(file.profile).toMatchObject({
      name: carolStrings.name,
      email: carol.email,
      location: carolStrings.location,
      education: carolStrings.education,
      contactNumber: carolPhone,
    });
    expect(file.signInMethods).toEqual([{ method: 'credential', addedAt: expect.any(String) }]);
    expect(file.sessions.length).toBeGreaterThan(0);
    expect(file.sessions[0]).toMatchObject({ signedInAt: expect.any(String), lastActiveAt: expect.any(String), browser: expect.any(String) });
    expect(file.addresses).toEqual([expect.objectContaining({ line1: carolStrings.bookStreet, default: true })]);
    expect(file.cart).toEqual([expect.objectContaining({ productId: plane.id, product: 'Block plane', quantity: 1 })]);
    expect(file.wishlist).toEqual([expect.objectContaining({ productId: soldOut.id, product: 'Router plane' })]);
    expect(file.newsletter).toMatchObject({ subscribed: true, email: carol.email, received: [expect.objectContaining({ subject: 'Spring sharpening', state: 'sent' })] });
    expect(file.cartReminders).toEqual(expect.arrayContaining([expect.objectContaining({ remindersSent: 0 })]));
    expect(file.stockAlerts).toEqual([expect.objectContaining({ productId: soldOut.id })]);
    expect(file.reviews).toEqual([expect.objectContaining({ review: carolStrings.review, rating: 5 })]);
    expect(file.contactMessages).toEqual([expect.objectContaining({ message: carolStrings.message, phone: carolPhone })]);
    expect(file.orders.map((order) => order.number)).toEqual([delivered.orderNumber, unpaid.orderNumber, inFlight.orderNumber]);
    const first = file.orders[0]!;
    expect(first.lines).toEqual([expect.objectContaining({ product: 'Block plane', quantity: 2, shipped: 2, refunded: 1 })]);
    expect(first.totals.taxCents).toBeGreaterThan(0);
    expect(first.invoice?.number).toMatch(/^INV-/);
    expect(first.payment).toMatchObject({ status: 'paid', card: { brand: expect.any(String), last4: '4242' } });
    expect(first.refunds).toEqual([
      expect.objectContaining({ amountCents: expect.any(Number), reason: 'Scratched sole', creditNote: expect.objectContaining({ number: expect.stringMatching(/^CN-/) }) }),
    ]);
    expect(first.shipments).toEqual([expect.objectContaining({ carrier: 'UPS', trackingNumber: '1Z-PLANE', lines: [{ line: 1, quantity: 2 }] })]);
    expect(first.returns).toEqual([expect.objectContaining({ status: 'refused', note: carolStrings.returnNote })]);
    // Never a session token, a password hash or a staff note.
    const secrets = await db().selectFrom('session').select('token').where('userId', '=', carolId).execute();
    const hash = await db().selectFrom('account').select('password').where('userId', '=', carolId).executeTakeFirstOrThrow();
    for (const { token } of secrets) expect(res.body).not.toContain(token);
    expect(res.body).not.toContain(hash.password);

    // Oscar's file has nothing of Carol's, and he cannot reach hers.
    const oscars = await ok(await exportOf(people.oscar));
    expect(oscars.body).not.toContain(carol.email);
    expect(oscars.json<{ orders: unknown[] }>().orders).toEqual([]);
    expect((await call(app(), 'GET', `${userPath(carol.email)}/export`, people.oscar)).statusCode).toBe(403);
    expect((await call(app(), 'DELETE', `${userPath(carol.email)}/account?confirm=yes`, people.oscar)).statusCode).toBe(403);
    expect((await exportOf(undefined)).statusCode).toBe(401);
  });

  it('refuses a deletion without the confirmation, from a stale session, and while an order is on its way', async () => {
    expect((await erase(carol, '')).statusCode).toBe(400);
    await ageSessions(carol.email);
    const stale = await erase(carol);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'FRESH_SIGN_IN_REQUIRED' });

    carol = await signIn(app(), carol.email, carol.password);
    const waiting = await erase(carol);
    expect(waiting.statusCode, waiting.body).toBe(409);
    expect(waiting.json()).toMatchObject({ code: 'ORDERS_IN_FLIGHT', message: expect.stringContaining(inFlight.orderNumber) });
    // Refused before anything changed: the unpaid order is still open.
    expect((await db().selectFrom('orders').select('cancelled_at').where('id', '=', unpaid._id).executeTakeFirstOrThrow()).cancelled_at).toBeNull();
    expect((await exportOf(carol)).statusCode).toBe(200);
  });

  it(
    'erases the account: no personal field remains anywhere, invoices and credit notes stay as issued and add up, and the address can register again',
    { timeout: 120_000 },
    async () => {
      await shipAndDeliver(inFlight);
      const ids = [delivered._id, unpaid._id, inFlight._id];
      const before = await documentsOf(ids);
      expect(before.invoices).toHaveLength(2);
      expect(before.creditNotes).toHaveLength(1);
      const salesBefore = await db().selectFrom('sales_days').selectAll().orderBy('day').execute();
      const figuresBefore = await db()
        .selectFrom('orders')
        .select(['id', 'number', 'price_cents', 'tax_cents', 'refunded_cents', 'invoice_number', 'ship_country', 'ship_region'])
        .where('id', 'in', ids)
        .orderBy('number')
        .execute();

      // A message to her that failed for good (the mail server's answer naming her), and one waiting for later; and one to somebody else.
      const failedMail = await queueMail(carol.email, `550 Mailbox of ${carolStrings.name} is full`);
      await queueMail(carol.email);
      await queueMail(otherAddress);
      expect((await failedJobIds()).has(failedMail)).toBe(true);

      // The search finds her before: in her account, her orders, her review, her message, her address book.
      const foundBefore = await whereFound(db(), [carol.email, carolStrings.bookStreet, carolStrings.review, carolStrings.message]);
      for (const place of ['user.email', 'orders.email', 'reviews.email', 'contact_messages.requirement', 'addresses.line1', 'reviews.review']) {
        expect(foundBefore).toContainEqual(expect.stringMatching(new RegExp(`(^|\\.)${place.replace('.', '\\.')}:`)));
      }

      const res = await erase(carol);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AccountErased>()).toEqual({ erased: true, cancelledOrders: 1, anonymisedOrders: 3 });
      await app().jobs.waitUntilIdle();

      // No personal field remains in any table, but in the invoices and credit notes kept as issued.
      const kept = ['invoices.document', 'credit_notes.document'];
      expect(await whereFound(db(), [carol.email, ...Object.values(carolStrings)], { skip: kept })).toEqual([]);
      // Her account's id stays only in the address that her kept orders and newsletter messages carry instead of hers, which reaches nobody.
      const byId = await whereFound(db(), [carolId], { skip: kept });
      expect(byId).toContainEqual(expect.stringMatching(/(^|\.)orders\.email:/));
      expect(byId.filter((place) => !/(^|\.)(orders\.email|newsletter_campaign_recipients\.email):/.test(place))).toEqual([]);
      // Her unsent mail went with her; somebody else's is still waiting.
      expect((await failedJobIds()).has(failedMail)).toBe(false);
      expect(await whereFound(db(), [otherAddress])).not.toEqual([]);
      const after = await documentsOf(ids);
      expect(after).toEqual(before);
      expect(before.invoices[0]!.document).toContain(carolStrings.street);

      // The invoices still add up: the orders' figures and the sales figures unchanged, each total invoiced and each refund credited.
      const figuresAfter = await db()
        .selectFrom('orders')
        .select(['id', 'number', 'price_cents', 'tax_cents', 'refunded_cents', 'invoice_number', 'ship_country', 'ship_region'])
        .where('id', 'in', ids)
        .orderBy('number')
        .execute();
      expect(figuresAfter).toEqual(figuresBefore);
      expect(await db().selectFrom('sales_days').selectAll().orderBy('day').execute()).toEqual(salesBefore);
      for (const invoice of after.invoices) {
        const order = figuresAfter.find((row) => row.id === invoice.order_id)!;
        expect(invoice).toMatchObject({ number: order.invoice_number, total_cents: order.price_cents, tax_cents: order.tax_cents });
      }
      expect(after.creditNotes[0]!.amount_cents).toBe(figuresAfter.find((row) => row.id === delivered._id)!.refunded_cents);
      const cancelled = await db()
        .selectFrom('orders')
        .select(['cancelled_at', 'cancel_reason', 'user_id', 'customer_name'])
        .where('id', '=', unpaid._id)
        .executeTakeFirstOrThrow();
      expect(cancelled).toEqual({ cancelled_at: expect.any(String), cancel_reason: 'customer', user_id: null, customer_name: 'Erased customer' });
      // The newsletter sent to her still counts in its campaign's figures, addressed to nobody.
      expect(await db().selectFrom('newsletter_campaign_recipients').select('state').execute()).toEqual([{ state: 'sent' }]);
      // The lines of what was bought stay.
      expect(await db().selectFrom('order_lines').select('quantity').where('order_id', '=', delivered._id).execute()).toEqual([{ quantity: 2 }]);
      // Staff read the kept orders by their numbers, without the person.
      const kept2 = await details(people.admin, delivered._id);
      expect(kept2.order).toMatchObject({ cutomerName: 'Erased customer', phone: '' });

      // Every session ended, signing in refused, and the address free for a new account.
      const session = await call(app(), 'GET', '/api/session', carol);
      expect(session.body).not.toContain(carol.email);
      expect((await call(app(), 'GET', '/api/account/export', carol)).statusCode).toBe(401);
      expect((await postAuth(app(), '/sign-in/email', { email: carol.email, password: carol.password })).statusCode).toBe(401);
      const again = await postAuth(app(), '/sign-up/email', { name: 'Carol Again', email: carol.email, password: 'new-sawdust-456' });
      expect(again.statusCode, again.body).toBe(200);
      const fresh = await signIn(app(), carol.email, 'new-sawdust-456');
      const file = (await ok(await exportOf(fresh))).json<{ orders: unknown[]; reviews: unknown[]; addresses: unknown[] }>();
      expect(file).toMatchObject({ orders: [], reviews: [], addresses: [] });
    },
  );

  it('lets staff export and erase a customer at their request, recorded by the account’s id, never its address', async () => {
    const oscarId = (await db().selectFrom('user').select('id').where('email', '=', people.oscar.email).executeTakeFirstOrThrow()).id;
    const support = await signUpStaff(people.shop, people.admin, 'support', 'Sam Support');
    const exported = await ok(await call(app(), 'GET', `${userPath(people.oscar.email)}/export`, support));
    expect(exported.headers['content-disposition']).toMatch(/^attachment;/);
    expect(exported.json()).toMatchObject({ profile: { email: people.oscar.email } });
    // Support reads customers but does not change them.
    expect((await call(app(), 'DELETE', `${userPath(people.oscar.email)}/account?confirm=yes`, support)).statusCode).toBe(403);
    // Staff accounts lose their role before they can be erased.
    const staffErase = await call(app(), 'DELETE', `${userPath(support.email)}/account?confirm=yes`, people.admin);
    expect(staffErase.statusCode).toBe(403);

    const erased = await call(app(), 'DELETE', `${userPath(people.oscar.email)}/account?confirm=yes`, people.admin);
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await call(app(), 'GET', `${userPath(people.oscar.email)}/export`, people.admin)).statusCode).toBe(404);

    const exports = await auditOf('customer.exported');
    expect(exports).toEqual([expect.objectContaining({ actorEmail: support.email, subject: oscarId })]);
    const erasures = await auditOf('customer.erased');
    expect(erasures).toEqual([expect.objectContaining({ actorEmail: people.admin.email, subject: oscarId })]);
    expect(JSON.stringify([...exports, ...erasures])).not.toContain(people.oscar.email);
    expect(await whereFound(db(), [people.oscar.email, 'Oscar Other'])).toEqual([]);
  });

  it('keeps the last owner: they cannot delete their own account', async () => {
    const owner = await signIn(app(), people.admin.email, 'admin-pass-123');
    const res = await erase(owner);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LAST_OWNER' });
  });

  it('lets a staff member who is not the last owner delete their own account', async () => {
    const manager = await signUpStaff(people.shop, people.admin, 'manager', 'Mia Manager');
    expect((await erase(manager)).statusCode).toBe(200);
    expect(await db().selectFrom('user').select('id').where('email', '=', manager.email).executeTakeFirst()).toBeUndefined();
  });

  it('erases a customer with no orders at all, and a second deletion finds nobody', async () => {
    const newcomer = await signUp(app(), 'Nina Newcomer');
    expect((await erase(newcomer)).json()).toEqual({ erased: true, cancelledOrders: 0, anonymisedOrders: 0 });
    expect((await erase(newcomer)).statusCode).toBe(401);
  });
});
