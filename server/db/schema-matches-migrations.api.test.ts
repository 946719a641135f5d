import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { testDialect } from '../test/test-database.ts';

/**
 * schema.ts is written by hand, and Kysely believes it: a column it names that the migrations never
 * made, or a `string` where the database may hold NULL, is found only by the query that trips on it.
 * This migrates a fresh database as the shop does at start (the job library's own migrations
 * included) and compares it with `DatabaseSchema`, table by table and column by column: the same
 * tables, the same columns, and NULL allowed exactly where the type says `| null`.
 *
 * The types are gone at run time, so they are read from schema.ts with the TypeScript compiler's parser.
 */

const schemaFile = path.join(import.meta.dirname, 'schema.ts');

interface Column {
  name: string;
  nullable: boolean;
}

/** Types schema.ts takes from elsewhere, none of which includes null. */
const outsideTypesWithoutNull = ['Date', 'Buffer', 'ProductCategory'];

/**
 * The tables of `DatabaseSchema`, each with its columns and whether the column's type includes `null`,
 * read from schema.ts's syntax tree: interfaces with what they extend, the file's own type aliases, and
 * Kysely's `Generated<T>` and `ColumnType<S, I, U>`, read as T and S, the types rows are read with. A
 * type it cannot follow fails the test rather than pass for "no null". (The type checker would follow
 * anything, but loads 400 files of declarations to do it: seconds, for a file that needs none of them.)
 */
