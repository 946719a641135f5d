import type { Database } from '../../db/database.ts';
import { newRecordId } from '../../record-id.ts';

/**
 * What a request to subscribe found: a new address (`added`), one still waiting for its owner's
 * confirmation (`pending`), or one on the list already (`confirmed`).
 */
export type SubscriptionRequest = 'added' | 'pending' | 'confirmed';

/** The newsletter list as its readers change it (ADR 011): asked for, confirmed, left. */
export function createNewsletterRepository(db: Database) {
  /** The subscriber a token was sent to. */
  const subscriberOf = (tokenHash: string) => db.selectFrom('newsletter_tokens').select('subscriber_id').where('token_hash', '=', tokenHash);

  return {
    /**
     * Records a request to subscribe `email`: the address once, unconfirmed when new, and a new token
     * for it, with `alongside` run in the same transaction with how the request found the address (the
     * e-mail is queued there: a confirmation, or word that it is on the list already). Earlier tokens
     * stay valid: an older e-mail still works.
     */
    async request(email: string, tokenHash: string, now: string, alongside: (transaction: Database, found: SubscriptionRequest) => Promise<void>): Promise<SubscriptionRequest> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('newsletter_subscribers')
          .values({ id: newRecordId(), email, created_at: now, confirmed_at: null })
          .onConflict((conflict) => conflict.column('email').doNothing())
          .executeTakeFirst();
        const subscriber = await trx.selectFrom('newsletter_subscribers').select(['id', 'confirmed_at']).where('email', '=', email).executeTakeFirstOrThrow();
        const found: SubscriptionRequest = subscriber.confirmed_at !== null ? 'confirmed' : Number(inserted.numInsertedOrUpdatedRows) > 0 ? 'added' : 'pending';
        await trx.insertInto('newsletter_tokens').values({ token_hash: tokenHash, subscriber_id: subscriber.id, created_at: now }).execute();
        await alongside(trx, found);
        return found;
      });
    },

    /** Confirms the address a token was sent to, keeping the first confirmation's time; answers it, or undefined. */
    async confirm(tokenHash: string, now: string): Promise<{ email: string } | undefined> {
      return db
        .updateTable('newsletter_subscribers')
        .set((eb) => ({ confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)) }))
        .where('id', '=', subscriberOf(tokenHash))
        .returning('email')
        .executeTakeFirst();
    },

    /**
     * Removes the address a token was sent to, with its tokens; answers it, or undefined. A token from
     * a campaign's message counts the reader as unsubscribed from that campaign, in the same transaction.
     */
    async unsubscribe(tokenHash: string, now: string): Promise<{ email: string } | undefined> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx.deleteFrom('newsletter_subscribers').where('id', '=', subscriberOf(tokenHash)).returning('email').executeTakeFirst();
        if (removed) {
          await trx.updateTable('newsletter_campaign_recipients').set({ unsubscribed_at: now }).where('token_hash', '=', tokenHash).where('unsubscribed_at', 'is', null).execute();
        }
        return removed;
      });
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
