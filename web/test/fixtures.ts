import { type Cart, cartSchema } from '../../common/schemas/cart.ts';
import { notPaidYet, untaxed } from '../../common/test/order-fixtures.ts';
import { orderDetailsSchema, type OrderDetails } from '../../common/schemas/order-details.ts';
import { orderSchema, type Order, type OrderLine } from '../../common/schemas/orders.ts';
import { productSchema, type Product } from '../../common/schemas/products.ts';
import { viewerSchema, type Viewer } from '../../common/schemas/users.ts';
import type { StaffRole } from '../../common/staff-roles.ts';

// Answers as the server sends them: each one checked against the wire schema it must fit.

export const customer: Viewer = viewerSchema.parse({
  id: 'u-customer',
  name: 'Ada Joiner',
  email: 'ada@example.com',
  role: 'user',
  staffRole: null,
  twoFactorEnabled: false,
  hasPassword: true,
  emailConfirmationNeeded: false,
});

/** The shop's owner, who may do everything. */
export const admin: Viewer = viewerSchema.parse({ ...customer, id: 'u-admin', name: 'Ann Admin', email: 'ann@example.com', role: 'admin', staffRole: 'owner' });

/** A staff member with another role than the owner's. */
export const staffMember = (staffRole: Exclude<StaffRole, 'owner'>): Viewer =>
  viewerSchema.parse({ ...customer, id: `u-${staffRole}`, name: `Sam ${staffRole}`, email: `${staffRole}@example.com`, role: 'admin', staffRole });

export const signedInAs = (viewer: Viewer | null) => ({ 'GET /api/session': { body: { user: viewer } } });

export const markingGauge: Product = productSchema.parse({
  _id: 'p-gauge',
  name: 'Marking Gauge',
  img: '/images/products/marking-gauge.webp',
  description: 'A wheel marking gauge in brass and rosewood.',
  price: 12.5,
  minQuantity: 3,
  availQuantity: 10,
  category: 'marking-and-measuring',
  weightGrams: 450,
  // Sold one way: no options, its price the lowest and the highest.
  priceMax: 12.5,
  options: [],
  hidden: false,
});

/** The server's price of a cart holding `quantity` marking gauges ($12.50, from 3, 10 in stock), with the line's `problem` if it has one. */
export const gaugeCart = (quantity: number, problem?: string): Cart =>
  cartSchema.parse({
    lines: [
      {
        productId: markingGauge._id,
        variantId: markingGauge._id,
        quantity,
        product: {
          name: markingGauge.name,
          img: markingGauge.img,
          price: markingGauge.price,
          minQuantity: markingGauge.minQuantity,
          availQuantity: markingGauge.availQuantity,
          variant: '',
          sku: 'GAUGE',
        },
        lineTotal: markingGauge.price * quantity,
        ...(problem ? { problem } : {}),
      },
    ],
    count: quantity,
    total: markingGauge.price * quantity,
    ready: !problem,
  });

/**
 * A line of an order as the server sends it before anything of it was sent or paid back: untaxed and
 * undiscounted unless `charged` says what its discount and tax were (its total follows from them).
 */
function orderLine(
  lineId: string,
  product: Pick<Product, '_id' | 'name' | 'img' | 'price'>,
  quantity: number,
  charged: { discount: number; taxRate: number; tax: number } = { discount: 0, taxRate: 0, tax: 0 },
): OrderLine {
  const price = product.price * quantity;
  return {
    lineId,
    productId: product._id,
    // Sold one way: the product's one variant, with its id and no label.
    variantId: product._id,
    sku: product._id.toUpperCase(),
    variant: '',
    product: product.name,
    img: product.img,
    unitPrice: product.price,
    quantity,
    price,
    shippedQuantity: 0,
    refundedQuantity: 0,
    restockedQuantity: 0,
    ...charged,
    total: Math.round((price - charged.discount + charged.tax) * 100) / 100,
  };
}

const dovetailSaw = { _id: 'p-saw', name: 'Dovetail Saw', img: '/images/products/dovetail-saw.webp', price: 64 };
const blockPlane = { _id: 'p-plane', name: 'Block Plane', img: '/images/products/block-plane.webp', price: 89 };

