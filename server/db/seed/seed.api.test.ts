import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { migrateToLatest } from '../migrate.ts';
import { demoProducts, demoReviews } from './demo-catalogue.ts';
import { seedDemoCatalogue } from './seed.ts';

const seededAt = new Date('2026-03-02T09:00:00.000Z');

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.db);
});
afterEach(() => database.dispose());

const count = async (table: 'products' | 'reviews') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('seedDemoCatalogue', () => {
  it('fills an empty database with the demo products and reviews', async () => {
    expect(await seedDemoCatalogue(database.db, seededAt)).toBe(true);
    expect(await count('products')).toBe(demoProducts.length);
    expect(await count('reviews')).toBe(demoReviews.length);
  });

  it('never seeds twice, even when started concurrently', async () => {
    const results = await Promise.all([seedDemoCatalogue(database.db, seededAt), seedDemoCatalogue(database.db, seededAt)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoCatalogue(database.db, seededAt)).toBe(false);
    expect(await count('products')).toBe(demoProducts.length);
  });

  it('leaves a catalogue its owner emptied empty', async () => {
    await seedDemoCatalogue(database.db, seededAt);
    await database.db.deleteFrom('products').execute();
    expect(await seedDemoCatalogue(database.db, seededAt)).toBe(false);
    expect(await count('products')).toBe(0);
  });

  it('stores prices as integer cents', async () => {
    await seedDemoCatalogue(database.db, seededAt);
    const rows = await database.db.selectFrom('products').select(['name', 'price_cents']).execute();
    const expected = new Map(demoProducts.map((p) => [p.name, p.priceCents]));
    for (const row of rows) expect(row.price_cents).toBe(expected.get(row.name));
  });
});

describe('migrateToLatest', () => {
  it('applies nothing the second time', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
  });
});
