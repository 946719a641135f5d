import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { ProductInput } from '../../common/schemas/products.ts';
import type { Database } from '../db/database.ts';
import { type Caller, call } from './call.ts';

/**
 * Helpers for the shop-management API tests (products, pictures, reviews): a valid product form,
 * and real pictures to upload.
 */

let productCounter = 0;

/** The admin's product form, filled in correctly; `changes` overrides fields. */
export function productForm(changes: Partial<Record<keyof ProductInput, unknown>> = {}): Record<string, unknown> {
  productCounter += 1;
  return {
    name: `Dovetail saw no. ${productCounter}`,
    price: 64.5,
    img: 'https://images.example.com/dovetail-saw.webp',
    availQuantity: 40,
    minQuantity: 2,
    description: 'A fine-toothed saw for dovetails, with a brass back and a beech handle.',
    category: 'saws',
    ...changes,
  };
}

/** `who` adds a product to the catalogue (`POST /api/products`): only an admin may. */
export function createProduct(app: FastifyInstance, who: Caller, payload: object): Promise<LightMyRequestResponse> {
  return call(app, 'POST', '/api/products', who, payload);
}

/** `who` replaces a product of the catalogue (`PUT /api/products/{id}`): only an admin may. */
export function replaceProduct(app: FastifyInstance, who: Caller, id: string, payload: object): Promise<LightMyRequestResponse> {
  return call(app, 'PUT', `/api/products/${id}`, who, payload);
}

/** A small real picture of each accepted type, as a camera or an editor would save it. */
export async function picture(type: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const image = sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 160, g: 110, b: 60 } } });
  return image.toFormat(type).toBuffer();
}

/** What the browser's `fetch(url, { method: 'POST', body: file, headers: { 'content-type': file.type } })` sends. */
export function upload(app: FastifyInstance, who: Caller, bytes: Buffer, contentType: string): Promise<LightMyRequestResponse> {
  return call(app, 'POST', '/api/product-images', who, bytes, { contentType });
}

export async function storedPictureCount(db: Database): Promise<number> {
  const row = await db
    .selectFrom('product_images')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
