import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../common/schemas/audit-log.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { adminEmail, createShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { call, type Caller } from '../../test/call.ts';
import { payOrder } from '../../test/paid-order.ts';
import { addProduct, placeOrder, type TestProduct } from '../../test/ordering.ts';
import { createTestClock, type TestClock } from '../../test/test-clock.ts';
import type { TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';
import { createAuditRepository } from './audit-repository.ts';
import { createAuditTrail } from './audit-trail.ts';

/**
 * The audit trail (ADR 043): staff actions record who took them, when, from which address and what
 * they changed; the Audit page's call filters them; nobody changes or deletes a record, neither
 * through the API nor in the database.
 */
let shop: TestApp;
let clock: TestClock;
let admin: TestAccount;
let carol: TestAccount;
let plane: TestProduct;

const staffAddress = '203.0.113.7';
const asStaff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object) => call(shop.app, method, url, admin, body, { remoteAddress: staffAddress });
const auditLog = async (query = '', who: Caller = admin) => {
  const res = await call(shop.app, 'GET', `/api/audit-log${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json<AuditRecord[]>();
};
const allRows = () => shop.db.selectFrom('audit_log').selectAll().orderBy('created_at').orderBy('id').execute();

/** A product as the edit form sends it back: what it read, without what the shop keeps of its own. */
async function editForm(id: string): Promise<Record<string, unknown>> {
  const {
    _id,
    rating: _rating,
    pictures: _pictures,
    variants: _variants,
    priceMax: _priceMax,
    hidden: _hidden,
    ...fields
  } = (await asStaff('GET', `/api/products/${id}/manage`)).json<Record<string, unknown>>();
  return fields;
}

beforeAll(async () => {
  clock = createTestClock('2026-11-20T09:00:00.000Z');
  ({ shop, admin, carol } = await createShopWithPeople({ clock }));
  plane = await addProduct(shop.db, { name: 'Block plane', priceCents: 2400, minQuantity: 1, availQuantity: 20, category: 'planes' });
});
afterAll(() => shop?.close());

describe(`the audit trail (${testDialect})`, () => {
  it('records a price change with who, when, from where, and both prices', async () => {
    const res = await asStaff('PUT', `/api/products/${plane.id}`, { ...(await editForm(plane.id)), price: 26, availQuantity: 18 });
    expect(res.statusCode).toBe(200);

    const [record] = await auditLog(`?kind=price.changed`);
    expect(record).toMatchObject({ actorEmail: adminEmail, actorIp: staffAddress, kind: 'price.changed', subject: plane.id, createdAt: '2026-11-20T09:00:00.000Z' });
    expect(record!.detail.changes).toEqual([
      { field: 'price', before: 24, after: 26, money: true },
      { field: 'stock', before: 20, after: 18 },
    ]);
    const row = await shop.db.selectFrom('audit_log').select(['actor_id', 'actor_email']).where('kind', '=', 'price.changed').executeTakeFirstOrThrow();
    expect(row.actor_id).toEqual(expect.any(String));
  });

  it('records a product added and deleted, and an edit that changes nothing not at all', async () => {
    clock.advance(60_000);
    const added = await asStaff('POST', '/api/products', {
      name: 'Marking gauge',
      price: 35,
      img: '/images/products/marking-gauge.webp',
      availQuantity: 4,
      minQuantity: 1,
      description: 'A wheel gauge.',
      category: 'marking-and-measuring',
      weightGrams: 200,
      options: [],
    });
    expect(added.statusCode).toBe(201);
    const id = added.json<{ _id: string }>()._id;
    const before = (await allRows()).length;
    expect((await asStaff('PUT', `/api/products/${id}`, await editForm(id))).statusCode).toBe(200);
    expect((await allRows()).length).toBe(before);
    clock.advance(1000);
    expect((await asStaff('DELETE', `/api/products/${id}`)).json()).toEqual({ deletedCount: 1 });

    const records = await auditLog(`?actor=${encodeURIComponent(adminEmail)}`);
    expect(records.slice(0, 2).map((record) => [record.kind, record.subject])).toEqual([
      ['product.deleted', id],
      ['product.created', id],
    ]);
    expect(records[0]!.detail.facts).toEqual({ name: 'Marking gauge', price: '$35.00', stock: 4 });
    expect(records[1]!.detail.changes).toContainEqual({ field: 'price', before: null, after: 35, money: true });
  });

  it('records refunds, shipments, notes, staff cancellations and exports of orders, and not a customer cancelling their own', async () => {
    clock.advance(60_000);
    const paid = await placeOrder(shop.app, carol, plane.id, 2);
    await payOrder(shop.app, carol, paid._id);
    const refund = await asStaff('POST', `/api/orders/${paid._id}/refunds`, { amount: 5, restock: 0, reason: 'A scratch', idempotencyKey: randomUUID() });
    expect(refund.statusCode).toBe(201);
    expect((await asStaff('POST', `/api/orders/${paid._id}/notes`, { text: 'Wrap it well' })).statusCode).toBe(201);
    expect((await asStaff('POST', `/api/orders/${paid._id}/shipments`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).statusCode).toBe(201);

    const unpaid = await placeOrder(shop.app, carol, plane.id, 1);
    expect((await asStaff('DELETE', `/api/orders/${unpaid._id}`)).statusCode).toBe(200);
    const own = await placeOrder(shop.app, carol, plane.id, 1);
    expect((await call(shop.app, 'DELETE', `/api/orders/${own._id}`, carol)).statusCode).toBe(200);
    expect((await asStaff('GET', '/api/orders.csv?stage=shipped')).statusCode).toBe(200);

    const recorded = async (kind: string) => (await auditLog(`?kind=${kind}`)).map((record) => ({ subject: record.subject, ip: record.actorIp, detail: record.detail }));
    const number = (order: Order) => order.orderNumber;
    expect(await recorded('order.refunded')).toEqual([{ subject: number(paid), ip: staffAddress, detail: { facts: { amount: '$5.00', reason: 'A scratch', lines: [] } } }]);
    expect(await recorded('order.noted')).toEqual([{ subject: number(paid), ip: staffAddress, detail: { facts: { note: 'Wrap it well' } } }]);
    expect(await recorded('order.shipped')).toEqual([
      { subject: number(paid), ip: staffAddress, detail: { facts: { carrier: 'UPS', tracking: '1Z999AA10123456784', pieces: 2 } } },
    ]);
    expect(await recorded('order.cancelled')).toEqual([{ subject: number(unpaid), ip: staffAddress, detail: {} }]);
    expect(await recorded('orders.exported')).toEqual([{ subject: 'orders.csv', ip: staffAddress, detail: { facts: { stage: 'shipped', search: '' } } }]);
  });

  it('filters by person, kind and days, newest first, paging by keyset', async () => {
    const everything = await auditLog('?limit=100');
    expect(everything.length).toBeGreaterThan(5);
    expect(everything.map((record) => record.createdAt)).toEqual([...everything.map((record) => record.createdAt)].sort().reverse());
    expect(await auditLog(`?actor=${encodeURIComponent(carol.email)}`)).toEqual([]);
    expect((await auditLog('?from=2026-11-21')).length).toBe(0);
    expect((await auditLog('?from=2026-11-20&to=2026-11-20&limit=100')).length).toBe(everything.length);
    expect((await auditLog('?to=2026-11-19')).length).toBe(0);

    const first = await auditLog('?limit=2');
    const next = await auditLog(`?limit=2&after=${first[1]!.createdAt}_${first[1]!._id}`);
    expect(next).toEqual(everything.slice(2, 4));
    expect((await call(shop.app, 'GET', '/api/audit-log?kind=nothing', admin)).statusCode).toBe(400);
  });

  it('is read by staff only', async () => {
    expect((await call(shop.app, 'GET', '/api/audit-log', carol)).statusCode).toBe(403);
    expect((await call(shop.app, 'GET', '/api/audit-log', undefined)).statusCode).toBe(401);
  });

  it('has no call that changes or deletes a record, and the staff actions left every record as written', async () => {
    const unsafe = shop.app.declaredRoutes().filter((route) => ['PUT', 'PATCH', 'DELETE', 'POST'].includes(route.method) && route.url.includes('audit'));
    expect(unsafe).toEqual([]);
    // Every record written by the actions above is still as it was written, none gone.
    const rows = await allRows();
    const records = await auditLog('?limit=100');
    expect(records.length).toBe(rows.length);
    for (const row of rows)
      expect(records.find((record) => record._id === row.id)).toMatchObject({ createdAt: row.created_at, kind: row.kind, subject: row.subject, actorIp: row.actor_ip });
  });

  it('is refused by the database an UPDATE or a DELETE of a record', async () => {
    const before = await allRows();
    await expect(sql`update audit_log set actor_email = 'someone@else.example'`.execute(shop.db)).rejects.toThrow(/only added to/);
    await expect(sql`delete from audit_log`.execute(shop.db)).rejects.toThrow(/only added to/);
    if (testDialect === 'postgres') await expect(sql`truncate audit_log`.execute(shop.db)).rejects.toThrow(/only added to/);
    expect(await allRows()).toEqual(before);
  });

  it('keeps no record of an action whose transaction rolls back', async () => {
    const before = await allRows();
    const audit = createAuditTrail(createAuditRepository(shop.db), clock);
    const actor = { userId: 'u', email: adminEmail, ip: staffAddress };
    await expect(
      shop.db.transaction().execute(async (trx) => {
        await audit.record(trx, actor, { kind: 'product.updated', subject: plane.id });
        throw new Error('the action failed after recording');
      }),
    ).rejects.toThrow('the action failed after recording');
    // And an edit refused in its transaction (the stock moved meanwhile) records nothing either.
    const fields = await editForm(plane.id);
    const stale = await asStaff('PUT', `/api/products/${plane.id}`, { ...fields, price: 99, stockSeen: Number(fields.availQuantity) + 5 });
    expect(stale.statusCode).toBe(409);
    expect(await allRows()).toEqual(before);
  });
});
