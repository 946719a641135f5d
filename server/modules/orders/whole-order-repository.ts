// The order repository's one-statement reads of orders whole: each header with its lines.
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { ListedLineRow, ListedOrderRow, OrderRow } from './order-repository.ts';

/** Every column of a line as read for showing its order: `ListedLineRow`'s keys, each once. */
const listedLineColumns = [
  'id',
  'order_id',
  'line',
  'product_id',
  'product',
  'img',
  'unit_price_cents',
  'quantity',
  'price_cents',
  'shipped_quantity',
  'refunded_quantity',
  'restocked_quantity',
  'discount_cents',
  'tax_rate_ppm',
  'tax_cents',
  'total_cents',
  'weight_grams',
  'category',
  'variant_id',
  'sku',
  'variant',
  'product_stock',
] as const satisfies readonly (keyof ListedLineRow)[];

// A column added to the lines' table and not named above fails to compile here.
type Unlisted = Exclude<keyof ListedLineRow, (typeof listedLineColumns)[number]>;
const everyLineColumnListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyLineColumnListed;

/** The order's lines with their products' stock now, in the cart's order. */
const linesOfTheOrder = `select order_lines.*, product_variants.avail_quantity as product_stock
  from order_lines left join product_variants on product_variants.id = order_lines.variant_id
  where order_lines.order_id = orders.id order by order_lines.line`;

/**
 * The order's lines as one JSON array in the order's own row, so that reading an order whole, or
 * changing it and answering it whole, is one statement (one round trip on PostgreSQL) rather than the
 * header and then its lines. Correlated on `orders.id`: in a select from `orders`, or in the RETURNING
 * of an update of it. PostgreSQL answers the array parsed, SQLite as its text: `withParsedLines` reads
 * either. Written out once, from constant names only: Kysely then has one raw node to compile, not a
 * pair of nodes for every column on every read.
 */
const linesAsJsonSql = {
  postgres: sql.raw(`(select coalesce(json_agg(l), '[]'::json) from (${linesOfTheOrder}) as l)`),
  sqlite: sql.raw(`(select json_group_array(json_object(${listedLineColumns.map((column) => `'${column}', l.${column}`).join(', ')})) from (${linesOfTheOrder}) as l)`),
};

/** `linesAsJson` as the database given spells it. */
export function linesAsJson(db: Database): RawBuilder<unknown> {
  return isPostgres(db) ? linesAsJsonSql.postgres : linesAsJsonSql.sqlite;
}

/** The lines `linesAsJson` answered, in the cart's order. */
function parsedLines(json: unknown): ListedLineRow[] {
  const lines = (typeof json === 'string' ? JSON.parse(json) : json) as ListedLineRow[];
  // SQLite's aggregate keeps the subquery's order without promising it: the cart's order, made sure.
  return lines.toSorted((a, b) => a.line - b.line);
}

/**
 * A row read with `linesAsJson(…).as('lines')`, its lines parsed: the row copied whole and its lines'
 * text replaced. Leaving the column out of a copy instead (`{ lines_json, ...row }`) copies a row of
 * some sixty columns key by key, which took longer than reading it (13 µs an order in the CSV export).
 */
export function withParsedLines<R extends { lines: unknown }>(row: R): Omit<R, 'lines'> & { lines: ListedLineRow[] } {
  return { ...row, lines: parsedLines(row.lines) };
}

/** An order with its lines, read in one statement; undefined when there is no such order. */
export async function orderWithLines(db: Database, id: string): Promise<ListedOrderRow | undefined> {
  const found = await db.selectFrom('orders').selectAll('orders').select(linesAsJson(db).as('lines')).where('orders.id', '=', id).executeTakeFirst();
  return found && withParsedLines(found);
}

/**
 * The orders a query of whole `orders` rows chooses (a page of a list, with its own order, limit and
 * offset), each read whole in the same statement, newest first. The lines are read by an outer query
 * over the chosen rows alone: written into the query that chooses them, a database that sorts the
 * matches before keeping a page (SQLite does, when no index gives the order) would read the lines of
 * every match.
 */
export async function chosenOrdersWithLines(db: Database, chosen: SelectQueryBuilder<DatabaseSchema, 'orders', OrderRow>): Promise<ListedOrderRow[]> {
  const rows = await db
    .selectFrom(chosen.as('orders'))
    .selectAll('orders')
    .select(linesAsJson(db).as('lines'))
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
  return rows.map(withParsedLines);
}
