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

  it('sends the queries past its limit unnamed', async () => {
    const { db, prepared } = await toolsDatabase(1);
    expect(await db.selectFrom('tool').select('name').where('id', '=', 2).executeTakeFirst()).toEqual({ name: 'saw' });
    expect(await db.selectFrom('tool').select('id').where('name', '=', 'saw').executeTakeFirst()).toEqual({ id: 2 });
    expect(await prepared()).toEqual(['select "name" from "tool" where "id" = $1']);
  });

  it('prepares a statement again after its table gained a column, failing only the one run in between', async () => {
    const { db } = await toolsDatabase();
    const everything = () => db.selectFrom('tool').selectAll().where('id', '=', 1).executeTakeFirst();
    expect(await everything()).toEqual({ id: 1, name: 'plane' });
    await sql`alter table tool add column sharp boolean not null default true`.execute(db);
    await expect(everything()).rejects.toThrow('cached plan must not change result type');
    expect(await everything()).toEqual({ id: 1, name: 'plane', sharp: true });
  });
});
