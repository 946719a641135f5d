import { centsToDollars, dollarsToCents } from '../../../common/money.ts';
import { errorCodes } from '../../../common/schemas/errors.ts';
import type { Product, ProductInput, ProductListQuery, ProductUpdate } from '../../../common/schemas/products.ts';
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
  };
}

const noSuchProduct = () => notFound('No product has that id.');

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

    async get(id: string): Promise<Product> {
      // An id that is not one of ours cannot name a product: answer 404 without asking the database.
      const row = isRecordId(id) ? await products.findById(id) : undefined;
      if (!row) throw noSuchProduct();
      return toProduct(row);
    },

    /** A new product, stamped now, so that it is the newest in the catalogue. */
    async create(input: ProductInput): Promise<Product> {
      const row: ProductRow = { id: newRecordId(), ...toFields(input), created_at: clock().toISOString() };
      await products.insert(row);
      return toProduct(row);
    },

    /** Replaces every field the form has. Orders already placed keep the name and price they were placed at. */
    async replace(id: string, { stockSeen, ...input }: ProductUpdate): Promise<Product> {
      if (!isRecordId(id)) throw noSuchProduct();
      const row = await products.update(id, toFields(input), stockSeen);
      if (row) return toProduct(row);
      const current = await products.findById(id);
      if (!current) throw noSuchProduct();
      throw new AppError(
        409,
        errorCodes.conflict,
        `The stock changed while you were editing: ${current.avail_quantity} now, not ${stockSeen ?? '?'}. Nothing was saved; reload and try again.`,
      );
    },

    /** Deleting an unknown product deletes nothing, as the specification's `{ deletedCount }` says. */
    async remove(id: string): Promise<{ deletedCount: number }> {
      return { deletedCount: isRecordId(id) ? await products.delete(id) : 0 };
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
