import type { Database } from '../../db/database.ts';

/** The catalogue's version (migration 017): it goes up with every change to what the catalogue shows. */
export function createCatalogueVersion(db: Database) {
  return {
    async current(): Promise<number> {
      const row = await db.selectFrom('catalogue_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
      return Number(row.version);
    },
  };
}

export type CatalogueVersion = ReturnType<typeof createCatalogueVersion>;
