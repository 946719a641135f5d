import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/test-database.ts';
import { migrations } from '../migrate.ts';

/**
 * Migration 039 lets a picture's row hold its keys in the bucket instead of its bytes, never neither,
 * keeps every picture, and is undone only while every picture still has its bytes.
 */
let database: TestDatabase;
let migrator: Migrator;

beforeEach(async () => {
  database = await createTestDatabase();
  migrator = new Migrator({ db: database.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
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
    expect((await migrator.migrateTo('038-personal-data-lookups')).error).toBeUndefined();
    await insert('a', { bytes });
    expect((await migrator.migrateTo('039-pictures-in-object-storage')).error).toBeUndefined();
    expect(await pictures()).toEqual([{ id: 'a', bytes }]);

    await insert('b', { bytes: null, object_key: 'product-images/b' });
    await expect(insert('c', { bytes: null })).rejects.toThrow(/product_images_kept_somewhere|CHECK constraint/i);

    const refused = await migrator.migrateTo('038-personal-data-lookups');
    expect(String(refused.error)).toContain('kept only in the bucket');
    expect(await pictures()).toEqual([
      { id: 'a', bytes },
      { id: 'b', bytes: null },
    ]);

    await sql`delete from product_images where id = 'b'`.execute(database.db);
    expect((await migrator.migrateTo('038-personal-data-lookups')).error).toBeUndefined();
    expect(await pictures()).toEqual([{ id: 'a', bytes }]);
    await expect(insert('c', { bytes: null })).rejects.toThrow(/null/i);
    expect((await migrator.migrateTo('039-pictures-in-object-storage')).error).toBeUndefined();
  });
});
