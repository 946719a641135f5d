import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** Every picture is somewhere: its bytes in the row, or its key in the bucket. */
const keptSomewhere = sql`bytes is not null or object_key is not null`;

/** SQLite: the table rebuilt with the keys, its bytes nullable, every row copied. */
async function rebuildKeyed(db: Kysely<unknown>) {
  await db.schema
    .createTable('product_images_keyed')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('bytes', 'blob')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('small_bytes', 'blob')
    .addColumn('object_key', 'text')
    .addColumn('small_object_key', 'text')
    .addCheckConstraint('product_images_kept_somewhere', keptSomewhere)
    .execute();
  await sql`insert into product_images_keyed (id, content_type, bytes, created_at, small_bytes) select id, content_type, bytes, created_at, small_bytes from product_images`.execute(
    db,
  );
  await db.schema.dropTable('product_images').execute();
  await db.schema.alterTable('product_images_keyed').renameTo('product_images').execute();
}

/** SQLite: the table rebuilt as it was before, every row copied. */
async function rebuildUnkeyed(db: Kysely<unknown>) {
  await db.schema
    .createTable('product_images_unkeyed')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('bytes', 'blob', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('small_bytes', 'blob')
    .execute();
  await sql`insert into product_images_unkeyed (id, content_type, bytes, created_at, small_bytes) select id, content_type, bytes, created_at, small_bytes from product_images`.execute(
    db,
  );
  await db.schema.dropTable('product_images').execute();
  await db.schema.alterTable('product_images_unkeyed').renameTo('product_images').execute();
}

/**
 * Uploaded pictures in object storage (issue 30, ADR 053): a picture's row keeps the keys of its two
 * copies in the bucket (`object_key`, and `small_object_key`, null where only one copy exists) in
 * place of their bytes, which may then be null. A row holds its bytes, its keys, or both while
 * `pictures:move` is between copying it and clearing it; never neither. SQLite cannot drop a NOT NULL
 * in place, so there the table is rebuilt with every row.
 */
export const picturesInObjectStorageMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await sql`alter table product_images alter column bytes drop not null`.execute(db);
      await db.schema.alterTable('product_images').addColumn('object_key', 'text').execute();
      await db.schema.alterTable('product_images').addColumn('small_object_key', 'text').execute();
      await sql`alter table product_images add constraint product_images_kept_somewhere check (${keptSomewhere})`.execute(db);
      return;
    }
    // Kysely runs SQLite's migrations outside a transaction; a rebuild stopped halfway must not stay.
    await db.transaction().execute((trx) => rebuildKeyed(trx));
  },

  /** Refused while a picture is only in the bucket: its bytes would be lost to the shop. */
  async down(db: Kysely<unknown>) {
    const { rows } = await sql<{ count: number | string }>`select count(*) as count from product_images where bytes is null`.execute(db);
    if (Number(rows[0]?.count) > 0) throw new Error('Some product pictures are kept only in the bucket: bring their bytes back into product_images before undoing migration 039.');
    if (isPostgres(db)) {
      await sql`alter table product_images drop constraint product_images_kept_somewhere`.execute(db);
      await db.schema.alterTable('product_images').dropColumn('small_object_key').execute();
      await db.schema.alterTable('product_images').dropColumn('object_key').execute();
      await sql`alter table product_images alter column bytes set not null`.execute(db);
      return;
    }
    await db.transaction().execute((trx) => rebuildUnkeyed(trx));
  },
};
