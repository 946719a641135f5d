import type { Database } from '../../db/database.ts';
import type { ProductImagesTable } from '../../db/schema.ts';

export type ProductImageRow = ProductImagesTable;

/** Uploaded pictures live in the database, so that every server process can serve every one. */
export function createProductImageRepository(db: Database) {
  return {
    async insert(row: ProductImageRow): Promise<void> {
      await db.insertInto('product_images').values(row).execute();
    },

    /** The picture at a width: the small copy where one is kept (null for one stored before pictures were resized), else the picture. */
    async findById(id: string, size: 'large' | 'small'): Promise<{ content_type: string; bytes: Buffer } | undefined> {
      const row = await db
        .selectFrom('product_images')
        .select((eb) => ['content_type', size === 'small' ? eb.fn.coalesce('small_bytes', 'bytes').as('bytes') : 'bytes'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { content_type: row.content_type, bytes: row.bytes };
    },
  };
}

export type ProductImageRepository = ReturnType<typeof createProductImageRepository>;
