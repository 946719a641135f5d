import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generatedSku } from '../../../common/variants.ts';
import { newRecordId } from '../../record-id.ts';
import { databaseMigratedBefore, type MigrationUnderTest } from '../../test/migrated-before.ts';

/**
 * Migration 028 on a shop that already sells: each product becomes a product sold one way, with one
 * variant of its id, price and stock; carts and order lines name that variant; the fixed categories
 * become rows. Undone, the carts are keyed by product again.
 */
let migration: MigrationUnderTest;

type Row = Record<string, string | number | null>;

/** Inserts a row as the schema before migration 028 has it: raw SQL, as the typed schema is 028's. */
async function insert(table: string, row: Row): Promise<void> {
  const columns = Object.keys(row);
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values (${sql.join(columns.map((column) => row[column]))})`.execute(
    migration.database.db,
  );
}

const rows = async (query: string) => (await sql.raw<Row>(query).execute(migration.database.db)).rows;

beforeEach(async () => {
  migration = await databaseMigratedBefore('028-the-whole-range');
});
afterEach(() => migration.database.dispose());

describe('migration 028', () => {
  it('gives every product one variant of its own id, price and stock, and points carts and order lines at it', async () => {
    const plane = newRecordId();
    await insert('products', {
      id: plane,
      name: 'Smoothing plane',
      description: 'A plane',
      img: '/images/products/smoothing-plane.webp',
      price_cents: 18500,
      min_quantity: 1,
      avail_quantity: 12,
      created_at: '2026-10-01T00:00:00.000Z',
      category: 'planes',
      weight_grams: 2100,
    });
    const carol = newRecordId();
    await insert('user', { id: carol, name: 'Carol', email: 'carol@example.com', emailVerified: 1, createdAt: '2026-10-01T00:00:00.000Z', updatedAt: '2026-10-01T00:00:00.000Z' });
    await insert('cart_items', { user_id: carol, product_id: plane, quantity: 2, added_at: '2026-11-01T00:00:00.000Z' });

    expect((await migration.apply()).error).toBeUndefined();

    expect(await rows(`select id, product_id, position, sku, options, price_cents, avail_quantity, weight_grams, img from product_variants`)).toEqual([
      { id: plane, product_id: plane, position: 0, sku: generatedSku(plane), options: '{}', price_cents: 18500, avail_quantity: 12, weight_grams: 2100, img: '' },
    ]);
    expect(await rows(`select price_cents, price_max_cents, avail_quantity, options, hidden from products`)).toEqual([
      { price_cents: 18500, price_max_cents: 18500, avail_quantity: 12, options: '[]', hidden: 0 },
    ]);
    expect(await rows(`select user_id, product_id, variant_id, quantity from cart_items`)).toEqual([{ user_id: carol, product_id: plane, variant_id: plane, quantity: 2 }]);
    expect((await rows(`select slug from categories order by position`)).map((row) => row.slug)).toEqual([
      'chisels',
      'planes',
      'saws',
      'marking-and-measuring',
      'mallets-and-hammers',
      'spokeshaves-and-scrapers',
      'sharpening',
      'clamps',
      'other',
    ]);

    expect((await migration.undo()).error).toBeUndefined();
    expect(await rows(`select user_id, product_id, quantity from cart_items`)).toEqual([{ user_id: carol, product_id: plane, quantity: 2 }]);
  });
});
