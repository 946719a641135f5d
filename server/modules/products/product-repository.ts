import { sql } from 'kysely';
import type { ProductListQuery } from '../../../common/schemas/products.ts';
import type { Database } from '../../db/database.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import type { ProductsTable } from '../../db/schema.ts';

export type ProductRow = ProductsTable;
/** What an admin may change: everything but the id and when it was added. */
export type ProductFields = Omit<ProductRow, 'id' | 'created_at'>;

export function createProductRepository(db: Database) {
  return {
    async list(query: ProductListQuery): Promise<{ rows: ProductRow[]; total: number }> {
      let filtered = db.selectFrom('products');
      if (query.q) filtered = filtered.where(sql<boolean>`lower(name) like ${containsPattern(query.q)} escape '\\'`);

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

    async insert(row: ProductRow): Promise<void> {
      await db.insertInto('products').values(row).execute();
    },

    /**
     * Replaces a product's fields (not its id or creation time); answers the product as it now is, if
     * it exists and (when `stockSeen` is given) its stock is still what the editor saw.
     */
    update(id: string, fields: ProductFields, stockSeen?: number): Promise<ProductRow | undefined> {
      let update = db.updateTable('products').set(fields).where('id', '=', id);
      if (stockSeen !== undefined) update = update.where('avail_quantity', '=', stockSeen);
      return update.returningAll().executeTakeFirst();
    },

    /** Orders keep their own copy of name and price; their product_id turns null (ON DELETE SET NULL). */
    async delete(id: string): Promise<number> {
      const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
