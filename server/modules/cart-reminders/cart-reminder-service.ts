import { z } from 'zod';
import { isMailableAddress } from '../../../common/contact-rules.ts';
import { centsToDollars, dollarsToCents } from '../../../common/money.ts';
import { addDays } from '../../../common/report-periods.ts';
import type { Cart, CartLineInput } from '../../../common/schemas/cart.ts';
import { cartLineInputSchema } from '../../../common/schemas/cart.ts';
import type { CartRemindersStopped, CartsReport, GuestCartInput, RestoredCart } from '../../../common/schemas/cart-reminders.ts';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../errors.ts';
import { newRecordId } from '../../record-id.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { Mailer } from '../mail/mailer.ts';
import { cartReminder } from '../mail/templates/cart-messages.ts';
import type { OrderSummary } from '../mail/templates/email-content.ts';
import type { OrderEvents } from '../orders/order-events.ts';
import type { CartReminderRepository, DueCart } from './cart-reminder-repository.ts';
import type { CartReminderTokens } from './cart-reminder-tokens.ts';

export interface CartReminderParts {
  reminders: CartReminderRepository;
  tokens: CartReminderTokens;
  clock: Clock;
  mailer: Mailer;
  /** The shop's address for customers (PUBLIC_URL): the links in the mail start with it. */
  publicUrl: string;
  /** CART_REMINDER_HOURS: how long a cart waits untouched for its first reminder; the second waits twice that after the first. */
  hours: number;
  /** The cart module's pricing of a cart as it is now: a customer's, or a guest's lines. */
  carts: { ofCustomer(userId: string): Promise<Cart>; quote(lines: readonly CartLineInput[]): Promise<Cart> };
}

/** How many due carts one pass reads at a time. */
const batchSize = 100;
const hourMs = 3_600_000;

const storedLinesSchema = z.array(cartLineInputSchema);

