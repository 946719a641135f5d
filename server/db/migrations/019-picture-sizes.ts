import { type Kysely, type Migration } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * An uploaded picture's 400 px wide copy, for cards and thumbnails (ADR 004): the browser picks it
 * or the 800 px one by the picture's place on the page. Null for a picture uploaded before pictures
 * were resized, which is served as it was uploaded at every size.
 */
export const pictureSizesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('product_images')
      .addColumn('small_bytes', isPostgres(db) ? 'bytea' : 'blob')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('product_images').dropColumn('small_bytes').execute();
  },
};
