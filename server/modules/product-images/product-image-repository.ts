import type { Database } from '../../db/database.ts';
import type { ProductImagesTable } from '../../db/schema.ts';

export type ProductImageRow = ProductImagesTable;

/** A picture at one width: its bytes from the row, or its key in the bucket (ADR 053). */
export type StoredPicture = { content_type: string } & ({ bytes: Buffer; object_key: null } | { bytes: null; object_key: string });

/** A picture still kept in the database, with both its copies. */
export type PictureInDatabase = Pick<ProductImageRow, 'id' | 'content_type' | 'small_bytes'> & { bytes: Buffer };

/**
 * Uploaded pictures' rows, so that every server process can serve every one: their bytes, or their
 * keys in the picture bucket when the shop has one.
 */
export function createProductImageRepository(db: Database) {
  return {
    /** A picture's id is made from its bytes: the same picture stored again is already there. */
    async insert(row: ProductImageRow): Promise<void> {
      await db
        .insertInto('product_images')
        .values(row)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    },

    /** The picture at a width: the small copy where one is kept (none for one stored before pictures were resized), else the picture. */
    async findById(id: string, size: 'large' | 'small'): Promise<StoredPicture | undefined> {
      const row = await db
        .selectFrom('product_images')
        .select((eb) =>
          size === 'small'
            ? ['content_type', eb.fn.coalesce('small_bytes', 'bytes').as('bytes'), eb.fn.coalesce('small_object_key', 'object_key').as('object_key')]
            : ['content_type', 'bytes', 'object_key'],
        )
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      // The table's check keeps one of them in every row; the key wins over bytes not yet cleared.
      if (row.object_key !== null) return { content_type: row.content_type, bytes: null, object_key: row.object_key };
      if (row.bytes !== null) return { content_type: row.content_type, bytes: row.bytes, object_key: null };
      return undefined;
    },

    /** Up to `limit` pictures still kept in the database, in the order of their ids. */
    async inDatabase(limit: number): Promise<PictureInDatabase[]> {
      const rows = await db
        .selectFrom('product_images')
        .select(['id', 'content_type', 'bytes', 'small_bytes'])
        .where('object_key', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.flatMap((row) => (row.bytes === null ? [] : [{ ...row, bytes: row.bytes }]));
    },

    /** How many pictures are still kept in the database. */
    async countInDatabase(): Promise<number> {
      const row = await db
        .selectFrom('product_images')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('object_key', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Points a picture to its keys in the bucket and clears its bytes, in one statement. */
    async markInBucket(id: string, objectKey: string, smallObjectKey: string | null): Promise<void> {
      await db
        .updateTable('product_images')
        .set({ object_key: objectKey, small_object_key: smallObjectKey, bytes: null, small_bytes: null })
        .where('id', '=', id)
        .where('object_key', 'is', null)
        .execute();
    },
  };
}

export type ProductImageRepository = ReturnType<typeof createProductImageRepository>;
