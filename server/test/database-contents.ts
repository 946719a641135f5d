import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';

/**
 * Every row of every table of a database, as a backup must bring it back: each table's rows as text,
 * sorted, so that two databases compare exactly whatever order they hand their rows out in. Stored
 * bytes (pictures, invoices' PDFs) are shown by their length and hash, to keep a difference readable.
 */
export type DatabaseContents = Record<string, string[]>;

function rowText(row: Record<string, unknown>): string {
  const shown = Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      value instanceof Uint8Array ? `${value.length} bytes, sha256 ${createHash('sha256').update(value).digest('hex')}` : value,
    ]),
  );
  return JSON.stringify(shown);
}

/** What `connection` sees: within the read transaction it holds, the database at that transaction's moment. */
export function sqliteContents(connection: SQLite.Database): DatabaseContents {
  const tables = connection.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  return Object.fromEntries(tables.map((table) => [table, (connection.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]).map(rowText).sort()]));
}

/**
 * What `client` sees: within a REPEATABLE READ transaction, the database at that transaction's snapshot.
 * Each row is made text by PostgreSQL itself (to_jsonb), so that a timestamp keeps its microseconds and
 * a number its every digit; bytes are shown as on SQLite. A sequence's state (`sequence <name>`: its
 * last_value and is_called) is not part of any snapshot: it is read as it is when asked, and only ever
 * goes up.
 */
export async function postgresContents(client: pg.Client): Promise<DatabaseContents> {
  const { rows: tables } = await client.query<{ name: string; byte_columns: string[] }>(
    `SELECT format('%I.%I', t.table_schema, t.table_name) AS name,
            coalesce(array_agg(c.column_name::text ORDER BY c.column_name) FILTER (WHERE c.data_type = 'bytea'), '{}') AS byte_columns
       FROM information_schema.tables t
       LEFT JOIN information_schema.columns c ON c.table_schema = t.table_schema AND c.table_name = t.table_name
      WHERE t.table_type = 'BASE TABLE' AND t.table_schema NOT IN ('pg_catalog', 'information_schema')
      GROUP BY 1 ORDER BY 1`,
  );
  const contents: DatabaseContents = {};
  for (const { name, byte_columns: byteColumns } of tables) {
    const shownBytes = byteColumns.map(
      (column) =>
        `|| jsonb_build_object(${client.escapeLiteral(column)}, CASE WHEN t.${client.escapeIdentifier(column)} IS NULL THEN NULL ELSE octet_length(t.${client.escapeIdentifier(column)}) || ' bytes, sha256 ' || encode(sha256(t.${client.escapeIdentifier(column)}), 'hex') END)`,
    );
    const { rows } = await client.query<{ row: string }>(`SELECT (to_jsonb(t) ${shownBytes.join(' ')})::text AS row FROM ${name} t`);
    contents[name] = rows.map((row) => row.row).sort();
  }
  const { rows: sequences } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND n.nspname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  for (const { name } of sequences) {
    const { rows } = await client.query<{ row: string }>(`SELECT json_build_object('last_value', last_value, 'is_called', is_called)::text AS row FROM ${name}`);
    contents[`sequence ${name}`] = rows.map((row) => row.row);
  }
  return contents;
}

/** A sequence's state in contents, by its name (`sequence public.order_number_seq`). */
export function sequenceState(contents: DatabaseContents, name: string): { last_value: number; is_called: boolean } {
  const [state] = contents[name] ?? [];
  if (!state) throw new Error(`no ${name} among ${Object.keys(contents).join(', ')}`);
  return JSON.parse(state) as { last_value: number; is_called: boolean };
}
