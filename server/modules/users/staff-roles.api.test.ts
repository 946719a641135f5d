import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../common/schemas/audit-log.ts';
import type { OrderDetails } from '../../../common/schemas/order-details.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import type { User } from '../../../common/schemas/users.ts';
import { withoutRightMessage } from '../../../common/staff-roles.ts';
import { adminEmail, createShopWithPeople, type ShopWithPeople, signUp, type TestAccount } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { addProduct, placeOrder, type TestProduct } from '../../test/ordering.ts';
import { paidOrder } from '../../test/paid-order.ts';
import { rolePath, signUpStaff } from '../../test/staff.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Staff roles (ADR 042): the owner gives and takes roles (`PUT /api/users/{email}/role`), Make Admin
 * makes an owner and is the owner's alone, the shop never loses its last owner however the requests
 * arrive, support refunds up to its limit, and each role reaches what its rights allow.
 */
let people: ShopWithPeople;
/** $60 a piece: one is under support's $100 limit, two are over it. */
let plane: TestProduct;

beforeAll(async () => {
  people = await createShopWithPeople({ jobs: { pollIntervalMs: 50 } });
  plane = await addProduct(people.shop.db, { name: 'Block plane', priceCents: 6000, minQuantity: 1, availQuantity: 1000 });
});
afterAll(() => people?.shop.close());

const app = () => people.shop.app;
const userPath = (account: TestAccount) => `/api/users/${encodeURIComponent(account.email)}`;
const setRole = (account: TestAccount, role: string, by: TestAccount = people.admin) => call(app(), 'PUT', rolePath(account), by, { role });
const staffRoleIn = async (account: TestAccount) =>
  await people.shop.db.selectFrom('user').select(['role', 'staff_role']).where('email', '=', account.email).executeTakeFirstOrThrow();

describe(`staff roles (${testDialect})`, () => {
  it('makes the ADMIN_EMAIL account an owner, as the session and the user answers say', async () => {
    const session = await call(app(), 'GET', '/api/session', people.admin);
    expect(session.json()).toMatchObject({ user: { role: 'admin', staffRole: 'owner' } });
    const me = await call(app(), 'GET', `/api/users/${encodeURIComponent(adminEmail)}`, people.admin);
    expect(me.json()).toMatchObject({ userRole: 'admin', staffRole: 'owner' });
    const customer = await call(app(), 'GET', '/api/session', people.carol);
    expect(customer.json()).toMatchObject({ user: { role: 'user', staffRole: null } });
  });

  it('gives a role, shows it in the users list, and takes it away with `customer`, which counts on the very next request', async () => {
    const dana = await signUp(app(), 'Dana Dispatch');
    const given = await setRole(dana, 'fulfilment');
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ userEmail: dana.email, userRole: 'admin', staffRole: 'fulfilment' });
    const list = await call(app(), 'GET', '/api/users?limit=100', people.admin);
    expect(list.json<User[]>().find((user) => user.userEmail === dana.email)).toMatchObject({ userRole: 'admin', staffRole: 'fulfilment' });
    expect((await call(app(), 'GET', '/api/orders', dana)).statusCode).toBe(200);

    const taken = await setRole(dana, 'customer');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<User>().userRole).toBeUndefined();
    expect(taken.json<User>().staffRole).toBeUndefined();
    expect(await staffRoleIn(dana)).toEqual({ role: 'user', staff_role: null });
    // The same session, the next request: a customer now.
    const after = await call(app(), 'GET', '/api/orders', dana);
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe('Only an admin may do this.');
  });

  it('refuses a role that is not one, an unknown person, and anyone but an owner', async () => {
    const erin = await signUp(app(), 'Erin Eager');
    const wrong = await setRole(erin, 'boss');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('Choose owner, manager, fulfilment, support or customer.');
    expect((await setRole({ ...erin, email: 'nobody@joinery.example' }, 'support')).statusCode).toBe(404);

    const manager = await signUpStaff(people.shop, people.admin, 'manager');
    const byManager = await setRole(erin, 'support', manager);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe(withoutRightMessage('manager', 'roles'));
    expect((await setRole(erin, 'owner', people.carol)).statusCode).toBe(403);
    expect((await call(app(), 'PUT', rolePath(erin), undefined, { role: 'owner' })).statusCode).toBe(401);
    expect(await staffRoleIn(erin)).toEqual({ role: 'user', staff_role: null });
  });

  it('keeps Make Admin as the specification has it, for owners only, making an owner', async () => {
    const fay = await signUp(app(), 'Fay Future');
    const manager = await signUpStaff(people.shop, people.admin, 'manager');
    const byManager = await call(app(), 'PUT', userPath(fay), manager, { userRole: 'admin' });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe(withoutRightMessage('manager', 'roles'));
    const byCustomer = await call(app(), 'PUT', userPath(fay), people.carol, { userRole: 'admin' });
    expect(byCustomer.statusCode).toBe(403);
    expect(await staffRoleIn(fay)).toEqual({ role: 'user', staff_role: null });

    const byOwner = await call(app(), 'PUT', userPath(fay), people.admin, { userRole: 'admin' });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json()).toMatchObject({ userRole: 'admin', staffRole: 'owner' });
    expect(await staffRoleIn(fay)).toEqual({ role: 'admin', staff_role: 'owner' });
    // Fay is an owner on her next request: she may choose roles herself.
    expect((await setRole(fay, 'manager', fay)).statusCode).toBe(200);
  });

  it('records every role change in the audit trail, with who, from where, and the role before and after; a refused one leaves none', async () => {
    const gil = await signUp(app(), 'Gil Grain');
    const auditOf = async () =>
      (await call(app(), 'GET', `/api/audit-log?kind=role.changed&limit=100`, people.admin)).json<AuditRecord[]>().filter((record) => record.subject === gil.email);
    expect((await setRole(gil, 'support')).statusCode).toBe(200);
    expect((await setRole(gil, 'support')).statusCode).toBe(200);
    expect((await call(app(), 'PUT', userPath(gil), people.admin, { userRole: 'admin' })).statusCode).toBe(200);
    const manager = await signUpStaff(people.shop, people.admin, 'manager');
    expect((await setRole(gil, 'customer', manager)).statusCode).toBe(403);
    expect((await setRole(gil, 'customer')).statusCode).toBe(200);

    // Newest first; the second `support` changed nothing and is not a record.
    const records = await auditOf();
    expect(records.map((record) => record.detail.changes)).toEqual([
      [{ field: 'role', before: 'owner', after: 'customer' }],
      [{ field: 'role', before: 'support', after: 'owner' }],
      [{ field: 'role', before: 'customer', after: 'support' }],
    ]);
    for (const record of records) expect(record).toMatchObject({ actorEmail: adminEmail, actorIp: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/), kind: 'role.changed' });
  });
});

