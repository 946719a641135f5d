import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { isPostgres } from '../db/dialect.ts';

/** A column of a table (in a schema, on PostgreSQL), as the database lists it. */
export interface TextColumn {
  table: string;
  column: string;
}

/**
 * Every column of every table that can hold text: on PostgreSQL in every schema but the system's
 * (the job queue's included), on SQLite every column not declared as a number or a blob. Listed from
 * the database itself, so that a table added later is searched without anyone naming it.
 */
export async function textColumns(db: Database): Promise<TextColumn[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ table_schema: string; table_name: string; column_name: string }>`
      select c.table_schema, c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema not in ('pg_catalog', 'information_schema') and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(db);
    return rows.map((row) => ({ table: `${row.table_schema}.${row.table_name}`, column: row.column_name }));
  }
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const columns: TextColumn[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(db);
    for (const column of rows) if (!/int|real|num|blob|bool/i.test(column.type)) columns.push({ table: name, column: column.name });
  }
  return columns;
}

/** Where any of `needles` (compared without case) is found: `table.column: needle` for each. */
export async function whereFound(db: Database, needles: readonly string[], { skip = [] }: { skip?: readonly string[] } = {}): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns(db)) {
    if (skip.includes(`${table.replace(/^public\./, '')}.${column}`)) continue;
    for (const needle of needles) {
      const pattern = `%${needle.toLowerCase()}%`;
      const { rows } = await sql<{ hits: number | string }>`select count(*) as hits from ${sql.table(table)} where lower(cast(${sql.ref(column)} as text)) like ${pattern}`.execute(
        db,
      );
      if (Number(rows[0]?.hits ?? 0) > 0) found.push(`${table}.${column}: ${needle}`);
    }
  }
  return found;
}
