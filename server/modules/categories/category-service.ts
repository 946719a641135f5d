import { categoryMessages, slugFromName } from '../../../common/categories.ts';
import type { Category, CategoryInput, CategoryUpdate } from '../../../common/schemas/categories.ts';
import { categorySlugPattern } from '../../../common/schemas/products.ts';
import type { Database } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { AuditRecorder } from '../audit/audit-trail.ts';
import type { StaffActor } from '../audit/staff-actor.ts';
import { categoryAsAdded, categoryAsDeleted, categoryChanges } from './category-audit.ts';
import type { CategoryRepository, CategoryRow, CategoryWithCount } from './category-repository.ts';

function toCategory(row: CategoryRow, productCount = 0): Category {
  return { slug: row.slug, name: row.name, description: row.description, parentSlug: row.parent_slug, position: row.position, productCount };
}

/** The catalogue's order: top-level categories by position, each followed by those under it, by position. */
function inCatalogueOrder(rows: CategoryWithCount[]): CategoryWithCount[] {
  const byPlace = (a: CategoryWithCount, b: CategoryWithCount) => a.position - b.position || a.slug.localeCompare(b.slug);
  const top = rows.filter((row) => row.parent_slug === null).sort(byPlace);
  return top.flatMap((parent) => [parent, ...rows.filter((row) => row.parent_slug === parent.slug).sort(byPlace)]);
}

const invalidField = (field: string, message: string) => new AppError(400, 'VALIDATION_FAILED', `Invalid request. ${field}: ${message}`);
const noSuchCategory = () => notFound(categoryMessages.unknown);
const nesting = () => conflict(categoryMessages.parentHasParent, 'CATEGORY_NESTING');

/**
 * The owner's categories: anyone reads them, admins (checked by the routes) add, change and delete
 * them, each change recorded in the audit trail in its own transaction (ADR 043). Products name theirs
 * by slug; the catalogue and discount codes ask `requireExisting`.
 */
export function createCategoryService(categories: CategoryRepository, audit: AuditRecorder) {
  return {
    async list(): Promise<Category[]> {
      return inCatalogueOrder(await categories.list()).map((row) => toCategory(row, row.product_count));
    },

    /** One category, or 404. */
    async get(slug: string): Promise<Category> {
      const found = (await this.list()).find((category) => category.slug === slug);
      if (!found) throw noSuchCategory();
      return found;
    },

    /** Whether a category with this slug exists. */
    async exists(slug: string): Promise<boolean> {
      return categorySlugPattern.test(slug) && (await categories.find(slug)) !== undefined;
    },

    /**
     * Refuses (400 on `field`) a slug that names no category: a product or a code must name one the
     * shop keeps. Given the transaction that writes the product, the category is held until it ends
     * (it cannot be deleted meanwhile, ADR 039).
     */
    async requireExisting(slugs: string | readonly string[], field = 'category', transaction?: Database): Promise<void> {
      for (const slug of typeof slugs === 'string' ? [slugs] : slugs) {
        const found = categorySlugPattern.test(slug) && (transaction ? await categories.lockShared(transaction, slug) : await this.exists(slug));
        if (!found) throw invalidField(field, `${categoryMessages.unknown}: ${slug}`);
      }
    },

    async create(input: CategoryInput, actor: StaffActor): Promise<Category> {
      const slug = input.slug ?? slugFromName(input.name);
      if (!categorySlugPattern.test(slug)) throw invalidField('slug', categoryMessages.slug);
      const parent = input.parentSlug ?? null;
      if (parent !== null && !(await categories.find(parent))) throw invalidField('parentSlug', categoryMessages.unknownParent);
      const outcome = await categories.insert({ slug, name: input.name, description: input.description, parent_slug: parent }, (trx, added) =>
        audit(trx, actor, { kind: 'category.created', subject: slug, detail: { changes: categoryAsAdded(added) } }),
      );
      if (outcome === 'exists') throw conflict(categoryMessages.exists, 'CATEGORY_EXISTS');
      if (outcome === 'nesting') throw nesting();
      return this.get(slug);
    },

    async update(slug: string, changes: CategoryUpdate, actor: StaffActor): Promise<Category> {
      const parent = changes.parentSlug;
      if (parent === slug) throw conflict(categoryMessages.underItself, 'CATEGORY_NESTING');
      if (parent && !(await categories.find(parent))) throw invalidField('parentSlug', categoryMessages.unknownParent);
      const outcome = await categories.update(
        slug,
        { name: changes.name, description: changes.description, parent_slug: parent, position: changes.position },
        async (trx, before, after) => {
          const changed = categoryChanges(before, after);
          // A save that changed nothing is no action on the shop.
          if (changed.length > 0) await audit(trx, actor, { kind: 'category.updated', subject: slug, detail: { changes: changed } });
        },
      );
      if (outcome === 'missing') throw noSuchCategory();
      if (outcome === 'nesting') {
        const { children } = await categories.contents(slug);
        throw conflict(children > 0 ? categoryMessages.hasChildren : categoryMessages.parentHasParent, 'CATEGORY_NESTING');
      }
      return this.get(slug);
    },

    /** Refused (409, saying why) while a product or a category is in it; an unknown slug deletes nothing. */
    async remove(slug: string, actor: StaffActor): Promise<{ deletedCount: number }> {
      const outcome = await categories.delete(slug, (trx, deleted) =>
        audit(trx, actor, { kind: 'category.deleted', subject: slug, detail: { changes: categoryAsDeleted(deleted) } }),
      );
      if (outcome === 'deleted') return { deletedCount: 1 };
      if (outcome === 'missing') return { deletedCount: 0 };
      const [category, contents] = await Promise.all([categories.find(slug), categories.contents(slug)]);
      const name = category?.name ?? slug;
      const message = contents.products > 0 ? categoryMessages.notEmpty(name, contents.products) : categoryMessages.hasChildrenToDelete(name);
      throw conflict(message, 'CATEGORY_NOT_EMPTY');
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
