import type { NewsletterAddress } from '../../../common/schemas/inbox.ts';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { newsletterAlreadySubscribed, newsletterConfirmation } from '../mail/templates/shop-messages.ts';
import type { NewsletterRepository, SubscriptionRequest } from './newsletter-repository.ts';
import { tokenHash } from '../../token-hash.ts';
import { newNewsletterToken } from './newsletter-tokens.ts';

export interface NewsletterMail {
  mailer: Mailer;
  /** The shop's address for customers (PUBLIC_URL): the links in the mail start with it. */
  publicUrl: string;
}

/**
 * The newsletter's double opt-in (ADR 011): an address joins the list only when its owner opens the
 * link mailed to it, and every newsletter e-mail lets them leave with one click.
 */
export function createNewsletterService(newsletter: NewsletterRepository, clock: Clock, { mailer, publicUrl }: NewsletterMail) {
  return {
    /**
     * Asks the owner of the address to confirm it, by an e-mail queued with the request; an address
     * confirmed already gets nothing. Asking again sends another e-mail, in case the first was lost.
     */
    async subscribe(email: string): Promise<{ email: string; request: SubscriptionRequest }> {
      const normalised = email.trim().toLowerCase();
      const { token, hash } = newNewsletterToken();
      const unsubscribeUrl = `${publicUrl}/newsletter/unsubscribe?token=${token}`;
      const request = await newsletter.request(normalised, hash, clock().toISOString(), (transaction, found) =>
        mailer.enqueue(transaction, {
          to: normalised,
          // Only the owner of the address learns whether it was on the list: the answer to the call is the same.
          content:
            found === 'confirmed'
              ? newsletterAlreadySubscribed({ unsubscribeUrl })
              : newsletterConfirmation({ confirmUrl: `${publicUrl}/newsletter/confirm?token=${token}`, unsubscribeUrl }),
          // RFC 8058: mail programs show their own Unsubscribe button, which posts here with no page in between.
          headers: {
            'List-Unsubscribe': `<${publicUrl}/api/newsletter/unsubscribe?token=${token}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }),
      );
      return { email: normalised, request };
    },

    /** The link in the confirmation e-mail: the address is on the list from now on. Opening it again changes nothing. */
    async confirm(token: string): Promise<NewsletterAddress> {
      const confirmed = await newsletter.confirm(tokenHash(token), clock().toISOString());
      if (!confirmed) {
        throw notFound('This confirmation link is not valid: it may be cut short, or the address has left the list since. You can subscribe again on the home page.');
      }
      return confirmed;
    },

    /** Unsubscribe, from a link or a mail program's button: the address is removed from the list at once. */
    async unsubscribe(token: string): Promise<NewsletterAddress> {
      const removed = await newsletter.unsubscribe(tokenHash(token), clock().toISOString());
      if (!removed) throw notFound('This unsubscribe link is not valid: it may be cut short, or the address is already off the list.');
      return removed;
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
