import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type ListPlace, parseListCursor } from '../../common/pagination.ts';

/** A page: `limit` items from `offset`, or by keyset just older (`after`) or newer (`before`) than a place. */
export interface KeysetPage {
  limit: number;
  offset: number;
  after?: ListPlace | undefined;
  before?: ListPlace | undefined;
}

/** A list call's page as asked for (cursors as the wire carries them, checked by the query's schema), as a KeysetPage. */
export function keysetPageOf({ limit, offset, after, before }: { limit: number; offset: number; after?: string | undefined; before?: string | undefined }): KeysetPage {
  return { limit, offset, after: after ? parseListCursor(after) : undefined, before: before ? parseListCursor(before) : undefined };
}

const createdAt = sql.ref('created_at');
const id = sql.ref('id');

/**
 * The query of one page of a list kept newest first by (created_at, id), read from the index on those
 * columns (ADR 021). By keyset the index is read from the place on, so a page deep in a long list costs
 * what the first does; by offset, it walks every row before the page too. Newer-than (`before`) reads
 * upwards, so its rows come oldest first. The conditions are written so that both databases see a
 * range on created_at: `created_at <= c and (created_at < c or id < i)`.
 */
export function newestFirstPageQuery<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { limit, offset, after, before }: KeysetPage,
): SelectQueryBuilder<DB, TB, O> {
  if (before) {
    return query
      .where(sql<SqlBool>`${createdAt} >= ${before.createdAt} and (${createdAt} > ${before.createdAt} or ${id} > ${before.id})`)
      .orderBy(createdAt, 'asc')
      .orderBy(id, 'asc')
      .limit(limit);
  }
  const from = after ? query.where(sql<SqlBool>`${createdAt} <= ${after.createdAt} and (${createdAt} < ${after.createdAt} or ${id} < ${after.id})`) : query;
  return from.orderBy(createdAt, 'desc').orderBy(id, 'desc').limit(limit).offset(offset);
}

/** One page of a list kept newest first (`newestFirstPageQuery`), newest first whichever way it was read. */
export async function newestFirstPage<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: KeysetPage): Promise<O[]> {
  const rows = await newestFirstPageQuery(query, page).execute();
  return page.before ? rows.reverse() : rows;
}
