import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian (and Ubuntu) install each major version's client programs, side by side. */
const debianVersionsDir = '/usr/lib/postgresql';

export interface PostgresClientTools {
  pgDump: string;
  pgRestore: string;
  /** The major version of both, for messages. */
  major: number;
}

/**
 * pg_dump and pg_restore for a server of this major version. pg_dump refuses a server newer than
 * itself, and pg_restore an archive from a newer pg_dump, so the pair is taken from one place: the
 * newest installed version, which must be at least the server's. Debian's per-version folders are
 * looked at first, then the pair on the PATH (Debian's own there picks a version by its own rules).
 */
export async function postgresClientTools(serverMajor: number): Promise<PostgresClientTools> {
  const candidates = [
    ...debianBinDirs().map((dir) => ({ pgDump: path.join(dir, 'pg_dump'), pgRestore: path.join(dir, 'pg_restore') })),
    { pgDump: 'pg_dump', pgRestore: 'pg_restore' },
  ];
  const found: PostgresClientTools[] = [];
  for (const candidate of candidates) {
    const major = await majorVersionOf(candidate.pgDump);
    if (major !== undefined) found.push({ ...candidate, major });
  }
  const fitting = found.filter((tools) => tools.major >= serverMajor).sort((a, b) => b.major - a.major)[0];
  if (fitting) return fitting;
  const installed = found.length > 0 ? `only version ${[...new Set(found.map((tools) => tools.major))].join(', ')} is installed` : 'none is installed';
  throw new Error(
    `The database runs PostgreSQL ${serverMajor}, whose backups need pg_dump and pg_restore ${serverMajor} or later, and ${installed}. Install postgresql-client-${serverMajor}.`,
  );
}

function debianBinDirs(): string[] {
  if (!fs.existsSync(debianVersionsDir)) return [];
  return fs
    .readdirSync(debianVersionsDir)
    .map((version) => path.join(debianVersionsDir, version, 'bin'))
    .filter((dir) => fs.existsSync(path.join(dir, 'pg_dump')) && fs.existsSync(path.join(dir, 'pg_restore')));
}

/** `pg_dump (PostgreSQL) 15.8 (Debian 15.8-0+deb12u1)` → 15; undefined where there is no such program. */
async function majorVersionOf(program: string): Promise<number | undefined> {
  try {
    const { stdout } = await run(program, ['--version']);
    const match = /\(PostgreSQL\) (\d+)/.exec(stdout);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
