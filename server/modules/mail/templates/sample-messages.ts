import type { ContactMessage } from '../../../../common/schemas/inbox.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import type { OrderReturn } from '../../../../common/schemas/returns.ts';
import { emailConfirmation, passwordChanged, passwordReset, welcomeWithVerification } from './account-messages.ts';
import type { EmailContent } from './email-content.ts';
import { orderCancelled, orderDelivered, orderPlaced, orderRefunded, orderShipped, paymentReceipt } from './order-messages.ts';
import { returnApproved, returnReceived, returnRefused, returnRequested } from './return-messages.ts';
import { newContactMessage, newPaidOrder, newsletterAlreadySubscribed, newsletterConfirmation } from './shop-messages.ts';
import { backInStock, lowStockNotice, stockAlertConfirmation } from './stock-messages.ts';
import { reviewAnswered } from './review-messages.ts';
import { cartReminder } from './cart-messages.ts';

/** One of every message, filled with believable data: for the layout's tests and for looking at them. */
export function sampleMessages(publicUrl: string): Record<string, EmailContent> {
  const order: Order = {
    _id: '6f1c2a9e-3b4d-4e8f-9a01-23456789abcd',
    productId: 'p1',
    product: 'Bevel-edge chisel set <6 pieces> and 1 more',
    cutomerName: 'Carol Carpenter',
    email: 'carol@example.com',
    unitPrice: 189.5,
    price: 418.37,
    quantity: 3,
    phone: '+1 503 555 0142',
    adress: '12 Bench Lane, Oak Town, OR 97000',
    paymentStatus: 'paid',
    transactionId: 'pi_3Q8xYz',
    shippingStatus: 'pending',
    createdAt: '2026-11-23T09:30:00.000Z',
    paidAt: '2026-11-23T09:32:00.000Z',
    number: 1042,
    orderNumber: 'J-1042',
    stage: 'to-ship',
    cardBrand: 'visa',
    cardLast4: '4242',
    refundedAmount: 0,
    refundStatus: 'none',
    restockedQuantity: 0,
    lines: [
      {
        lineId: 'l1',
        productId: 'p1',
        variantId: 'p1',
        sku: 'JNR-P1',
        variant: '',
        product: 'Bevel-edge chisel set <6 pieces>',
        img: '',
        unitPrice: 189.5,
        quantity: 2,
        price: 379,
        shippedQuantity: 0,
        refundedQuantity: 0,
        restockedQuantity: 0,
        discount: 37.9,
        taxRate: 7.25,
        tax: 24.73,
        total: 365.83,
      },
      {
        lineId: 'l2',
        productId: 'p2',
        variantId: 'p2',
        sku: 'JNR-P2',
        variant: 'Width 10 mm · Handle Walnut',
        product: 'Marking gauge',
        img: '',
        unitPrice: 42,
        quantity: 1,
        price: 42,
        shippedQuantity: 0,
        refundedQuantity: 0,
        restockedQuantity: 0,
        discount: 4.2,
        taxRate: 7.25,
        tax: 2.74,
        total: 40.54,
      },
    ],
    totals: {
      subtotal: 421,
      shipping: 12,
      discount: 42.1,
      tax: 27.47,
      total: 418.37,
      currency: 'USD',
      taxIncluded: false,
      reverseCharge: false,
      taxByRate: [{ rate: 7.25, taxable: 378.9, tax: 27.47 }],
    },
    shippingMethod: { id: 'standard', name: 'Standard', kind: 'delivery' },
    discountCode: 'WORKSHOP10',
    guest: false,
  };
  const parcel = {
    id: 's1',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    createdAt: '2026-11-24T14:05:00.000Z',
    lines: [{ lineId: 'l1', product: 'Bevel-edge chisel set <6 pieces>', quantity: 2 }],
  };
  const contact: ContactMessage = {
    _id: 'c1',
    name: 'Walter Woodturner',
    email: 'walter@example.com',
    phone: '+1 503 555 0199',
    requirement: 'Do you make a left-handed version of the marking knife? I would order two.',
    createdAt: '2026-11-23T09:40:00.000Z',
  };
  const orderUrl = `${publicUrl}/dashboard/myorders`;
  const shipped = { shippingStatus: 'shipped', stage: 'shipped', shippedAt: '2026-11-24T14:05:00.000Z' } as const;
  const sampleReturn: OrderReturn = {
    id: 'r-1',
    number: 'J-1042-R1',
    orderId: order._id,
    orderNumber: order.orderNumber,
    customerName: order.cutomerName,
    status: 'requested',
    reason: 'wrong-size-or-variant',
    note: 'I need the 12 mm width.',
    lines: [{ lineId: 'l1', product: 'Joinery Bench Chisel', variant: 'Width 10 mm · Handle Ash', quantity: 1 }],
    createdAt: '2026-11-28T09:00:00.000Z',
  };
  return {
    welcome: welcomeWithVerification({ name: 'Carol Carpenter', verifyUrl: `${publicUrl}/verifyEmail?token=sample` }),
    'email-confirmation': emailConfirmation({ name: 'Carol Carpenter', verifyUrl: `${publicUrl}/verifyEmail?token=sample` }),
    'password-reset': passwordReset({ name: 'Carol Carpenter', resetUrl: `${publicUrl}/resetPassword?token=sample` }),
    'password-changed': passwordChanged({ name: 'Carol Carpenter', accountUrl: `${publicUrl}/dashboard` }),
    'order-placed': orderPlaced({ order: { ...order, paymentStatus: 'unpaid' }, payUrl: `${publicUrl}/dashboard/payment/${order._id}` }),
    'payment-receipt': paymentReceipt({ order, orderUrl }),
    'order-shipped': orderShipped({
      order: { ...order, ...shipped },
      shipment: { ...parcel, lines: [...parcel.lines, { lineId: 'l2', product: 'Marking gauge', quantity: 1 }] },
      orderUrl,
    }),
    'order-shipped-in-part': orderShipped({ order: { ...order, stage: 'partly-shipped' }, shipment: parcel, orderUrl }),
    'order-shipped-by-other-carrier': orderShipped({ order: { ...order, ...shipped }, shipment: { ...parcel, carrier: 'Parcelforce', trackingNumber: undefined }, orderUrl }),
    'order-delivered': orderDelivered({
      order: { ...order, ...shipped, shippingStatus: 'delivered', stage: 'delivered', carrier: 'UPS', deliveredAt: '2026-11-26T10:00:00.000Z' },
      orderUrl,
    }),
    'order-cancelled': orderCancelled({ order: { ...order, paymentStatus: 'unpaid' }, ordersUrl: `${publicUrl}/products`, expired: false }),
    'order-expired': orderCancelled({ order: { ...order, paymentStatus: 'unpaid' }, ordersUrl: `${publicUrl}/products`, expired: true }),
    'order-refunded-in-part': orderRefunded({
      order: { ...order, refundedAmount: 42, refundStatus: 'partial' },
      amount: 42,
      reason: 'One chisel arrived with a chipped edge.',
      orderUrl,
    }),
    'order-refunded-in-full': orderRefunded({
      order: { ...order, refundedAmount: 421, refundStatus: 'full', restockedQuantity: 3 },
      amount: 421,
      reason: 'Returned unused.',
      orderUrl,
    }),
    'return-requested': returnRequested({ order, made: sampleReturn, orderUrl }),
    'return-approved': returnApproved({ order, made: { ...sampleReturn, status: 'approved' }, orderUrl }),
    'return-refused': returnRefused({ order, made: { ...sampleReturn, status: 'refused', refusalReason: 'The chisel has been sharpened and used.' }, orderUrl }),
    'return-received-and-refunded': returnReceived({ order, made: { ...sampleReturn, status: 'received', resolution: 'refund' }, orderUrl }),
    'return-received-and-exchanged': returnReceived({
      order,
      made: {
        ...sampleReturn,
        status: 'received',
        resolution: 'exchange',
        exchange: { orderId: 'o-exchange', orderNumber: 'J-1050', variant: 'Joinery Bench Chisel · Width 12 mm · Handle Ash', amountDue: 0 },
      },
      orderUrl,
    }),
    'shop-new-paid-order': newPaidOrder({ order, manageUrl: `${publicUrl}/dashboard/manageorder` }),
    'shop-new-contact-message': newContactMessage({ message: contact, messagesUrl: `${publicUrl}/dashboard/messages` }),
    'newsletter-confirmation': newsletterConfirmation({
      confirmUrl: `${publicUrl}/newsletter/confirm?token=sample`,
      unsubscribeUrl: `${publicUrl}/newsletter/unsubscribe?token=sample`,
    }),
    'newsletter-already-subscribed': newsletterAlreadySubscribed({ unsubscribeUrl: `${publicUrl}/newsletter/unsubscribe?token=sample` }),
    'stock-alert-confirmation': stockAlertConfirmation({
      product: 'Joinery Bench Chisel',
      variant: 'Width 10 mm · Handle Walnut',
      confirmUrl: `${publicUrl}/stock-alerts/confirm?token=sample`,
      unsubscribeUrl: `${publicUrl}/stock-alerts/unsubscribe?token=sample`,
    }),
    'back-in-stock': backInStock({
      product: 'Joinery Bench Chisel',
      variant: 'Width 10 mm · Handle Walnut',
      productUrl: `${publicUrl}/products/p1`,
      unsubscribeUrl: `${publicUrl}/stock-alerts/unsubscribe?token=sample`,
    }),
    'review-answered': reviewAnswered({
      name: 'Carol Carpenter',
      productName: 'Marking gauge',
      review: 'Good gauge, the pin could be sharper. <b>Still</b> my favourite.',
      reply: 'Thank you, Carol: since May the pins are ground finer. Write to us and we will send you a new one.',
      reviewUrl: `${publicUrl}/products/p2#reviews`,
    }),
    'low-stock': lowStockNotice({
      product: 'Joinery Bench Chisel',
      variant: 'Width 10 mm · Handle Walnut',
      sku: 'JNR-BC-10-WAL',
      stock: 3,
      threshold: 5,
      canOrder: 2,
      manageUrl: `${publicUrl}/dashboard/manageproducts`,
    }),
    'cart-reminder': cartReminder({
      number: 1,
      cart: {
        lines: [
          { name: 'Joinery Bench Chisel (Width 10 mm · Handle Walnut)', quantity: 2, unitPrice: 189.5, total: 379 },
          { name: 'Marking gauge', quantity: 1, unitPrice: 38.5, total: 38.5 },
        ],
        total: 417.5,
      },
      restoreUrl: `${publicUrl}/cart/restore?token=sample`,
      stopUrl: `${publicUrl}/cart/reminders/stop?token=sample`,
    }),
  };
}
