import { customerDataFormat } from '../../../common/schemas/customer-data.ts';
import { orderNumberLabel } from '../../../common/ordering.ts';
import { describeDevice } from '../auth/user-agent.ts';
import type { CustomerDataRepository, OrderPlace, Person } from './customer-data-repository.ts';

/** Orders read per query: a customer with thousands of orders is exported a page at a time, never held whole. */
export const exportOrderBatch = 100;

const iso = (value: Date | string | null | undefined) => (value == null ? null : new Date(value).toISOString());
const flag = (value: boolean | number | null | undefined) => Boolean(value);

type OrdersParts = Awaited<ReturnType<CustomerDataRepository['ordersParts']>>;
type OrderRow = Awaited<ReturnType<CustomerDataRepository['ordersPage']>>[number];

/** Rows of `rows` whose `key` is `id`. */
const of = <Row, K extends keyof Row>(rows: readonly Row[], key: K, id: Row[K]) => rows.filter((row) => row[key] === id);

/** One order as the file says it: what was bought, what it came to, and what became of it. */
function orderEntry(order: OrderRow, parts: OrdersParts) {
  const lineNumber = new Map(parts.lines.map((line) => [line.id, line.line]));
  const invoice = parts.invoices.find((row) => row.order_id === order.id);
  return {
    number: orderNumberLabel(order.number),
    placedAt: order.created_at,
    customerName: order.customer_name,
    email: order.email,
    phone: order.phone,
    shippingAddress: {
      name: order.ship_name,
      line1: order.ship_line1,
      line2: order.ship_line2,
      city: order.ship_city,
      region: order.ship_region,
      postalCode: order.ship_postal_code,
      country: order.ship_country,
    },
    business: order.buyer_company || order.buyer_vat_number ? { company: order.buyer_company, vatNumber: order.buyer_vat_number } : null,
    shipping: { method: order.shipping_rate_name, kind: order.shipping_kind, pickupAddress: order.pickup_address },
    lines: of(parts.lines, 'order_id', order.id).map((line) => ({
      line: line.line,
      product: line.product,
      variant: line.variant,
      sku: line.sku,
      quantity: line.quantity,
      unitPriceCents: line.unit_price_cents,
      discountCents: line.discount_cents,
      taxCents: line.tax_cents,
      totalCents: line.total_cents,
      shipped: line.shipped_quantity,
      refunded: line.refunded_quantity,
    })),
    totals: {
      currency: order.currency,
      subtotalCents: order.subtotal_cents,
      shippingCents: order.shipping_cents,
      discountCents: order.discount_cents,
      discountCode: order.discount_code,
      taxCents: order.tax_cents,
      taxIncluded: flag(order.tax_included),
      totalCents: order.price_cents,
      refundedCents: order.refunded_cents,
    },
    payment: {
      status: order.payment_status,
      paidAt: order.paid_at,
      card: order.card_last4 ? { brand: order.card_brand, last4: order.card_last4 } : null,
      reference: order.transaction_id,
      attempts: of(parts.payments, 'order_id', order.id).map((payment) => ({ reference: payment.payment_id, startedAt: payment.created_at })),
    },
    invoice: invoice ? { number: invoice.number, issuedAt: invoice.issued_at, totalCents: invoice.total_cents, taxCents: invoice.tax_cents } : null,
    refunds: of(parts.refunds, 'order_id', order.id).map((refund) => {
      const note = parts.creditNotes.find((row) => row.refund_id === refund.id);
      return {
        at: refund.created_at,
        amountCents: refund.amount_cents,
        reason: refund.reason,
        status: refund.status,
        lines: of(parts.refundLines, 'refund_id', refund.id).map((line) => ({ line: lineNumber.get(line.line_id), quantity: line.quantity })),
        creditNote: note ? { number: note.number, issuedAt: note.issued_at, amountCents: note.amount_cents, taxCents: note.tax_cents } : null,
      };
    }),
    shipments: of(parts.shipments, 'order_id', order.id).map((shipment) => ({
      at: shipment.created_at,
      carrier: shipment.carrier,
      trackingNumber: shipment.tracking_number,
      lines: of(parts.shipmentLines, 'shipment_id', shipment.id).map((line) => ({ line: lineNumber.get(line.line_id), quantity: line.quantity })),
    })),
    shippingStatus: order.shipping_status,
    deliveredAt: order.delivered_at,
    cancelledAt: order.cancelled_at,
    cancelReason: order.cancel_reason,
    returns: of(parts.returns, 'order_id', order.id).map((entry) => ({
      number: `${orderNumberLabel(order.number)}-R${entry.seq}`,
      status: entry.status,
      reason: entry.reason,
      note: entry.note,
      refusalReason: entry.refusal_reason,
      resolution: entry.resolution,
      requestedAt: entry.created_at,
      decidedAt: entry.decided_at,
      receivedAt: entry.received_at,
      lines: of(parts.returnLines, 'return_id', entry.id).map((line) => ({ line: lineNumber.get(line.line_id), quantity: line.quantity })),
    })),
  };
}

