import { sql } from 'kysely';
import type { ProductListQuery } from '../../../common/schemas/products.ts';
import type { Database } from '../../db/database.ts';
import type { ProductsTable } from '../../db/schema.ts';

export type ProductRow = ProductsTable;

/** Escapes LIKE's wildcards so that a search for "50%" finds "50%", not everything. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function createProductRepository(db: Database) {
  return {
    async list(query: ProductListQuery): Promise<{ rows: ProductRow[]; total: number }> {
      let filtered = db.selectFrom('products');
      if (query.q) filtered = filtered.where(sql<boolean>`lower(name) like ${likePattern(query.q)} escape '\\'`);

      let page = filtered.selectAll();
      page =
        query.sort === 'price_asc'
          ? page.orderBy('price_cents', 'asc').orderBy('id', 'asc')
          : query.sort === 'price_desc'
            ? page.orderBy('price_cents', 'desc').orderBy('id', 'desc')
            : page.orderBy('created_at', 'desc').orderBy('id', 'desc');

      const [rows, count] = await Promise.all([
        page.limit(query.limit).offset(query.offset).execute(),
        filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    findById(id: string): Promise<ProductRow | undefined> {
      return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
