import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopWithPeople, type ShopWithPeople, signIn, signUp, type TestAccount } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { addOrder } from '../../test/shop-records.ts';
import { signUpStaff } from '../../test/staff.ts';
import { testDialect } from '../../test/test-database.ts';
import { exportOrderBatch } from './customer-data-export.ts';

/**
 * A customer's data at volume and under concurrency (ADR 046): thousands of orders are exported a
 * page at a time, whole and in order; an account is erased once however many deletions arrive at
 * once; two owners deleting themselves at once leave the shop one.
 */
let people: ShopWithPeople;
const app = () => people.shop.app;
const db = () => people.shop.db;

beforeAll(async () => {
  people = await createShopWithPeople();
}, 60_000);
afterAll(() => people.shop.close());

const idOf = async (email: string) => (await db().selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const erase = (who: TestAccount) => call(app(), 'DELETE', '/api/account?confirm=yes', who);

describe(`a customer's data at volume (${testDialect})`, () => {
  it('exports every order of a customer with more than two pages of them, once each and oldest first, and erases them all', { timeout: 120_000 }, async () => {
    const buyer = await signUp(app(), 'Bulk Buyer');
    const userId = await idOf(buyer.email);
    const count = exportOrderBatch * 2 + 37;
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      // Pairs share a timestamp, so that pages that end between them must break the tie by id.
      const paidAt = new Date(Date.UTC(2026, 0, 1) + Math.floor(index / 2) * 60_000).toISOString();
      const row = await addOrder(db(), { paidAt, shippingStatus: 'delivered' });
      ids.push(row.id);
    }
    await db().updateTable('orders').set({ user_id: userId, email: buyer.email, customer_name: 'Bulk Buyer' }).where('id', 'in', ids).execute();
    const expected = await db().selectFrom('orders').select('number').where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();

    const res = await call(app(), 'GET', '/api/account/export', buyer);
    expect(res.statusCode).toBe(200);
    const orders = res.json<{ orders: { number: string; lines: unknown[] }[] }>().orders;
    expect(orders).toHaveLength(count);
    expect(orders.map((order) => order.number)).toEqual(expected.map((row) => `J-${row.number}`));
    for (const order of orders) expect(order.lines).toHaveLength(1);

    const erased = await erase(buyer);
    expect(erased.json()).toEqual({ erased: true, cancelledOrders: 0, anonymisedOrders: count });
    expect(await db().selectFrom('orders').select('id').where('email', '=', buyer.email).execute()).toEqual([]);
  });
});

describe(`erasures at once (${testDialect})`, () => {
  it('erases an account once when 50 deletions of it arrive at once', { timeout: 120_000 }, async () => {
    const target = await signUp(app(), 'Racing Customer');
    const sessions = await Promise.all(Array.from({ length: 50 }, () => signIn(app(), target.email, target.password)));
    const answers = await Promise.all(sessions.map((session) => erase(session)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The others find the account gone: their session ended with it (401), or it was erased as they asked (404).
    expect(statuses.filter((status) => status !== 200).every((status) => status === 401 || status === 404)).toBe(true);
    expect(await db().selectFrom('user').select('id').where('email', '=', target.email).executeTakeFirst()).toBeUndefined();
  });

  it('keeps an owner when two owners delete themselves with 50 calls at once', { timeout: 120_000 }, async () => {
    const second = await signUpStaff(people.shop, people.admin, 'owner', 'Second Owner');
    const first = await signIn(app(), people.admin.email, 'admin-pass-123');
    const firstSessions = await Promise.all(Array.from({ length: 25 }, () => signIn(app(), first.email, first.password)));
    const secondSessions = await Promise.all(Array.from({ length: 25 }, () => signIn(app(), second.email, second.password)));
    const answers = await Promise.all([...firstSessions, ...secondSessions].map((session) => erase(session)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.some((answer) => answer.statusCode === 409 && answer.json<{ code: string }>().code === 'LAST_OWNER')).toBe(true);
    const owners = await db().selectFrom('user').select('email').where('staff_role', '=', 'owner').execute();
    expect(owners).toHaveLength(1);
  });
});