function tablesOfSchemaTs(): Map<string, Column[]> {
  const source = ts.createSourceFile(schemaFile, fs.readFileSync(schemaFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map(source.statements.filter(ts.isInterfaceDeclaration).map((declaration) => [declaration.name.text, declaration]));
  const aliases = new Map(source.statements.filter(ts.isTypeAliasDeclaration).map((declaration) => [declaration.name.text, declaration]));

  const includesNull = (type: ts.TypeNode): boolean => {
    if (ts.isParenthesizedTypeNode(type)) return includesNull(type.type);
    if (ts.isUnionTypeNode(type)) return type.types.some(includesNull);
    if (ts.isLiteralTypeNode(type)) return type.literal.kind === ts.SyntaxKind.NullKeyword;
    if (ts.isTypeReferenceNode(type)) {
      const name = type.typeName.getText(source);
      const selected = type.typeArguments?.[0];
      if ((name === 'Generated' || name === 'ColumnType') && selected) return includesNull(selected);
      const alias = aliases.get(name);
      if (alias) return includesNull(alias.type);
      if (outsideTypesWithoutNull.includes(name)) return false;
      throw new Error(`schema.ts: this test cannot tell whether ${name} includes null; add it to outsideTypesWithoutNull if it does not`);
    }
    if (ts.isTypeLiteralNode(type) || ts.isArrayTypeNode(type)) throw new Error(`schema.ts: a column of type ${type.getText(source)}`);
    // string, number, boolean and their literals.
    return false;
  };

  const columnsOf = (declaration: ts.InterfaceDeclaration): Column[] => [
    // What it extends (OrdersTable extends ShippingAddressColumns).
    ...(declaration.heritageClauses ?? []).flatMap((clause) => clause.types.flatMap((base) => columnsOf(interfaceNamed(base.expression.getText(source))))),
    ...declaration.members.map((member) => {
      if (!ts.isPropertySignature(member) || !member.type || member.questionToken)
        throw new Error(`schema.ts: ${declaration.name.text} has a member this test cannot read: ${member.getText(source)}`);
      return { name: member.name.getText(source), nullable: includesNull(member.type) };
    }),
  ];
  const interfaceNamed = (name: string): ts.InterfaceDeclaration => {
    const found = interfaces.get(name);
    if (!found) throw new Error(`schema.ts declares no interface ${name}`);
    return found;
  };

  const tables = new Map<string, Column[]>();
  for (const table of interfaceNamed('DatabaseSchema').members) {
    if (!ts.isPropertySignature(table) || !table.type || !ts.isTypeReferenceNode(table.type)) throw new Error(`DatabaseSchema: ${table.getText(source)} names no interface`);
    tables.set(table.name.getText(source), columnsOf(interfaceNamed(table.type.typeName.getText(source))));
  }
  return tables;
}

/**
 * Tables that are in the database and rightly not in `DatabaseSchema`, named one by one: Kysely's
 * migrator's bookkeeping, and on PostgreSQL the whole of graphile-worker's schema (ADR 009), whose
 * tables its own migrations make and change. SQLite's internal tables (sqlite_sequence and the like)
 * are SQLite's.
 */
const migratorTables = ['kysely_migration', 'kysely_migration_lock'];
const jobLibrarySchema = 'graphile_worker';

/**
 * What one engine has beside the schema both share, each read only through raw SQL: SQLite's search
 * index (an FTS5 table and the shadow tables FTS5 keeps for it, migration 014) and its order-number
 * counter (PostgreSQL has a sequence instead, migration 008); PostgreSQL's search vector on products
 * (a generated column, migration 014). On PostgreSQL, graphile-worker keeps the job queue, so the
 * SQLite runner's `jobs` table is SQLite's alone (migration 006).
 */
const onlyOn = {
  sqlite: {
    tables: ['products_fts', 'products_fts_config', 'products_fts_data', 'products_fts_docsize', 'products_fts_idx', 'order_number_counter'],
    schemaTablesMissing: [] as string[],
    columns: {} as Record<string, string[]>,
  },
  postgres: {
    tables: [] as string[],
    schemaTablesMissing: ['jobs'],
    columns: { products: ['search_vector'] } as Record<string, string[]>,
  },
}[testDialect];

/**
 * The accounts' version row (migration 020), which migration 026 drops: schema.ts and the database
 * may each have it or not while that change lands. Its columns are still compared where both have it.
 */
const tablesOnTheirWayOut = ['account_version'];

/**
 * Columns whose nullability differs from their type, known and left so, each with why: a migration
 * would close the gap. Each must still differ, so that the list is shortened when one is closed.
 * - `orders.number`: migration 008 added it to a table that already had rows, numbered them and left
 *   the column nullable; every order is numbered when it is placed (order-repository.ts), so the type
 *   rightly promises a number, but only the code keeps that promise.
 */
const knownNullabilityGaps = ['orders.number may be NULL in the database, but its type has no null'];

/** The database's own tables and columns, with whether each column allows NULL. */
async function tablesOfDatabase(shop: TestApp): Promise<Map<string, Column[]>> {
  const tables = new Map<string, Column[]>();
  if (testDialect === 'sqlite') {
    const { rows: names } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'`.execute(shop.db);
    for (const { name } of names) {
      const { rows } = await sql<{ name: string; notnull: number; pk: number }>`select name, "notnull", pk from pragma_table_info(${name})`.execute(shop.db);
      // SQLite lets a primary key other than an INTEGER one hold NULL, for old files' sake; the shop
      // never writes one, and PostgreSQL, which refuses it, checks the same columns.
      tables.set(
        name,
        rows.map((row) => ({ name: row.name, nullable: row.notnull === 0 && row.pk === 0 })),
      );
    }
    return tables;
  }
  const { rows } = await sql<{ table_schema: string; table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }>`
    select c.table_schema, c.table_name, c.column_name, c.is_nullable
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema', ${jobLibrarySchema})
    order by c.table_schema, c.table_name, c.ordinal_position`.execute(shop.db);
  for (const row of rows) {
    // Every table of the shop is in the connection's schema (public); one elsewhere is named with it, and so is found out.
    const name = row.table_schema === 'public' ? row.table_name : `${row.table_schema}.${row.table_name}`;
    const columns = tables.get(name) ?? [];
    columns.push({ name: row.column_name, nullable: row.is_nullable === 'YES' });
    tables.set(name, columns);
  }
  return tables;
}

let shop: TestApp;
let schemaTs: Map<string, Column[]>;
let database: Map<string, Column[]>;

beforeAll(async () => {
  schemaTs = tablesOfSchemaTs();
  shop = await createTestApp({ seed: false });
  database = await tablesOfDatabase(shop);
});
afterAll(async () => {
  await shop?.close();
});

const sorted = (names: Iterable<string>) => [...names].sort();

/** Columns in one and not the other, table by table. */
function columnDifferences(database: Map<string, Column[]>): string[] {
  const differences: string[] = [];
  for (const [table, columns] of schemaTs) {
    const inDatabase = database.get(table);
    if (!inDatabase) continue;
    const expected = new Set(columns.map((column) => column.name));
    const present = new Set(inDatabase.map((column) => column.name).filter((column) => !onlyOn.columns[table]?.includes(column)));
    for (const column of expected) if (!present.has(column)) differences.push(`${table}.${column} is in schema.ts but not in the database`);
    for (const column of present) if (!expected.has(column)) differences.push(`${table}.${column} is in the database but not in schema.ts`);
  }
  return differences;
}

/** Columns of both whose nullability differs. */
function nullabilityDifferences(database: Map<string, Column[]>): string[] {
  const differences: string[] = [];
  for (const [table, columns] of schemaTs) {
    const inDatabase = new Map(database.get(table)?.map((column) => [column.name, column.nullable]));
    for (const column of columns) {
      const nullable = inDatabase.get(column.name);
      if (nullable === undefined || nullable === column.nullable) continue;
      differences.push(
        nullable
          ? `${table}.${column.name} may be NULL in the database, but its type has no null`
          : `${table}.${column.name} is NOT NULL in the database, but its type includes null`,
      );
    }
  }
  return differences;
}

describe(`schema.ts against a freshly migrated ${testDialect} database`, () => {
  it('reads the tables and columns of schema.ts', () => {
    expect(schemaTs.get('orders')).toEqual(
      expect.arrayContaining([
        { name: 'id', nullable: false },
        { name: 'ship_country', nullable: true },
        { name: 'number', nullable: false },
      ]),
    );
    expect(schemaTs.get('user')).toEqual(expect.arrayContaining([{ name: 'twoFactorEnabled', nullable: true }]));
    expect(schemaTs.get('order_counts')).toEqual(expect.arrayContaining([{ name: 'unpaid', nullable: false }]));
  });

  it('has every table of DatabaseSchema, and none beside them but the migrator’s and the job library’s', () => {
    if (testDialect === 'postgres') {
      // The job library was set up, and its tables are left out because they are its own, not by chance.
      expect(shop.database.pgPool).toBeDefined();
    }
    const expected = sorted([...schemaTs.keys()].filter((table) => ![...onlyOn.schemaTablesMissing, ...tablesOnTheirWayOut].includes(table)));
    const present = sorted([...database.keys()].filter((table) => ![...migratorTables, ...onlyOn.tables, ...tablesOnTheirWayOut].includes(table)));
    expect(present).toEqual(expected);
    for (const table of [...migratorTables, ...onlyOn.tables]) expect(database.has(table), `${table} is in the database`).toBe(true);
  });

  it('has exactly the columns of each table’s interface', () => {
    expect(columnDifferences(database)).toEqual([]);
  });

  it('allows NULL in a column exactly where its type includes null', () => {
    const differences = nullabilityDifferences(database);
    expect(differences.filter((difference) => !knownNullabilityGaps.includes(difference))).toEqual([]);
    expect(
      knownNullabilityGaps.filter((gap) => !differences.includes(gap)),
      'closed gaps still listed in knownNullabilityGaps',
    ).toEqual([]);
  });

  it('would notice a column that schema.ts lacks, so the checks above can fail', async () => {
    await sql`alter table app_meta add column note text`.execute(shop.db);
    try {
      const changed = await tablesOfDatabase(shop);
      expect(columnDifferences(changed)).toEqual(['app_meta.note is in the database but not in schema.ts']);
    } finally {
      await sql`alter table app_meta drop column note`.execute(shop.db);
    }
  });

  // SQLite cannot change a column's NOT NULL in place.
  it.runIf(testDialect === 'postgres')('would notice a NOT NULL column turned nullable', async () => {
    await sql`alter table app_meta alter column value drop not null`.execute(shop.db);
    try {
      const changed = await tablesOfDatabase(shop);
      expect(nullabilityDifferences(changed).filter((difference) => !knownNullabilityGaps.includes(difference))).toEqual([
        'app_meta.value may be NULL in the database, but its type has no null',
      ]);
    } finally {
      await sql`alter table app_meta alter column value set not null`.execute(shop.db);
    }
  });
});
