import type { FastifyBaseLogger } from 'fastify';
import { isPhoneAccountEmail } from '../../../common/account-contact.ts';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { emailConfirmation, passwordChanged, passwordReset, welcomeWithVerification } from '../mail/templates/account-messages.ts';
import type { RateLimitRepository } from '../rate-limit/rate-limit-repository.ts';

/**
 * Links mailed to one address in an hour (password resets and confirmation links together). Past it
 * the request is answered as usual and no mail goes: nobody can bury someone's inbox in resets.
 */
const linksPerAddressPerHour = 5;
const hourMs = 60 * 60 * 1000;

interface Recipient {
  name: string;
  email: string;
}

export interface AccountMailOptions {
  mailer: Mailer;
  db: Database;
  rateLimits: RateLimitRepository;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The mail better-auth's account flows send, queued on the job system (ADR 009) and written by the shop's templates. */
export function createAccountMail({ mailer, db, rateLimits, publicUrl, log }: AccountMailOptions) {
  async function mayMailLinkTo(email: string): Promise<boolean> {
    if (isPhoneAccountEmail(email)) return false;
    const { count } = await rateLimits.hit(`account-mail:${email.toLowerCase()}`, hourMs);
    if (count <= linksPerAddressPerHour) return true;
    log.info('account mail not sent: too many links to one address this hour');
    return false;
  }

  return {
    /** The link to the Reset password page, which posts the token with the new password. */
    async passwordReset(user: Recipient, token: string): Promise<void> {
      if (!(await mayMailLinkTo(user.email))) return;
      const resetUrl = `${publicUrl}/resetPassword?token=${encodeURIComponent(token)}`;
      await mailer.enqueue(db, { to: user.email, content: passwordReset({ name: user.name, resetUrl }) });
    },

    /** The welcome with its confirmation link after signing up, or a new link asked for from the dashboard. */
    async emailConfirmation(user: Recipient, token: string, kind: 'welcome' | 'new link'): Promise<void> {
      if (!(await mayMailLinkTo(user.email))) return;
      const verifyUrl = `${publicUrl}/verifyEmail?token=${encodeURIComponent(token)}`;
      const content = kind === 'welcome' ? welcomeWithVerification({ name: user.name, verifyUrl }) : emailConfirmation({ name: user.name, verifyUrl });
      await mailer.enqueue(db, { to: user.email, content });
    },

    /** Told after every change of password, so that a change the owner did not make does not go unnoticed. */
    async passwordChanged(user: Recipient): Promise<void> {
      if (isPhoneAccountEmail(user.email)) return;
      await mailer.enqueue(db, { to: user.email, content: passwordChanged({ name: user.name, accountUrl: `${publicUrl}/dashboard` }) });
    },
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
