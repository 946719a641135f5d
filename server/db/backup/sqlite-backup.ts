import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';

/** The database's file in the data folder (as openDatabase names it). */
export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, 'joinery.db');
}

/**
 * Copies the database as `source` sees it into a new file, with SQLite's online backup API, while the
 * shop goes on writing. The copy is made within one read transaction, the one `source` holds or one
 * opened for it, so it is the database at one moment: WAL lets the shop's writers commit meanwhile,
 * and SQLite does not start the copy over at each of their commits (as it would if each step of the
 * copy read afresh, which under a steady load might never finish).
 */
export async function copySqliteDatabase(source: SQLite.Database, file: string): Promise<void> {
  const ownTransaction = !source.inTransaction;
  if (ownTransaction) {
    source.exec('BEGIN');
    // A deferred transaction takes its snapshot at its first read.
    source.prepare('SELECT count(*) FROM sqlite_schema').get();
  }
  try {
    await source.backup(file);
  } finally {
    if (ownTransaction) source.exec('COMMIT');
  }
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    expectIntact(copy, file);
  } finally {
    copy.close();
  }
}

/**
 * Puts a backup in place as DATA_DIR's database, which must not exist yet (so that nothing is ever
 * overwritten, and no server has the folder's database open). The backup is checked first, and only a
 * whole copy ever bears the database's name.
 */
export function restoreSqliteDatabase(file: string, dataDir: string): string {
  const target = sqliteFileIn(dataDir);
  const leftovers = [target, `${target}-wal`].filter((existing) => fs.existsSync(existing));
  if (leftovers.length > 0) {
    throw new Error(
      `${leftovers.join(' and ')} already exist${leftovers.length === 1 ? 's' : ''}: a backup is restored only into a data folder without a database. Move it away first, or set DATA_DIR to an empty folder.`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const draft = `${target}.restoring`;
  fs.copyFileSync(file, draft);
  try {
    const copy = new SQLite(draft, { fileMustExist: true });
    try {
      expectIntact(copy, file);
      if (!copy.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').get(DEFAULT_MIGRATION_TABLE))
        throw new Error(`${file} is not a backup of Joinery's database: it has no migrations table.`);
    } finally {
      // The last connection to close folds its write-ahead log into the file: the copy is whole in its one file.
      copy.close();
    }
    fs.linkSync(draft, target);
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return target;
}

/** Every page of the database readable and every index matching its table: SQLite's quick check. */
function expectIntact(database: SQLite.Database, file: string): void {
  const problems = database.pragma('quick_check', { simple: false }) as { quick_check: string }[];
  const found = problems.map((row) => row.quick_check).filter((line) => line !== 'ok');
  if (found.length > 0) throw new Error(`${file} is damaged: ${found.slice(0, 5).join('; ')}`);
}
