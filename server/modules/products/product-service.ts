import { centsToDollars } from '../../../common/money.ts';
import type { Product, ProductListQuery } from '../../../common/schemas/products.ts';
import { notFound } from '../../errors.ts';
import { isRecordId } from '../../record-id.ts';
import type { ProductRepository, ProductRow } from './product-repository.ts';

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

export function createProductService(products: ProductRepository) {
  return {
    async list(query: ProductListQuery): Promise<{ items: Product[]; total: number }> {
      const { rows, total } = await products.list(query);
      return { items: rows.map(toProduct), total };
    },

    async get(id: string): Promise<Product> {
      // An id that is not one of ours cannot name a product: answer 404 without asking the database.
      const row = isRecordId(id) ? await products.findById(id) : undefined;
      if (!row) throw notFound('No product has that id.');
      return toProduct(row);
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
