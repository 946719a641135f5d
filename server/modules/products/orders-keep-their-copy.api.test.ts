import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../common/schemas/orders.ts';
import type { Product } from '../../../common/schemas/products.ts';
import { createShopWithPeople, type ShopWithPeople } from '../../test/accounts.ts';
import { productForm } from '../../test/shop-management.ts';
import { call, type Caller } from '../../test/call.ts';
import { payOrder } from '../../test/paid-order.ts';

/**
 * An order keeps its own copy of the product's name and unit price: repricing, renaming or deleting
 * the product never changes an order already placed, paid or not.
 */

let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople();
});
afterAll(() => people.shop.close());

const app = () => people.shop.app;

async function placeOrder(who: Caller, productId: string, quantity: number) {
  return call(app(), 'POST', '/api/orders', who, { productId, quantity, phone: '+1 415 555 0100', adress: '12 Dovetail Lane, Portland' });
}

async function ordered(who: NonNullable<Caller>, productId: string, quantity: number): Promise<Order> {
  const res = await placeOrder(who, productId, quantity);
  if (res.statusCode !== 201) throw new Error(`placing an order failed: ${res.statusCode} ${res.body}`);
  const { insertedId: _insertedId, ...order } = res.json<Order & { insertedId: string }>();
  return order;
}

/** The order as its owner's payment page reads it, and as the admin's Manage Orders lists it. */
async function orderSeenByAll(owner: NonNullable<Caller>, id: string): Promise<Order> {
  const own = (await call(app(), 'GET', `/api/duepaymentOrder/${id}`, owner)).json<Order>();
  const listed = (await call(app(), 'GET', '/api/orders?limit=100', people.admin)).json<Order[]>().find((order) => order._id === id);
  expect(listed).toEqual(own);
  return own;
}

describe('orders placed before a product changes', () => {
  let product: Product;
  let unpaid: Order;
  let paid: Order;

  beforeAll(async () => {
    const res = await call(app(), 'POST', '/api/products', people.admin, productForm({ name: 'Marking gauge', price: 12.5, minQuantity: 1, availQuantity: 50 }));
    product = res.json<Product>();
    unpaid = await ordered(people.carol, product._id, 3);
    paid = await ordered(people.oscar, product._id, 2);
    await payOrder(app(), people.oscar, paid._id);
    paid = await orderSeenByAll(people.oscar, paid._id);
    expect(unpaid).toMatchObject({ product: 'Marking gauge', unitPrice: 12.5, price: 37.5, paymentStatus: 'unpaid' });
    expect(paid).toMatchObject({ product: 'Marking gauge', unitPrice: 12.5, price: 25, paymentStatus: 'paid' });
  });

  it('keep their name and price when the product is renamed and repriced; new orders take the new price', async () => {
    const res = await call(
      app(),
      'PUT',
      `/api/products/${product._id}`,
      people.admin,
      productForm({ name: 'Marking gauge, brass', price: 99.99, minQuantity: 1, availQuantity: 50 }),
    );
    expect(res.statusCode).toBe(200);

    expect(await orderSeenByAll(people.carol, unpaid._id)).toEqual(unpaid);
    expect(await orderSeenByAll(people.oscar, paid._id)).toEqual(paid);
    expect(await ordered(people.carol, product._id, 1)).toMatchObject({ product: 'Marking gauge, brass', unitPrice: 99.99, price: 99.99 });
  });

  it('keep everything but the product link when the product is deleted', async () => {
    const res = await call(app(), 'DELETE', `/api/products/${product._id}`, people.admin);
    expect(res.json()).toEqual({ deletedCount: 1 });

    // The unpaid one also says that it can no longer be paid.
    // The order and its line keep the product's name, picture, price and SKU; only the links to the product and its variant go.
    const unlinked = (order: Order) => ({ ...order, productId: null, lines: order.lines.map((line) => ({ ...line, productId: null, variantId: null })) });
    expect(await orderSeenByAll(people.carol, unpaid._id)).toEqual({ ...unlinked(unpaid), unpayable: 'product-gone' });
    expect(await orderSeenByAll(people.oscar, paid._id)).toEqual(unlinked(paid));
    // The product itself can no longer be ordered.
    expect((await placeOrder(people.carol, product._id, 1)).statusCode).toBe(404);
  });
});
