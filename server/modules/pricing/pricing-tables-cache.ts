import type { Database } from '../../db/database.ts';
import { createVersionWatch } from '../../db/version-watch.ts';
import type { PricingTables } from './pricing-settings-repository.ts';

/** What prices an order and the terms it accepts, as read together at one version of them. */
interface KeptPricing {
  tables: PricingTables;
  termsInForce: number | undefined;
}

export interface PricingTablesCacheParts {
  db: Database;
  /** Reads the zones, tax table and settings (the pricing settings repository's `tables`). */
  tables: () => Promise<PricingTables>;
  /** Reads the number of the terms' version in force (the shop pages'). */
  termsInForce: () => Promise<number | undefined>;
  /** How old the last look at the settings' version may be before a placement looks again (the catalogue's `CATALOGUE_CHECK_MS`). */
  checkEveryMs: number;
}

/**
 * What prices an order (shipping zones and rates, the tax table, the shop's settings) and the terms
 * in force, kept in this process while the settings' version (migration 042) stays the same, instead
 * of six statements read again for each quote and order placed: only the admin's edits change them.
 * The version is read at most every `checkEveryMs`, as the catalogue's is (server/db/version-watch.ts),
 * and at once after a change this process makes (`changed`). Only the quote and placement read here:
 * a transaction that must see its own writes (a settings write, an invoice's seller) reads the tables.
 */
export function createPricingTablesCache({ db, tables, termsInForce, checkEveryMs }: PricingTablesCacheParts) {
  const watch = createVersionWatch(async () => {
    const row = await db.selectFrom('settings_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
    return Number(row.version);
  }, checkEveryMs);
  let kept: { version: number; pricing: Promise<KeptPricing> } | undefined;

  /**
   * What was read at the version current now, read again when it moved. Read after the version, so it
   * is never older than the version it is kept at; a change committed in between is read again at
   * the next look, which sees the version it raised.
   */
  async function current(): Promise<KeptPricing> {
    const version = await watch.current();
    if (kept?.version !== version) {
      const reading = Promise.all([tables(), termsInForce()]).then(([read, terms]) => ({ tables: read, termsInForce: terms }));
      const entry = { version, pricing: reading };
      kept = entry;
      // A failed read is not kept: the next request reads again.
      reading.catch(() => {
        if (kept === entry) kept = undefined;
      });
    }
    return kept.pricing;
  }

  return {
    /** Zones, tax and settings, as one quote needs them. */
    tables: async (): Promise<PricingTables> => (await current()).tables,

    /** The number of the terms' version in force, for an order being placed; undefined before any is published. */
    termsInForce: async (): Promise<number | undefined> => (await current()).termsInForce,

    /** This process changed the settings or published a page: its next quote reads the version again. */
    changed: (): void => watch.lookAgain(),
  };
}

export type PricingTablesCache = ReturnType<typeof createPricingTablesCache>;
