import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openSqlite } from './database.ts';
import { checkpointEveryMs, fallbackCheckpointPages, startBackgroundCheckpoints } from './sqlite-checkpoints.ts';

/** The WAL's checkpoints of a serving process, made by a thread of their own (ADR 061). */
const opened: { handle: DatabaseHandle; dir: string }[] = [];
afterEach(async () => {
  for (const { handle, dir } of opened.splice(0)) {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function open(checkpointInBackground: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-checkpoints-'));
  const file = path.join(dir, 'joinery.db');
  const handle = openSqlite(file, { checkpointInBackground });
  opened.push({ handle, dir });
  return { handle, file };
}

/** About 2 MB in 200 committed rows: some 500 pages in the WAL, under SQLite's own threshold of 1,000. */
async function write(handle: DatabaseHandle) {
  await sql`create table boards (id integer primary key, grain text not null)`.execute(handle.db);
  for (let row = 0; row < 200; row += 1) await sql`insert into boards (grain) values (${'oak '.repeat(2_500)})`.execute(handle.db);
}

const sizeOf = (file: string) => fs.statSync(file).size;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the WAL of a serving process', () => {
  it('is copied into the database file by the background thread within its interval', async () => {
    const { handle, file } = open(true);
    await write(handle);
    const { wal_autocheckpoint: threshold } = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db)).rows[0]!;
    expect(threshold).toBe(fallbackCheckpointPages);
    for (let waited = 0; sizeOf(file) < 1_000_000 && waited < 5 * checkpointEveryMs; waited += 100) await pause(100);
    expect(sizeOf(file)).toBeGreaterThan(1_000_000);
    expect((await sql<{ rows: number }>`select count(*) as rows from boards`.execute(handle.db)).rows[0]!.rows).toBe(200);
  });

  it('stays in the WAL below SQLite’s own threshold when nothing checkpoints in the background', async () => {
    const { handle, file } = open(false);
    await write(handle);
    await pause(2 * checkpointEveryMs);
    expect(sizeOf(file)).toBeLessThan(100_000);
  });

  it('is still copied when the background thread ends unasked: the end is reported and another thread takes over', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-checkpoints-'));
    const file = path.join(dir, 'joinery.db');
    // A connection that never checkpoints itself: only the background thread can move the WAL into the file.
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    writer.pragma('wal_autocheckpoint = 0');
    const reports: string[] = [];
    const checkpoints = startBackgroundCheckpoints(file, (message) => reports.push(message));
    try {
      await checkpoints.thread().terminate();
      writer.exec('create table boards (id integer primary key, grain text not null)');
      const insert = writer.prepare('insert into boards (grain) values (?)');
      for (let row = 0; row < 200; row += 1) insert.run('oak '.repeat(2_500));
      for (let waited = 0; sizeOf(file) < 1_000_000 && waited < 6 * checkpointEveryMs; waited += 100) await pause(100);
      expect(sizeOf(file)).toBeGreaterThan(1_000_000);
      expect(reports).toEqual([expect.stringContaining('The checkpoint thread ended')]);
    } finally {
      await checkpoints.stop();
      writer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
