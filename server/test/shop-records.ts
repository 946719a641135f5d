import type { Insertable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { OrdersTable } from '../db/schema.ts';
import { newRecordId } from '../record-id.ts';

/**
 * Rows written straight into the database, for tests that need records with chosen dates and
 * statuses (a message sent last month, an order paid 31 days ago) that the API would stamp with now.
 */

export async function addContactMessage(db: Database, createdAt: string, fields: { name?: string; email?: string; requirement?: string } = {}) {
  const row = {
    id: newRecordId(),
    name: fields.name ?? 'Ann Joiner',
    email: fields.email ?? 'ann.joiner@example.com',
    phone: '',
    requirement: fields.requirement ?? 'A set of chisels, please.',
    created_at: createdAt,
  };
  await db.insertInto('contact_messages').values(row).execute();
  return row;
}

/** Newsletter subscribers who confirmed their address when they subscribed. */
export async function addSubscribers(db: Database, subscribers: { email: string; createdAt: string }[]) {
  const rows = subscribers.map(({ email, createdAt }) => ({ id: newRecordId(), email, created_at: createdAt, confirmed_at: createdAt }));
  // In slices: PostgreSQL takes at most 65,535 parameters in one statement.
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insertInto('newsletter_subscribers')
      .values(rows.slice(start, start + 1000))
      .execute();
  }
  return rows;
}

/** When an unpaid recorded order was placed: a fixed day, as no test reads it. */
const placedAt = '2026-01-05T10:00:00.000Z';

export interface RecordedOrder {
  priceCents?: number;
  /** Unpaid when absent. */
  paidAt?: string;
  shippingStatus?: OrdersTable['shipping_status'];
}

/**
 * An order as the shop would hold it: paid when paidAt is given, with a shipping status (pending
 * unless told; null for an order paid before shipping was tracked).
 */
export async function addOrder(db: Database, { priceCents = 1000, paidAt, shippingStatus }: RecordedOrder = {}) {
  const id = newRecordId();
  const row: Insertable<OrdersTable> = {
    id,
    product_id: null,
    product: 'Recorded order',
    customer_name: 'Rita Recorded',
    email: 'rita@example.com',
    unit_price_cents: priceCents,
    price_cents: priceCents,
    subtotal_cents: priceCents,
    quantity: 1,
    phone: '+1 555 010 2030',
    adress: '12 Bench Lane, Oak Town',
    payment_status: paidAt ? 'paid' : 'unpaid',
    transaction_id: paidAt ? `pi_${newRecordId()}` : null,
    created_at: paidAt ?? placedAt,
    user_id: null,
    paid_at: paidAt ?? null,
    shipping_status: paidAt ? (shippingStatus === undefined ? 'pending' : shippingStatus) : null,
  };
  await db.insertInto('orders').values(row).execute();
  await db
    .insertInto('order_lines')
    .values({ id: newRecordId(), order_id: id, line: 1, product_id: null, product: row.product, img: '', unit_price_cents: priceCents, quantity: 1, price_cents: priceCents })
    .execute();
  return row;
}
