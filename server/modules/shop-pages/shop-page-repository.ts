import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ShopPageVersionsTable } from '../../db/schema.ts';
import { isPostgres } from '../../db/dialect.ts';
import { becomeTheWriter } from '../../db/row-lock.ts';

export type PageVersionRow = Selectable<ShopPageVersionsTable>;

/** Work done in the transaction of a publish, with the version it replaced (if any) and the one it made. */
export type PublishAlongside = (transaction: Database, before: PageVersionRow | undefined, published: PageVersionRow) => Promise<void>;

/** The published versions of the shop's pages (migration 035): added to, never changed. */
export function createShopPageRepository(db: Database) {
  /** The page's highest version: the one in force. */
  function currentIn(on: Database, slug: string): Promise<PageVersionRow | undefined> {
    return on.selectFrom('shop_page_versions').selectAll().where('slug', '=', slug).orderBy('version', 'desc').limit(1).executeTakeFirst();
  }

  return {
    current: (slug: string) => currentIn(db, slug),

    /** Each page's version in force. */
    async currentAll(): Promise<PageVersionRow[]> {
      return db
        .selectFrom('shop_page_versions as v')
        .selectAll('v')
        .where('v.version', '=', (eb) =>
          eb
            .selectFrom('shop_page_versions as w')
            .select((w) => w.fn.max('w.version').as('latest'))
            .whereRef('w.slug', '=', 'v.slug'),
        )
        .execute();
    },

    /** The number of the page's version in force. */
    async currentVersion(slug: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('shop_page_versions')
        .select((eb) => eb.fn.max('version').as('latest'))
        .where('slug', '=', slug)
        .executeTakeFirst();
      return row?.latest == null ? undefined : Number(row.latest);
    },

    /** One version of a page, as it was published. */
    version(slug: string, version: number): Promise<PageVersionRow | undefined> {
      return db.selectFrom('shop_page_versions').selectAll().where('slug', '=', slug).where('version', '=', version).executeTakeFirst();
    },

    /**
     * Publishes the page's next version, numbered one above its highest, with `alongside` in the same
     * transaction. Publishes of one page take turns (a lock on its name on PostgreSQL; SQLite has one
     * writer), so that two at once are both kept, one after the other; the primary key (slug, version)
     * would refuse a second row with a number taken.
     */
    async publish(slug: string, page: { title: string; body: string; publishedAt: string }, alongside: PublishAlongside): Promise<PageVersionRow> {
      return db.transaction().execute(async (trx) => {
        if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${`shop-page:${slug}`}))`.execute(trx);
        else await becomeTheWriter(trx);
        const before = await currentIn(trx, slug);
        const published = await trx
          .insertInto('shop_page_versions')
          .values({ slug, version: (before?.version ?? 0) + 1, title: page.title, body: page.body, published_at: page.publishedAt })
          .returningAll()
          .executeTakeFirstOrThrow();
        await alongside(trx, before, published);
        return published;
      });
    },
  };
}

export type ShopPageRepository = ReturnType<typeof createShopPageRepository>;