/** A Buy Now order: one line, three marking gauges, nothing added to their price. */
export const unpaidOrder: Order = orderSchema.parse({
  _id: 'o-1',
  productId: markingGauge._id,
  product: markingGauge.name,
  cutomerName: customer.name,
  email: customer.email,
  unitPrice: 12.5,
  price: 37.5,
  quantity: 3,
  phone: '+1 415 555 0100',
  adress: '12 Bench Lane, Leeds',
  createdAt: '2026-11-20T10:00:00.000Z',
  number: 1042,
  orderNumber: 'J-1042',
  ...notPaidYet,
  lines: [orderLine('l-1', markingGauge, 3)],
  totals: { subtotal: 37.5, shipping: 0, discount: 0, tax: 0, total: 37.5, currency: 'USD', ...untaxed },
  guest: false,
});

/** The same order paid, with the invoice its payment issued. */
export const paidOrder: Order = orderSchema.parse({
  ...unpaidOrder,
  paymentStatus: 'paid',
  transactionId: 'pi_local_paid',
  shippingStatus: 'pending',
  stage: 'to-ship',
  invoiceNumber: 'INV-2026-000012',
});

/**
 * A cart's order: three tools (3 gauges, a saw, 2 planes: $279.50), sent by Standard ($12), $10 off
 * with the code SAVE10 (shared over the lines by their amounts), and 8% of tax added on each line
 * after its discount (shipping untaxed): $303.06, so that every figure of the breakdown differs.
 */
export const cartOrder: Order = orderSchema.parse({
  ...unpaidOrder,
  _id: 'o-2',
  product: 'Marking Gauge and 2 more',
  price: 303.06,
  quantity: 6,
  number: 1043,
  orderNumber: 'J-1043',
  lines: [
    orderLine('l-2', markingGauge, 3, { discount: 1.34, taxRate: 8, tax: 2.89 }),
    orderLine('l-3', dovetailSaw, 1, { discount: 2.29, taxRate: 8, tax: 4.94 }),
    orderLine('l-4', blockPlane, 2, { discount: 6.37, taxRate: 8, tax: 13.73 }),
  ],
  totals: {
    subtotal: 279.5,
    shipping: 12,
    discount: 10,
    tax: 21.56,
    total: 303.06,
    currency: 'USD',
    taxIncluded: false,
    reverseCharge: false,
    taxByRate: [{ rate: 8, taxable: 269.5, tax: 21.56 }],
  },
  shippingMethod: { id: 'r-standard', name: 'Standard', kind: 'delivery' },
  discountCode: 'SAVE10',
});

/**
 * A guest's order (no account: opened by the key in its e-mail's link), not paid yet: two gauges to
 * California, $8.50 of Standard shipping and California's 7.25% on the goods.
 */
export const guestOrder: Order = orderSchema.parse({
  ...unpaidOrder,
  _id: 'o-guest',
  cutomerName: 'Gus Guest',
  email: 'gus@example.com',
  price: 35.31,
  quantity: 2,
  adress: '1 Redwood Road, Arcata, CA 95521, United States',
  number: 1050,
  orderNumber: 'J-1050',
  lines: [orderLine('l-9', markingGauge, 2, { discount: 0, taxRate: 7.25, tax: 1.81 })],
  totals: {
    subtotal: 25,
    shipping: 8.5,
    discount: 0,
    tax: 1.81,
    total: 35.31,
    currency: 'USD',
    taxIncluded: false,
    reverseCharge: false,
    taxByRate: [{ rate: 7.25, taxable: 25, tax: 1.81 }],
  },
  shippingMethod: { id: 'r-standard', name: 'Standard', kind: 'delivery' },
  guest: true,
});

/** A guest's order's key, as its e-mail's link carries it. */
export const guestOrderKey = 'k'.repeat(43);

/** An order's details page answer with nothing shipped or refunded yet: its timeline has what happened to it. */
export function detailsOf(order: Order): OrderDetails {
  const timeline = [{ kind: 'placed' as const, at: order.createdAt }, ...(order.paymentStatus === 'paid' ? [{ kind: 'paid' as const, at: order.paidAt ?? order.createdAt }] : [])];
  return orderDetailsSchema.parse({ order, refunds: [], shipments: [], returns: [], timeline });
}
