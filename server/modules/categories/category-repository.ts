import type { ExpressionBuilder, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { CategoriesTable, DatabaseSchema } from '../../db/schema.ts';

export type CategoryRow = Selectable<CategoriesTable>;
export type CategoryWithCount = CategoryRow & { product_count: number };
/** A step run inside a write's transaction with what it wrote (the audit trail's record). */
type Alongside<T extends unknown[]> = (trx: Database, ...written: T) => Promise<void>;

/** Why a change to where a category sits was not made. */
export type PlacementRefusal = 'missing' | 'nesting';

/** The categories beside one (the same parent, or the top level). */
const besideUnder = (parent: string | null) => (eb: ExpressionBuilder<DatabaseSchema, 'categories'>) =>
  parent === null ? eb('categories.parent_slug', 'is', null) : eb('categories.parent_slug', '=', parent);

/**
 * Where a category may go: the top level, or under a top-level category that is not itself (one
 * level of nesting). Written into the statement that places it, so that no read before it decides.
 */
const mayGoUnder = (parent: string | null, slug: string) =>
  parent === null ? sql<boolean>`1 = 1` : sql<boolean>`exists (select 1 from categories p where p.slug = ${parent} and p.parent_slug is null and p.slug <> ${slug})`;

/** The next place at the end of the categories under `parent`. */
const nextPosition = (parent: string | null) =>
  parent === null
    ? sql<number>`(select coalesce(max(s.position), -1) + 1 from categories s where s.parent_slug is null)`
    : sql<number>`(select coalesce(max(s.position), -1) + 1 from categories s where s.parent_slug = ${parent})`;

/** The owner's categories (migration 028), each with the tools in it that customers see. */
export function createCategoryRepository(db: Database) {
  return {
    /** Every category with its count of shown products, in no particular order. */
    async list(): Promise<CategoryWithCount[]> {
      const rows = await db
        .selectFrom('categories as c')
        .selectAll('c')
        .select(
          sql<number>`(select count(*) from products p where p.category = c.slug) - (select count(*) from products h where h.category = c.slug and h.hidden = 1)`.as(
            'product_count',
          ),
        )
        .execute();
      return rows.map((row) => ({ ...row, product_count: Number(row.product_count) }));
    },

    find(slug: string, on: Database = db): Promise<CategoryRow | undefined> {
      return on.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    /** How many products (shown or hidden) and categories are in a category. */
    async contents(slug: string): Promise<{ products: number; children: number }> {
      const row = await db
        .selectNoFrom([
          sql<number>`(select count(*) from products where category = ${slug})`.as('products'),
          sql<number>`(select count(*) from categories where parent_slug = ${slug})`.as('children'),
        ])
        .executeTakeFirstOrThrow();
      return { products: Number(row.products), children: Number(row.children) };
    },

    /**
     * Adds a category at the end of those beside it. One statement: it is not added when its address
     * name is taken ('exists') or when where it goes breaks the one level of nesting ('nesting').
     * `alongside` runs in its transaction with the category added.
     */
    async insert(
      row: { slug: string; name: string; description: string; parent_slug: string | null },
      alongside: Alongside<[added: CategoryRow]>,
    ): Promise<'created' | 'exists' | 'nesting'> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('categories')
          .columns(['slug', 'name', 'description', 'parent_slug', 'position'])
          .expression(
            trx
              .selectNoFrom([
                sql<string>`${row.slug}`.as('slug'),
                sql<string>`${row.name}`.as('name'),
                sql<string>`${row.description}`.as('description'),
                sql<string | null>`${row.parent_slug}`.as('parent_slug'),
                nextPosition(row.parent_slug).as('position'),
              ])
              .where(mayGoUnder(row.parent_slug, row.slug)),
          )
          .onConflict((conflict) => conflict.column('slug').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (inserted) {
          await alongside(trx, inserted);
          return 'created';
        }
        return (await this.find(row.slug, trx)) ? 'exists' : 'nesting';
      });
    },

    /**
     * Renames, describes, moves under another category and to another place among those beside it,
     * in one transaction. The move is one conditional update: refused ('nesting') when the new parent
     * is not a top-level category, or when the category has categories under it. `alongside` runs in
     * the transaction with the category as it was and as it is.
     */
    async update(
      slug: string,
      changes: { name?: string; description?: string; parent_slug?: string | null; position?: number },
      alongside: Alongside<[before: CategoryRow, after: CategoryRow]>,
    ): Promise<CategoryRow | PlacementRefusal> {
      return db.transaction().execute(async (trx) => {
        // As it was, for the audit trail: read under the row's lock on PostgreSQL, so that no other change comes between.
        const reading = trx.selectFrom('categories').selectAll().where('slug', '=', slug);
        const current = await (isPostgres(trx) ? reading.forUpdate() : reading).executeTakeFirst();
        if (!current) return 'missing';
        if (changes.name !== undefined || changes.description !== undefined) {
          await trx
            .updateTable('categories')
            .set({ ...(changes.name !== undefined && { name: changes.name }), ...(changes.description !== undefined && { description: changes.description }) })
            .where('slug', '=', slug)
            .execute();
        }
        const parent = changes.parent_slug;
        if (parent !== undefined && parent !== current.parent_slug) {
          const moved = await trx
            .updateTable('categories')
            .set({ parent_slug: parent, position: nextPosition(parent) })
            .where('slug', '=', slug)
            .where(mayGoUnder(parent, slug))
            .where(parent === null ? sql<boolean>`1 = 1` : sql<boolean>`not exists (select 1 from categories c where c.parent_slug = ${slug})`)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) === 0) return 'nesting';
          await renumber(trx, current.parent_slug);
        }
        if (changes.position !== undefined) await moveTo(trx, slug, parent === undefined ? current.parent_slug : parent, changes.position);
        const updated = (await this.find(slug, trx))!;
        await alongside(trx, current, updated);
        return updated;
      });
    },

    /**
     * Deletes a category only while no product and no category is in it: the condition is the
     * deleting statement's own. On PostgreSQL the row is locked first, so that the statement's view
     * of the products is taken after any transaction that put a product in it (holding `lockShared`) has
     * committed. 'deleted', 'missing' or 'not-empty'; `alongside` runs in the transaction with the row deleted.
     */
    async delete(slug: string, alongside: Alongside<[deleted: CategoryRow]>): Promise<'deleted' | 'missing' | 'not-empty'> {
      return db.transaction().execute(async (trx) => {
        if (isPostgres(trx)) await trx.selectFrom('categories').select('slug').where('slug', '=', slug).forUpdate().execute();
        const deleted = await trx
          .deleteFrom('categories')
          .where('slug', '=', slug)
          .where(sql<boolean>`not exists (select 1 from products where category = ${slug})`)
          .where(sql<boolean>`not exists (select 1 from categories c where c.parent_slug = ${slug})`)
          .returningAll()
          .executeTakeFirst();
        if (deleted) {
          await alongside(trx, deleted);
          return 'deleted';
        }
        return (await this.find(slug, trx)) ? 'not-empty' : 'missing';
      });
    },

    /**
     * Whether a category exists, read by a transaction about to put a product in it: on PostgreSQL
     * its row stays share-locked until that transaction ends, so that it cannot be deleted meanwhile
     * (the delete waits, then sees the product).
     */
    async lockShared(trx: Database, slug: string): Promise<boolean> {
      const query = trx.selectFrom('categories').select('slug').where('slug', '=', slug);
      return (await (isPostgres(trx) ? query.forShare() : query).executeTakeFirst()) !== undefined;
    },
  };
}

/** The categories beside one numbered 0, 1, 2… again in their order (after one left them). */
async function renumber(trx: Database, parent: string | null): Promise<void> {
  const slugs = await trx.selectFrom('categories').select('slug').where(besideUnder(parent)).orderBy('position').orderBy('slug').execute();
  await writePositions(
    trx,
    slugs.map((row) => row.slug),
  );
}

/** Puts a category at a place among those beside it (the end when past it), and numbers them all again. */
async function moveTo(trx: Database, slug: string, parent: string | null, position: number): Promise<void> {
  const rows = await trx.selectFrom('categories').select('slug').where(besideUnder(parent)).orderBy('position').orderBy('slug').execute();
  const others = rows.map((row) => row.slug).filter((other) => other !== slug);
  others.splice(Math.min(position, others.length), 0, slug);
  await writePositions(trx, others);
}

async function writePositions(trx: Database, slugs: string[]): Promise<void> {
  for (const [position, slug] of slugs.entries()) {
    await trx.updateTable('categories').set({ position }).where('slug', '=', slug).where('position', '<>', position).execute();
  }
}

export type CategoryRepository = ReturnType<typeof createCategoryRepository>;
