import { defaultCategory, isProductCategory } from '../../../common/categories.ts';
import { centsToDollars, dollarsToCents } from '../../../common/money.ts';
import { pictureLimits, picturesOrMain } from '../../../common/product-pictures.ts';
import type { Product, ProductInput, ProductListQuery, ProductUpdate, ProductWithPictures } from '../../../common/schemas/products.ts';
import type { Clock } from '../../clock.ts';
import { AppError, notFound } from '../../errors.ts';
import { isRecordId, newRecordId } from '../../record-id.ts';
import type { ProductFields, ProductRepository, ProductRow } from './product-repository.ts';

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    description: row.description,
    price: centsToDollars(row.price_cents),
    minQuantity: row.min_quantity,
    availQuantity: row.avail_quantity,
    // A slug no longer in the list (never one the API accepted) reads as the general category.
    category: isProductCategory(row.category) ? row.category : defaultCategory,
    weightGrams: row.weight_grams,
    ...(row.length_mm !== null && { lengthMm: row.length_mm }),
    ...(row.width_mm !== null && { widthMm: row.width_mm }),
    ...(row.height_mm !== null && { heightMm: row.height_mm }),
  };
}

/** The admin's form, already checked by `productInputSchema`, as the table stores it (price in cents). */
function toFields(input: ProductInput): ProductFields {
  return {
    name: input.name,
    description: input.description,
    img: input.img,
    price_cents: dollarsToCents(input.price),
    min_quantity: input.minQuantity,
    avail_quantity: input.availQuantity,
    category: input.category,
    weight_grams: input.weightGrams,
    length_mm: input.lengthMm ?? null,
    width_mm: input.widthMm ?? null,
    height_mm: input.heightMm ?? null,
  };
}

const noSuchProduct = () => notFound('No product has that id.');

/** An edit that names only the main picture: it takes the first place, and the other pictures stay. */
const withMainPicture = (img: string) => (current: string[]) => [img, ...current.slice(1).filter((picture) => picture !== img)].slice(0, pictureLimits.perProduct);

/** How many product ids the sitemap reads per query. */
const sitemapBatch = 500;

/**
 * The catalogue. Reading is for everyone; `create`, `replace` and `remove` are for admins, which
 * the routes check before calling them.
 */
export function createProductService(products: ProductRepository, clock: Clock) {
  return {
    async list(query: ProductListQuery): Promise<{ items: Product[]; total: number }> {
      const { rows, total } = await products.list(query);
      return { items: rows.map(toProduct), total };
    },

    /** One product with its pictures in order, the main one first. */
    async get(id: string): Promise<ProductWithPictures> {
      // An id that is not one of ours cannot name a product: answer 404 without asking the database.
      if (!isRecordId(id)) throw noSuchProduct();
      const [row, pictures] = await Promise.all([products.findById(id), products.picturesOf(id)]);
      if (!row) throw noSuchProduct();
      return { ...toProduct(row), pictures: picturesOrMain(pictures, row.img) };
    },

    /** Whether a product with this id is in the catalogue. */
    async exists(id: string): Promise<boolean> {
      return isRecordId(id) && (await products.findById(id)) !== undefined;
    },

    /** A new product, stamped now, so that it is the newest in the catalogue; its pictures are the list given, or its image. */
    async create(input: ProductInput): Promise<ProductWithPictures> {
      const row: ProductRow = { id: newRecordId(), ...toFields(input), created_at: clock().toISOString() };
      const pictures = input.pictures ?? [input.img];
      await products.insert(row, pictures);
      return { ...toProduct(row), pictures };
    },

    /**
     * Replaces every field the form has, and the pictures when it sends them (otherwise `img` becomes
     * the main picture and the others stay). Orders already placed keep the name and price they were placed at.
     */
    async replace(id: string, { stockSeen, ...input }: ProductUpdate): Promise<ProductWithPictures> {
      if (!isRecordId(id)) throw noSuchProduct();
      const saved = await products.update(id, toFields(input), stockSeen, input.pictures ?? withMainPicture(input.img));
      if (saved) return { ...toProduct(saved.row), pictures: saved.pictures };
      const current = await products.findById(id);
      if (!current) throw noSuchProduct();
      throw new AppError(
        409,
        'CONFLICT',
        `The stock changed while you were editing: ${current.avail_quantity} now, not ${stockSeen ?? '?'}. Nothing was saved; reload and try again.`,
      );
    },

    /** Every product's id, a batch at a time in the order they were added (for the sitemap). */
    async *allIds(): AsyncGenerator<string[]> {
      let after: { createdAt: string; id: string } | undefined;
      for (;;) {
        const batch = await products.idsAfter(after, sitemapBatch);
        if (batch.length > 0) yield batch.map((product) => product.id);
        if (batch.length < sitemapBatch) return;
        after = batch.at(-1);
      }
    },

    /** Deleting an unknown product deletes nothing, as the specification's `{ deletedCount }` says. */
    async remove(id: string): Promise<{ deletedCount: number }> {
      return { deletedCount: isRecordId(id) ? await products.delete(id) : 0 };
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
