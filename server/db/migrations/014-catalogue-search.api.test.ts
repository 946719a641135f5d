import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProductRepository } from '../../modules/products/product-repository.ts';
import { newRecordId } from '../../record-id.ts';
import { databaseMigratedBefore, type MigrationUnderTest } from '../../test/migrated-before.ts';
import { demoProducts as demoCatalogue } from '../seed/demo-catalogue.ts';

/** The demo catalogue as the seed of that time had it: no product sold in several ways yet (issue 27 added one). */
const demoProducts = demoCatalogue.filter((product) => product.options === undefined);

/** Migration 014 on a shop that was seeded, and had products of its own, before categories and search existed. */
let migration: MigrationUnderTest;
beforeEach(async () => {
  migration = await databaseMigratedBefore('014-catalogue-search');
  // The rows as the seed of that time wrote them: no category.
  const rows = [
    ...demoProducts.map((product) => ({ name: product.name, description: product.description, price_cents: product.priceCents })),
    { name: 'Shop-made winding sticks', description: 'A pair of maple sticks with holly inlays, for sighting twist in a board.', price_cents: 3200 },
  ];
  await sql`insert into products (id, name, description, img, price_cents, min_quantity, avail_quantity, created_at) values ${sql.join(
    rows.map(
      (row, index) =>
        sql`(${newRecordId()}, ${row.name}, ${row.description}, '/images/products/test.webp', ${row.price_cents}, 1, 10, ${`2026-01-01T00:00:${String(index).padStart(2, '0')}.000Z`})`,
    ),
  )}`.execute(migration.database.db);
});
afterEach(() => migration.database.dispose());

describe('migration 014-catalogue-search', () => {
  it('gives every demo product its category and any other product the general one', async () => {
    expect((await migration.apply()).error).toBeUndefined();
    const rows = await migration.database.db.selectFrom('products').select(['name', 'category']).execute();
    const expected = new Map(demoProducts.map((product) => [product.name, product.category]));
    for (const row of rows) expect(row.category, row.name).toBe(expected.get(row.name) ?? 'other');
    expect(rows).toHaveLength(demoProducts.length + 1);
  });

  it('makes the products already there searchable', async () => {
    // Searched as the shop searches now, on the whole schema: the index this migration made is what finds them.
    expect((await migration.latest()).error).toBeUndefined();
    const products = createProductRepository(migration.database.db);
    const found = await products.list({ q: 'chisels', limit: 20, offset: 0 });
    expect(
      found.rows
        .slice(0, 2)
        .map((row) => row.name)
        .sort(),
    ).toEqual(['Joinery Bevel-Edge Chisel Set (4 pcs)', 'Joinery Mortise Chisel, 10 mm']);
    expect((await products.list({ q: 'winding', limit: 20, offset: 0 })).rows.map((row) => row.name)).toEqual(['Shop-made winding sticks']);
  });

  it('can be undone, leaving the products as they were, and done again', async () => {
    expect((await migration.apply()).error).toBeUndefined();
    expect((await migration.undo()).error).toBeUndefined();
    const columns = await migration.database.db.introspection.getTables().then((tables) => tables.find((table) => table.name === 'products')!.columns.map((column) => column.name));
    expect(columns.sort()).toEqual(['avail_quantity', 'created_at', 'description', 'id', 'img', 'min_quantity', 'name', 'price_cents']);
    expect(
      await migration.database.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: demoProducts.length + 1 });
    expect((await migration.latest()).error).toBeUndefined();
    expect((await createProductRepository(migration.database.db).list({ q: 'winding', limit: 20, offset: 0 })).total).toBe(1);
  });
});
