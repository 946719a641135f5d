import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { ProductInput } from '../../common/schemas/products.ts';
import type { Database } from '../db/database.ts';
import type { TestAccount } from './accounts.ts';

/**
 * Helpers for the shop-management API tests (products, pictures, reviews): calls as anonymous, a
 * customer or an admin, a valid product form, and real pictures to upload.
 */

export type Who = TestAccount | undefined;

/** Each call comes from a client address of its own, as calls from many customers would. */
let clientCounter = 0;
export function nextClientAddress(): string {
  clientCounter += 1;
  return `172.16.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

export interface CallOptions {
  /** A JSON body, or raw bytes (sent with `contentType`). */
  payload?: object | Buffer;
  contentType?: string;
  /** Calls that must come from one client (the rate-limit test) name its address. */
  remoteAddress?: string;
}

export function callAs(
  app: FastifyInstance,
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  { payload, contentType, remoteAddress = nextClientAddress() }: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

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

/** A small real picture of each accepted type, as a camera or an editor would save it. */
export async function picture(type: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const image = sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 160, g: 110, b: 60 } } });
  return image.toFormat(type).toBuffer();
}

/** What the browser's `fetch(url, { method: 'POST', body: file, headers: { 'content-type': file.type } })` sends. */
export function upload(app: FastifyInstance, who: Who, bytes: Buffer, contentType: string): Promise<LightMyRequestResponse> {
  return callAs(app, who, 'POST', '/api/product-images', { payload: bytes, contentType });
}

export async function storedPictureCount(db: Database): Promise<number> {
  const row = await db.selectFrom('product_images').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
