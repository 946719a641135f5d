import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DatabaseSchema as DB } from '../../db/schema.ts';
import { cartRemindersPerEpisode } from '../../../common/schemas/cart-reminders.ts';

/** A cart whose reminder may be due, as the sweep reads it. */
export interface DueCart {
  id: string;
  userId: string | null;
  /** The guest's address, or the customer's account's. */
  email: string | null;
  /** A guest's lines, JSON. */
  lines: string | null;
  remindersSent: number;
  changedAt: string;
}

/** A cart a link found. */
export interface LinkedCart {
  id: string;
  userId: string | null;
  lines: string | null;
}

type Reminders = ExpressionBuilder<DB & { r: DB['cart_reminders'] }, 'r'>;

/**
 * Still in the episode a reminder belongs to: not stopped, changed since the last purchase (if any), and
 * changed since a sweep last found nothing in it to remind of (if it did).
 */
const remindable = (eb: Reminders) =>
  eb.and([
    eb('r.unsubscribed_at', 'is', null),
    eb.or([eb('r.bought_at', 'is', null), eb('r.changed_at', '>', eb.ref('r.bought_at'))]),
    eb.or([eb('r.skipped_at', 'is', null), eb('r.changed_at', '>', eb.ref('r.skipped_at'))]),
  ]);

/** A customer's cart has lines in `cart_items`; a guest's, in its own row until it is bought. */
const hasLines = (eb: Reminders) =>
  eb.or([
    eb('r.lines', 'is not', null),
    eb.exists(
      eb
        .selectFrom('cart_items as i')
        .select(sql<number>`1`.as('one'))
        .whereRef('i.user_id', '=', 'r.user_id'),
    ),
  ]);