describe(`the shop always keeps an owner (${testDialect})`, () => {
  let own: ShopWithPeople;
  beforeAll(async () => {
    own = await createShopWithPeople();
  });
  afterAll(() => own?.shop.close());
  const setRoleIn = (account: TestAccount, role: string, by: TestAccount) => call(own.shop.app, 'PUT', rolePath(account), by, { role });

  it('never lets the last owner go, and lets one of two', async () => {
    const self = await setRoleIn(own.admin, 'manager', own.admin);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ code: 'LAST_OWNER', message: 'Shop admin is the shop’s only owner. Make someone else an owner first.' });
    const second = await signUpStaff(own.shop, own.admin, 'owner', 'Second Owner');
    expect((await setRoleIn(own.admin, 'customer', second)).statusCode).toBe(200);
    const last = await setRoleIn(second, 'support', second);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('LAST_OWNER');
    // Back as it was, for the next test: the shop's admin an owner again.
    expect((await setRoleIn(own.admin, 'owner', second)).statusCode).toBe(200);
  });

  it('keeps exactly one of two owners who demote each other with 50 requests at once', { timeout: 60_000 }, async () => {
    const ada = await signUpStaff(own.shop, own.admin, 'owner', 'Ada Owner');
    const ben = await signUpStaff(own.shop, own.admin, 'owner', 'Ben Owner');
    // Every other owner steps down, leaving Ada and Ben the only ones.
    const others = await own.shop.db.selectFrom('user').select('email').where('staff_role', '=', 'owner').where('email', 'not in', [ada.email, ben.email]).execute();
    for (const { email } of others) expect((await setRoleIn({ ...ada, email }, 'customer', ada)).statusCode).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const [by, target] = index % 2 === 0 ? [ada, ben] : [ben, ada];
        return { by, answer: await setRoleIn(target, 'manager', by) };
      }),
    );
    const owners = await own.shop.db.selectFrom('user').select('email').where('staff_role', '=', 'owner').execute();
    expect(owners).toHaveLength(1);
    const [survivor, demoted] = owners[0]!.email === ada.email ? [ada, ben] : [ben, ada];
    // The first demotion to commit decided it: every call of the survivor's went through (the later
    // ones changing nothing), and every one of the demoted owner's was refused as no longer an owner's.
    for (const { by, answer } of answers) {
      if (by === survivor) expect(answer.statusCode, answer.body).toBe(200);
      // Refused by the transaction (their role changed while the call waited) or, once their demotion had committed, at the door.
      else expect(answer.json<{ code: string }>().code, answer.body).toBe('FORBIDDEN');
    }
    expect((await own.shop.db.selectFrom('user').select('staff_role').where('email', '=', demoted.email).executeTakeFirstOrThrow()).staff_role).toBe('manager');
  });
});

