import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from './database.ts';

describe('SQLite transactions (ADR 050)', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('hold the write lock from their first statement, so no other process writes between their read and their write', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-immediate-'));
    folders.push(folder);
    const file = path.join(folder, 'joinery.db');
    const shop = openSqlite(file);
    await sql`create table counter (n integer not null)`.execute(shop.db);
    await sql`insert into counter (n) values (0)`.execute(shop.db);
    // Another process on the same file, which does not wait for a lock.
    const other = new SQLite(file, { timeout: 0 });
    try {
      const outcome = await shop.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
        // Under a deferred BEGIN this write would commit, and the transaction's own would then fail
        // with SQLITE_BUSY: its snapshot is older than the file.
        const othersWrite = (() => {
          try {
            other.prepare('update counter set n = n + 100').run();
            return 'written';
          } catch (error) {
            return (error as { code?: string }).code;
          }
        })();
        await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx);
        return othersWrite;
      });
      expect(outcome).toBe('SQLITE_BUSY');
      expect(other.prepare('select n from counter').get()).toEqual({ n: 1 });
    } finally {
      other.close();
      await shop.close();
    }
  });
});
