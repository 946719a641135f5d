import type { Database } from '../../db/database.ts';
import type { ProductImagesTable } from '../../db/schema.ts';

export type ProductImageRow = ProductImagesTable;

/** Uploaded pictures live in the database, so that every server process can serve every one. */
export function createProductImageRepository(db: Database) {
  return {
    async insert(row: ProductImageRow): Promise<void> {
      await db.insertInto('product_images').values(row).execute();
    },

    findById(id: string): Promise<Pick<ProductImageRow, 'content_type' | 'bytes' | 'small_bytes'> | undefined> {
      return db.selectFrom('product_images').select(['content_type', 'bytes', 'small_bytes']).where('id', '=', id).executeTakeFirst();
    },
  };
}

export type ProductImageRepository = ReturnType<typeof createProductImageRepository>;