describe(`what each role may do to orders and customers (${testDialect})`, () => {
  let fulfilment: TestAccount;
  let support: TestAccount;

  beforeAll(async () => {
    fulfilment = await signUpStaff(people.shop, people.admin, 'fulfilment');
    support = await signUpStaff(people.shop, people.admin, 'support');
  });

  const refund = (order: Order, amount: number, who: TestAccount) =>
    call(app(), 'POST', `/api/orders/${order._id}/refunds`, who, { amount, reason: 'Arrived scratched', restock: 0, idempotencyKey: randomUUID() });

  it('lets fulfilment ship an order, but not read customers or change the settings', async () => {
    const { order } = await paidOrder(app(), people.carol, plane.id, 1);
    const shipped = await call(app(), 'POST', `/api/orders/${order._id}/shipments`, fulfilment, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      lines: [{ lineId: order.lines[0]!.lineId, quantity: 1 }],
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const details = await call(app(), 'GET', `/api/orders/${order._id}/details`, fulfilment);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json<OrderDetails>().notes).toEqual([]);

    for (const url of ['/api/users', userPath(people.carol)]) {
      const refused = await call(app(), 'GET', url, fulfilment);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message, url).toBe(withoutRightMessage('fulfilment', 'customers.read'));
    }
    const settings = await call(app(), 'GET', '/api/tax-settings', fulfilment);
    expect(settings.statusCode).toBe(403);
    expect(settings.json().message).toBe(withoutRightMessage('fulfilment', 'settings'));
    expect((await refund(order, 10, fulfilment)).statusCode).toBe(403);
  });

  it('lets support read customers and their orders, but not cancel them or change an account', async () => {
    const carolsUser = await call(app(), 'GET', userPath(people.carol), support);
    expect(carolsUser.statusCode).toBe(200);
    const orders = await call(app(), 'GET', `/api/orders/${encodeURIComponent(people.carol.email)}`, support);
    expect(orders.statusCode).toBe(200);
    const unpaid = await placeOrder(app(), people.carol, plane.id, 1);
    const cancel = await call(app(), 'DELETE', `/api/orders/${unpaid._id}`, support);
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().message).toBe(withoutRightMessage('support', 'orders'));
    const edit = await call(app(), 'PUT', userPath(people.carol), support, { userLocation: 'Elsewhere' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(withoutRightMessage('support', 'customers'));
    // Fulfilment may cancel it: changing orders is its job.
    expect((await call(app(), 'DELETE', `/api/orders/${unpaid._id}`, fulfilment)).statusCode).toBe(200);
  });

  it('lets support refund up to its limit at a time, and refuses more, saying why', async () => {
    const { order } = await paidOrder(app(), people.carol, plane.id, 3);
    const over = await refund(order, 100.01, support);
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toBe('Your role may refund up to $100.00 at a time; this refund is $100.01. Ask a manager or the owner to make it.');
    // By line, priced by the transaction: two planes are $120.
    const lines = await call(app(), 'POST', `/api/orders/${order._id}/refunds`, support, {
      lines: [{ lineId: order.lines[0]!.lineId, quantity: 2 }],
      restock: true,
      reason: 'Arrived scratched',
      idempotencyKey: randomUUID(),
    });
    expect(lines.statusCode).toBe(403);
    expect(lines.json().message).toContain('this refund is $120.00');

    const within = await refund(order, 100, support);
    expect(within.statusCode, within.body).toBe(201);
    expect(within.json()).toMatchObject({ refundedAmount: 100 });
    // The limit is per refund: a second one within it is another refund.
    expect((await refund(order, 50, support)).statusCode).toBe(201);
    // A manager has no limit.
    const manager = await signUpStaff(people.shop, people.admin, 'manager');
    const { order: bigger } = await paidOrder(app(), people.carol, plane.id, 3);
    expect((await refund(bigger, 180, manager)).statusCode).toBe(201);
  });

  it('answers someone else’s order 404 to a staff member whose role was taken away, from their next request', async () => {
    const { order } = await paidOrder(app(), people.carol, plane.id, 1);
    const gone = await signUpStaff(people.shop, people.admin, 'support', 'Gary Gone');
    expect((await call(app(), 'GET', `/api/orders/${order._id}/details`, gone)).statusCode).toBe(200);
    expect((await setRole(gone, 'customer')).statusCode).toBe(200);
    expect((await call(app(), 'GET', `/api/orders/${order._id}/details`, gone)).statusCode).toBe(404);
    expect((await call(app(), 'GET', userPath(people.carol), gone)).statusCode).toBe(403);
  });
});
