import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withPreparedStatements } from './prepared-statements.ts';

interface Tables {
  tool: { id: number; name: string };
}

const opened: SQLite.Database[] = [];
afterEach(() => {
  for (const database of opened.splice(0)) if (database.open) database.close();
});

/** A Kysely database on an in-memory SQLite one with three tools, and a count of the statements SQLite prepared. */
function toolsDatabase(limit?: number) {
  const sqlite = new SQLite(':memory:');
  opened.push(sqlite);
  sqlite.exec("CREATE TABLE tool (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO tool (name) VALUES ('plane'), ('saw'), ('chisel')");
  const prepare = vi.spyOn(sqlite, 'prepare');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withPreparedStatements(sqlite, limit) }) });
  return { db, prepared: () => prepare.mock.calls.length };
}

describe('withPreparedStatements', () => {
  it('prepares a query once, whatever its values, and answers each run with its own', async () => {
    const { db, prepared } = toolsDatabase();
    const named = (id: number) => db.selectFrom('tool').select('name').where('id', '=', id).executeTakeFirst();
    expect(await named(1)).toEqual({ name: 'plane' });
    expect(await named(3)).toEqual({ name: 'chisel' });
    expect(await named(2)).toEqual({ name: 'saw' });
    expect(prepared()).toBe(1);
    await db.updateTable('tool').set({ name: 'jack plane' }).where('id', '=', 1).execute();
    await db.updateTable('tool').set({ name: 'tenon saw' }).where('id', '=', 2).execute();
    expect(await named(1)).toEqual({ name: 'jack plane' });
    expect(prepared()).toBe(2);
  });

  it('reads a query as a stream, and runs it again once the stream has ended', async () => {
    const { db, prepared } = toolsDatabase();
    const all = db.selectFrom('tool').select('name').orderBy('id');
    const streamed: string[] = [];
    for await (const row of all.stream()) streamed.push(row.name);
    expect(streamed).toEqual(['plane', 'saw', 'chisel']);
    expect((await all.execute()).map((row) => row.name)).toEqual(streamed);
    expect(prepared()).toBe(1);
  });

  it('keeps only the most recently used statements', async () => {
    const { db, prepared } = toolsDatabase(2);
    const column = (name: 'id' | 'name') => db.selectFrom('tool').select(name).where('id', '=', 1).execute();
    const byName = () => db.selectFrom('tool').select('id').where('name', '=', 'saw').execute();
    await column('id');
    await column('name');
    await column('id');
    expect(prepared()).toBe(2);
    await byName();
    await column('id');
    expect(prepared()).toBe(3);
    await column('name');
    expect(prepared()).toBe(4);
  });
});
