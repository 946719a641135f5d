import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseMigratedBefore, type MigrationUnderTest } from '../../test/migrated-before.ts';
import { type TestDatabase, testDialect } from '../../test/test-database.ts';

/**
 * Migration 039 lets a picture's row hold its keys in the bucket instead of its bytes, never neither,
 * keeps every picture, and is undone only while every picture still has its bytes.
 */
let migration: MigrationUnderTest;
let database: TestDatabase;

beforeEach(async () => {
  migration = await databaseMigratedBefore('039-pictures-in-object-storage');
  database = migration.database;
});
afterEach(() => database.dispose());

const bytes = Buffer.from([1, 2, 3, 4]);
const insert = (id: string, values: { bytes: Buffer | null; object_key?: string }) =>
  sql`insert into product_images (id, content_type, bytes, created_at${values.object_key ? sql`, object_key` : sql``})
      values (${id}, 'image/webp', ${values.bytes}, '2026-01-01T00:00:00.000Z'${values.object_key ? sql`, ${values.object_key}` : sql``})`.execute(database.db);
const pictures = async () =>
  (await sql<{ id: string; bytes: Buffer | null }>`select id, bytes from product_images order by id`.execute(database.db)).rows.map((row) => ({
    id: row.id,
    bytes: row.bytes && Buffer.from(row.bytes),
  }));

describe(`migration 039 (${testDialect})`, () => {
  it('keeps every picture, takes keys for bytes but never neither, and undone only while every picture has its bytes', async () => {
    await insert('a', { bytes });
    expect((await migration.apply()).error).toBeUndefined();
    expect(await pictures()).toEqual([{ id: 'a', bytes }]);

    await insert('b', { bytes: null, object_key: 'product-images/b' });
    await expect(insert('c', { bytes: null })).rejects.toThrow(/product_images_kept_somewhere|CHECK constraint/i);

    const refused = await migration.undo();
    expect(String(refused.error)).toContain('kept only in the bucket');
    expect(await pictures()).toEqual([
      { id: 'a', bytes },
      { id: 'b', bytes: null },
    ]);

    await sql`delete from product_images where id = 'b'`.execute(database.db);
    expect((await migration.undo()).error).toBeUndefined();
    expect(await pictures()).toEqual([{ id: 'a', bytes }]);
    await expect(insert('c', { bytes: null })).rejects.toThrow(/null/i);
    expect((await migration.apply()).error).toBeUndefined();
  });
});
