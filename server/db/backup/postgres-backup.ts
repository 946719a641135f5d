import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { postgresClientTools } from './postgres-client-tools.ts';

const run = promisify(execFile);

/**
 * The database's address for pg_dump and pg_restore, with its password moved to PGPASSWORD: a
 * program's arguments can be read by every user of the machine (ps), its environment cannot.
 */
function clientConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function serverMajorVersion(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
  return Math.floor(Number(rows[0]?.server_version_num) / 10_000);
}

/** Runs a client program, failing with what it wrote to stderr. */
async function runClient(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(program, args, { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${program} failed${stderr ? `: ${stderr}` : `: ${String(error)}`}`);
  }
}

export interface DumpOptions {
  /**
   * A snapshot exported by a transaction that stays open meanwhile (pg_export_snapshot()): the dump is
   * the database exactly as that transaction sees it. Unset, pg_dump takes its own, at its start.
   */
  snapshot?: string;
}

/**
 * pg_dump's custom format (compressed, restored by pg_restore table by table): one consistent
 * snapshot of the whole database, taken while the shop goes on writing, which pg_dump never blocks.
 */
export async function dumpPostgresDatabase(databaseUrl: string, file: string, { snapshot }: DumpOptions = {}): Promise<void> {
  const tools = await postgresClientTools(await withClient(databaseUrl, serverMajorVersion));
  const { dbname, env } = clientConnection(databaseUrl);
  await runClient(tools.pgDump, ['--format=custom', `--file=${file}`, ...(snapshot ? [`--snapshot=${snapshot}`] : []), `--dbname=${dbname}`], env);
}

/**
 * Restores a pg_dump archive into the empty database the URL names (create it first with createdb),
 * in one transaction: it ends with the whole backup restored or nothing. Owners and grants are not
 * restored: the tables belong to the role that restores them, which the shop then connects as.
 */
export async function restorePostgresDatabase(file: string, databaseUrl: string): Promise<void> {
  const serverMajor = await withClient(databaseUrl, async (client) => {
    await expectEmpty(client);
    return serverMajorVersion(client);
  });
  const tools = await postgresClientTools(serverMajor);
  const { dbname, env } = clientConnection(databaseUrl);
  await runClient(tools.pgRestore, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`, file], env);
}

/** Refuses a database that holds anything of its own: a table, a sequence, a view, or a schema besides public. */
async function expectEmpty(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
     UNION ALL
     SELECT nspname FROM pg_namespace WHERE nspname NOT IN ('public', 'information_schema') AND nspname NOT LIKE 'pg\\_%'
     ORDER BY 1 LIMIT 6`,
  );
  if (rows.length > 0) {
    const names = rows.slice(0, 5).map((row) => row.name);
    throw new Error(
      `The database ${client.database ?? ''} is not empty (it holds ${names.join(', ')}${rows.length > 5 ? ', …' : ''}): a backup is restored only into an empty database. Create one (createdb) and point DATABASE_URL at it.`,
    );
  }
}
