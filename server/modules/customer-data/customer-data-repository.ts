import { type Selectable, sql } from 'kysely';
import { erasedAccountEmail } from '../../../common/account-contact.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { becomeTheWriter } from '../../db/row-lock.ts';
import type { OrdersTable } from '../../db/schema.ts';
import { dropUnsentMailTo } from './unsent-mail-repository.ts';

/** The account a request names, as erasure and export need it. */
export interface Person {
  id: string;
  name: string;
  email: string;
  /** Whether the account proved it reads its address: only then is what was left under that address (subscriptions, alerts, messages) theirs (ADR 016). */
  emailVerified: boolean;
  phoneNumber: string | null;
}

/** Where a page of a customer's orders ends: the next page starts after it. */
export interface OrderPlace {
  createdAt: string;
  id: string;
}

/** Why an erasure is refused, which the service words. */
export type ErasureRefusal =
  { outcome: 'gone' } | { outcome: 'staff'; name: string } | { outcome: 'last-owner' } | { outcome: 'in-flight'; orderNumbers: number[] } | { outcome: 'unpaid-open' };

/** Who erases: the person themself, or staff at their request (who may not erase a staff member's account). */
export type Eraser = 'self' | 'staff';

/** How an erasure ended: done (with what it did), or refused. */
export type ErasureOutcome = { outcome: 'erased'; anonymisedOrders: number; reviews: number } | ErasureRefusal;

/** The name an erased customer's kept orders carry. */
export const erasedName = 'Erased customer';

/**
 * Every table that holds a person's data, read for their export and erased in one transaction (ADR
 * 046). It is the one place that knows each personal column: a table added with one adds its lines
 * here, and `customer-data.api.test.ts`, which searches every text column of every table after an
 * erasure, fails until it does.
 */
