import { expect, type Page } from '@playwright/test';

/** A product as the API answers it, with what the ordering tests read. */
export interface ProductOnWire {
  _id: string;
  name: string;
  price: number;
  minQuantity: number;
  availQuantity: number;
  /** Empty for a product sold one way; the ordering tests take those (a variant product has its own tests). */
  options: unknown[];
}

/** Sold one way, with stock to spare. */
export const soldOneWayInStock = (product: ProductOnWire, spare = 5) => product.options.length === 0 && product.availQuantity > product.minQuantity + spare;

export interface OrderOnWire {
  _id: string;
  orderNumber: string;
}

export const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

/**
 * A product of the demo catalogue with stock to spare. Taken from the oldest: the newest may be one that
 * the shop-management tests, running beside these, have just added and are about to reprice or delete.
 */
export async function someProduct(page: Page): Promise<ProductOnWire> {
  const products = (await (await page.request.get('/api/products?limit=100')).json()) as ProductOnWire[];
  return products.reverse().find((product) => soldOneWayInStock(product))!;
}

/**
 * A paid order of the signed-in customer, placed and paid through the API as the purchase and payment
 * pages do (those pages have their own tests): what the admin's pages start from.
 */
export async function placePaidOrder(page: Page, address: string, phone: string): Promise<{ order: OrderOnWire; product: ProductOnWire }> {
  const product = await someProduct(page);
  const placed = await page.request.post('/api/orders', { data: { productId: product._id, quantity: product.minQuantity, phone, adress: address } });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as OrderOnWire;
  const intent = (await (await page.request.post('/api/create-payment-intent', { data: { orderId: order._id } })).json()) as { clientSecret: string };
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ship Tester' };
  const authorised = await page.request.post('/api/payments/local/authorise', { data: { orderId: order._id, clientSecret: intent.clientSecret, ...card } });
  const { transactionId } = (await authorised.json()) as { transactionId: string };
  expect((await page.request.put(`/api/orders/${order._id}`, { data: { paymentStatus: 'paid', transactionId } })).status()).toBe(200);
  return { order, product };
}
