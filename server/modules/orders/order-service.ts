import { sameEmail } from '../../../common/contact-rules.ts';
import { centsToDollars } from '../../../common/money.ts';
import { maxOrderTotalCents, nextShippingStatus, orderMessages, orderTotalCents, quantityProblem } from '../../../common/ordering.ts';
import { errorCodes } from '../../../common/schemas/errors.ts';
import type { Order, OrderInput } from '../../../common/schemas/orders.ts';
import { AppError, notFound } from '../../errors.ts';
import { isRecordId, newRecordId } from '../../record-id.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { ProductRepository } from '../products/product-repository.ts';
import type { OrderRepository, OrderRow } from './order-repository.ts';

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    productId: row.product_id,
    product: row.product,
    cutomerName: row.customer_name,
    email: row.email,
    unitPrice: centsToDollars(row.unit_price_cents),
    price: centsToDollars(row.price_cents),
    quantity: row.quantity,
    phone: row.phone,
    adress: row.adress,
    paymentStatus: row.payment_status,
    ...(row.transaction_id ? { transactionId: row.transaction_id } : {}),
    ...(row.shipping_status ? { shippingStatus: row.shipping_status } : {}),
    createdAt: row.created_at,
    ...(row.paid_at ? { paidAt: row.paid_at } : {}),
  };
}

export const conflict = (message: string, code: string = errorCodes.conflict) => new AppError(409, code, message);

/** Orders as design.md's table allows: customers reach their own, admins every one. */
export function createOrderService(orders: OrderRepository, products: ProductRepository) {
  /** The order, if the viewer may see it; someone else's answers 404 so that ids reveal nothing. */
  async function reachable(viewer: SignedInUser, id: string): Promise<OrderRow> {
    const row = isRecordId(id) ? await orders.findById(id) : undefined;
    if (!row || (viewer.role !== 'admin' && row.user_id !== viewer.id)) throw notFound('No order of yours has that id.');
    return row;
  }

  return {
    reachable,

    async place(viewer: SignedInUser, input: OrderInput, now = new Date()): Promise<Order> {
      const product = isRecordId(input.productId) ? await products.findById(input.productId) : undefined;
      if (!product) throw notFound('That product is no longer in the catalogue.');
      const problem = quantityProblem(input.quantity, { minQuantity: product.min_quantity, availQuantity: product.avail_quantity });
      if (problem) throw new AppError(400, errorCodes.validation, problem);
      const total = orderTotalCents(product.price_cents, input.quantity);
      if (total > maxOrderTotalCents) throw new AppError(400, errorCodes.validation, orderMessages.tooExpensive);
      const row: OrderRow = {
        id: newRecordId(),
        product_id: product.id,
        product: product.name,
        customer_name: viewer.name,
        email: viewer.email,
        unit_price_cents: product.price_cents,
        price_cents: total,
        quantity: input.quantity,
        phone: input.phone,
        adress: input.adress,
        payment_status: 'unpaid',
        transaction_id: null,
        created_at: now.toISOString(),
        user_id: viewer.id,
        paid_at: null,
        shipping_status: null,
      };
      await orders.insert(row);
      return toOrder(row);
    },

    async listAll(page: { limit: number; offset: number }) {
      const { rows, total } = await orders.listAll(page);
      return { items: rows.map(toOrder), total };
    },

    async listFor(viewer: SignedInUser, email: string, page: { limit: number; offset: number }) {
      if (viewer.role !== 'admin' && !sameEmail(viewer.email, email)) {
        throw new AppError(403, errorCodes.forbidden, 'You can only see your own orders.');
      }
      const { rows, total } = await orders.listByEmail(email.trim().toLowerCase(), page);
      return { items: rows.map(toOrder), total };
    },

    async get(viewer: SignedInUser, id: string): Promise<Order> {
      return toOrder(await reachable(viewer, id));
    },

    /** Cancelling deletes an unpaid order; a paid one cannot be cancelled. */
    async cancel(viewer: SignedInUser, id: string): Promise<{ deletedCount: number }> {
      const row = await reachable(viewer, id);
      if (row.payment_status === 'paid') throw conflict('A paid order cannot be cancelled.', 'ORDER_PAID');
      return { deletedCount: await orders.deleteUnpaid(row.id) };
    },

    /** The admin moves a paid order on: Pending → Shipped → Delivered. */
    async advanceShipping(id: string, to: 'shipped' | 'delivered'): Promise<Order> {
      const row = isRecordId(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound('No order has that id.');
      const from = row.shipping_status;
      if (row.payment_status !== 'paid' || !from) throw conflict('Only a paid order can be shipped.');
      if (nextShippingStatus[from] !== to) throw conflict(`An order that is ${from} cannot become ${to}.`);
      if (!(await orders.advanceShipping(id, from, to))) throw conflict('The order changed meanwhile. Reload and try again.');
      return toOrder({ ...row, shipping_status: to });
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
