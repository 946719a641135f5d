import { centsToDollars, dollarsToCents, formatUsd } from '../../../common/money.ts';
import { pictureLimits, picturesOrMain } from '../../../common/product-pictures.ts';
import type { Product, ProductInput, ProductListQuery, ProductUpdate, ProductWithPictures, Variant } from '../../../common/schemas/products.ts';
import { generatedSku, type ProductOption, type VariantChoice } from '../../../common/variants.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { isRecordId, newRecordId } from '../../record-id.ts';
import type { AuditRecorder } from '../audit/audit-trail.ts';
import type { StaffActor } from '../audit/staff-actor.ts';
import { productAsAdded, productChanges } from './product-audit.ts';
import type { ProductFields, ProductRepository, ProductRow } from './product-repository.ts';
import type { VariantFields, VariantRow } from './variant-repository.ts';

export const parseOptions = (json: string): ProductOption[] => JSON.parse(json) as ProductOption[];
export const parseChoice = (json: string): VariantChoice => JSON.parse(json) as VariantChoice;

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    description: row.description,
    price: centsToDollars(row.price_cents),
    minQuantity: row.min_quantity,
    availQuantity: row.avail_quantity,
    category: row.category,
    weightGrams: row.weight_grams,
    ...(row.length_mm !== null && { lengthMm: row.length_mm }),
    ...(row.width_mm !== null && { widthMm: row.width_mm }),
    ...(row.height_mm !== null && { heightMm: row.height_mm }),
    priceMax: centsToDollars(Math.max(row.price_max_cents, row.price_cents)),
    options: parseOptions(row.options),
    hidden: row.hidden === 1,
  };
}

export function toVariant(row: VariantRow, productImg: string): Variant {
  return {
    _id: row.id,
    sku: row.sku,
    options: parseChoice(row.options),
    price: centsToDollars(row.price_cents),
    availQuantity: row.avail_quantity,
    weightGrams: row.weight_grams,
    img: row.img || productImg,
    lowStockAt: row.low_stock_at,
  };
}

/** The admin's form, already checked by `productInputSchema`, as the table stores it. */
function toFields(input: ProductInput): ProductFields {
  return {
    name: input.name,
    description: input.description,
    img: input.img,
    min_quantity: input.minQuantity,
    category: input.category,
    weight_grams: input.weightGrams,
    length_mm: input.lengthMm ?? null,
    width_mm: input.widthMm ?? null,
    height_mm: input.heightMm ?? null,
    options: JSON.stringify(input.options),
    hidden: input.hidden ? 1 : 0,
  };
}

/**
 * The variants the form describes. A product sold one way has one, whose price, stock and weight are
 * the specification's fields when they are sent (a caller that sends back what it read, with a new
 * price, changes the price), keeping the SKU it had unless another is given.
 */
function toVariantFields(input: ProductInput, current: readonly VariantRow[], productId: string): VariantFields[] {
  if (input.options.length === 0) {
    const sent = input.variants?.[0];
    const only = current.length === 1 && current[0]!.options === '{}' ? current[0] : undefined;
    return [
      {
        sku: (sent?.sku ?? only?.sku ?? generatedSku(productId)).toUpperCase(),
        options: '{}',
        // The schema requires one or the other.
        price_cents: dollarsToCents(input.price ?? sent!.price),
        avail_quantity: input.availQuantity ?? sent!.availQuantity,
        weight_grams: input.weightGrams,
        // The product's own picture is no picture of the variant's.
        img: sent?.img && sent.img !== input.img ? sent.img : '',
        low_stock_at: input.lowStockAt ?? sent?.lowStockAt ?? null,
      },
    ];
  }
  return input.variants!.map((variant) => ({
    sku: variant.sku.toUpperCase(),
    options: JSON.stringify(variant.options),
    price_cents: dollarsToCents(variant.price),
    avail_quantity: variant.availQuantity,
    weight_grams: variant.weightGrams ?? input.weightGrams,
    img: variant.img && variant.img !== input.img ? variant.img : '',
    low_stock_at: variant.lowStockAt ?? null,
  }));
}

/** A SKU another product uses: the unique index said so. */
const skuTaken = () => conflict('A SKU is already used by another product. Each variant needs its own.');

const noSuchProduct = () => notFound('No product has that id.');

/** An edit that names only the main picture: it takes the first place, and the other pictures stay. */
const withMainPicture = (img: string) => (current: string[]) => [img, ...current.slice(1).filter((picture) => picture !== img)].slice(0, pictureLimits.perProduct);

/** How many product ids the sitemap reads per query. */
const sitemapBatch = 500;

