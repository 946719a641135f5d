import { orderSchema, type Order } from '../../common/schemas/orders.ts';
import { productSchema, type Product } from '../../common/schemas/products.ts';
import { viewerSchema, type Viewer } from '../../common/schemas/users.ts';

// Answers as the server sends them: each one checked against the wire schema it must fit.

export const customer: Viewer = viewerSchema.parse({
  id: 'u-customer',
  name: 'Ada Joiner',
  email: 'ada@example.com',
  role: 'user',
  twoFactorEnabled: false,
  hasPassword: true,
  emailConfirmationNeeded: false,
});

export const admin: Viewer = viewerSchema.parse({ ...customer, id: 'u-admin', name: 'Ann Admin', email: 'ann@example.com', role: 'admin' });

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
});

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
  paymentStatus: 'unpaid',
  createdAt: '2026-11-20T10:00:00.000Z',
  orderNumber: 'J-1042',
  stage: 'unpaid',
  refundedAmount: 0,
  refundStatus: 'none',
  restockedQuantity: 0,
});

export const paidOrder: Order = orderSchema.parse({ ...unpaidOrder, paymentStatus: 'paid', transactionId: 'pi_local_paid', shippingStatus: 'pending', stage: 'to-ship' });