/** Cart reminders (ADR 045): when each cart last changed, the reminders of its episode, purchases and refusals. */
export function createCartReminderRepository(db: Database) {
  return {
    /** A customer's cart changed, in the transaction of the change: the wait for its reminder starts again. */
    async touch(trx: Database, cart: { id: string; tokenHash: string; userId: string; now: string }): Promise<void> {
      await trx
        .insertInto('cart_reminders')
        .values({ id: cart.id, user_id: cart.userId, token_hash: cart.tokenHash, changed_at: cart.now, created_at: cart.now })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ changed_at: cart.now }))
        .execute();
    },

    /**
     * Keeps a guest's cart for its address (the guest asked for it): the lines as now, changed now. The
     * request is anyone's (the address is not confirmed), so an address whose person stopped the
     * reminders is left as it is: stopped, with the lines its earlier link restores.
     */
    async saveGuest(cart: { id: string; tokenHash: string; email: string; lines: string; now: string }): Promise<void> {
      await db
        .insertInto('cart_reminders')
        .values({ id: cart.id, email: cart.email, lines: cart.lines, token_hash: cart.tokenHash, changed_at: cart.now, created_at: cart.now })
        .onConflict((conflict) => conflict.column('email').doUpdateSet({ lines: cart.lines, changed_at: cart.now }).where('cart_reminders.unsubscribed_at', 'is', null))
        .execute();
    },

    /**
     * Up to `limit` carts after `after` (by id) whose next reminder is due: untouched since
     * `untouchedSince`, short of their reminders, and for a second, reminded before `secondAfter`.
     */
    due(times: { untouchedSince: string; secondAfter: string }, after: string, limit: number): Promise<DueCart[]> {
      return (
        db
          .selectFrom('cart_reminders as r')
          .leftJoin('user as u', 'u.id', 'r.user_id')
          .select(['r.id', 'r.user_id as userId', 'r.lines', 'r.reminders_sent as remindersSent', 'r.changed_at as changedAt'])
          .select((eb) => eb.fn.coalesce('r.email', 'u.email').as('email'))
          // A customer's account gone since, or a phone account's made-up address (*.invalid): nobody to remind.
          .where((eb) => eb.fn.coalesce('r.email', 'u.email'), 'is not', null)
          .where((eb) => eb.fn('lower', [eb.fn.coalesce('r.email', 'u.email')]), 'not like', '%.invalid')
          // Written out, not a parameter, so that both databases see the due index's condition in the query.
          .where('r.reminders_sent', '<', sql.lit(cartRemindersPerEpisode))
          .where('r.changed_at', '<=', times.untouchedSince)
          .where((eb) => eb.or([eb('r.reminders_sent', '=', 0), eb('r.last_reminded_at', '<=', times.secondAfter)]))
          .where(remindable)
          .where(hasLines)
          .where('r.id', '>', after)
          .orderBy('r.id')
          .limit(limit)
          .execute()
      );
    },

    /**
     * Claims the cart's next reminder in the transaction that queues it: the update finds the cart
     * as the sweep read it (untouched since, the same number of reminders sent, still remindable), so
     * that of two processes sending at once one claims it and the other changes nothing. Answers the
     * episode the reminder belongs to, or undefined.
     */
    async claim(trx: Database, cart: { id: string; remindersSent: number; changedAt: string; now: string }): Promise<number | undefined> {
      const claimed = await trx
        .updateTable('cart_reminders as r')
        .set((eb) => ({ reminders_sent: eb('r.reminders_sent', '+', 1), last_reminded_at: cart.now }))
        .where('r.id', '=', cart.id)
        .where('r.reminders_sent', '=', cart.remindersSent)
        .where('r.changed_at', '=', cart.changedAt)
        .where(remindable)
        // Unqualified: SQLite's RETURNING does not know the table's alias.
        .returning(sql<number>`episode`.as('episode'))
        .executeTakeFirst();
      return claimed?.episode;
    },

    /**
     * The sweep found nothing to remind of in the cart as it read it (nothing in it sold any more, or no
     * address to mail): no sweep reads it again until it changes. A change since the read keeps it due.
     */
    async skip(cart: { id: string; changedAt: string }): Promise<void> {
      await db.updateTable('cart_reminders').set({ skipped_at: cart.changedAt }).where('id', '=', cart.id).where('changed_at', '=', cart.changedAt).execute();
    },

    /** Records a reminder sent; its key refuses a second of the same number in the same episode. */
    async recordMail(trx: Database, mail: { cartId: string; episode: number; number: number; sentAt: string }): Promise<void> {
      await trx.insertInto('cart_reminder_mails').values({ cart_id: mail.cartId, episode: mail.episode, number: mail.number, sent_at: mail.sentAt }).execute();
    },

    byToken(tokenHash: string): Promise<LinkedCart | undefined> {
      return db.selectFrom('cart_reminders').select(['id', 'user_id as userId', 'lines']).where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** Stops the reminders of the cart a link names, keeping the first time; answers the address they went to. */
    async unsubscribe(tokenHash: string, now: string): Promise<{ email: string } | undefined> {
      const row = await db
        .updateTable('cart_reminders')
        .set((eb) => ({ unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.val(now)) }))
        .where('token_hash', '=', tokenHash)
        .returning(['email', 'user_id'])
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.email) return { email: row.email };
      const user = row.user_id ? await db.selectFrom('user').select('email').where('id', '=', row.user_id).executeTakeFirst() : undefined;
      return { email: user?.email ?? '' };
    },

    /**
     * The person paid an order, in the transaction that records the money: each of their carts starts
     * a new episode (no reminder until it changes again; a guest's lines are let go). A cart reminded in
     * the episode that ends, whose order came from the cart, is kept as a comeback with the order's total.
     * Each cart's episode moves on by a conditional update, so two payments at once end it once.
     */
    async bought(trx: Database, purchase: { userId: string | null; email: string; orderId: string; totalCents: number; fromCart: boolean; now: string }): Promise<void> {
      const carts = await trx
        .selectFrom('cart_reminders')
        .select(['id', 'episode', 'reminders_sent'])
        .where((eb) => {
          const guest = eb.and([eb('user_id', 'is', null), eb('email', '=', purchase.email)]);
          return purchase.userId ? eb.or([eb('user_id', '=', purchase.userId), guest]) : guest;
        })
        .orderBy('id')
        .execute();
      for (const cart of carts) {
        const ended = await trx
          .updateTable('cart_reminders')
          .set((eb) => ({ episode: eb('episode', '+', 1), reminders_sent: 0, last_reminded_at: null, bought_at: purchase.now, lines: null }))
          .where('id', '=', cart.id)
          .where('episode', '=', cart.episode)
          .executeTakeFirst();
        if (Number(ended.numUpdatedRows) === 0 || !purchase.fromCart || cart.reminders_sent === 0) continue;
        await trx
          .insertInto('cart_comebacks')
          .values({ order_id: purchase.orderId, cart_id: cart.id, reminders: cart.reminders_sent, total_cents: purchase.totalCents, bought_at: purchase.now })
          .onConflict((conflict) => conflict.column('order_id').doNothing())
          .execute();
      }
    },

    /** The reminders sent and the comebacks in [from, until), through the indexes on their times. */
    async report(from: string, until: string): Promise<{ cartsReminded: number; remindersSent: number; cameBack: number; worthCents: number }> {
      const [mails, comebacks] = await Promise.all([
        db
          .selectFrom('cart_reminder_mails')
          .select((eb) => [eb.fn.countAll<number | string>().as('sent'), eb.fn.sum<number | string | null>(sql`case when number = 1 then 1 else 0 end`).as('first')])
          .where('sent_at', '>=', from)
          .where('sent_at', '<', until)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('cart_comebacks')
          .select((eb) => [eb.fn.countAll<number | string>().as('orders'), eb.fn.sum<number | string | null>('total_cents').as('cents')])
          .where('bought_at', '>=', from)
          .where('bought_at', '<', until)
          .executeTakeFirstOrThrow(),
      ]);
      return { cartsReminded: Number(mails.first ?? 0), remindersSent: Number(mails.sent), cameBack: Number(comebacks.orders), worthCents: Number(comebacks.cents ?? 0) };
    },

    inTransaction<T>(work: (trx: Database) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
  };
}

export type CartReminderRepository = ReturnType<typeof createCartReminderRepository>;