/** Everything but the orders: small enough to read at once. */
async function accountPart(data: CustomerDataRepository, person: Person) {
  // What was left under the address by whoever typed it is theirs only once they proved they read its mail (ADR 016).
  const byAddress = person.emailVerified;
  const [profile, methods, sessions, addresses, cart, wishlist, reviews, newsletter, newsletters, stockAlerts, messages, reminders] = await Promise.all([
    data.profile(person.id),
    data.signInMethods(person.id),
    data.sessions(person.id),
    data.addresses(person.id),
    data.cart(person.id),
    data.wishlist(person.id),
    data.reviews(person.email),
    byAddress ? data.newsletter(person.email) : undefined,
    byAddress ? data.newsletterMessages(person.email) : [],
    byAddress ? data.stockAlerts(person.email) : [],
    byAddress ? data.contactMessages(person.email) : [],
    data.cartReminders(person.id, byAddress ? person.email : undefined),
  ]);
  return {
    profile: {
      name: profile.name,
      email: profile.email,
      emailConfirmed: flag(profile.emailVerified),
      phoneNumber: profile.phoneNumber,
      phoneNumberConfirmed: flag(profile.phoneNumberVerified),
      education: profile.education,
      location: profile.location,
      contactNumber: profile.contactNumber,
      role: profile.staff_role ?? 'customer',
      twoFactorEnabled: flag(profile.twoFactorEnabled),
      createdAt: iso(profile.createdAt),
      updatedAt: iso(profile.updatedAt),
    },
    signInMethods: methods.map((method) => ({ method: method.providerId, addedAt: iso(method.createdAt) })),
    sessions: sessions.map((session) => ({
      ...describeDevice(session.userAgent),
      userAgent: session.userAgent,
      address: session.ipAddress,
      signedInAt: iso(session.createdAt),
      lastActiveAt: iso(session.updatedAt),
      expiresAt: iso(session.expiresAt),
    })),
    addresses: addresses.map((address) => ({
      name: address.name,
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      region: address.region,
      postalCode: address.postal_code,
      country: address.country,
      default: flag(address.is_default),
      createdAt: address.created_at,
      updatedAt: address.updated_at,
    })),
    cart: cart.map((line) => ({ productId: line.product_id, product: line.product, sku: line.sku, quantity: line.quantity, addedAt: line.added_at })),
    wishlist: wishlist.map((item) => ({ productId: item.product_id, product: item.product, addedAt: item.added_at })),
    newsletter: {
      ...(newsletter ? { subscribed: true, email: newsletter.email, subscribedAt: newsletter.created_at, confirmedAt: newsletter.confirmed_at } : { subscribed: false }),
      received: newsletters.map((message) => ({
        subject: message.subject,
        state: message.state,
        queuedAt: message.queued_at,
        sentAt: message.done_at,
        unsubscribedAt: message.unsubscribed_at,
      })),
    },
    cartReminders: reminders.map((reminder) => ({
      cartChangedAt: reminder.changed_at,
      remindersSent: reminder.reminders_sent,
      lastRemindedAt: reminder.last_reminded_at,
      boughtAt: reminder.bought_at,
      unsubscribedAt: reminder.unsubscribed_at,
    })),
    stockAlerts: stockAlerts.map((alert) => ({
      productId: alert.product_id,
      product: alert.product,
      variantId: alert.variant_id || null,
      createdAt: alert.created_at,
      confirmedAt: alert.confirmed_at,
      notifiedAt: alert.notified_at,
      unsubscribedAt: alert.unsubscribed_at,
    })),
    reviews: reviews.map((review) => ({
      productId: review.product_id,
      name: review.name,
      review: review.review,
      rating: review.ratings,
      verifiedBuyer: flag(review.verified_buyer),
      createdAt: review.created_at,
    })),
    contactMessages: messages.map((message) => ({ name: message.name, email: message.email, phone: message.phone, message: message.requirement, sentAt: message.created_at })),
  };
}

/** The file as a reader parses it. */
export type CustomerDataFile = { format: string; exportedAt: string } & Awaited<ReturnType<typeof accountPart>> & { orders: ReturnType<typeof orderEntry>[] };

/**
 * The person's data as one JSON document, in pieces: the account first, then the orders a page at a
 * time (`exportOrderBatch`), each page with its lines, payments, refunds, shipments and returns read
 * in one query each. Tokens, password hashes and staff notes are never in it.
 */
export async function* customerDataChunks(data: CustomerDataRepository, person: Person, exportedAt: string): AsyncGenerator<string> {
  const head = { format: customerDataFormat, exportedAt, ...(await accountPart(data, person)) };
  // The head's closing brace is left off: the orders follow inside the same object.
  yield `${JSON.stringify(head).slice(0, -1)},"orders":[`;
  let after: OrderPlace | undefined;
  let first = true;
  for (;;) {
    const orders = await data.ordersPage(person.id, after, exportOrderBatch);
    const parts = await data.ordersParts(orders.map((order) => order.id));
    const entries = orders.map((order) => JSON.stringify(orderEntry(order, parts)));
    if (entries.length > 0) {
      yield `${first ? '' : ','}${entries.join(',')}`;
      first = false;
    }
    const last = orders.at(-1);
    if (!last || orders.length < exportOrderBatch) break;
    after = { createdAt: last.created_at, id: last.id };
  }
  yield ']}';
}