export function createCustomerDataRepository(db: Database) {
  /** Orders that are the person's: their account's (a guest order is joined to it once its address is confirmed, ADR 038). */
  const ordersOf = (executor: Database, userId: string) => executor.selectFrom('orders').where('user_id', '=', userId);

  /**
   * Why the person may not be erased now, if they may not: gone already; on the staff, when staff
   * erase them (an owner takes the role away first); the shop's only owner; or an
   * order paid and not yet delivered (null: paid before shipping was tracked, so not known to be
   * delivered), or with a return or refund under way.
   */
  async function refusalOf(executor: Database, person: Person, by: Eraser): Promise<ErasureRefusal | undefined> {
    const now = await executor.selectFrom('user').select(['name', 'staff_role']).where('id', '=', person.id).executeTakeFirst();
    if (!now) return { outcome: 'gone' };
    if (by === 'staff' && now.staff_role !== null) return { outcome: 'staff', name: now.name };
    if (now.staff_role === 'owner') {
      const owners = await executor
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('staff_role', '=', 'owner')
        .executeTakeFirstOrThrow();
      if (Number(owners.count) <= 1) return { outcome: 'last-owner' };
    }
    const inFlight = await ordersOf(executor, person.id)
      .select('number')
      .where('cancelled_at', 'is', null)
      .where('payment_status', '=', 'paid')
      .where((eb) =>
        eb.or([
          eb('shipping_status', 'is', null),
          eb('shipping_status', 'in', ['pending', 'shipped']),
          eb.exists(eb.selectFrom('returns').select('returns.id').whereRef('returns.order_id', '=', 'orders.id').where('returns.status', 'in', ['requested', 'approved'])),
          eb.exists(eb.selectFrom('refunds').select('refunds.id').whereRef('refunds.order_id', '=', 'orders.id').where('refunds.status', '=', 'pending')),
        ]),
      )
      .orderBy('number')
      .execute();
    if (inFlight.length > 0) return { outcome: 'in-flight', orderNumbers: inFlight.map((row) => Number(row.number)) };
    return undefined;
  }

  return {
    async findPerson(by: { id: string } | { email: string }): Promise<Person | undefined> {
      let query = db.selectFrom('user').select(['id', 'name', 'email', 'emailVerified', 'phoneNumber']);
      query = 'id' in by ? query.where('id', '=', by.id) : query.where('email', '=', by.email.trim().toLowerCase());
      const row = await query.executeTakeFirst();
      return row && { id: row.id, name: row.name, email: row.email, emailVerified: Boolean(row.emailVerified), phoneNumber: row.phoneNumber };
    },

    /** When the session began: a deletion needs a recent sign-in. */
    async sessionStartedAt(sessionId: string): Promise<Date | undefined> {
      const row = await db.selectFrom('session').select('createdAt').where('id', '=', sessionId).executeTakeFirst();
      return row && new Date(row.createdAt);
    },

    profile: (userId: string) =>
      db
        .selectFrom('user')
        .select([
          'name',
          'email',
          'emailVerified',
          'phoneNumber',
          'phoneNumberVerified',
          'education',
          'location',
          'contactNumber',
          'role',
          'staff_role',
          'twoFactorEnabled',
          'createdAt',
          'updatedAt',
        ])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow(),

    /** How the person signs in: the provider and when it was added; never a password hash or a provider's token. */
    signInMethods: (userId: string) => db.selectFrom('account').select(['providerId', 'createdAt']).where('userId', '=', userId).orderBy('createdAt').execute(),

    /** Every session: its device, address and dates; never its token. */
    sessions: (userId: string) =>
      db.selectFrom('session').select(['createdAt', 'updatedAt', 'expiresAt', 'ipAddress', 'userAgent']).where('userId', '=', userId).orderBy('createdAt').execute(),

    addresses: (userId: string) =>
      db
        .selectFrom('addresses')
        .select(['name', 'line1', 'line2', 'city', 'region', 'postal_code', 'country', 'is_default', 'created_at', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),

    cart: (userId: string) =>
      db
        .selectFrom('cart_items')
        .leftJoin('products', 'products.id', 'cart_items.product_id')
        .leftJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
        .select(['cart_items.product_id', 'products.name as product', 'product_variants.sku', 'cart_items.quantity', 'cart_items.added_at'])
        .where('cart_items.user_id', '=', userId)
        .orderBy('cart_items.added_at')
        .execute(),

    wishlist: (userId: string) =>
      db
        .selectFrom('wishlist_items')
        .leftJoin('products', 'products.id', 'wishlist_items.product_id')
        .select(['wishlist_items.product_id', 'products.name as product', 'wishlist_items.added_at'])
        .where('wishlist_items.user_id', '=', userId)
        .orderBy('wishlist_items.added_at')
        .execute(),

    reviews: (email: string) =>
      db.selectFrom('reviews').select(['product_id', 'name', 'review', 'ratings', 'verified_buyer', 'created_at']).where('email', '=', email).orderBy('created_at').execute(),

    newsletter: (email: string) => db.selectFrom('newsletter_subscribers').select(['email', 'created_at', 'confirmed_at']).where('email', '=', email).executeTakeFirst(),

    /** The newsletters sent to the address: which, when, and whether they left the list by its link. */
    newsletterMessages: (email: string) =>
      db
        .selectFrom('newsletter_campaign_recipients')
        .innerJoin('newsletter_campaigns', 'newsletter_campaigns.id', 'newsletter_campaign_recipients.campaign_id')
        .select(['newsletter_campaigns.subject', 'newsletter_campaign_recipients.state', 'queued_at', 'done_at', 'newsletter_campaign_recipients.unsubscribed_at'])
        .where('newsletter_campaign_recipients.email', '=', email)
        .orderBy('queued_at')
        .execute(),

    /** The reminders of a cart left waiting: the account's, and a guest's under the address once it is theirs. */
    cartReminders: (userId: string, email: string | undefined) =>
      db
        .selectFrom('cart_reminders')
        .select(['changed_at', 'reminders_sent', 'last_reminded_at', 'bought_at', 'unsubscribed_at', 'created_at'])
        .where((eb) => eb.or([eb('user_id', '=', userId), ...(email ? [eb('email', '=', email)] : [])]))
        .orderBy('created_at')
        .execute(),

    stockAlerts: (email: string) =>
      db
        .selectFrom('stock_alerts')
        .leftJoin('products', 'products.id', 'stock_alerts.product_id')
        .select(['stock_alerts.product_id', 'products.name as product', 'stock_alerts.variant_id', 'confirmed_at', 'notified_at', 'unsubscribed_at', 'stock_alerts.created_at'])
        .where('stock_alerts.email', '=', email)
        .orderBy('stock_alerts.created_at')
        .execute(),

    contactMessages: (email: string) =>
      db.selectFrom('contact_messages').select(['name', 'email', 'phone', 'requirement', 'created_at']).where('email', '=', email).orderBy('created_at').execute(),

    /** One page of the person's orders, oldest first, after `after`: the export reads them a page at a time. */
    ordersPage(userId: string, after: OrderPlace | undefined, limit: number): Promise<Selectable<OrdersTable>[]> {
      let query = ordersOf(db, userId).selectAll();
      if (after) query = query.where((eb) => eb.or([eb('created_at', '>', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)])]));
      return query.orderBy('created_at').orderBy('id').limit(limit).execute();
    },

    /** What belongs to a page of orders, each read once for the whole page. */
    async ordersParts(orderIds: string[]) {
      if (orderIds.length === 0)
        return { lines: [], refunds: [], refundLines: [], shipments: [], shipmentLines: [], payments: [], invoices: [], creditNotes: [], returns: [], returnLines: [] };
      const [lines, refunds, refundLines, shipments, shipmentLines, payments, invoices, creditNotes, returns, returnLines] = await Promise.all([
        db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('line').execute(),
        db.selectFrom('refunds').select(['id', 'order_id', 'amount_cents', 'reason', 'status', 'created_at']).where('order_id', 'in', orderIds).orderBy('created_at').execute(),
        db
          .selectFrom('refund_lines')
          .innerJoin('refunds', 'refunds.id', 'refund_lines.refund_id')
          .select(['refund_id', 'line_id', 'quantity'])
          .where('refunds.order_id', 'in', orderIds)
          .execute(),
        db.selectFrom('shipments').select(['id', 'order_id', 'carrier', 'tracking_number', 'created_at']).where('order_id', 'in', orderIds).orderBy('created_at').execute(),
        db
          .selectFrom('shipment_lines')
          .innerJoin('shipments', 'shipments.id', 'shipment_lines.shipment_id')
          .select(['shipment_id', 'line_id', 'quantity'])
          .where('shipments.order_id', 'in', orderIds)
          .execute(),
        db.selectFrom('order_payments').select(['payment_id', 'order_id', 'created_at']).where('order_id', 'in', orderIds).orderBy('created_at').execute(),
        db.selectFrom('invoices').select(['order_id', 'number', 'issued_at', 'total_cents', 'tax_cents']).where('order_id', 'in', orderIds).execute(),
        db.selectFrom('credit_notes').select(['order_id', 'refund_id', 'number', 'issued_at', 'amount_cents', 'tax_cents']).where('order_id', 'in', orderIds).execute(),
        db
          .selectFrom('returns')
          .select(['id', 'order_id', 'seq', 'status', 'reason', 'note', 'refusal_reason', 'resolution', 'created_at', 'decided_at', 'received_at'])
          .where('order_id', 'in', orderIds)
          .orderBy('seq')
          .execute(),
        db
          .selectFrom('return_lines')
          .innerJoin('returns', 'returns.id', 'return_lines.return_id')
          .select(['return_id', 'line_id', 'quantity'])
          .where('returns.order_id', 'in', orderIds)
          .execute(),
      ]);
      return { lines, refunds, refundLines, shipments, shipmentLines, payments, invoices, creditNotes, returns, returnLines };
    },

    /** Why the person may not be erased now, read before anything is changed (the erasure asks again as it writes). */
    refusal: (person: Person, by: Eraser) => refusalOf(db, person, by),

    /** The person's orders still open and unpaid: cancelled (through the orders module) before the erasure. */
    async openUnpaidOrderIds(userId: string): Promise<string[]> {
      const rows = await ordersOf(db, userId).select('id').where('payment_status', '=', 'unpaid').where('cancelled_at', 'is', null).execute();
      return rows.map((row) => row.id);
    },

    /**
     * Erases the person in one transaction, or nothing. It first holds what decides whether it may: on
     * PostgreSQL every owner's row with the person's (as a change of role does, so that two owners
     * cannot leave the shop without one) and then the person's orders (a payment landing meanwhile
     * waits, then finds the order cancelled); on SQLite, the one writer. Refused as `refusalOf` says,
     * or when an unpaid order was placed after the others were cancelled. Then: the orders keep their numbers, lines, amounts, tax, payments,
     * refunds and shipments, without the person's name, address, phone, e-mail or business details;
     * the staff's notes on them, the person's reviews, subscription, alerts, messages, cart reminders,
     * one-time codes, the mail to their address not yet sent (ADR 046) and the counters of their address and phone go (the newsletters sent to them stay
     * in their campaigns' figures, addressed to nobody); and the account goes, with its sign-in methods, sessions,
     * authenticator, addresses, cart and wishlist (their foreign keys cascade; deleted here all the same,
     * so that the erasure does not rest on a pragma). `alongside` runs last in the transaction (the
     * audit trail's record of a staff member's erasure).
     */
    async erase(person: Person, by: Eraser, alongside?: (transaction: Database) => Promise<void>): Promise<ErasureOutcome> {
      return db.transaction().execute(async (trx): Promise<ErasureOutcome> => {
        if (isPostgres(trx)) {
          await sql`select id from ${sql.table('user')} where staff_role = 'owner' or id = ${person.id} order by id for update`.execute(trx);
          await sql`select id from orders where user_id = ${person.id} order by id for update`.execute(trx);
        } else await becomeTheWriter(trx);

        // Under the hold of the person's row: a role given meanwhile is seen here (a change of role holds the row too).
        const refusal = await refusalOf(trx, person, by);
        if (refusal) return refusal;
        const unpaid = await ordersOf(trx, person.id).select('id').where('payment_status', '=', 'unpaid').where('cancelled_at', 'is', null).limit(1).executeTakeFirst();
        if (unpaid) return { outcome: 'unpaid-open' };

        const orderIds = ordersOf(trx, person.id).select('id');
        const anonymousEmail = erasedAccountEmail(person.id);
        await trx.deleteFrom('order_notes').where('order_id', 'in', orderIds).execute();
        await trx.updateTable('returns').set({ note: null }).where('order_id', 'in', orderIds).execute();
        await trx.updateTable('discount_redemptions').set({ customer: anonymousEmail }).where('order_id', 'in', orderIds).execute();
        const anonymised = await trx
          .updateTable('orders')
          .set({
            customer_name: erasedName,
            email: anonymousEmail,
            phone: '',
            adress: '',
            // The country and region stay: the tax charged was the destination's, and the sales figures by destination count it.
            ship_name: null,
            ship_line1: null,
            ship_line2: null,
            ship_city: null,
            ship_postal_code: null,
            buyer_company: null,
            buyer_vat_number: null,
            card_brand: null,
            card_last4: null,
            user_id: null,
          })
          .where('user_id', '=', person.id)
          .executeTakeFirst();

        const reviews = await trx.deleteFrom('reviews').where('email', '=', person.email).executeTakeFirst();
        await trx.deleteFrom('cart_reminders').where('user_id', '=', person.id).execute();
        if (person.emailVerified) {
          // What was left under the address by whoever typed it is the person's once they proved they read its mail (ADR 016).
          await trx.deleteFrom('cart_reminders').where('email', '=', person.email).execute();
          // A campaign's figures count its messages: each stays, addressed to nobody.
          await trx.updateTable('newsletter_campaign_recipients').set({ email: anonymousEmail }).where('email', '=', person.email).execute();
          await trx.deleteFrom('newsletter_subscribers').where('email', '=', person.email).execute();
          await trx.deleteFrom('stock_alerts').where('email', '=', person.email).execute();
          await trx.deleteFrom('contact_messages').where('email', '=', person.email).execute();
        }
        const identifiers = [person.email, ...(person.phoneNumber ? [person.phoneNumber] : [])];
        await trx
          .deleteFrom('verification')
          .where((eb) => eb.or([eb('identifier', 'in', identifiers), eb('value', '=', person.id)]))
          .execute();
        // The counters of mail sent to the address, of codes texted to the number and of the account's calls name them.
        const counters = [`account-mail:${person.email}`, ...(person.phoneNumber ? [`sms-number:${person.phoneNumber}`] : [])];
        await trx
          .deleteFrom('rate_limit_hits')
          // The route limits count a signed-in caller by their account (`…account:{id}`, server/plugins/rate-limit.ts); an id holds no LIKE wildcard.
          .where((eb) => eb.or([eb('key', 'in', counters), eb('key', 'like', `%account:${person.id}`)]))
          .execute();

        // Mail not yet sent to the address (failed, say) keeps it and the message in the job queue.
        await dropUnsentMailTo(trx, person.email);

        await trx.deleteFrom('session').where('userId', '=', person.id).execute();
        await trx.deleteFrom('account').where('userId', '=', person.id).execute();
        await trx.deleteFrom('twoFactor').where('userId', '=', person.id).execute();
        await trx.deleteFrom('addresses').where('user_id', '=', person.id).execute();
        await trx.deleteFrom('cart_items').where('user_id', '=', person.id).execute();
        await trx.deleteFrom('wishlist_items').where('user_id', '=', person.id).execute();
        await trx.deleteFrom('user').where('id', '=', person.id).execute();
        await alongside?.(trx);
        return { outcome: 'erased', anonymisedOrders: Number(anonymised.numUpdatedRows), reviews: Number(reviews.numDeletedRows) };
      });
    },
  };
}

export type CustomerDataRepository = ReturnType<typeof createCustomerDataRepository>;
