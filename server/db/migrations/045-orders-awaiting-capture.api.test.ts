import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseMigratedBefore, type MigrationUnderTest } from '../../test/migrated-before.ts';
import { type TestDatabase, testDialect } from '../../test/test-database.ts';

/**
 * Migration 045: the partial index the captures sweep (ADR 069) reads every minute, which holds only
 * orders paid with their capture not recorded. Its query finds them through it, however many orders the
 * shop has; undone, the index goes.
 */
let migration: MigrationUnderTest;
let database: TestDatabase;

beforeEach(async () => {
  migration = await databaseMigratedBefore('045-orders-awaiting-capture');
  database = migration.database;
});
afterEach(() => database.dispose());

/** The sweep's condition, written out as `OrderRepository.findAwaitingCapture` writes it. */
const sweep = sql`select id, transaction_id from orders where payment_status = 'paid' and captured_at is null and paid_at < '2026-11-28T10:00:00.000Z' order by paid_at limit 100`;

let plans = 0;

/** The plan the database makes for the sweep's query, as one line of text. */
async function sweepPlan(): Promise<string> {
  if (testDialect === 'sqlite') {
    // A text of its own each time: the shop keeps SQLite's statements by their text (ADR 028), and a
    // kept EXPLAIN answers the plan it was prepared with, before the index came or went.
    plans += 1;
    const { rows } = await sql<{ detail: string }>`explain query plan ${sweep} ${sql.raw(`/* plan ${plans} */`)}`.execute(database.db);
    return rows.map((row) => row.detail).join(' | ');
  }
  // An empty table is read whole whatever its indexes: this asks whether the index can serve the query.
  return database.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sweep}`.execute(trx);
    return rows.map((row) => row['QUERY PLAN']).join(' | ');
  });
}

describe(`migration 045 (${testDialect})`, () => {
  it("gives the captures sweep's query an index of the orders awaiting their capture, and is undone", async () => {
    expect(await sweepPlan()).not.toContain('orders_awaiting_capture_idx');

    expect((await migration.apply()).error).toBeUndefined();
    expect(await sweepPlan()).toContain('orders_awaiting_capture_idx');

    expect((await migration.undo()).error).toBeUndefined();
    expect(await sweepPlan()).not.toContain('orders_awaiting_capture_idx');
  });
});