/** A guest's lines as the shop stored them; anything else reads as no lines rather than stopping the sweep. */
function guestLinesOf(json: string | null): CartLineInput[] {
  try {
    const parsed = storedLinesSchema.safeParse(json ? JSON.parse(json) : []);
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The cart as a reminder lists it: each line still sold, named with its variant, at today's price. */
function summaryOf(cart: Cart): Pick<OrderSummary, 'lines' | 'total'> {
  const lines = cart.lines.flatMap((line) =>
    line.product
      ? [
          {
            name: line.product.variant ? `${line.product.name} (${line.product.variant})` : line.product.name,
            quantity: line.quantity,
            unitPrice: line.product.price,
            total: line.lineTotal,
          },
        ]
      : [],
  );
  return { lines, total: cart.total };
}

/** An address a reminder can reach (the sweep does not read phone accounts' made-up ones). */
const reachable = (email: string | null): email is string => email !== null && isMailableAddress(email);

const badLink = () => notFound('This cart link is not valid: it may be cut short. Your cart, if you are signed in, is on the Cart page.');

/**
 * Carts that come back (issue 29, ADR 045): a cart left untouched for CART_REMINDER_HOURS brings its
 * person a reminder, and a second twice as long after the first, never more until they buy. Each is
 * claimed by a conditional update in the transaction that queues it, so that any number of sweeps at
 * once send it once. A payment ends the episode, and a cart bought after a reminder is kept as a comeback.
 */
export function createCartReminderService({ reminders, tokens, clock, mailer, publicUrl, hours, carts }: CartReminderParts) {
  const links = (cartId: string) => {
    const token = tokens.tokenOf(cartId);
    return {
      // In the query, as in the shop's other mailed links, which the request log keeps without their secrets.
      restoreUrl: `${publicUrl}/cart/restore?token=${token}`,
      stopUrl: `${publicUrl}/cart/reminders/stop?token=${token}`,
      // RFC 8058: mail programs show their own Unsubscribe button, which posts here with no page in between.
      headers: { 'List-Unsubscribe': `<${publicUrl}/api/cart-reminders/unsubscribe?token=${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  };

  /**
   * One cart's next reminder: priced now, then claimed and queued in one transaction. Answers whether it
   * went. A cart with nothing to remind of is skipped until it changes, so that sweeps stop re-reading it.
   */
  async function remind(cart: DueCart): Promise<boolean> {
    if (!reachable(cart.email)) {
      await reminders.skip(cart);
      return false;
    }
    const to = cart.email;
    const summary = summaryOf(cart.userId ? await carts.ofCustomer(cart.userId) : await carts.quote(guestLinesOf(cart.lines)));
    // Nothing in it is sold any more: there is nothing to come back for.
    if (summary.lines.length === 0) {
      await reminders.skip(cart);
      return false;
    }
    const number = cart.remindersSent + 1;
    return reminders.inTransaction(async (trx) => {
      const now = clock().toISOString();
      const episode = await reminders.claim(trx, { id: cart.id, remindersSent: cart.remindersSent, changedAt: cart.changedAt, now });
      if (episode === undefined) return false;
      await reminders.recordMail(trx, { cartId: cart.id, episode, number, sentAt: now });
      const { restoreUrl, stopUrl, headers } = links(cart.id);
      await mailer.enqueue(trx, { to, content: cartReminder({ number, cart: summary, restoreUrl, stopUrl }), headers });
      return true;
    });
  }

  const paid: OrderEvents['paid'] = (transaction, order, buyer) =>
    reminders.bought(transaction, {
      userId: buyer.userId,
      email: order.email.toLowerCase(),
      orderId: order._id,
      totalCents: dollarsToCents(order.totals.total),
      fromCart: buyer.fromCart,
      now: clock().toISOString(),
    });

  return {
    /** A guest ticked "E-mail me my cart" at checkout: their lines are kept with their address, changed now. */
    async saveGuestCart(input: GuestCartInput): Promise<{ email: string }> {
      const email = input.email.trim().toLowerCase();
      const id = newRecordId();
      await reminders.saveGuest({ id, tokenHash: tokens.hashOf(tokens.tokenOf(id)), email, lines: JSON.stringify(input.lines), now: clock().toISOString() });
      return { email };
    },

    /** The sweep's work: every cart whose reminder is due gets it, once. Answers how many were sent. */
    async sendDue(): Promise<number> {
      const now = clock().getTime();
      const times = { untouchedSince: new Date(now - hours * hourMs).toISOString(), secondAfter: new Date(now - 2 * hours * hourMs).toISOString() };
      let sent = 0;
      let after = '';
      for (;;) {
        const due = await reminders.due(times, after, batchSize);
        for (const cart of due) if (await remind(cart)) sent += 1;
        if (due.length < batchSize) return sent;
        after = due.at(-1)!.id;
      }
    },

    /**
     * A reminder's restore link, opened: a customer's cart is theirs on the server (the page opens it,
     * after a sign-in if need be); a guest's lines go back into their browser's cart. Changes nothing.
     */
    async restore(token: string, viewer: SignedInUser | null): Promise<RestoredCart> {
      const cart = await reminders.byToken(tokens.hashOf(token));
      if (!cart) throw badLink();
      if (cart.userId) return { kind: 'customer', yours: viewer?.id === cart.userId };
      return { kind: 'guest', lines: guestLinesOf(cart.lines) };
    },

    /** Stop, from a reminder's link or a mail program's button: no more cart reminders to this person. Again: no change. */
    async stop(token: string): Promise<CartRemindersStopped> {
      const stopped = await reminders.unsubscribe(tokens.hashOf(token), clock().toISOString());
      if (!stopped) throw badLink();
      return stopped;
    },

    /** Listens to the money taken (ADR 011): the person's carts start a new episode, and a comeback is kept. */
    events: { paid },

    /** How many carts were reminded, and how many came back and what they came to, by the UTC days kept. */
    async report(range: { from: string; to: string }): Promise<CartsReport> {
      const figures = await reminders.report(range.from, addDays(range.to, 1));
      return {
        from: range.from,
        to: range.to,
        cartsReminded: figures.cartsReminded,
        remindersSent: figures.remindersSent,
        cameBack: figures.cameBack,
        worth: centsToDollars(figures.worthCents),
      };
    },
  };
}

export type CartReminderService = ReturnType<typeof createCartReminderService>;
