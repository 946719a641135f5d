import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/test-database.ts';
import { createStatementNames, preparingPool } from './pg-prepared-statements.ts';

interface Tables {
  tool: { id: number; name: string };
}

const made: { database: TestDatabase; pool: pg.Pool; db: Kysely<Tables> }[] = [];
afterEach(async () => {
  for (const { database, db } of made.splice(0)) {
    await db.destroy();
    await database.dispose();
  }
});

/** Kysely on a fresh PostgreSQL database with three tools, on a pool of one connection that prepares what it runs (at most `limit`). */
async function toolsDatabase(limit?: number) {
  const database = await createTestDatabase();
  await sql`create table tool (id integer primary key, name text not null)`.execute(database.db);
  await sql`insert into tool (id, name) values (1, 'plane'), (2, 'saw'), (3, 'chisel')`.execute(database.db);
  const url = database.serverEnv.DATABASE_URL!;
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: preparingPool(pool, createStatementNames(limit)) }) });
  made.push({ database, pool, db });
  /** The statements prepared on the pool's one connection, as PostgreSQL lists them. */
  const prepared = async () => (await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(db)).rows.map((row) => row.statement);
  return { db, prepared };
}

describe.runIf(testDialect === 'postgres')('preparingPool', () => {
  it('prepares a query with parameters once per connection, whatever its values, and answers each run with its own', async () => {
    const { db, prepared } = await toolsDatabase();
    const named = (id: number) => db.selectFrom('tool').select('name').where('id', '=', id).executeTakeFirst();
    expect(await named(1)).toEqual({ name: 'plane' });
    expect(await named(3)).toEqual({ name: 'chisel' });
    expect(await named(4)).toBeUndefined();
    const statements = await prepared();
    expect(statements).toEqual(['select "name" from "tool" where "id" = $1']);
  });

  it('sends a query without parameters as it is, and a transaction commits and rolls back as before', async () => {
    const { db, prepared } = await toolsDatabase();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('tool').set({ name: 'smoothing plane' }).where('id', '=', 1).execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('tool').set({ name: 'rip saw' }).where('id', '=', 2).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.selectFrom('tool').select('name').orderBy('id').execute()).toEqual([{ name: 'smoothing plane' }, { name: 'saw' }, { name: 'chisel' }]);
    // The updates had parameters; begin, commit, rollback and the unparameterised select had none.
    expect(await prepared()).toEqual(['update "tool" set "name" = $1 where "id" = $2']);
  });

  it('sends the queries past its limit unnamed, and those with more than 64 parameters', async () => {
    const { db, prepared } = await toolsDatabase(2);
    expect(await db.selectFrom('tool').select('name').where('id', '=', 2).executeTakeFirst()).toEqual({ name: 'saw' });
    const manyIds = Array.from({ length: 65 }, (_, index) => index + 1);
    expect(await db.selectFrom('tool').select('id').where('id', 'in', manyIds).orderBy('id').execute()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(await db.selectFrom('tool').select('id').where('name', '=', 'saw').executeTakeFirst()).toEqual({ id: 2 });
    expect(await db.selectFrom('tool').select('id').where('name', '=', 'chisel').where('id', '>', 0).executeTakeFirst()).toEqual({ id: 3 });
    expect(await prepared()).toEqual(['select "name" from "tool" where "id" = $1', 'select "id" from "tool" where "name" = $1']);
  });

  it('prepares a statement again after its table gained a column: at once outside a transaction, on the next run inside one', async () => {
    const { db } = await toolsDatabase();
    const everything = (on: Kysely<Tables> = db) => on.selectFrom('tool').selectAll().where('id', '=', 1).executeTakeFirst();
    expect(await everything()).toEqual({ id: 1, name: 'plane' });
    await sql`alter table tool add column sharp boolean not null default true`.execute(db);
    // A process of the old release while a new one migrates: its read goes on as if nothing happened.
    expect(await everything()).toEqual({ id: 1, name: 'plane', sharp: true });

    await sql`alter table tool add column honed boolean not null default false`.execute(db);
    // Inside a transaction PostgreSQL has failed it already: that transaction fails, the next succeeds.
    await expect(db.transaction().execute((trx) => everything(trx))).rejects.toThrow('cached plan must not change result type');
    expect(await db.transaction().execute((trx) => everything(trx))).toEqual({ id: 1, name: 'plane', sharp: true, honed: false });
  });
});
