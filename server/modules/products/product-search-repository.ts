import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { fts5Query, tsQuery } from './search-terms.ts';

/** A query over products, to which the catalogue adds its filters, order and page. */
export type ProductQuery<Row = object> = SelectQueryBuilder<DatabaseSchema, 'products', Row>;

/**
 * The catalogue's full-text search, one per database (migration 014 builds their indexes). Each is
 * given the words `searchWords` kept, never the text typed, and asks for products that have every
 * word, or a word that starts with it, in any form ("chisels" and "chis" find "chisel"), in the
 * name or the description.
 */
export interface ProductTextSearch {
  matching(words: readonly string[]): ProductQuery;
  /** Best match first: a product whose name has every word before one that needs its description for some, then the closer match. */
  byRelevance<Row>(query: ProductQuery<Row>, words: readonly string[]): ProductQuery<Row>;
}

/** SQLite: the FTS5 index `products_fts` (porter stemming), joined on the products' rowid; bm25 ranks. */
function sqliteTextSearch(db: Database): ProductTextSearch {
  const search = db.withTables<{ products_fts: { rowid: number } }>();
  return {
    matching(words) {
      // The index adds no column to what the catalogue selects (it names every one): the query is
      // one over products, with the index's match as one more condition.
      return search
        .selectFrom('products')
        .innerJoin('products_fts', (join) => join.on(sql<boolean>`products_fts.rowid = products.rowid`))
        .where(sql<boolean>`products_fts match ${fts5Query(words)}`);
    },
    byRelevance(query, words) {
      // The same words again, in the name column alone; bm25 is lower for a better match, and a word
      // in the name weighs ten times one in the description.
      const inName = `name : (${fts5Query(words)})`;
      return query.orderBy(sql`products.rowid in (select rowid from products_fts where products_fts match ${inName})`, 'desc').orderBy(sql`bm25(products_fts, 10.0, 1.0)`);
    },
  };
}

/**
 * PostgreSQL: the generated `search_vector` (english stemming; name weighted A, description B) and
 * its GIN index. `to_tsquery` is given only `'word':*` terms built from the kept words, as a parameter.
 */
function postgresTextSearch(db: Database): ProductTextSearch {
  const tsquery = (text: string) => sql`to_tsquery('english', ${text})`;
  return {
    matching(words) {
      return db.selectFrom('products').where(sql<boolean>`search_vector @@ ${tsquery(tsQuery(words))}`);
    },
    byRelevance(query, words) {
      // Weight A is the name: every word there first; ts_rank then prefers more and weightier matches.
      return query.orderBy(sql`search_vector @@ ${tsquery(tsQuery(words, { weight: 'A' }))}`, 'desc').orderBy(sql`ts_rank(search_vector, ${tsquery(tsQuery(words))})`, 'desc');
    },
  };
}

export function createProductTextSearch(db: Database): ProductTextSearch {
  return isPostgres(db) ? postgresTextSearch(db) : sqliteTextSearch(db);
}
