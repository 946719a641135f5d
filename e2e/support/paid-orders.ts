import { expect, type Page } from '@playwright/test';
import { test } from './test.ts';

/** A tool of a spec's own, sold in widths, as the API answers it: made by `addToolInWidths`, deleted by `deleteTool`. */
export interface ToolOnWire {
  _id: string;
  name: string;
  variants: Array<{ _id: string; options: Record<string, string>; price: number }>;
}

export interface PlacedOrder {
  _id: string;
  orderNumber: string;
  price: number;
}

const origin = () => ({ origin: test.info().project.use.baseURL ?? '' });

/**
 * A tool of the spec's own, added by the admin signed in on `page`, in the widths given at one price
 * each, so that a spec can order, return and exchange it without touching the demo catalogue's stock
 * (and find it by its name among the best sellers).
 */
export async function addToolInWidths(page: Page, name: string, widths: string[], price: number): Promise<ToolOnWire> {
  const res = await page.request.post('/api/products', {
    headers: origin(),
    data: {
      name,
      img: '/images/products/bench-chisel.webp',
      minQuantity: 1,
      description: 'A bench chisel made for the browser tests.',
      category: 'other',
      options: [{ name: 'Width', values: widths }],
      variants: widths.map((width) => ({ sku: `E2E-${Date.now().toString(36)}-${width.replace(/\W/g, '')}`.toUpperCase(), options: { Width: width }, price, availQuantity: 20 })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { _id } = (await res.json()) as { _id: string };
  return (await (await page.request.get(`/api/products/${_id}`)).json()) as ToolOnWire;
}

/** Deletes a tool `addToolInWidths` added (its orders keep its name), so that the catalogue other specs read is the demo one again. */
export async function deleteTool(page: Page, tool: { _id: string }): Promise<void> {
  const res = await page.request.delete(`/api/products/${tool._id}`, { headers: origin() });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * An order of the signed-in customer for `quantity` pieces of a variant, to Portland, Oregon, placed and
 * paid through the API as the purchase and payment pages do (those pages have their own tests).
 */
export async function placePaidOrderOf(page: Page, productId: string, variantId: string, quantity: number): Promise<PlacedOrder> {
  const shippingAddress = { name: 'Paid Tester', line1: '5 Rebate Road', city: 'Portland', region: 'US-OR', postalCode: '97205', country: 'US' };
  const placed = await page.request.post('/api/orders', { headers: origin(), data: { productId, variantId, quantity, phone: '+1 503 555 0142', shippingAddress } });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as PlacedOrder;
  const intent = (await (await page.request.post('/api/create-payment-intent', { headers: origin(), data: { orderId: order._id } })).json()) as { clientSecret: string };
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Paid Tester' };
  const authorised = await page.request.post('/api/payments/local/authorise', { headers: origin(), data: { orderId: order._id, clientSecret: intent.clientSecret, ...card } });
  const { transactionId } = (await authorised.json()) as { transactionId: string };
  const paid = await page.request.put(`/api/orders/${order._id}`, { headers: origin(), data: { paymentStatus: 'paid', transactionId } });
  expect(paid.status(), await paid.text()).toBe(200);
  return order;
}

/** Ships the whole order and marks it delivered, as the admin signed in on `page` does on Manage Orders (which has its own tests). */
export async function deliver(page: Page, orderId: string): Promise<void> {
  const shipped = await page.request.patch(`/api/orders/${orderId}/shipping`, {
    headers: origin(),
    data: { shippingStatus: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  const delivered = await page.request.patch(`/api/orders/${orderId}/shipping`, { headers: origin(), data: { shippingStatus: 'delivered' } });
  expect(delivered.status(), await delivered.text()).toBe(200);
}
