import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseDialect } from '../database.ts';

/** What each database's backup is: SQLite's is a database file, PostgreSQL's an archive of pg_dump's custom format. */
const extensions: Record<DatabaseDialect, string> = { sqlite: 'sqlite3', postgres: 'pgdump' };

/**
 * The backup's name, from the moment it is taken in UTC (joinery-2026-11-27T02-00-00-000Z.sqlite3):
 * names sort by time, and the extension says which database it restores into.
 */
export function backupFileName(dialect: DatabaseDialect, takenAt: Date): string {
  return `joinery-${takenAt.toISOString().replace(/[:.]/g, '-')}.${extensions[dialect]}`;
}

/**
 * Writes a new file at `file` with `write`, which is given a path of its own to write to: only a whole
 * file ever bears the final name (never a half-written file that looks like a backup: one that fails is removed, and a killed one leaves a `.partial`), and an
 * existing file of that name is never replaced. A backup holds every customer's data and the password
 * hashes: the folder, where this makes it, is its owner's alone (0700), and so is the file (0600) from
 * its first byte, whatever the umask: the draft is made empty with that mode, and pg_dump and SQLite
 * write into it as it is.
 */
export async function writeNewFile(file: string, write: (draft: string) => Promise<void>): Promise<void> {
  const draft = `${file}.partial`;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.rmSync(draft, { force: true });
  try {
    fs.writeFileSync(draft, '', { flag: 'wx', mode: 0o600 });
    // The umask may have narrowed it, to one the owner cannot write: exactly 0600.
    fs.chmodSync(draft, 0o600);
    await write(draft);
    fs.linkSync(draft, file);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** A size as people read it: 12.3 MB. */
export function readableSize(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let size = bytes;
  let unit = 0;
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${size.toFixed(1)} ${units[unit]}`;
}