/**
 * The catalogue. Reading is for everyone; `create`, `replace` and `remove` are for admins, which
 * the routes check before calling them.
 */
/**
 * The catalogue asks the categories module, inside the transaction that writes a product, whether its
 * category is one the shop keeps (refused otherwise), and holds it there until the commit so that it
 * cannot be deleted meanwhile.
 */
export type CategoryCheck = (slug: string, transaction: Database) => Promise<void>;

export function createProductService(products: ProductRepository, clock: Clock, requireCategory: CategoryCheck, audit: AuditRecorder) {
  return {
    async list(query: ProductListQuery, options: { includeHidden?: boolean } = {}): Promise<{ items: Product[]; total: number }> {
      const { rows, total } = await products.list(query, options);
      return { items: rows.map(toProduct), total };
    },

    /**
     * One product with its pictures in order, the main one first. A hidden product is no product to the
     * public (its answer is kept and shared by every visitor, ADR 024); only the admin's `includeHidden` reads it.
     */
    async get(id: string, { includeHidden = false }: { includeHidden?: boolean } = {}): Promise<ProductWithPictures> {
      // An id that is not one of ours cannot name a product: answer 404 without asking the database.
      if (!isRecordId(id)) throw noSuchProduct();
      const [row, pictures, variants] = await Promise.all([products.findById(id), products.picturesOf(id), products.variantsOf(id)]);
      if (!row || (row.hidden === 1 && !includeHidden)) throw noSuchProduct();
      return { ...toProduct(row), pictures: picturesOrMain(pictures, row.img), variants: variants.map((variant) => toVariant(variant, row.img)) };
    },

    /** Whether a product with this id is in the catalogue. */
    async exists(id: string): Promise<boolean> {
      return isRecordId(id) && (await products.findById(id)) !== undefined;
    },

    /** The names of these products (hidden ones too), by id, for what names them (a review, its reply's e-mail). */
    namesOf(ids: readonly string[]): Promise<Map<string, string>> {
      return products.namesOf([...new Set(ids)].filter(isRecordId));
    },

    /** A new product, stamped now, so that it is the newest in the catalogue; its pictures are the list given, or its image. */
    async create(input: ProductInput, actor: StaffActor): Promise<ProductWithPictures> {
      const id = newRecordId();
      const pictures = input.pictures ?? [input.img];
      const saved = await products
        .insert(
          { id, ...toFields(input), created_at: clock().toISOString() },
          pictures,
          toVariantFields(input, [], id),
          newRecordId,
          (trx) => requireCategory(input.category, trx),
          (trx, saved) => audit(trx, actor, { kind: 'product.created', subject: id, detail: { changes: productAsAdded(saved) } }),
        )
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? skuTaken() : error;
        });
      return { ...toProduct(saved.row), pictures, variants: saved.variants.map((variant) => toVariant(variant, saved.row.img)) };
    },

    /**
     * Replaces every field the form has, and the pictures when it sends them (otherwise `img` becomes
     * the main picture and the others stay). Orders already placed keep the name and price they were placed at.
     */
    async replace(id: string, { stockSeen, ...input }: ProductUpdate, actor: StaffActor): Promise<ProductWithPictures> {
      if (!isRecordId(id)) throw noSuchProduct();
      const saved = await products
        .update(
          id,
          toFields(input),
          stockSeen,
          input.pictures ?? withMainPicture(input.img),
          (current) => toVariantFields(input, current, id),
          newRecordId,
          (trx) => requireCategory(input.category, trx),
          async (trx, before, after) => {
            const changes = productChanges(before, after);
            // A save that changed nothing is no action on the shop.
            if (changes.length === 0) return;
            const kind = changes.some((change) => change.money) ? 'price.changed' : 'product.updated';
            await audit(trx, actor, { kind, subject: id, detail: { changes, facts: { name: after.row.name } } });
          },
        )
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? skuTaken() : error;
        });
      if (saved) return { ...toProduct(saved.row), pictures: saved.pictures, variants: saved.variants.map((variant) => toVariant(variant, saved.row.img)) };
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
    async remove(id: string, actor: StaffActor): Promise<{ deletedCount: number }> {
      if (!isRecordId(id)) return { deletedCount: 0 };
      const deletedCount = await products.delete(id, (trx, deleted) =>
        audit(trx, actor, {
          kind: 'product.deleted',
          subject: id,
          detail: { facts: { name: deleted.name, price: formatUsd(centsToDollars(deleted.price_cents)), stock: deleted.avail_quantity } },
        }),
      );
      return { deletedCount };
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
